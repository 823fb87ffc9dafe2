#pragma once
// Streaming reader for move-list records (SPEC section 2): an optional YAML
// header between two `---` lines, then one move per line. Blank lines and
// comments are skipped; BOM and CRLF are accepted. Memory stays constant:
// lines are read through a fixed buffer and a line longer than
// kMaxLineLength is cut there (and reported as such by the caller).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/error.h"
#include "core/options.h"

namespace gamerec {

inline constexpr std::size_t kMaxLineLength = 64 * 1024;
inline constexpr std::size_t kMaxHeaderLength = 1024 * 1024;

// Reads a file descriptor line by line through one fixed buffer.
class LineSource {
 public:
  // Takes ownership of `fd` when `owns_fd`; stdin is not owned.
  LineSource(int fd, bool owns_fd);
  ~LineSource();
  LineSource(const LineSource&) = delete;
  LineSource& operator=(const LineSource&) = delete;

  struct Line {
    std::string_view text;     // without the line end; valid until the next call
    int number = 0;            // 1-based
    std::uint64_t offset = 0;  // byte offset of the line's start in the file
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
  // Byte count read so far and whether the last line ended with a newline.
  std::uint64_t bytes_read() const { return consumed_; }
  bool ended_with_newline() const { return last_had_newline_; }
  // An I/O error while reading (a directory, a failing disk), or empty.
  const std::string& read_error() const { return read_error_; }

 private:
  bool fill();
  std::optional<Line> next_slow();

  int fd_;
  bool owns_fd_;
  // Not a std::vector: zero-filling 1 MiB per file dominated validating
  // many short files. Only bytes that read() filled are ever looked at.
  std::unique_ptr<char[]> buffer_;
  static constexpr std::size_t kBufferCapacity = (1 << 20) + kMaxLineLength;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
  bool eof_ = false;
  bool skipping_ = false;  // discarding the rest of an overlong line
  int line_number_ = 0;
  std::uint64_t consumed_ = 0;  // file offset of buffer_[begin_]
  bool last_had_newline_ = true;
  std::string read_error_;
};

// Strips spaces, a trailing CR and a comment from one body line; the column
// (1-based) of the first character kept. nullopt for a blank/comment line.
inline std::optional<std::pair<std::string_view, int>> strip_body_line(std::string_view line) {
  auto is_blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  std::size_t start = 0;
  while (start < line.size() && is_blank(line[start])) ++start;
  if (start == line.size() || line[start] == '#') return std::nullopt;
  std::size_t end = line.size();
  // A comment starts at a # that follows a space or tab; a # glued to a move
  // (chess "Qxf7#") belongs to the move.
  for (std::size_t i = start + 1; i < line.size(); ++i) {
    if (line[i] == '#' && (line[i - 1] == ' ' || line[i - 1] == '\t')) {
      end = i;
      break;
    }
  }
  while (end > start && is_blank(line[end - 1])) --end;
  return std::make_pair(line.substr(start, end - start), static_cast<int>(start) + 1);
}

// The YAML header of a record.
struct RecordHeader {
  bool present = false;
  std::optional<std::string> game;
  std::vector<OptionOverride> variant;
  std::string text;      // the header's lines between the --- markers, verbatim
  int end_line = 0;      // line number of the closing ---
  std::string position;  // a start position, in the game's own notation
  int game_line = 0;     // line numbers of the game:, variant: and position: keys
  int variant_line = 0;
  int position_line = 0;
};

struct RecordLine {
  enum class Kind { kMove, kQuit };
  Kind kind = Kind::kMove;
  std::string_view text;  // the move, without spaces or comment
  int line = 0;
  int column = 0;
  std::uint64_t offset = 0;  // byte offset of the line's start
  bool too_long = false;
};

class RecordReader {
 public:
  explicit RecordReader(std::unique_ptr<LineSource> source) : source_(std::move(source)) {}

  // Must be called first. A header error carries line and message.
  std::variant<RecordHeader, RecordError> read_header();
  // The next move line (or the Q line), skipping blank and comment lines.
  std::optional<RecordLine> next() {
    if (peeked_ || pending_raw_) return next_slow();
    return read_body_line();
  }
  // Looks at the next move without consuming it (to tell the game).
  const RecordLine* peek();
  // After a Q line: whether any move line follows it.
  bool has_lines_after_quit();
  const LineSource& source() const { return *source_; }

 private:
  std::optional<RecordLine> next_slow();
  std::optional<RecordLine> read_body_line() {
    while (auto raw = pending_raw_ ? take_pending() : source_->next()) {
      auto stripped = strip_body_line(raw->text);
      // An overlong line is never skipped as blank: what follows the cut
      // is unknown, so the caller must reject it.
      if (!stripped && raw->too_long) stripped = std::make_pair(raw->text, 1);
      if (!stripped) continue;
      RecordLine line;
      line.text = stripped->first;
      line.column = stripped->second;
      line.line = raw->number;
      line.offset = raw->offset;
      line.too_long = raw->too_long;
      // Q ends a classic record; it is never a move.
      if (line.text.size() == 1 && line.text[0] == 'Q') line.kind = RecordLine::Kind::kQuit;
      return line;
    }
    return std::nullopt;
  }
  std::optional<LineSource::Line> take_pending() {
    auto line = pending_raw_;
    pending_raw_.reset();
    return line;
  }
  std::optional<LineSource::Line> pending_raw_;  // first body line seen while looking for a header
  std::unique_ptr<LineSource> source_;
  std::optional<RecordLine> peeked_;
  std::string peeked_text_;
};

}  // namespace gamerec
