#include "records/decompress.h"

#include <bzlib.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace gamerec {
namespace {

constexpr std::size_t kChunk = 1 << 16;

// What the three decoders share: compressed input in through one buffer,
// and the loop that feeds the library until it gives some output.
class Decoder : public ByteStream {
 public:
  Decoder(std::unique_ptr<ByteStream> in, const ReadCancel* cancel)
      : in_(std::move(in)), cancel_(cancel), input_(kChunk) {}
  Result<std::size_t, Error> read(char* buffer, std::size_t size) override {
    if (failure_) return *failure_;
    if (cancel_ != nullptr && cancel_->requested()) return fail("interrupted");
    size = std::min<std::size_t>(size, 1u << 30);
    while (true) {
      if (available_ == 0 && !eof_) {
        auto n = in_->read(input_.data(), input_.size());
        if (!n) return failure_ = std::move(n.error()), *failure_;
        next_ = input_.data();
        available_ = *n;
        eof_ = *n == 0;
      }
      if (eof_ && available_ == 0 && done_) return std::size_t{0};
      if (available_ > 0 && done_) {
        restart();  // another frame or member follows (concatenated files)
        done_ = false;
      }
      std::size_t used = 0;
      std::size_t produced = 0;
      const char* problem = step(buffer, size, used, produced);
      if (problem != nullptr) return fail(problem);
      next_ += used;
      available_ -= used;
      if (produced > 0) return produced;
      if (eof_ && available_ == 0 && !done_ && used == 0) return fail(cut_short());
    }
  }

 protected:
  // Decompresses from next_/available_ into buffer; sets done_ at the end of
  // a frame; a reason on bad data.
  virtual const char* step(char* buffer, std::size_t size, std::size_t& used, std::size_t& produced) = 0;
  virtual void restart() = 0;
  virtual const char* cut_short() const = 0;

  bool done_ = false;
  char* next_ = nullptr;
  std::size_t available_ = 0;

 private:
  Error fail(std::string why) {
    failure_ = read_failure(std::move(why));
    return *failure_;
  }

  std::unique_ptr<ByteStream> in_;
  const ReadCancel* cancel_;
  std::vector<char> input_;
  bool eof_ = false;
  std::optional<Error> failure_;  // every read after a failure fails again
};

class ZstdStream final : public Decoder {
 public:
  ZstdStream(std::unique_ptr<ByteStream> in, const ReadCancel* cancel) : Decoder(std::move(in), cancel), context_(ZSTD_createDStream()) {
    ZSTD_initDStream(context_);
  }
  ~ZstdStream() override { ZSTD_freeDStream(context_); }
  ZstdStream(const ZstdStream&) = delete;
  ZstdStream& operator=(const ZstdStream&) = delete;

 private:
  const char* step(char* buffer, std::size_t size, std::size_t& used, std::size_t& produced) override {
    ZSTD_outBuffer out{buffer, size, 0};
    ZSTD_inBuffer in{next_, available_, 0};
    const std::size_t result = ZSTD_decompressStream(context_, &out, &in);
    if (ZSTD_isError(result)) return "bad zstd data";
    done_ = result == 0;
    used = in.pos;
    produced = out.pos;
    return nullptr;
  }
  void restart() override { ZSTD_initDStream(context_); }
  const char* cut_short() const override { return "the zstd data is cut short"; }

  ZSTD_DStream* context_;
};

class GzipStream final : public Decoder {
 public:
  GzipStream(std::unique_ptr<ByteStream> in, const ReadCancel* cancel) : Decoder(std::move(in), cancel) {
    inflateInit2(&stream_, 15 + 32);  // with the gzip header
  }
  ~GzipStream() override { inflateEnd(&stream_); }
  GzipStream(const GzipStream&) = delete;
  GzipStream& operator=(const GzipStream&) = delete;

 private:
  const char* step(char* buffer, std::size_t size, std::size_t& used, std::size_t& produced) override {
    stream_.next_in = reinterpret_cast<Bytef*>(next_);
    stream_.avail_in = static_cast<uInt>(available_);
    stream_.next_out = reinterpret_cast<Bytef*>(buffer);
    stream_.avail_out = static_cast<uInt>(size);
    const int result = inflate(&stream_, Z_NO_FLUSH);
    used = available_ - stream_.avail_in;
    produced = size - stream_.avail_out;
    if (result == Z_STREAM_END) done_ = true;
    if (result != Z_OK && result != Z_STREAM_END && result != Z_BUF_ERROR) return "bad gzip data";
    return nullptr;
  }
  void restart() override { inflateReset(&stream_); }
  const char* cut_short() const override { return "the gzip data is cut short"; }

  z_stream stream_{};
};

class Bzip2Stream final : public Decoder {
 public:
  Bzip2Stream(std::unique_ptr<ByteStream> in, const ReadCancel* cancel) : Decoder(std::move(in), cancel) {
    BZ2_bzDecompressInit(&stream_, 0, 0);
  }
  ~Bzip2Stream() override { BZ2_bzDecompressEnd(&stream_); }
  Bzip2Stream(const Bzip2Stream&) = delete;
  Bzip2Stream& operator=(const Bzip2Stream&) = delete;

 private:
  const char* step(char* buffer, std::size_t size, std::size_t& used, std::size_t& produced) override {
    stream_.next_in = next_;
    stream_.avail_in = static_cast<unsigned>(available_);
    stream_.next_out = buffer;
    stream_.avail_out = static_cast<unsigned>(size);
    const int result = BZ2_bzDecompress(&stream_);
    used = available_ - stream_.avail_in;
    produced = size - stream_.avail_out;
    if (result == BZ_STREAM_END) done_ = true;
    if (result != BZ_OK && result != BZ_STREAM_END) return "bad bzip2 data";
    return nullptr;
  }
  void restart() override {
    BZ2_bzDecompressEnd(&stream_);
    stream_ = bz_stream{};
    BZ2_bzDecompressInit(&stream_, 0, 0);
  }
  const char* cut_short() const override { return "the bzip2 data is cut short"; }

  bz_stream stream_{};
};

}  // namespace

std::unique_ptr<ByteStream> decompressing(std::unique_ptr<ByteStream> raw, const ReadCancel* cancel) {
  // The magic is in the first 4 bytes; a small file is read whole at once
  // (one read for the magic and the text of each of many small records).
  constexpr std::size_t kMagic = 4;
  constexpr std::size_t kWholeUpTo = 1 << 16;
  const auto size = raw->size_hint();
  std::string head(size ? std::clamp<std::size_t>(static_cast<std::size_t>(*size) + 1, kMagic, kWholeUpTo) : kMagic, '\0');
  std::size_t got = 0;
  while (got < kMagic) {
    const auto n = raw->read(head.data() + got, head.size() - got);
    if (!n || *n == 0) break;  // an error shows again on the next read
    got += *n;
  }
  head.resize(got);
  auto prefixed = std::make_unique<PrefixedStream>(head, std::move(raw));
  const auto starts = [&](std::string_view magic) { return head.compare(0, magic.size(), magic) == 0; };
  if (got >= 4 && starts("\x28\xB5\x2F\xFD")) return std::make_unique<ZstdStream>(std::move(prefixed), cancel);
  if (got >= 2 && starts("\x1F\x8B")) return std::make_unique<GzipStream>(std::move(prefixed), cancel);
  if (got >= 3 && starts("BZh")) return std::make_unique<Bzip2Stream>(std::move(prefixed), cancel);
  return prefixed;
}

}  // namespace gamerec
