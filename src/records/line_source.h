#pragma once
// Lines of an input, read through one buffer so that memory stays bounded
// however long the input is: the buffer grows past its usual size only to
// hold a line longer than that, and a line longer than kMaxRecordLine is
// cut there (flagged too_long) and the rest of it skipped. The bytes come
// from a ByteStream: a file descriptor, or a decompressor in front of one;
// or, for a part of an archive already in memory, from that part itself,
// with the same lines, and its read error shown when a stream's would be.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/error.h"
#include "rules/result.h"

namespace gamerec {

// The longest line a record may hold (gamerec-record(5), Limits): a whole
// server-exported PGN game with its clock and evaluation comments on one
// line fits many times over.
inline constexpr std::size_t kMaxRecordLine = 16 << 20;
// The longest line typed at a prompt (play, replay --step): a move, with
// room to spare, kept small since a prompt keeps what is typed.
inline constexpr std::size_t kMaxLineLength = 64 << 10;

// Where bytes come from.
class ByteStream {
 public:
  virtual ~ByteStream() = default;
  // Reads up to `size` bytes into `buffer`: the count, 0 at the end, or
  // why it failed ("file.cannot-read").
  virtual Result<std::size_t, Error> read(char* buffer, std::size_t size) = 0;
  // How many bytes there are to read, when known (a regular file).
  virtual std::optional<std::uint64_t> size_hint() const { return std::nullopt; }
};

// How a read that may never end (a pipe or FIFO that stays silent,
// /dev/zero, an endless comment) is stopped from outside, by a signal:
// once `requested()` is true every read fails ("interrupted"), and a wait
// for input ends when `wake_fd` becomes readable. It must outlive the
// streams opened with it.
struct ReadCancel {
  std::function<bool()> requested;
  int wake_fd = -1;
};

// A file descriptor (standard input is not closed).
class FdStream final : public ByteStream {
 public:
  // `size`: a regular file's size when the opener has it already (one
  // system call less for each of many small records); else asked.
  // `may_block`: not a regular file, so that a read may wait (a pipe, a
  // FIFO, a terminal): it waits in poll(2), where `cancel` can end it.
  FdStream(int fd, bool owns_fd, std::optional<std::uint64_t> size = std::nullopt, bool may_block = false,
           const ReadCancel* cancel = nullptr)
      : fd_(fd), owns_fd_(owns_fd), size_(size), may_block_(may_block), cancel_(cancel) {}
  ~FdStream() override;
  FdStream(const FdStream&) = delete;
  FdStream& operator=(const FdStream&) = delete;
  Result<std::size_t, Error> read(char* buffer, std::size_t size) override;
  std::optional<std::uint64_t> size_hint() const override;

 private:
  // Waits until fd_ can be read; false when cancelled first.
  bool wait_readable();

  int fd_;
  bool owns_fd_;
  std::optional<std::uint64_t> size_;
  bool may_block_;
  const ReadCancel* cancel_;
  std::uint64_t read_ = 0;
  bool ended_ = false;
};

// Bytes already read from a stream (to look at a compression magic, or a
// part of an archive the reader cut), then the rest of that stream.
class PrefixedStream final : public ByteStream {
 public:
  PrefixedStream(std::string prefix, std::unique_ptr<ByteStream> rest)
      : prefix_(std::move(prefix)), rest_(std::move(rest)) {}
  Result<std::size_t, Error> read(char* buffer, std::size_t size) override;
  // The file's size, so that a short file gets a short buffer.
  std::optional<std::uint64_t> size_hint() const override { return rest_->size_hint(); }

 private:
  std::string prefix_;
  std::size_t used_ = 0;
  std::unique_ptr<ByteStream> rest_;
};

// Bytes held in memory, then the end of the input, or a read error
// (`error`): a part of a larger input, cut where a game starts.
class BytesStream final : public ByteStream {
 public:
  explicit BytesStream(std::string bytes, std::optional<Error> error = std::nullopt)
      : bytes_(std::move(bytes)), error_(std::move(error)) {}
  Result<std::size_t, Error> read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, bytes_.size() - used_);
    if (n == 0 && error_) return *error_;
    std::memcpy(buffer, bytes_.data() + used_, n);
    used_ += n;
    return n;
  }
  std::optional<std::uint64_t> size_hint() const override { return bytes_.size(); }

 private:
  std::string bytes_;
  std::size_t used_ = 0;
  std::optional<Error> error_;
};

// Byte buffers given back once read, to be read into again: memory
// already mapped, where a new buffer's every page faults in first (most
// of the time of validate --jobs's reader on this machine). Any thread
// may take and give; it keeps at most kKept.
class BufferPool {
 public:
  // A buffer with room for `capacity` bytes, empty.
  std::string take(std::size_t capacity);
  void give(std::string buffer);

 private:
  static constexpr std::size_t kKept = 64;
  std::mutex mutex_;
  std::vector<std::string> kept_;
};

class LineSource {
 public:
  // The usual largest buffer: a megabyte of lines, and room for a long
  // one. Only a line longer than that makes it grow, up to kLargestBuffer.
  static constexpr std::size_t kBufferCapacity = (1 << 20) + (64 << 10);
  static constexpr std::size_t kLargestBuffer = kMaxRecordLine + (1 << 20);

  explicit LineSource(std::unique_ptr<ByteStream> stream);
  // The whole input, already in memory (a part of an archive that
  // validate --jobs cut): its lines are read in `bytes` itself, with no
  // copy and no buffer of its own; `error` is a read that failed after
  // them, reported at their end as a stream's would be.
  // `pool`, when given, gets `bytes` back at the end (it must outlive
  // this).
  explicit LineSource(std::string bytes, std::optional<Error> error = std::nullopt,
                      BufferPool* pool = nullptr);
  ~LineSource();
  LineSource(const LineSource&) = delete;
  LineSource& operator=(const LineSource&) = delete;

  struct Line {
    std::string_view text;     // without the line end; valid until the next call
    std::int64_t number = 0;   // 1-based
    std::uint64_t offset = 0;  // byte offset of the line's start in the input
    bool too_long = false;     // text holds only the first kMaxRecordLine bytes
    // Known to hold no space, tab, CR or '#' (then nothing needs trimming
    // and no comment starts in it). False says nothing.
    bool plain = false;
  };
  std::optional<Line> next() {
    if (auto line = next_in_buffer()) return line;
    return next_slow();
  }
  // The next line only if it is whole in the buffer already: nothing is
  // read, so the lines given since the last read stay valid. nullopt means
  // "call next()", not the end.
  std::optional<Line> next_in_buffer() {
    if (skipping_) return std::nullopt;
    const char* start = data_ + begin_;
    const std::size_t available = end_ - begin_;
    std::size_t length = 0;
    bool plain = false;  // and so its newline found
    if (marks_plain_) {
      // The line is scanned by hand up to its newline or a byte that makes
      // it not plain, cheaper than memchr and a second pass (most records
      // are short lines); from such a byte on, memchr finds the newline.
      const ScannedLine scanned = scan_line(start, available);
      length = scanned.length;
      plain = scanned.plain;
    }
    if (!plain) {
      const std::size_t window = std::min(available, kMaxRecordLine + 1);
      length = std::min(length, window);
      const auto* newline = static_cast<const char*>(std::memchr(start + length, '\n', window - length));
      if (newline == nullptr) return std::nullopt;
      length = static_cast<std::size_t>(newline - start);
    }
    Line line{std::string_view(start, length), ++line_number_, consumed_, false, plain};
    begin_ += length + 1;
    consumed_ += length + 1;
    last_had_newline_ = true;
    return line;
  }
  // Where a run of plain lines starts (take_plain_lines).
  struct PlainRun {
    std::size_t count = 0;           // lines taken
    std::int64_t first_number = 0;   // the first one's number
    std::uint64_t first_offset = 0;  // and byte offset
  };
  // The plain lines (Line::plain) that come next and are whole in the
  // buffer, up to `room` of them, as texts into `out`, one after another:
  // the first at first_offset, each next one on the byte after the last
  // one's newline. Stops before a line that is not plain, or that `stop`
  // refuses; nothing is read, so the texts stay valid as next_in_buffer's
  // lines do. A reader of short lines saves the making of a Line each.
  template <typename Stop>
  [[gnu::always_inline]] PlainRun take_plain_lines(std::string_view* out, std::size_t room,
                                                   const Stop& stop) {
    PlainRun run{0, line_number_ + 1, consumed_};
    if (skipping_ || !marks_plain_) return run;
    // In locals: a member written as each text is stored could alias it.
    const char* const data = data_;
    const std::size_t end = end_;
    std::size_t begin = begin_;
    while (run.count < room) {
      const ScannedLine line = scan_line(data + begin, end - begin);
      if (!line.plain) break;
      const std::string_view text(data + begin, line.length);
      if (stop(text)) break;
      out[run.count++] = text;
      begin += line.length + 1;
    }
    if (run.count > 0) {
      line_number_ += static_cast<std::int64_t>(run.count);
      consumed_ += begin - begin_;
      begin_ = begin;
      last_had_newline_ = true;
    }
    return run;
  }
  // Whether lines are marked plain (Line::plain). A reader that never
  // looks (PGN) turns it off: its lines are then found with memchr alone.
  void mark_plain(bool on) { marks_plain_ = on; }
  // Numbers the lines and bytes from `line_number` and `offset` instead of
  // 1 and 0: a part of a larger input (validate --jobs), so that errors
  // name the line of the whole input. Call it before reading.
  void start_at(std::int64_t line_number, std::uint64_t offset) {
    line_number_ = line_number - 1;
    consumed_ = offset;
  }
  // The first bytes of the input (up to a buffer's worth; all of an input
  // in memory), without
  // consuming them: how a format recognises its content. Call it first.
  std::string_view head();
  // Bytes consumed so far, and whether the last line ended with a newline.
  std::uint64_t bytes_read() const { return consumed_; }
  bool ended_with_newline() const { return last_had_newline_; }
  // An I/O error while reading (a directory, a failing disk): why.
  const std::optional<Error>& read_error() const { return read_error_; }

 private:
  // The bytes that end scan_line's loop: a newline, the NUL after the
  // buffer's bytes (set_end: it spares the loop a bound check per byte),
  // and what a plain line holds none of.
  static constexpr std::array<bool, 256> kStopsScan = [] {
    std::array<bool, 256> table{};
    table['\n'] = table['\0'] = true;
    table[' '] = table['\t'] = table['\r'] = table['#'] = true;
    return table;
  }();
  // The line at `start`, `available` bytes before the buffer's end, where
  // a NUL stands (set_end): whether it is plain (a newline ends it within
  // kMaxRecordLine bytes, and nothing before needs a closer look), and its
  // length if so; else where the scan stopped.
  struct ScannedLine {
    std::size_t length = 0;
    bool plain = false;
  };
  [[gnu::always_inline]] static ScannedLine scan_line(const char* start, std::size_t available) {
    std::size_t length = 0;
    while (!kStopsScan[static_cast<unsigned char>(start[length])]) ++length;
    return {length, length > 0 && length < available && start[length] == '\n' && length <= kMaxRecordLine};
  }

  // head() reads on until the first line is whole or this much is there.
  static constexpr std::size_t kHeadBytes = 4096;

  bool fill();
  // The bytes end at `end`, and the NUL that stops scan_line after them.
  // The buffer's bytes change only in fill(), whose every read ends with
  // this (whole_ has its own NUL, and never changes).
  void set_end(std::size_t end) {
    end_ = end;
    data_[end_] = '\0';
  }
  std::optional<Line> next_slow();
  // The input in memory is at its end: its read error shows now.
  void show_error_at_end();

  std::unique_ptr<ByteStream> stream_;
  // Not a std::vector: zero-filling it per file dominated validating many
  // short files. Only bytes that read() filled, and the NUL that set_end
  // puts after them, are ever looked at. It starts at the input's size
  // when that is known and small (no 1 MiB allocation for a 300-byte
  // record) and grows, up to kLargestBuffer, only when a line does not
  // fit. One byte more than capacity_, for that NUL; whole_ has its own.
  std::size_t capacity_;  // before buffer_: it sizes it
  std::unique_ptr<char[]> buffer_;
  std::string whole_;                  // the input, when it came whole
  char* data_ = nullptr;               // the bytes: buffer_'s or whole_'s
  std::optional<Error> error_at_end_;  // whole_'s read error, once it is read
  BufferPool* pool_ = nullptr;         // gets whole_ back
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  bool eof_ = false;
  bool marks_plain_ = true;
  bool skipping_ = false;  // discarding the rest of an overlong line
  // Bytes after data_[begin_] known to hold no newline: a long line is
  // searched once, not again after each read.
  std::size_t scanned_ = 0;
  std::int64_t line_number_ = 0;
  std::uint64_t consumed_ = 0;  // input offset of data_[begin_]
  bool last_had_newline_ = true;
  std::optional<Error> read_error_;
};

// Opens `path` for reading ("-" is standard input), decompressed when its
// content is compressed: its bytes, or why not ("file.is-directory", or
// "file.cannot-open" with the system's reason). A FIFO is opened without
// waiting for its writer; with `cancel`, every read of the stream, and
// every wait for input, ends once it is requested.
Result<std::unique_ptr<ByteStream>, Error> open_bytes(const std::string& path,
                                                      const ReadCancel* cancel = nullptr);

// Opens `path` for reading ("-" is standard input): a LineSource, or why
// not, as open_bytes.
Result<std::unique_ptr<LineSource>, Error> open_lines(const std::string& path,
                                                      const ReadCancel* cancel = nullptr);

}  // namespace gamerec
