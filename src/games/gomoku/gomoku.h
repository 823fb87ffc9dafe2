#pragma once
// Gomoku (gamerec-games(7), GOMOKU).
//
// A square board of `size` x `size` points. Black moves first, then the two
// sides alternate; a move puts one stone of the mover's colour on an empty
// point. A point is written as its column letter and row number, "H8" (the
// centre of 15x15), case-insensitive; row 1 is at the bottom. Five or more
// stones of one colour in a row, horizontally, vertically or diagonally, win
// (`rule=freestyle`). With `rule=exact5` only a line of exactly five wins:
// six or more in a row (an overline) does not, but a move that makes exactly
// five in one line wins even if it makes six in another. With `rule=renju`
// Black wins only with exactly five and loses on a forbidden move (an
// overline, a double four, a double three: renju.cpp), White with five or
// more. With `rule=caro` five or more win unless the opponent's stones close
// both ends of the row. A full board with no winner is a draw.
//
// Options (definitions/gomoku.yaml):
//   size (int, 15, 5..26): the board's side.
//   rule (string, freestyle): freestyle, exact5, renju or caro.
//   exact_five (bool, false): rule=exact5, as older records say it.
//
// Ends: "line-of-five" (a side made five: it wins), "forbidden-move" (Black
// made a forbidden move under renju: White wins), "board-full" (a draw).
//
// A point is the index row * size + column, row 0 being row "1" (the
// bottom) and column 0 column "A"; a Move holds it in `to`.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
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

using FiveRule = FiveInARow::Rule;

struct Rules {
  int size = 15;
  FiveRule rule = FiveRule::kFreestyle;
};

// The typed options; a message when they do not make a board.
Result<Rules, Message> rules_from_options(const RuleOptions& options);

class GomokuState final : public State {
 public:
  explicit GomokuState(const Rules& rules);

  int size() const { return rules_.size; }
  FiveRule rule() const { return rules_.rule; }
  // kBlack, kWhite or kEmpty.
  std::int8_t at(int point) const { return board_[static_cast<std::size_t>(point)]; }
  int stones() const { return stones_; }
  int last_move() const { return last_move_; }  // -1 before the first
  // The points of the line (or lines) that won; empty otherwise.
  const std::vector<int>& winning_line() const { return winning_line_; }
  // Whether Black may not play the empty `point` (renju only): it would
  // lose the game.
  bool forbidden(int point) const;

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
  // Whether a row of `length` stones of `side` wins under the rule; `closed`:
  // the opponent's stones close both its ends.
  bool wins(int side, int length, bool closed) const;

  Rules rules_;
  std::array<std::int8_t, kMaxPoints> board_{};
  int stones_ = 0;
  int to_move_ = kBlack;
  int last_move_ = -1;
  bool over_ = false;
  int winner_ = kNoSide;
  bool forbidden_move_ = false;  // renju: Black's last move was forbidden
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
  Rule five_rule() const override { return rules_.rule; }
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

// Whether a black stone on the empty `point` of `stones` (a board of
// `size`, row-major) is forbidden under renju (renju.cpp).
bool renju_forbidden(std::span<const std::int8_t> stones, int size, int point);

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
