#pragma once
// Gomoku (gamerec-games(7), GOMOKU).
//
// A square board of `size` x `size` points. Black moves first, then the two
// sides alternate; a move puts one stone of the mover's colour on an empty
// point. A point is written as its column letter and row number, "H8" (the
// centre of 15x15), case-insensitive; row 1 is at the bottom. Five or more
// stones of one colour in a row, horizontally, vertically or diagonally, win.
// With `exact_five` only a line of exactly five wins: six or more in a row
// (an overline) does not, but a move that makes exactly five in one line wins
// even if it makes six in another. A full board with no winner is a draw.
//
// Options (definitions/gomoku.yaml):
//   size (int, 15, 5..26): the board's side.
//   exact_five (bool, false): only exactly five in a row wins.
//
// Ends: "line-of-five" (a side made five: it wins), "board-full" (a draw).
//
// A point is the index row * size + column, row 0 being row "1" (the
// bottom) and column 0 column "A"; a Move holds it in `to`.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/facets.h"
#include "rules/game.h"
#include "rules/typed.h"

namespace gamerec::gomoku {

inline constexpr int kMinSize = 5;
inline constexpr int kMaxSize = 26;  // one letter per column
inline constexpr int kMaxPoints = kMaxSize * kMaxSize;
inline constexpr int kBlack = 0;  // the sides, in turn order
inline constexpr int kWhite = 1;
inline constexpr std::int8_t kEmpty = -1;

struct Rules {
  int size = 15;
  bool exact_five = false;
};

// The typed options; a message when they do not make a board.
Result<Rules, Message> rules_from_options(const RuleOptions& options);

class GomokuState final : public State {
 public:
  explicit GomokuState(const Rules& rules);

  int size() const { return rules_.size; }
  bool exact_five() const { return rules_.exact_five; }
  // kBlack, kWhite or kEmpty.
  std::int8_t at(int point) const { return board_[static_cast<std::size_t>(point)]; }
  int stones() const { return stones_; }
  int last_move() const { return last_move_; }  // -1 before the first
  // The points of the line (or lines) that won; empty otherwise.
  const std::vector<int>& winning_line() const { return winning_line_; }

  Side to_move() const override { return over_ ? kNoSide : to_move_; }
  std::vector<Move> legal_moves() const override;
  bool is_over() const override { return over_; }
  Outcome outcome() const override;
  std::unique_ptr<State> clone() const override;
  bool equals(const State& other) const override;
  BoardView view() const override;
  std::unique_ptr<Observation> observe(Side side) const override;

 protected:
  std::optional<MoveError> do_check(const Move& move) const override;
  void do_apply(const Move& move) override;

 private:
  // The stones of `side` in a row after (row, col) along (dr, dc).
  int run_length(int row, int col, int dr, int dc, int side) const;

  Rules rules_;
  std::array<std::int8_t, kMaxPoints> board_{};
  int stones_ = 0;
  int to_move_ = kBlack;
  int last_move_ = -1;
  bool over_ = false;
  int winner_ = kNoSide;
  std::vector<int> winning_line_;
};

class GomokuGame final : public GameOf<GomokuGame, GomokuState>,
                         public CellBoard,
                         public Pictured,
                         public ProgramNotation,
                         public FiveInARow {
 public:
  static constexpr GameFacts kFacts{.rules = "gomoku"};
  GomokuGame(SharedDefinition definition, RuleOptions options, Rules rules)
      : GameOf(std::move(definition), std::move(options)), rules_(rules) {}

  std::unique_ptr<State> new_state() const override;
  Result<WrittenMove, MoveError> parse_move(std::string_view text) const override;
  std::string move_text(const Move& move, const State& before) const override;
  std::unique_ptr<MoveChooser> make_chooser(std::string_view level,
                                            const ChooserSettings& settings) const override;
  // 3 first: the default for --ai SIDE and for hints.
  std::vector<std::string> levels() const override { return {"3", "1", "2"}; }
  // CellBoard: the point drawn at `row` (0: the top row) and `col`: "H8".
  int rows() const override { return rules_.size; }
  int cols() const override { return rules_.size; }
  std::string cell_move(int row, int col) const override;
  Cell cell_of(const Move& move) const override;
  // Pictured: a wooden board, black and white stones, the last stone
  // marked and the winning line drawn through its stones (picture.cpp).
  std::vector<Glyph> glyphs() const override { return {}; }
  Picture picture(const State& state, Side viewer) const override;

  const Rules& rules() const { return rules_; }
  Rule five_rule() const override { return rules_.exact_five ? Rule::kExactFive : Rule::kFreestyle; }
  // ProgramNotation: moves as points, a position as its stones
  // (protocol.cpp).
  std::string program_move_text(const Move& move) const override;
  Told told_position(const State& position) const override;

 private:
  Rules rules_;
};

// Stage one: "H8" -> the point, on a board of `size`. A letter and a row
// number (no sign, no leading zero) is well formed; outside the board it is
// `off-board` (kind "point", args "last" column and "size"), anything else
// `notation`.
Result<int, MoveError> parse_point(std::string_view text, int size);
// "H8" for a point of a board of `size`.
std::string point_text(int point, int size);

// Computer players (src/games/gomoku/players.cpp, search.cpp), reproducible
// with the seed. 1: a random point near the stones. 2: threat-aware: wins in
// one, blocks fours and open threes, else the point that makes the most of
// its own and the opponent's lines. 3: alpha-beta over the points near the
// stones, after a threat-space search for a forced win by fours and threes;
// it stops at `movetime_ms` when that is set, else after a fixed amount of
// work (so that a seed replays the same game).
std::unique_ptr<MoveChooser> make_random_chooser(std::uint64_t seed);
std::unique_ptr<MoveChooser> make_threat_chooser(std::uint64_t seed);
std::unique_ptr<MoveChooser> make_search_chooser(const ChooserSettings& settings);

// Builds the game from its definition and options (the catalogue's factory).
Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options);

}  // namespace gamerec::gomoku
