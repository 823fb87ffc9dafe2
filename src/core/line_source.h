#pragma once
// Lines of an input, read through one fixed buffer so that memory stays
// constant however long the input is. A line longer than kMaxLineLength is
// cut there (flagged too_long) and the rest of it skipped. The bytes come
// from a ByteStream: a file descriptor, or a decompressor in front of one.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace gamerec {

inline constexpr std::size_t kMaxLineLength = 64 * 1024;

// Where bytes come from.
class ByteStream {
 public:
  virtual ~ByteStream() = default;
  // Reads up to `size` bytes into `buffer`: the count, 0 at the end, or -1
  // on failure (then error() says why).
  virtual std::int64_t read(char* buffer, std::size_t size) = 0;
  virtual std::string error() const = 0;
};

// A file descriptor (standard input is not closed).
class FdStream final : public ByteStream {
 public:
  FdStream(int fd, bool owns_fd) : fd_(fd), owns_fd_(owns_fd) {}
  ~FdStream() override;
  FdStream(const FdStream&) = delete;
  FdStream& operator=(const FdStream&) = delete;
  std::int64_t read(char* buffer, std::size_t size) override;
  std::string error() const override { return error_; }

 private:
  int fd_;
  bool owns_fd_;
  std::string error_;
};

class LineSource {
 public:
  explicit LineSource(std::unique_ptr<ByteStream> stream);
  LineSource(const LineSource&) = delete;
  LineSource& operator=(const LineSource&) = delete;

  struct Line {
    std::string_view text;     // without the line end; valid until the next call
    std::int64_t number = 0;   // 1-based
    std::uint64_t offset = 0;  // byte offset of the line's start in the input
    bool too_long = false;     // text holds only the first kMaxLineLength bytes
  };
  std::optional<Line> next() {
    // Fast path: a whole, normal-length line is already in the buffer.
    if (!skipping_) {
      const char* start = buffer_.get() + begin_;
      const std::size_t window = std::min(end_ - begin_, kMaxLineLength + 1);
      if (const auto* newline = static_cast<const char*>(std::memchr(start, '\n', window))) {
        const auto length = static_cast<std::size_t>(newline - start);
        Line line{std::string_view(start, length), ++line_number_, consumed_, false};
        begin_ += length + 1;
        consumed_ += length + 1;
        last_had_newline_ = true;
        return line;
      }
    }
    return next_slow();
  }
  // The first bytes of the input (up to a buffer's worth), without
  // consuming them: how a format recognises its content. Call it first.
  std::string_view head();
  // Bytes consumed so far, and whether the last line ended with a newline.
  std::uint64_t bytes_read() const { return consumed_; }
  bool ended_with_newline() const { return last_had_newline_; }
  // An I/O error while reading (a directory, a failing disk), or empty.
  const std::string& read_error() const { return read_error_; }

 private:
  bool fill();
  std::optional<Line> next_slow();

  std::unique_ptr<ByteStream> stream_;
  // Not a std::vector: zero-filling 1 MiB per file dominated validating
  // many short files. Only bytes that read() filled are ever looked at.
  std::unique_ptr<char[]> buffer_;
  static constexpr std::size_t kBufferCapacity = (1 << 20) + kMaxLineLength;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  bool eof_ = false;
  bool skipping_ = false;  // discarding the rest of an overlong line
  std::int64_t line_number_ = 0;
  std::uint64_t consumed_ = 0;  // input offset of buffer_[begin_]
  bool last_had_newline_ = true;
  std::string read_error_;
};

// Opens `path` for reading ("-" is standard input): a LineSource, or why not
// (strerror text; "is a directory").
struct OpenedLines {
  std::unique_ptr<LineSource> lines;
  std::string error;  // empty on success
  bool is_directory = false;
};
OpenedLines open_lines(const std::string& path);

}  // namespace gamerec
