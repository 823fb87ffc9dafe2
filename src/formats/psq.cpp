#include "formats/psq.h"

#include <optional>
#include <string>

#include "records/record_file.h"
#include "rules/facets.h"
#include "rules/game.h"

namespace gamerec {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kMagic = "Piskvorky";
// The rule option the header's size sets (the games of a .psq are
// gomoku's; format.game below).
constexpr std::string_view kSizeOption = "size";

// Reads a line left to right; every step says whether it matched.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  void blanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\r')) ++at_;
  }
  bool literal(std::string_view expected) {
    if (text_.substr(at_, expected.size()) != expected) return false;
    at_ += expected.size();
    return true;
  }
  bool digit_next() const { return at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9'; }
  // Digits, optionally after a minus sign; a huge value stays huge
  // (clamped), never wraps. last_number() is the text as written.
  std::optional<long> number(bool signed_number = false) {
    const std::size_t start = at_;
    bool negative = false;
    if (signed_number && at_ < text_.size() && text_[at_] == '-') {
      negative = true;
      ++at_;
    }
    if (!digit_next()) return std::nullopt;
    long value = 0;
    while (digit_next()) {
      if (value < 1000000) value = value * 10 + (text_[at_] - '0');
      ++at_;
    }
    last_number_ = text_.substr(start, at_ - start);
    return negative ? -value : value;
  }
  std::string_view last_number() const { return last_number_; }
  bool done() {
    blanks();
    return at_ == text_.size();
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  std::string_view last_number_;
};

RecordError header_error(std::string kind, MessageArgs args = {}) {
  return RecordError{{ErrorCode::kHeader, std::move(kind), std::move(args)}, 1, 1, ""};
}

// The board's size as a .psq header gives it: as numbers, and as written
// (an error quotes the whole value, however large).
struct PsqBoard {
  long width = 0;
  long height = 0;
  std::string width_text;
  std::string height_text;
};

// "Piskvorky 15x15, 0:0, 0" (Piskvork's own pattern: the size, the two
// players' levels, who began, 0 or 1): the board's width and height.
std::optional<PsqBoard> parse_header_line(std::string_view line) {
  Scanner scan(line);
  if (!scan.literal(kMagic)) return std::nullopt;
  scan.blanks();
  const auto width = scan.number();
  const std::string width_text(scan.last_number());
  if (!width || !(scan.literal("x") || scan.literal("X"))) return std::nullopt;
  const auto height = scan.number();
  const std::string height_text(scan.last_number());
  scan.blanks();
  if (!height || !scan.literal(",")) return std::nullopt;
  scan.blanks();
  const auto first_level = scan.number();
  if (!first_level || !scan.literal(":")) return std::nullopt;
  const auto second_level = scan.number();
  scan.blanks();
  if (!second_level || !scan.literal(",")) return std::nullopt;
  scan.blanks();
  const auto began = scan.number();
  if (!began || *began > 1 || !scan.done()) return std::nullopt;
  return PsqBoard{*width, *height, width_text, height_text};
}

class PsqSource final : public RecordSource {
 public:
  explicit PsqSource(std::unique_ptr<LineSource> lines) : lines_(std::move(lines)) {}

  std::optional<Result<GameHeader, RecordError>> next_game() override {
    if (started_) return std::nullopt;  // one game per file
    started_ = true;
    forget_peeked();
    auto first = lines_->next();
    if (!first) {
      ended_ = true;
      return header_error("psq-empty");
    }
    std::string_view text = first->text;
    if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
    const auto board = first->too_long ? std::nullopt : parse_header_line(text);
    if (!board) {
      ended_ = true;
      return header_error("psq-first-line");
    }
    if (board->width != board->height) {
      ended_ = true;
      return header_error("psq-not-square", {{"width", board->width_text}, {"height", board->height_text}});
    }
    GameHeader header;
    header.present = true;
    header.end_line = 1;
    header.variant_line = 1;  // an unplayable size is the header's fault
    header.variant.push_back({std::string(kSizeOption), board->width_text});
    return header;
  }

  // Points become moves through the game's board of cells.
  void game_opened(const Game& game) override { cells_ = game.facet<CellBoard>(); }
  const std::optional<Error>& read_error() const override { return lines_->read_error(); }
  std::uint64_t bytes_read() const override { return lines_->bytes_read(); }

 protected:
  const RecordEvent* read_event() override {
    if (ended_ || !started_) return nullptr;
    while (auto raw = lines_->next()) {
      Scanner scan(raw->text);
      scan.blanks();
      if (scan.done() && !raw->too_long) continue;  // a blank line
      std::string_view line = raw->text;
      const auto start = line.find_first_not_of(" \t");
      line.remove_prefix(start == std::string_view::npos ? 0 : start);
      while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
        line.remove_suffix(1);
      if (!raw->too_long && !starts_like_move(line)) break;  // the names and the result code
      event_.kind = RecordEvent::Kind::kMove;
      event_.line = raw->number;
      event_.column = static_cast<std::int64_t>(start == std::string_view::npos ? 0 : start) + 1;
      event_.offset = raw->offset;
      event_.too_long = raw->too_long;
      event_.shown = line;
      event_.text = move_text(line);
      event_.notation_kind = event_.text == line ? "psq" : "";
      return &event_;
    }
    ended_ = true;
    return nullptr;
  }

 private:
  // Digits, a comma, a digit: Piskvork reads this as a move.
  static bool starts_like_move(std::string_view line) {
    Scanner scan(line);
    if (!scan.number()) return false;
    scan.blanks();
    if (!scan.literal(",")) return false;
    scan.blanks();
    return scan.digit_next();
  }

  // The move of "x,y" or "x,y,time" in the game's notation (the cell's
  // move, which for a point outside the board is one the game finds
  // off-board); the line itself when it is not a whole move, or when the
  // game has no board of cells.
  std::string_view move_text(std::string_view line) {
    Scanner scan(line);
    const auto x = scan.number();
    scan.blanks();
    scan.literal(",");
    scan.blanks();
    const auto y = scan.number();
    scan.blanks();
    if (scan.literal(",")) {
      scan.blanks();
      if (!scan.number(/*signed_number=*/true)) return line;
    }
    if (!x || !y || !scan.done() || cells_ == nullptr) return line;
    // Gomocup counts x and y from 1 at the top left, as the cells do from 0.
    point_ = cells_->cell_move(static_cast<int>(*y) - 1, static_cast<int>(*x) - 1);
    return point_;
  }

  std::unique_ptr<LineSource> lines_;
  const CellBoard* cells_ = nullptr;
  RecordEvent event_;
  std::string point_;
  bool started_ = false;
  bool ended_ = false;
};

// Given only games of a board of cells (convert checks format.game).
class PsqWriter final : public RecordWriter {
 public:
  Result<std::string, Error> begin_game(const Game& game, const GameHeader&) override {
    const CellBoard& cells = *game.facet<CellBoard>();
    return "Piskvorky " + std::to_string(cells.cols()) + "x" + std::to_string(cells.rows()) + ", 0:0, 0\n";
  }
  std::string move(const Game& game, const State&, const Move& move, std::string_view) override {
    const CellBoard::Cell cell = game.facet<CellBoard>()->cell_of(move);
    return std::to_string(cell.col + 1) + "," + std::to_string(cell.row + 1) + ",0\n";
  }
  std::string end_game(const Game&, const State&) override { return "-1\n"; }
};

}  // namespace

RecordFormat psq_format() {
  RecordFormat format;
  format.name = "psq";
  format.description = "Gomocup/Piskvork records: a header line with the board size, then x,y,time per move (gomoku)";
  format.extensions = {"psq"};
  format.game = "gomoku";
  format.recognises = [](std::string_view head) {
    if (head.substr(0, kBom.size()) == kBom) head.remove_prefix(kBom.size());
    return head.substr(0, kMagic.size()) == kMagic;
  };
  format.open_reader = [](std::unique_ptr<LineSource> lines) -> std::unique_ptr<RecordSource> {
    return std::make_unique<PsqSource>(std::move(lines));
  };
  format.open_writer = [] { return std::make_unique<PsqWriter>(); };
  // The header line gives the board size and nothing else: Gomocup plays
  // five or more in a row.
  format.unrecorded_option = [](const Game& game) -> std::optional<std::string> {
    for (const auto& [key, value] : game.options().values()) {
      if (key == kSizeOption) continue;
      const OptionSpec* spec = game.definition().find_option(key);
      if (spec != nullptr && !(spec->default_value == value)) return key + "=" + option_value_text(value);
    }
    return std::nullopt;
  };
  return format;
}

}  // namespace gamerec
