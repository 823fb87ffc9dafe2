#pragma once
// The move list, gamerec's own record format (gamerec-record(5)): an optional
// YAML header between two `---` lines, then one move per line. Blank lines
// and comments are skipped; BOM and CRLF are accepted. One game per file.
#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "records/line_source.h"
#include "records/record_source.h"

namespace gamerec {

class Game;

// Where a body line's comment starts: at a # that begins the line or
// follows a space or tab (a # glued to a move, chess "Qxf7#", belongs to
// the move); npos when it has none.
inline std::size_t comment_start(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '#' && (i == 0 || line[i - 1] == ' ' || line[i - 1] == '\t')) return i;
  }
  return std::string_view::npos;
}

inline bool is_line_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// One body line without spaces, a trailing CR and a comment, and the column
// (1-based) of its first character; nullopt for a blank or comment line.
// The prompt of `play` cleans what people type the same way.
inline std::optional<std::pair<std::string_view, std::int64_t>> strip_body_line(std::string_view line) {
  std::size_t start = 0;
  while (start < line.size() && is_line_blank(line[start])) ++start;
  std::size_t end = std::min(comment_start(line), line.size());
  if (end <= start) return std::nullopt;
  while (end > start && is_line_blank(line[end - 1])) --end;
  return std::make_pair(line.substr(start, end - start), static_cast<std::int64_t>(start) + 1);
}

// The comment of a body line: the text after its #, without the spaces
// around it.
inline std::optional<std::string_view> comment_of(std::string_view line) {
  const std::size_t hash = comment_start(line);
  if (hash == std::string_view::npos) return std::nullopt;
  std::size_t start = hash + 1;
  std::size_t end = line.size();
  while (start < end && is_line_blank(line[start])) ++start;
  while (end > start && is_line_blank(line[end - 1])) --end;
  return line.substr(start, end - start);
}

class MoveListSource final : public RecordSource {
 public:
  explicit MoveListSource(std::unique_ptr<LineSource> lines) : lines_(std::move(lines)) {}

  std::optional<Result<GameHeader, RecordError>> next_game() override;
  const std::optional<Error>& read_error() const override { return lines_->read_error(); }
  std::uint64_t bytes_read() const override { return lines_->bytes_read(); }

 protected:
  const RecordEvent* read_event() override {
    if (ended_) return nullptr;
    if (queued_comment_) {
      queued_comment_ = false;
      return &batch_[1];
    }
    while (auto raw = pending_line_ ? take_pending() : lines_->next()) {
      const std::size_t made = to_events(*raw, batch_[0], batch_[1]);
      if (made == 0) continue;
      if (batch_[0].kind == RecordEvent::Kind::kQuit) return quit();
      queued_comment_ = made == 2;
      return &batch_[0];
    }
    ended_ = true;
    return nullptr;
  }

  // Many events per call, all from lines already in the buffer: only the
  // first line of a batch may need a read (which moves the buffer).
  // A batch of moves alone (no comment, no overlong line) also gives its
  // texts (EventBatch::move_texts); when texts suffice, a run of plain
  // lines gives its texts alone (the most of a long record: no event made
  // for each line).
  EventBatch read_events(bool texts_suffice) override {
    EventBatch batch;
    if (ended_) return batch;
    if (queued_comment_) {
      // The comment of a line read alone (the first move, peeked to tell
      // the game), still to give.
      queued_comment_ = false;
      batch.events = {&batch_[1], 1};
      return batch;
    }
    if (texts_suffice && !pending_line_) {
      const LineSource::PlainRun run = lines_->take_plain_lines(texts_.data(), kBatch, is_quit);
      if (run.count > 0) {
        batch.move_texts = {texts_.data(), run.count};
        batch.first_line = run.first_number;
        batch.first_offset = run.first_offset;
        return batch;
      }
    }
    std::size_t count = 0;
    bool moves_only = true;
    while (count + 1 < kBatch) {
      std::optional<LineSource::Line> raw = pending_line_ ? take_pending()
                                            : count == 0  ? lines_->next()
                                                          : lines_->next_in_buffer();
      if (!raw) break;
      const std::size_t made = to_events(*raw, batch_[count], batch_[count + 1]);
      if (made == 0) continue;
      if (batch_[count].kind == RecordEvent::Kind::kQuit) {
        if (count == 0) {
          batch.events = {quit(), 1};
          return batch;
        }
        pending_line_ = raw;  // its own batch, next time
        break;
      }
      // A plain line's text is the line itself: taken from the line, not
      // read back from the event just written (a load spanning two fresh
      // stores stalls the CPU's store forwarding).
      if (raw->plain) [[likely]] {
        texts_[count] = raw->text;
      } else {
        moves_only = moves_only && made == 1 && batch_[count].kind == RecordEvent::Kind::kMove &&
                     !batch_[count].too_long;
        texts_[count] = batch_[count].text;
      }
      count += made;
    }
    if (count == 0) ended_ = true;
    batch.events = {batch_.data(), count};
    if (moves_only) batch.move_texts = {texts_.data(), count};
    return batch;
  }

 private:
  // Large enough that the virtual call per batch does not matter, small
  // enough that setting it up per file does not either.
  static constexpr std::size_t kBatch = 64;

  Result<GameHeader, RecordError> read_header();
  // A body line as events: its move, then its comment (a # comment line
  // is a comment alone); how many (0 for a blank line).
  static std::size_t to_events(const LineSource::Line& raw, RecordEvent& event, RecordEvent& comment) {
    if (raw.plain) [[likely]]
      return to_event(raw, event) ? 1 : 0;
    const auto text = comment_of(raw.text);
    const bool move = to_event(raw, event);
    if (!text || raw.too_long) return move ? 1 : 0;
    RecordEvent& made = move ? comment : event;
    made = RecordEvent{};
    made.kind = RecordEvent::Kind::kComment;
    made.text = *text;
    made.line = raw.number;
    made.column = static_cast<std::int64_t>(text->data() - raw.text.data()) + 1;
    made.offset = raw.offset;
    return move ? 2 : 1;
  }
  // A body line as an event; false for a blank or comment line.
  static bool to_event(const LineSource::Line& raw, RecordEvent& event) {
    if (raw.plain) [[likely]] {
      event.text = raw.text;
      event.column = 1;
      event.line = raw.number;
      event.offset = raw.offset;
      event.too_long = false;
      event.kind = is_quit(raw.text) ? RecordEvent::Kind::kQuit : RecordEvent::Kind::kMove;
      return true;
    }
    auto stripped = strip_body_line(raw.text);
    // An overlong line is never skipped as blank: what follows the cut is
    // unknown, so it must be rejected.
    if (!stripped && raw.too_long) stripped = std::make_pair(raw.text, 1);
    if (!stripped) return false;
    event.text = stripped->first;
    event.column = stripped->second;
    event.line = raw.number;
    event.offset = raw.offset;
    event.too_long = raw.too_long;
    event.kind = is_quit(event.text) ? RecordEvent::Kind::kQuit : RecordEvent::Kind::kMove;
    return true;
  }
  // Q ends a classic record; it is never a move.
  static bool is_quit(std::string_view text) { return text.size() == 1 && text[0] == 'Q'; }
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
  std::array<RecordEvent, kBatch> batch_;
  std::array<std::string_view, kBatch> texts_;  // the batch's move texts, when it holds moves alone
  bool queued_comment_ = false;                 // batch_[1] holds the comment of read_event's line, next
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
