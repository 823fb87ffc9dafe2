#pragma once
// The move list, gamerec's own record format (SPEC section 2): an optional
// YAML header between two `---` lines, then one move per line. Blank lines
// and comments are skipped; BOM and CRLF are accepted. One game per file.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/line_source.h"
#include "core/record_source.h"

namespace gamerec {

class Game;

inline constexpr std::size_t kMaxHeaderLength = 1024 * 1024;

// One body line without spaces, a trailing CR and a comment, and the column
// (1-based) of its first character; nullopt for a blank or comment line.
// A comment starts at a # that begins the line or follows a space or tab; a
// # glued to a move (chess "Qxf7#") belongs to the move. The prompt of
// `play` cleans what people type the same way.
inline std::optional<std::pair<std::string_view, std::int64_t>> strip_body_line(std::string_view line) {
  auto is_blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  std::size_t start = 0;
  while (start < line.size() && is_blank(line[start])) ++start;
  if (start == line.size() || line[start] == '#') return std::nullopt;
  std::size_t end = line.size();
  for (std::size_t i = start + 1; i < line.size(); ++i) {
    if (line[i] == '#' && (line[i - 1] == ' ' || line[i - 1] == '\t')) {
      end = i;
      break;
    }
  }
  while (end > start && is_blank(line[end - 1])) --end;
  return std::make_pair(line.substr(start, end - start), static_cast<std::int64_t>(start) + 1);
}

class MoveListSource final : public RecordSource {
 public:
  explicit MoveListSource(std::unique_ptr<LineSource> lines) : lines_(std::move(lines)) {}

  std::optional<std::variant<GameHeader, RecordError>> next_game() override;
  const std::string& read_error() const override { return lines_->read_error(); }
  std::uint64_t bytes_read() const override { return lines_->bytes_read(); }

 protected:
  const RecordEvent* read_event() override {
    if (ended_) return nullptr;
    while (auto raw = pending_line_ ? take_pending() : lines_->next()) {
      auto stripped = strip_body_line(raw->text);
      // An overlong line is never skipped as blank: what follows the cut
      // is unknown, so it must be rejected.
      if (!stripped && raw->too_long) stripped = std::make_pair(raw->text, 1);
      if (!stripped) continue;
      event_.text = stripped->first;
      event_.column = stripped->second;
      event_.line = raw->number;
      event_.offset = raw->offset;
      event_.too_long = raw->too_long;
      // Q ends a classic record; it is never a move.
      if (event_.text.size() == 1 && event_.text[0] == 'Q') return quit();
      event_.kind = RecordEvent::Kind::kMove;
      return &event_;
    }
    ended_ = true;
    return nullptr;
  }

 private:
  std::variant<GameHeader, RecordError> read_header();
  std::optional<LineSource::Line> take_pending() {
    auto line = pending_line_;
    pending_line_.reset();
    return line;
  }
  const RecordEvent* quit();

  std::unique_ptr<LineSource> lines_;
  // The first body line, seen while looking for a header. Its view points
  // into the buffer, which stays intact until the next line is read.
  std::optional<LineSource::Line> pending_line_;
  RecordEvent event_;
  bool started_ = false;
  bool ended_ = false;
};

// The header a move list written by gamerec gets (a new game, `convert`):
// `game`, the variant, the position and every other field of `header` in
// its order, between --- lines; empty when there is nothing to say (no
// field, and header.game unset: the file name tells the game). Option
// values are written as `game` types them (a list as [4, 3]).
std::string move_list_header(const GameHeader& header, const Game& game);

}  // namespace gamerec
