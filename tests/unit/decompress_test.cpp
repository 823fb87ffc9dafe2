// Compressed input (gamerec(1), DESCRIPTION): zstd, gzip and bzip2 content is known by its
// magic bytes, whatever the file is called, and read decompressed on the
// fly; cut-short data is a read error, not a silent end.
#include <catch2/catch.hpp>

#include <cstring>
#include <vector>

#include "records/decompress.h"
#include "test_support.h"

using namespace gamerec;

namespace {

// Games read and the read error of a whole input.
std::pair<int, std::string> count_games(const std::string& path) {
  auto opened = open_input(path, gamerec::test::catalogue());
  REQUIRE(opened.ok());
  auto& input = opened.value();
  int games = 0;
  while (auto next = input.source->next_game()) {
    ++games;
    while (input.source->next_event() != nullptr) {
    }
  }
  const auto& failure = input.source->read_error();
  return {games, failure ? std::string(failure->message.arg("reason")) : ""};
}

const std::string kData = GAMEREC_SOURCE_DIR "/tests/data/chess/";

}  // namespace

TEST_CASE("compressed input: zstd, gzip and bzip2 read like the plain file") {
  CHECK(count_games(GAMEREC_SOURCE_DIR "/samples/chess/valid/few-games.pgn") == std::make_pair(4, std::string()));
  CHECK(count_games(GAMEREC_SOURCE_DIR "/samples/chess/valid/few-games.pgn.zst") ==
        std::make_pair(4, std::string()));
  CHECK(count_games(kData + "few-games.pgn.gz") == std::make_pair(4, std::string()));
  CHECK(count_games(kData + "few-games.pgn.bz2") == std::make_pair(4, std::string()));
  CHECK(count_games(kData + "two-members.pgn.gz") == std::make_pair(8, std::string()));
}

TEST_CASE("compressed input: known by content, and the name inside tells the format") {
  // A zstd file without any extension is still PGN once decompressed.
  CHECK(count_games(kData + "no-extension").first == 4);
  // games.pgn.gz is a pgn by the name under the compression suffix.
  auto opened = open_input(kData + "few-games.pgn.gz", gamerec::test::catalogue());
  REQUIRE(opened.ok());
  CHECK(opened.value().format->name == "pgn");
}

TEST_CASE("compressed input: data cut short is a read error") {
  CHECK_FALSE(count_games(kData + "cut.pgn.gz").second.empty());
}

TEST_CASE("compressed input: a plain stream passes through unchanged, even a short one") {
  class Bytes final : public ByteStream {
   public:
    explicit Bytes(std::string text) : text_(std::move(text)) {}
    gamerec::Result<std::size_t, gamerec::Error> read(char* buffer, std::size_t size) override {
      // One byte at a time, as a slow pipe might.
      if (used_ == text_.size() || size == 0) return std::size_t{0};
      buffer[0] = text_[used_++];
      return std::size_t{1};
    }

   private:
    std::string text_;
    std::size_t used_ = 0;
  };
  for (const std::string text : {"", "e", "e2e4\ne7e5\n"}) {
    auto stream = decompressing(std::make_unique<Bytes>(text));
    std::string out;
    char buffer[16];
    for (auto n = stream->read(buffer, sizeof buffer); n && *n > 0; n = stream->read(buffer, sizeof buffer))
      out.append(buffer, *n);
    CHECK(out == text);
  }
}

TEST_CASE("compressed input: a file of known size is read whole at once, a larger one in parts, unchanged") {
  // The size given (as open_bytes gives a regular file's) lets the magic be
  // read with the whole of a small file; a file past that size goes on.
  class Sized final : public ByteStream {
   public:
    explicit Sized(std::string text) : text_(std::move(text)) {}
    gamerec::Result<std::size_t, gamerec::Error> read(char* buffer, std::size_t size) override {
      ++reads;
      const std::size_t n = std::min(size, text_.size() - used_);
      std::memcpy(buffer, text_.data() + used_, n);
      used_ += n;
      return static_cast<std::size_t>(n);
    }
    std::optional<std::uint64_t> size_hint() const override { return text_.size(); }
    int reads = 0;

   private:
    std::string text_;
    std::size_t used_ = 0;
  };
  std::string large;
  for (int i = 0; large.size() < 200000; ++i) large += std::to_string(i) + " e2e4\n";
  for (const std::string& text : {std::string("e2e4\ne7e5\n"), std::string("ab"), large}) {
    auto raw = std::make_unique<Sized>(text);
    Sized* seen = raw.get();
    auto stream = decompressing(std::move(raw));
    const int reads_for_magic = seen->reads;
    std::string out;
    std::vector<char> buffer(1 << 20);
    for (auto n = stream->read(buffer.data(), buffer.size()); n && *n > 0;
         n = stream->read(buffer.data(), buffer.size()))
      out.append(buffer.data(), *n);
    CHECK(out == text);
    if (text.size() >= 4 && text.size() < 1000) CHECK(reads_for_magic == 1);  // the whole file with its magic
  }
}
