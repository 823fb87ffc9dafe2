// PGN's reader (formats/pgn.h says what it accepts): tags, movetext,
// comments, variations and NAGs as record events, one game at a time
// through one line buffer; and where an archive may be cut for --jobs.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <limits>
#include <optional>

#include "formats/pgn.h"
#include "formats/pgn_parts.h"
#include "records/annotation_text.h"

namespace gamerec {
namespace {


constexpr std::string_view kBom = "\xEF\xBB\xBF";
// The longest comment kept (gamerec-record(5), Limits): one over several
// lines is gathered, and the longest a line may be is what a move list's
// "# " line can hold of it.
constexpr std::size_t kMaxCommentLength = kMaxRecordLine - 2;

constexpr std::array<bool, 256> kBlank = [] {
  std::array<bool, 256> table{};
  for (const char c : std::string_view(" \t\r\f\v")) table[static_cast<unsigned char>(c)] = true;
  return table;
}();
bool is_blank(char c) { return kBlank[static_cast<unsigned char>(c)]; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
// Looked up once for every character of every token.
constexpr std::array<bool, 256> kEndsToken = [] {
  std::array<bool, 256> table{};
  for (const char c : std::string_view(" \t\r\f\v{}();[]")) table[static_cast<unsigned char>(c)] = true;
  return table;
}();
bool ends_token(char c) { return kEndsToken[static_cast<unsigned char>(c)]; }
bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

// `[Name "` at the start of a (trimmed) line: the tag line that starts a
// game, where an unclosed comment or variation must stop.
bool starts_with_tag(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && is_blank(line[i])) ++i;
  if (i >= line.size() || line[i] != '[') return false;
  std::size_t j = i + 1;
  while (j < line.size() && is_pgn_name_char(line[j])) ++j;
  if (j == i + 1) return false;
  while (j < line.size() && is_blank(line[j])) ++j;
  return j < line.size() && line[j] == '"';
}

// The Variant tag: the game it names, or the variant gamerec cannot check.
// Standard chess goes by several names, Chess960 by more (lichess, chess.com,
// python-chess's spellings).
void read_variant(std::string_view variant, std::int64_t line, GameHeader& header) {
  std::string key;
  for (const char c : variant) {
    if (c != ' ' && c != '-' && c != '_') key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (key.empty() || key == "standard" || key == "fromposition" || key == "normal" || key == "chess") return;
  if (key == "chess960" || key == "960" || key == "fischerandom" || key == "fischerrandom" || key == "frc") {
    header.game = "chess960";
    header.game_line = line;
    return;
  }
  header.unsupported_variant = std::string(variant);
  header.unsupported_variant_line = line;
}

bool is_result(std::string_view token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}


class PgnSource final : public RecordSource {
 public:
  explicit PgnSource(std::unique_ptr<LineSource> lines) : lines_(std::move(lines)) { lines_->mark_plain(false); }

  std::optional<Result<GameHeader, RecordError>> next_game() override;
  const std::optional<Error>& read_error() const override { return lines_->read_error(); }
  std::uint64_t bytes_read() const override { return lines_->bytes_read(); }

 protected:
  const RecordEvent* read_event() override;
  bool may_branch() const override { return true; }
  // The events of the rest of the current line at once (the move loop
  // checks them in one call): none of them needs another line, which
  // would move the buffer their texts point into.
  EventBatch read_events(bool texts_suffice) override;

 private:
  // Whether the next event can be read from the current line alone.
  bool next_event_on_this_line();
  // Appends to batch_ the moves of the current line up to its first token
  // of another kind, passing over move numbers on the way.
  void read_usual_moves();
  bool passed_over(std::string_view token) const;
  // The next line into line_; false at the end. A % escape line is skipped
  // unless it continues a comment, where % is text.
  bool load_line(bool escapes = true);
  // Moves past blanks, across lines; false at the end of the input.
  bool skip_blanks();
  std::int64_t column() const { return static_cast<std::int64_t>(pos_ + column_base_) + 1; }
  const RecordEvent* event(RecordEvent::Kind kind, std::string_view text, std::int64_t line,
                           std::int64_t column) {
    RecordEvent& e = *target_;
    e.kind = kind;
    e.text = text;
    e.line = line;
    e.column = column;
    e.offset = line_offset_;
    e.notation_kind = {};
    e.too_long = false;
    return &e;
  }
  // A syntax error in place of a move. An unclosed comment or variation
  // ends the game (its end was reached inside it); after others, the rest
  // of the game is read as usual, to be skipped.
  const RecordEvent* syntax_error(std::string_view kind, std::string_view text, std::int64_t line,
                                  std::int64_t column, bool ends_game) {
    game_ended_ = ends_game;
    moves_seen_ = true;
    const RecordEvent* e = event(RecordEvent::Kind::kMove, text, line, column);
    target_->notation_kind = kind;
    return e;
  }
  const RecordEvent* read_comment();
  // The error of a variation still open when its game ends.
  const RecordEvent* unclosed_variation() {
    const auto [line, column] = open_variations_.front();
    open_variations_.clear();
    return syntax_error("pgn-unclosed-variation", "(", line, column, true);
  }
  std::optional<RecordError> read_tag(GameHeader& header);

  std::unique_ptr<LineSource> lines_;
  std::string_view line_;
  std::size_t pos_ = 0;
  std::size_t column_base_ = 0;  // bytes cut from the line's start (a BOM)
  std::int64_t line_number_ = 0;
  std::uint64_t line_offset_ = 0;
  bool line_too_long_ = false;
  bool started_ = false;
  bool at_end_ = false;
  bool in_game_ = false;     // events of the current game may follow
  bool game_ended_ = false;  // its result (or an error) was seen
  bool moves_seen_ = false;  // its movetext has begun
  bool header_failed_ = false;  // its tags had an error: the rest of them is passed over
  std::size_t tag_bytes_ = 0;   // its tags' names and values so far
  int index_ = 0;
  std::string comment_;  // a comment over several lines
  // Where each variation open now starts (line, column), outermost first.
  std::vector<std::pair<std::int64_t, std::int64_t>> open_variations_;
  RecordEvent event_;
  // Where event() writes: event_, or in read_events the batch's next slot
  // (a copy of an event just written field by field stalls the CPU's
  // store forwarding: that copy was half of read_events' time).
  RecordEvent* target_ = &event_;
  std::vector<RecordEvent> batch_;
  std::vector<std::string_view> texts_;  // the batch's moves' (EventBatch::move_texts)
};

// A token read_event passes over without an event: a move number or dots
// alone ("12.", "12...", "..."), "e.p.", a result inside a variation.
// Whether a token starting with `first` may be one read_event passes over:
// nearly every token is a move, which its first letter rules out.
bool may_be_passed_over(char first) {
  return is_digit(first) || first == '.' || first == '*' || first == 'e' || first == 'E';
}

bool PgnSource::passed_over(std::string_view token) const {
  if (!may_be_passed_over(token[0])) return false;
  // A move number first: half the tokens of a game.
  std::size_t i = 0;
  if (token[0] != '0') {
    while (i < token.size() && is_digit(token[i])) ++i;
  }
  while (i < token.size() && token[i] == '.') ++i;
  if (i == token.size()) return true;
  if (is_result(token)) return !open_variations_.empty();
  return token == "e.p." || token == "E.P.";
}

// Whether read_event finds its next event on the current line: a batch's
// texts are views into that line, which loading another may overwrite.
// What read_event would pass over on the way is passed over here, once.
bool PgnSource::next_event_on_this_line() {
  if (line_too_long_) return false;
  for (std::size_t at = pos_;;) {
    while (at < line_.size() && is_blank(line_[at])) ++at;
    if (at >= line_.size()) return false;
    const char c = line_[at];
    pos_ = at;  // the blanks before it are passed over once
    if (c == '{') return line_.find('}', at + 1) != std::string_view::npos;
    if (!may_be_passed_over(c)) return true;  // a move, a NAG, a variation, a ';' comment
    std::size_t end = at + 1;
    while (end < line_.size() && !ends_token(line_[end])) ++end;
    if (!passed_over(std::string_view(line_.data() + at, end - at))) return true;
    pos_ = at = end;
  }
}

// Most of a movetext is moves and move numbers alone ("12. Nf3 Nc6"):
// they are read here in one pass, as read_event would read them, without
// its cases for the other tokens. The number and "e.p." tests are
// passed_over's, written out: a call per token showed in the profile of
// validating real games.
void PgnSource::read_usual_moves() {
  if (line_too_long_) return;
  const char* const text = line_.data();
  const std::size_t size = line_.size();
  std::size_t at = pos_;
  while (true) {
    while (at < size && is_blank(text[at])) ++at;
    if (at >= size) break;
    const char first = text[at];
    std::size_t end = at + 1;
    while (end < size && !ends_token(text[end])) ++end;
    const std::string_view token(text + at, end - at);
    if (first >= '1' && first <= '9') {
      std::size_t i = 1;
      while (i < token.size() && is_digit(token[i])) ++i;
      while (i < token.size() && token[i] == '.') ++i;
      if (i != token.size()) break;  // a result, or a move glued to its number
    } else if (!is_letter(first)) {
      break;
    } else if ((first != 'e' && first != 'E') || (token != "e.p." && token != "E.P.")) {
      RecordEvent& e = batch_.emplace_back();
      texts_.push_back(token);
      e.text = token;
      e.line = line_number_;
      e.column = static_cast<std::int64_t>(at + column_base_) + 1;
      e.offset = line_offset_;
    }
    moves_seen_ = true;
    at = end;
  }
  pos_ = at;
}

EventBatch PgnSource::read_events(bool /*texts_suffice*/) {
  batch_.clear();
  texts_.clear();
  bool moves_only = true;
  while (in_game_ && !game_ended_) {
    read_usual_moves();
    if (!batch_.empty() && !next_event_on_this_line()) break;
    target_ = &batch_.emplace_back();
    const RecordEvent* event = read_event();
    if (event == nullptr) {
      batch_.pop_back();
      break;
    }
    if (event->kind == RecordEvent::Kind::kMove && event->notation_kind.empty() && !event->too_long)
      texts_.push_back(event->text);
    else
      moves_only = false;
  }
  target_ = &event_;
  EventBatch batch;
  batch.events = batch_;
  if (moves_only) batch.move_texts = texts_;
  return batch;
}

bool PgnSource::load_line(bool escapes) {
  while (true) {
    auto line = lines_->next();
    if (!line) {
      at_end_ = true;
      line_ = {};
      pos_ = 0;
      return false;
    }
    line_ = line->text;
    line_number_ = line->number;
    line_offset_ = line->offset;
    line_too_long_ = line->too_long;
    pos_ = 0;
    column_base_ = 0;
    if (!started_) {
      started_ = true;
      if (line_.substr(0, kBom.size()) == kBom) {
        line_.remove_prefix(kBom.size());
        column_base_ = kBom.size();
      }
    }
    if (escapes && !line_.empty() && line_[0] == '%' && !line_too_long_) continue;  // an escape line
    return true;
  }
}

bool PgnSource::skip_blanks() {
  while (true) {
    while (pos_ < line_.size() && is_blank(line_[pos_])) ++pos_;
    if (pos_ < line_.size() || line_too_long_) return true;
    if (!load_line()) return false;
  }
}

// Tags a game usually has (a tournament's: the seven of the PGN standard,
// Elo ratings, titles, ECO, FIDE ids...): room for them is made at once.
constexpr std::size_t kUsualTags = 20;

std::optional<Result<GameHeader, RecordError>> PgnSource::next_game() {
  forget_peeked();
  // An input with no game at all (empty, or only comments) is reported
  // once, so that it is never taken for a valid file (unless reading
  // failed: that is the error then).
  auto no_more_games = [this]() -> std::optional<Result<GameHeader, RecordError>> {
    if (index_ > 0 || lines_->read_error()) return std::nullopt;
    ++index_;
    return RecordError{{ErrorCode::kHeader, "pgn-no-game"}, 1, 1, ""};
  };
  if (!started_ && !load_line()) return no_more_games();
  while (in_game_ && read_event() != nullptr) {
  }
  // Between games: blanks and comments.
  while (true) {
    if (!skip_blanks()) return no_more_games();
    if (line_too_long_) break;
    const char c = line_[pos_];
    if (c == ';') {
      pos_ = line_.size();
    } else if (c == '{') {
      const auto close = line_.find('}', pos_);
      if (close == std::string_view::npos) break;  // the movetext reports it
      pos_ = close + 1;
    } else {
      break;
    }
  }
  GameHeader header;
  header.index = ++index_;
  header.line = line_number_;
  in_game_ = true;
  game_ended_ = false;
  moves_seen_ = false;
  header_failed_ = false;
  tag_bytes_ = 0;
  open_variations_.clear();
  header.tags.reserve(kUsualTags);
  while (skip_blanks() && !line_too_long_ && line_[pos_] == '[') {
    header.present = true;
    if (auto error = read_tag(header)) {
      header_failed_ = true;
      return *error;
    }
    header.end_line = line_number_;
  }
  if (line_too_long_ && pos_ == 0 && !header.present) {
    header_failed_ = true;
    return RecordError{{ErrorCode::kHeader, "pgn-too-long"}, line_number_, 1, ""};
  }
  for (const auto& [name, value] : header.tags) {
    // SetUp "0" says the usual start, but a FEN beside it is what the
    // game was played from (python-chess reads it so): it is used.
    if (header.position.empty()) break;
    if (name == "SetUp" && value == "0")
      header.warnings.push_back(HeaderWarning{"pgn-setup-zero", Message{"warnings.pgn-setup-zero"}, header.position_line, 1});
  }
  return header;
}

std::optional<RecordError> PgnSource::read_tag(GameHeader& header) {
  const std::int64_t line = line_number_;
  const std::int64_t start = column();
  auto fail = [&](std::string kind, std::string_view tag = "") {
    pos_ = line_.size();  // the rest of the game is skipped by the next next_game
    return RecordError{{ErrorCode::kHeader, std::move(kind), {{"tag", std::string(tag)}}}, line, start, ""};
  };
  ++pos_;
  while (pos_ < line_.size() && is_blank(line_[pos_])) ++pos_;
  const std::size_t name_start = pos_;
  while (pos_ < line_.size() && is_pgn_name_char(line_[pos_])) ++pos_;
  if (pos_ == name_start) return fail("pgn-tag-name");
  const std::string_view name = line_.substr(name_start, pos_ - name_start);
  while (pos_ < line_.size() && is_blank(line_[pos_])) ++pos_;
  if (pos_ >= line_.size() || line_[pos_] != '"') return fail("pgn-tag-value", name);
  ++pos_;
  // `]` after the quote closing the value (blanks between).
  auto closes = [&](std::size_t quote) {
    std::size_t next = quote + 1;
    while (next < line_.size() && is_blank(line_[next])) ++next;
    return next < line_.size() && line_[next] == ']';
  };
  // Read into its place in the header: a failed tag fails the whole
  // header, which is not kept.
  auto& [tag_name, value] = header.tags.emplace_back();
  bool inner_quotes = false;
  std::size_t close = std::string_view::npos;
  // The usual value has no backslash, and its first quote closes it.
  const std::string_view rest = line_.substr(pos_);
  const std::size_t first_quote = rest.find('"');
  if (first_quote != std::string_view::npos && rest.substr(0, first_quote).find('\\') == std::string_view::npos &&
      closes(pos_ + first_quote)) {
    close = pos_ + first_quote;
    value.assign(rest.substr(0, first_quote));
  } else {
    // A quote ends the value when `]` follows it; others are the value's
    // own, written without their backslash (`[Event "LA "C" Open"]`), which
    // the big readers take as text, and so does this one, with a warning.
    // When no quote is followed by `]`, the first one ends the value.
    auto escaped = [&](std::size_t i) {
      return line_[i] == '\\' && i + 1 < line_.size() && (line_[i + 1] == '"' || line_[i + 1] == '\\');
    };
    std::optional<std::size_t> unclosed_quote;
    for (std::size_t i = pos_; i < line_.size(); ++i) {
      if (escaped(i)) {
        ++i;
        continue;
      }
      if (line_[i] != '"') continue;
      if (!unclosed_quote) unclosed_quote = i;
      if (closes(i)) {
        close = i;
        break;
      }
    }
    if (close == std::string_view::npos && unclosed_quote) close = *unclosed_quote;
    if (close == std::string_view::npos) return fail("pgn-tag-value", name);
    // The value is copied in runs between escapes.
    std::size_t run = pos_;
    for (std::size_t i = pos_; i < close; ++i) {
      if (escaped(i)) {
        value.append(line_.substr(run, i - run));
        run = ++i;  // the escaped character starts the next run
      } else if (line_[i] == '"') {
        inner_quotes = true;
      }
    }
    value.append(line_.substr(run, close - run));
  }
  pos_ = close + 1;
  tag_bytes_ += name.size() + value.size();
  if (tag_bytes_ > kMaxHeaderLength) return fail("pgn-header-too-long");
  if (inner_quotes)
    header.warnings.push_back(HeaderWarning{"pgn-tag-quotes", Message{"warnings.pgn-tag-quotes", {{"tag", std::string(name)}}},
                                            line, start});
  while (pos_ < line_.size() && is_blank(line_[pos_])) ++pos_;
  if (pos_ >= line_.size() || line_[pos_] != ']') return fail("pgn-tag-close", name);
  ++pos_;
  if (name == "FEN") {
    header.position = value;
    header.position_line = line;
  } else if (name == "Result") {
    header.result = value;
  } else if (name == "Variant") {
    read_variant(value, line, header);
  }
  tag_name.assign(name);
  return std::nullopt;
}

const RecordEvent* PgnSource::read_comment() {
  const std::int64_t line = line_number_;
  const std::int64_t start = column();
  const auto close = line_.find('}', pos_ + 1);
  if (close != std::string_view::npos) {
    const std::string_view text = line_.substr(pos_ + 1, close - pos_ - 1);
    pos_ = close + 1;
    return event(RecordEvent::Kind::kComment, text, line, start);
  }
  comment_.assign(line_.substr(pos_ + 1));
  // Past the longest comment kept, the rest is read to its end but not
  // kept, and the comment is an error: never a comment cut short.
  bool too_long = false;
  while (true) {
    if (!load_line(false) || starts_with_tag(line_)) return syntax_error("pgn-unclosed-comment", "{", line, start, true);
    const auto end = line_.find('}');
    const std::string_view part = line_.substr(0, std::min(end, line_.size()));
    too_long = too_long || comment_.size() + 1 + part.size() > kMaxCommentLength;
    if (too_long) {
      comment_.clear();
    } else {
      comment_ += '\n';
      comment_.append(part);
    }
    if (end != std::string_view::npos) {
      pos_ = end + 1;
      if (too_long) return syntax_error("pgn-comment-too-long", "{", line, start, false);
      return event(RecordEvent::Kind::kComment, comment_, line, start);
    }
  }
}

const RecordEvent* PgnSource::read_event() {
  while (in_game_ && !game_ended_) {
    if (!skip_blanks()) {
      if (!open_variations_.empty()) return unclosed_variation();
      break;
    }
    if (line_too_long_) {
      const std::int64_t line = line_number_;
      line_too_long_ = false;
      pos_ = line_.size();
      return syntax_error("pgn-too-long", line_.substr(0, 40), line, 1, false);
    }
    const char c = line_[pos_];
    switch (c) {
      case '{':
        return read_comment();
      case ';': {
        const RecordEvent* e =
            event(RecordEvent::Kind::kComment, line_.substr(pos_ + 1), line_number_, column());
        pos_ = line_.size();
        return e;
      }
      case '(': {
        moves_seen_ = true;
        open_variations_.emplace_back(line_number_, column());
        const RecordEvent* e = event(RecordEvent::Kind::kVariationStart, line_.substr(pos_, 1), line_number_, column());
        ++pos_;
        return e;
      }
      case ')': {
        const bool opened = !open_variations_.empty();
        const RecordEvent* e =
            opened ? event(RecordEvent::Kind::kVariationEnd, line_.substr(pos_, 1), line_number_, column())
                   : syntax_error("pgn-unopened-variation", ")", line_number_, column(), false);
        if (opened) open_variations_.pop_back();
        ++pos_;
        return e;
      }
      case '[': {
        if (header_failed_ && !moves_seen_) {
          pos_ = line_.size();  // a tag left over after a bad one
          continue;
        }
        const bool tag_line = line_.find_first_not_of(" \t\r\f\v") == pos_ && starts_with_tag(line_);
        if (tag_line && moves_seen_) {
          // The next game's tags: this one has no result.
          if (!open_variations_.empty()) return unclosed_variation();
          game_ended_ = true;
          continue;
        }
        // Anywhere else (mid-line, not `[Name "`, or tags after the
        // game's first comment) a `[` is no tag pair of this game, nor the
        // start of the next: an error here, not a game of its own.
        const RecordEvent* e = syntax_error("pgn-stray-bracket", line_.substr(pos_, 1), line_number_, column(), false);
        ++pos_;
        return e;
      }
      case '$': {
        moves_seen_ = true;
        const std::size_t start = pos_++;
        while (pos_ < line_.size() && is_digit(line_[pos_])) ++pos_;
        return event(RecordEvent::Kind::kNag, line_.substr(start, pos_ - start), line_number_,
                     static_cast<std::int64_t>(start + column_base_) + 1);
      }
      default:
        break;
    }
    std::size_t end = pos_ + 1;
    while (end < line_.size() && !ends_token(line_[end])) ++end;
    // In bounds by the loop above: no substr() with its check, once a move.
    std::string_view token(line_.data() + pos_, end - pos_);
    std::int64_t token_column = column();
    pos_ = end;
    moves_seen_ = true;
    // A variation has no result of its own; a move number may stand alone.
    if (passed_over(token)) continue;
    if (is_result(token)) {
      game_ended_ = true;
      return event(RecordEvent::Kind::kResult, token, line_number_, token_column);
    }
    if ((token[0] == '!' || token[0] == '?') && is_glyph(token))
      return event(RecordEvent::Kind::kNag, token, line_number_, token_column);
    if (is_digit(token[0]) && token[0] != '0') {
      // A move number glued to the move (1.e4, 12...Nc6).
      std::size_t i = 0;
      while (i < token.size() && is_digit(token[i])) ++i;
      std::size_t dots = i;
      while (dots < token.size() && token[dots] == '.') ++dots;
      if (dots > i) {
        token_column += static_cast<std::int64_t>(dots);
        token.remove_prefix(dots);
      }
    }
    // "3. ... a6": the dots that stand for White's move, glued on.
    if (token[0] == '.') {
      const std::size_t dots = token.find_first_not_of('.');
      token_column += static_cast<std::int64_t>(dots);
      token.remove_prefix(dots);
    }
    return event(RecordEvent::Kind::kMove, token, line_number_, token_column);
  }
  in_game_ = false;
  return nullptr;
}

// Movetext without tags (what chess.js and many web boards copy out):
// "1." or "1..." first. No move list of any game starts a line so.
bool starts_with_move_number(std::string_view line) {
  std::size_t digits = 0;
  while (digits < line.size() && digits < 4 && line[digits] >= '0' && line[digits] <= '9') ++digits;
  return digits > 0 && digits < line.size() && line[digits] == '.';
}

}  // namespace

bool looks_like_pgn(std::string_view head) {
  if (head.substr(0, kBom.size()) == kBom) head.remove_prefix(kBom.size());
  std::size_t i = 0;
  while (i < head.size() && (is_blank(head[i]) || head[i] == '\n')) ++i;
  const auto end = head.find('\n', i);
  const std::string_view first = head.substr(i, end == std::string_view::npos ? std::string_view::npos : end - i);
  return starts_with_tag(first) || starts_with_move_number(first);
}

// A tag line ends any comment or variation left open before it (the reader
// reports those as errors there), so no construct runs across one: where a
// tag line follows the movetext of the game its nearest tag line above
// belongs to, the reader starts a game, whatever came before. Whether it
// does is asked of the reader itself, on the lines from that tag line on;
// anything it cannot vouch for (a game starting in between, movetext on
// the tag line) is passed over.
std::optional<std::size_t> pgn_game_start(std::string_view text, std::size_t from) {
  auto line_at = [&](std::size_t start) {
    const auto end = text.find('\n', start);
    return text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
  };
  // The first line that starts at or after `from`.
  std::size_t start = 0;
  if (from > 0) {
    const auto newline = text.find('\n', from - 1);
    start = newline == std::string_view::npos ? text.size() : newline + 1;
  }
  for (; start < text.size(); start += line_at(start).size() + 1) {
    if (text[start] != '[' || !starts_with_tag(line_at(start))) continue;
    // The nearest tag line above.
    std::optional<std::size_t> above;
    for (std::size_t line_end = start; line_end > 0 && !above;) {
      const auto newline = line_end >= 2 ? text.rfind('\n', line_end - 2) : std::string_view::npos;
      const std::size_t line_start = newline == std::string_view::npos ? 0 : newline + 1;
      if (starts_with_tag(line_at(line_start))) above = line_start;
      line_end = line_start;
    }
    if (!above) continue;
    PgnSource reader(std::make_unique<LineSource>(
        std::make_unique<BytesStream>(std::string(text.substr(*above, start - *above)))));
    if (!reader.next_game()) continue;
    bool movetext = false;
    bool vouched = true;
    while (const RecordEvent* event = reader.next_event()) {
      if (event->line == 1) vouched = false;  // on the tag line itself
      if (event->kind != RecordEvent::Kind::kComment) movetext = true;
    }
    if (movetext && vouched && !reader.next_game()) return start;
  }
  return std::nullopt;
}

std::unique_ptr<RecordSource> open_pgn_reader(std::unique_ptr<LineSource> lines) {
  return std::make_unique<PgnSource>(std::move(lines));
}

}  // namespace gamerec
