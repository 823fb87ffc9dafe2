#pragma once
// One large input (an archive of many games, plain or compressed) cut into
// parts of whole games, so that several threads can check them at once
// (validate --jobs). The format says where a game may start
// (RecordFormat::find_game_start); the splitter only reads bytes and asks
// it, so the grammar lives with the format. Memory is bounded: a part is
// about `part_size` bytes, and when no place to cut turns up within
// `max_part` bytes the rest of the input becomes one last part read as a
// stream (checked by one thread, as without --jobs).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "records/line_source.h"

namespace gamerec {

struct ArchivePart {
  std::string bytes;
  std::int64_t first_line = 1;  // of the whole input
  std::uint64_t offset = 0;     // of bytes[0] in the whole input
  // Reading failed after `bytes` (a compressed archive cut short): why.
  std::optional<Error> read_error;
  // The input goes on here, read as a stream after `bytes` (the last part).
  std::unique_ptr<ByteStream> rest;
  // Where `bytes` go once read (the splitter's pool), if anywhere.
  BufferPool* pool = nullptr;

  // The part as lines, numbered as in the whole input.
  std::unique_ptr<LineSource> lines();
};

class ArchiveSplitter {
 public:
  using FindGameStart = std::function<std::optional<std::size_t>(std::string_view, std::size_t)>;

  // With `pool`, parts are read into buffers taken from it, and give them
  // back once read (ArchivePart::lines); it must outlive the parts.
  ArchiveSplitter(std::unique_ptr<ByteStream> input, FindGameStart find_game_start = nullptr,
                  std::size_t part_size = kPartSize, std::size_t max_part = kMaxPart,
                  BufferPool* pool = nullptr)
      : input_(std::move(input)),
        find_game_start_(std::move(find_game_start)),
        part_size_(part_size),
        max_part_(max_part),
        pool_(pool) {}
  // The buffer for the part after the last goes back to the pool, for the
  // next input cut into parts.
  ~ArchiveSplitter();
  ArchiveSplitter(const ArchiveSplitter&) = delete;
  ArchiveSplitter& operator=(const ArchiveSplitter&) = delete;

  // The first bytes of the input (reads until the first line is whole or
  // 4 KiB are there, as LineSource::head()), which tell its format; the
  // input cannot be read when read_error() then says why. Call it first.
  std::string_view head();
  const std::optional<Error>& read_error() const { return read_error_; }
  // Where games may start (the format's; unset: the input is one part).
  void set_find_game_start(FindGameStart find) { find_game_start_ = std::move(find); }

  // The next part, in input order; nullopt after the last. An empty input
  // gives one empty part.
  std::optional<ArchivePart> next();
  // Bytes read from the input so far (decompressed).
  std::uint64_t bytes_read() const { return offset_ + pending_.size(); }
  // The input's size, when it is known (a plain file).
  std::optional<std::uint64_t> size_hint() const { return input_ ? input_->size_hint() : std::nullopt; }

  static constexpr std::size_t kPartSize = 256 << 10;
  static constexpr std::size_t kMaxPart = 32 << 20;

 private:
  ArchivePart take(std::size_t size);
  // Reads more onto pending_: whether it got any (false at the end or on
  // a failure, which read_error_ then holds).
  bool read_more();

  std::unique_ptr<ByteStream> input_;
  FindGameStart find_game_start_;
  std::size_t part_size_;
  std::size_t max_part_;
  BufferPool* pool_;
  std::string pending_;       // read, not yet in a part; starts at a game
  std::size_t searched_ = 0;  // pending_ before this holds no place to cut
  std::uint64_t offset_ = 0;  // of pending_[0]
  std::int64_t line_ = 1;     // of pending_[0]
  bool given_any_ = false;
  bool ended_ = false;  // the input's end was read
  std::optional<Error> read_error_;
  bool done_ = false;
};

}  // namespace gamerec
