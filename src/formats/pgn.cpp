#include "formats/pgn.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <limits>
#include <optional>

#include "records/annotation_text.h"
#include "rules/facets.h"
#include "rules/game.h"

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
// A tag name's characters, looked up once for each character of each tag.
constexpr std::array<bool, 256> kNameChar = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[c] = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
               c == '+' || c == '#' || c == '=' || c == ':' || c == '-';
  return table;
}();
bool is_name_char(char c) { return kNameChar[static_cast<unsigned char>(c)]; }
bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

// `[Name "` at the start of a (trimmed) line: the tag line that starts a
// game, where an unclosed comment or variation must stop.
bool starts_with_tag(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && is_blank(line[i])) ++i;
  if (i >= line.size() || line[i] != '[') return false;
  std::size_t j = i + 1;
  while (j < line.size() && is_name_char(line[j])) ++j;
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

// An annotation glyph set apart from its move ("Nf3 !"), as the big readers
// take it: a NAG.
bool is_glyph(std::string_view token) {
  if (token[0] != '!' && token[0] != '?') return false;  // nearly every token is a move
  return std::find(kAnnotationGlyphs.begin(), kAnnotationGlyphs.end(), token) != kAnnotationGlyphs.end();
}

class PgnSource final : public RecordSource {
 public:
  explicit PgnSource(std::unique_ptr<LineSource> lines) : lines_(std::move(lines)) { lines_->mark_plain(false); }

  std::optional<Result<GameHeader, RecordError>> next_game() override;
  const std::optional<std::string>& read_error() const override { return lines_->read_error(); }
  std::uint64_t bytes_read() const override { return lines_->bytes_read(); }

 protected:
  const RecordEvent* read_event() override;
  bool may_branch() const override { return true; }
  // The events of the rest of the current line at once (the move loop
  // checks them in one call): none of them needs another line, which
  // would move the buffer their texts point into.
  std::span<const RecordEvent> read_events() override;

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
// passed_over's, written out: calling it cost 3% of validating real games.
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

std::span<const RecordEvent> PgnSource::read_events() {
  batch_.clear();
  while (in_game_ && !game_ended_) {
    read_usual_moves();
    if (!batch_.empty() && !next_event_on_this_line()) break;
    target_ = &batch_.emplace_back();
    if (read_event() == nullptr) {
      batch_.pop_back();
      break;
    }
  }
  target_ = &event_;
  return batch_;
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
  while (pos_ < line_.size() && is_name_char(line_[pos_])) ++pos_;
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
  std::string value;
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
  header.tags.emplace_back(std::string(name), std::move(value));
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

// ---- writing ----

std::string escape_tag(std::string_view value) {
  std::string out;
  for (const char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;  // a tag pair holds one line
  }
  return out;
}

// PGN for one game: the seven-tag roster first, then the other tags, then
// movetext in SAN wrapped before 80 columns. Written whole at the end: the
// Result tag comes first but is known last.
class PgnWriter final : public RecordWriter {
 public:
  std::unique_ptr<RecordWriter> clone() const override { return std::make_unique<PgnWriter>(*this); }
  std::string begin_game(const Game& game, const GameHeader& header) override {
    header_ = header;
    movetext_.clear();
    line_length_ = 0;
    glue_ = false;
    comment_open_ = false;
    first_black_ = false;
    lines_.assign(1, Line{});
    // A game whose rules or start the tags must name (Chess960, a start
    // option): the move list's header said it with the game's name.
    if (const auto* text = game.facet<PositionText>()) {
      variant_ = text->variant_tag();
      if (header_.position.empty()) header_.position = text->start_text();
    }
    if (!header_.position.empty()) {
      // A FEN saying Black is to move starts with "1...".
      const auto space = header_.position.find(' ');
      first_black_ = space != std::string::npos && header_.position.compare(space + 1, 1, "b") == 0;
    }
    return "";
  }
  std::string move(const Game& game, const State& before, const Move& move, std::string_view text) override {
    write_move(game.move_text(move, before), text);
    return "";
  }
  std::string variation_move(const Game& game, const State& before, const Move* move,
                             const RecordEvent& event) override {
    // A move that was not checked is kept as it was written.
    write_move(move != nullptr ? game.move_text(*move, before) : std::string(event.text), event.text);
    return "";
  }
  std::string annotation(const RecordEvent& event) override {
    switch (event.kind) {
      case RecordEvent::Kind::kComment:
        // Comments in a row are one (a move list's # lines).
        write_comment(event.text, comment_open_);
        comment_open_ = movetext_.ends_with('}');
        lines_.back().need_number = true;
        return "";
      case RecordEvent::Kind::kNag:
        add_nag(nag_of_glyph(event.text));
        break;
      case RecordEvent::Kind::kVariationStart: {
        // The variation replaces the line's last move: it starts one ply back.
        const std::int64_t ply = lines_.back().ply > 0 ? lines_.back().ply - 1 : 0;
        add("(");
        glue_ = true;
        lines_.push_back(Line{ply, true});
        break;
      }
      case RecordEvent::Kind::kVariationEnd:
        if (lines_.size() > 1) lines_.pop_back();
        glue_ = true;
        add(")");
        lines_.back().need_number = true;
        break;
      default:
        break;
    }
    return "";
  }
  std::string end_game(const Game& game, const State& end) override {
    // Given only games with results written as text (convert checks
    // format.game).
    const WrittenResults& results = *game.facet<WrittenResults>();
    const Outcome outcome = end.outcome();
    std::string result = results.result_text(outcome);
    if (!outcome.over && header_.result && results.declared_winners(*header_.result))
      result = *header_.result;  // a resignation or an agreed draw
    add(result);
    return tags(result) + "\n" + movetext_ + "\n\n";
  }

 private:
  // One line of play being written: the main line or a variation.
  struct Line {
    std::int64_t ply = 0;      // moves before the next one, from the game's start
    bool need_number = true;   // a Black move here needs "N..." (after a comment, a variation)
  };

  // A move in SAN, with its number where PGN's export format wants one,
  // and the glyph glued to it as written ("Nf3!?") as its NAG.
  void write_move(const std::string& san, std::string_view written) {
    Line& line = lines_.back();
    const bool white_to_move = (line.ply % 2 == 0) != first_black_;
    if (white_to_move || line.need_number)
      add(std::to_string(full_move(line.ply)) + (white_to_move ? "." : "..."));
    add(san);
    move_nags_.clear();
    std::size_t glyph = written.size();
    while (glyph > 0 && (written[glyph - 1] == '!' || written[glyph - 1] == '?')) --glyph;
    if (glyph < written.size() && is_glyph(written.substr(glyph))) add_nag(nag_of_glyph(written.substr(glyph)));
    ++line.ply;
    line.need_number = false;
  }
  // A move's NAG once ("Nf6?? $4" says it twice).
  void add_nag(const std::string& nag) {
    if (std::find(move_nags_.begin(), move_nags_.end(), nag) != move_nags_.end()) return;
    move_nags_.push_back(nag);
    add(nag);
  }
  // A comment between braces, its words wrapped with the movetext; one
  // holding a brace is written as a ';' comment to the end of its line.
  void write_comment(std::string_view text, bool joins_previous) {
    const std::vector<std::string_view> words = comment_words(text);
    if (text.find('}') != std::string_view::npos) {
      std::string joined = ";";
      for (const auto word : words) joined += " " + std::string(word);
      add(joined);
      movetext_ += '\n';
      line_length_ = 0;
      return;
    }
    if (words.empty()) {
      if (!joins_previous) add("{}");
      return;
    }
    if (joins_previous) {
      // Reopen the comment just written: its "}" goes after these words.
      movetext_.pop_back();
      --line_length_;
    }
    for (std::size_t i = 0; i < words.size(); ++i) {
      std::string token(words[i]);
      if (i == 0 && !joins_previous) token.insert(0, "{");
      if (i + 1 == words.size()) token += '}';
      add(token);
    }
  }
  std::int64_t full_move(std::int64_t ply) const {
    std::int64_t start = 1;
    if (!header_.position.empty()) {
      // The FEN's move number.
      const auto last = header_.position.find_last_of(' ');
      if (last != std::string::npos) {
        try {
          start = std::stoll(header_.position.substr(last + 1));
        } catch (const std::exception&) {
          start = 1;
        }
      }
    }
    // Counting stops at the largest number, as the game's own count does.
    const std::int64_t more = (ply + (first_black_ ? 1 : 0)) / 2;
    return start > std::numeric_limits<std::int64_t>::max() - more ? std::numeric_limits<std::int64_t>::max()
                                                                    : start + more;
  }
  // Adds a token, wrapping before 80 columns; after "(" or before ")" with
  // no space.
  void add(const std::string& token) {
    comment_open_ = false;
    const bool glued = glue_ || token == ")";
    glue_ = false;
    // A comment's word such as `[Event` never starts a line: the reader
    // would take the line for the next game's tags.
    const bool like_tag = token.size() > 1 && token[0] == '[' && is_name_char(token[1]);
    if (line_length_ > 0 && line_length_ + (glued ? 0 : 1) + token.size() > 79 && !like_tag) {
      movetext_ += '\n';
      line_length_ = 0;
    } else if (line_length_ > 0 && !glued) {
      movetext_ += ' ';
      ++line_length_;
    }
    movetext_ += token;
    line_length_ += token.size();
  }
  // Seven-tag roster from the PGN tags or a move list's header (players:,
  // date:, event:, site:, round:).
  std::string tags(const std::string& result) const {
    std::vector<std::pair<std::string, std::string>> roster = {
        {"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
        {"White", "?"}, {"Black", "?"}, {"Result", result}};
    auto set = [&](const std::string& key, const std::string& value) {
      for (auto& [k, v] : roster) {
        if (k == key && key != "Result") v = value;
      }
    };
    std::vector<std::pair<std::string, std::string>> others;
    bool variant_given = false;
    for (const auto& [key, value] : header_.tags) {
      const bool in_roster = std::any_of(roster.begin(), roster.end(), [&](const auto& t) { return t.first == key; });
      if (in_roster)
        set(key, value);
      else if (key != "FEN" && key != "SetUp")
        others.emplace_back(key, value);
      variant_given |= key == "Variant";
    }

    if (header_.tags.empty() && !header_.text.empty()) {
      try {
        const YAML::Node root = YAML::Load(header_.text);
        if (root.IsMap()) {
          if (const YAML::Node players = root["players"]; players && players.IsMap()) {
            if (players["white"] && players["white"].IsScalar()) set("White", players["white"].Scalar());
            if (players["black"] && players["black"].IsScalar()) set("Black", players["black"].Scalar());
          }
          if (root["date"] && root["date"].IsScalar()) {
            std::string date = root["date"].Scalar();
            std::replace(date.begin(), date.end(), '-', '.');
            set("Date", date);
          }
          for (const char* key : {"event", "site", "round"}) {
            if (root[key] && root[key].IsScalar()) {
              std::string name = key;
              name[0] = static_cast<char>(name[0] - 'a' + 'A');
              set(name, root[key].Scalar());
            }
          }
        }
      } catch (const YAML::Exception&) {
        // A header that was read is valid YAML.
      }
    }
    if (header_.match) add_match_tags(*header_.match, set, others);
    std::string out;
    for (const auto& [key, value] : roster) out += "[" + key + " \"" + escape_tag(value) + "\"]\n";
    if (!variant_.empty() && !variant_given) out += "[Variant \"" + escape_tag(variant_) + "\"]\n";
    if (!header_.position.empty()) {
      out += "[SetUp \"1\"]\n";
      out += "[FEN \"" + escape_tag(header_.position) + "\"]\n";
    }
    for (const auto& [key, value] : others) out += "[" + key + " \"" + escape_tag(value) + "\"]\n";
    return out;
  }

  // A game gamerec ran, in PGN's words: the roster, then how it ended
  // (Termination, the PGN standard 9.8.1) and its clocks (TimeControl).
  template <typename SetTag>
  static void add_match_tags(const MatchFacts& facts, const SetTag& set,
                             std::vector<std::pair<std::string, std::string>>& others) {
    if (!facts.event.empty()) set("Event", facts.event);
    if (!facts.date.empty()) {
      std::string date = facts.date;
      std::replace(date.begin(), date.end(), '-', '.');
      set("Date", date);
    }
    if (facts.round > 0) set("Round", std::to_string(facts.round));
    if (facts.players.size() > 0) set("White", facts.players[0]);
    if (facts.players.size() > 1) set("Black", facts.players[1]);
    others.emplace_back("Termination", termination_word(facts.end));
    if (!facts.time_control.empty()) others.emplace_back("TimeControl", facts.time_control);
  }
  static std::string termination_word(MatchFacts::End end) {
    switch (end) {
      case MatchFacts::End::kNormal: return "normal";
      case MatchFacts::End::kTimeForfeit: return "time forfeit";
      case MatchFacts::End::kAbandoned: return "abandoned";
      case MatchFacts::End::kRulesInfraction: return "rules infraction";
      case MatchFacts::End::kUnterminated: break;
    }
    return "unterminated";
  }

  GameHeader header_;
  std::string variant_;  // the [Variant] tag the rules need, "" for none
  std::string movetext_;
  std::size_t line_length_ = 0;
  bool glue_ = false;  // the next token follows "(" at once
  bool comment_open_ = false;  // movetext ends with a comment's "}": the next comment joins it
  std::vector<Line> lines_;  // the main line, then the variations open
  std::vector<std::string> move_nags_;  // the NAGs written after the last move
  bool first_black_ = false;
};

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

RecordFormat pgn_format() {
  RecordFormat format;
  format.name = "pgn";
  format.description = "Portable Game Notation: many chess games per file, tags, comments, variations";
  format.extensions = {"pgn"};
  format.game = "chess";
  format.many_games = true;
  format.recognises = looks_like_pgn;
  format.open_reader = [](std::unique_ptr<LineSource> lines) -> std::unique_ptr<RecordSource> {
    return std::make_unique<PgnSource>(std::move(lines));
  };
  format.open_writer = [] { return std::make_unique<PgnWriter>(); };
  format.find_game_start = pgn_game_start;
  return format;
}

}  // namespace gamerec
