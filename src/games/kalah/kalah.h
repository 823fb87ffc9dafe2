#pragma once
// Kalah, as on the Bantumi handset game (gamerec-games(7), KALAH).
//
// Two sides, South (moves first) and North, each with a row of pits and a
// store at its right-hand end; North's row is drawn on top, so the stores
// sit at the two ends of the board. A move is a pit number, 1 to `pits`,
// counted along the mover's row in sowing direction: pit 1 is farthest from
// the mover's store. All seeds of the pit are sown counter-clockwise, one
// per following pit, into the mover's own store but never the opponent's.
// The last seed in the own store: the mover moves again. The last seed in
// an own pit that was empty (also the starting pit after a full lap):
// that seed and the seeds of the opposite pit go to the mover's store.
// When either side's pits are all empty after a move, each side adds the
// seeds left in its pits to its store and the game is over: more seeds in
// store wins, equal is a draw.
//
// Options (definitions/kalah.yaml):
//   seeds (int 3..6, 4): seeds in each pit at the start.
//   pits (int 1..8, 6): pits per side; the move numbers follow it. At most 8
//     so that every count (at most 96 seeds) fits the board's two digits.
//   capture_needs_opposite_seeds (bool, true): no capture when the opposite
//     pit is empty; when false, the lone last seed still goes to the store.
//
// Ends: "no-seeds". The score is {South's store, North's store}.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/facets.h"
#include "rules/game.h"
#include "rules/typed.h"

namespace gamerec::kalah {

enum KalahSide : int { kSouth = 0, kNorth = 1 };
inline constexpr int kMaxPits = 8;

struct Rules {
  int pits = 6;
  int seeds = 4;
  bool capture_needs_opposite_seeds = true;
};
Rules rules_from_options(const RuleOptions& options);

// Seeds of one side: pits[0] is its pit 1; store beside them.
struct Row {
  std::array<std::uint8_t, kMaxPits> pits{};
  int store = 0;
  bool operator==(const Row&) const = default;
};

// What one sowing did: where the last seed fell, and what followed.
struct Sowing {
  bool extra_move = false;  // the last seed fell in the mover's store
  int captured = 0;         // seeds taken to the store by a capture (0: none)
};

class KalahState final : public State {
 public:
  explicit KalahState(const Rules& rules);
  // Any position (tests, the solver's checks): rows and the side to move.
  KalahState(const Rules& rules, const Row& south, const Row& north, Side to_move);

  const Rules& rules() const { return rules_; }
  const Row& row(Side side) const { return rows_[side]; }
  int seeds_in(Side side, int pit) const { return rows_[side].pits[static_cast<std::size_t>(pit - 1)]; }
  // The last move's pit and who played it (-1 and kNoSide at the start).
  int last_pit() const { return last_pit_; }
  Side last_mover() const { return last_mover_; }
  // Whether the side to move moves again after the last move.
  bool extra_move() const { return extra_move_ && !over_; }
  // What playing `pit` for the side to move would do, without playing it.
  Sowing preview(int pit) const;

  Side to_move() const override { return over_ ? kNoSide : to_move_; }
  std::vector<Move> legal_moves() const override;
  bool is_over() const override { return over_; }
  Outcome outcome() const override;
  std::unique_ptr<State> clone() const override;
  bool equals(const State& other) const override;
  BoardView view() const override;
  std::unique_ptr<Observation> observe(Side side) const override;
  // A move that ends the game is a leaf, whatever depth it is at (see
  // count_leaves in the .cpp).
  std::uint64_t count_leaves(int depth) const override;

 protected:
  std::optional<MoveError> do_check(const Move& move) const override;
  void do_apply(const Move& move) override;

 private:
  Sowing sow(int pit);
  void finish_if_empty();

  Rules rules_;
  std::array<Row, 2> rows_{};
  Side to_move_ = kSouth;
  bool over_ = false;
  bool extra_move_ = false;
  int last_pit_ = -1;  // the last move's pit, for the board's highlight
  Side last_mover_ = kNoSide;
};

// Level 7's endgame table (players.cpp), built when a level-7 player first
// needs it and then shared by every player made from the same game: a
// tourney makes new players for each game, and the table takes seconds.
class LevelSevenTables;
std::shared_ptr<LevelSevenTables> make_level_seven_tables();

class KalahGame final : public GameOf<KalahGame, KalahState>,
                        public TurnReasons,
                        public Solvable,
                        public Pictured,
                        public PositionText,
                        public ProgramNotation {
 public:
  static constexpr GameFacts kFacts{.rules = "kalah"};
  KalahGame(SharedDefinition definition, RuleOptions options, Rules rules)
      : GameOf(std::move(definition), std::move(options)), rules_(rules) {}

  std::unique_ptr<State> new_state() const override;
  // A `position:` header (see parse_position).
  Result<std::unique_ptr<State>, Message> new_state_from(std::string_view position) const override;
  Result<WrittenMove, MoveError> parse_move(std::string_view text) const override;
  std::string move_text(const Move& move, const State& before) const override;
  std::unique_ptr<MoveChooser> make_chooser(std::string_view level,
                                            const ChooserSettings& settings) const override;
  std::vector<std::string> levels() const override { return {"5", "1", "2", "3", "4", "6", "7"}; }
  std::unique_ptr<Solver> solver() const override;
  // "South moves again" after the last seed fell in the own store.
  std::optional<Message> turn_reason(const State& state) const override;
  // Pictured: the pits with their seeds and counts, the stores, the pit
  // last played ringed (picture.cpp).
  std::vector<Glyph> glyphs() const override { return {}; }
  Picture picture(const State& state, Side viewer) const override;

  const Rules& rules() const { return rules_; }
  // PositionText: a `position:` header's text (position_text.cpp); every game
  // starts where its options say.
  std::string position_text(const State& state) const override;
  std::string start_text() const override { return ""; }
  std::string variant_tag() const override { return ""; }
  // ProgramNotation: moves as pit numbers, a position as its text
  // (protocol.cpp).
  std::string program_move_text(const Move& move) const override;
  Told told_position(const State& position) const override;

 private:
  Rules rules_;
  std::shared_ptr<LevelSevenTables> level_seven_tables_ = make_level_seven_tables();
};

// Stage one: a pit number 1..pits, digits only; anything else, a number out
// of that range included, is `notation` (gamerec-record(5), ERROR CODES: the notation fixes the range).
Result<Move, MoveError> parse_pit(std::string_view text, int pits);

// A position's text: "south: 4 4 4 4 4 4 | 0; north: 4 4 4 4 4 4 | 0;
// to-move: south", the two rows from pit 1 on, each with its store after
// '|', then the side to move; the seeds must add up to the game's
// (position_text.cpp says it all). Errors: position.bad-field (a field missing,
// misnamed or out of order), position.bad-row (a row without `pits` counts,
// '|' and a store), position.unknown-side, position.seed-total.
Result<std::unique_ptr<KalahState>, Message> parse_position(std::string_view text, const Rules& rules,
                                                            const GameDefinition& definition);
// The text parse_position reads back: "south: 4 4 4 4 4 4 | 0; north: ...".
std::string position_text(const KalahState& state, const GameDefinition& definition);

// The classic Bantumi levels 1-5 (gamerec-games(7), KALAH; see players.cpp for the exact
// choices), deterministic under `seed`.
std::unique_ptr<MoveChooser> make_classic_chooser(int level, std::uint64_t seed);
// Level 6: alpha-beta `depth` plies deep (an extra move is a ply), scored by
// the store difference.
std::unique_ptr<MoveChooser> make_alpha_beta_chooser(int depth);
// Level 7: iterative deepening up to `movetime_ms` per move, exact once
// the search reaches every game end.
std::unique_ptr<MoveChooser> make_perfect_chooser(std::int64_t movetime_ms,
                                                  std::shared_ptr<LevelSevenTables> tables);

// Builds the game from its definition and options (the catalogue's factory).
Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options);

}  // namespace gamerec::kalah
