#pragma once
// The one interface every game implements; validate, replay, play, perft and
// tourney are written once against it (OpenSpiel's Game/State split).
//
// How the five games fit:
//  - sides: any number, in turn order; State::to_move() says who moves next,
//    so skipped turns (chaturanga eliminations), extra turns (kalah, battleship
//    hits) and plain alternation are all the rules core's business.
//  - a Move is three small integers whose meaning each game fixes: from/to
//    squares (chaturanga, chess, with `flag` for promotion), a pit (kalah),
//    a point (gomoku), a placement or a shot with its answer (battleship).
//  - hidden information: State::view(viewer) draws what `viewer` may see.
//  - many games per file and start positions (chess PGN/FEN) are the
//    reader's and Game::new_state_from()'s business, not the loop's.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/error.h"
#include "core/options.h"

namespace gamerec {

using Side = int;  // index into GameDefinition::sides; kNoSide when none
inline constexpr Side kNoSide = -1;

struct Move {
  int from = -1;
  int to = -1;
  int flag = 0;
  bool operator==(const Move&) const = default;
};

struct Outcome {
  bool over = false;
  std::vector<Side> winners;  // empty when over means a draw
};

// What a board looks like, for the UI to draw: one or more grids (battleship
// shows a player's own fleet beside their shots), rows top to bottom.
struct BoardCell {
  int piece = -1;  // index into the definition's piece letters; -1 empty
  Side owner = kNoSide;
  char mark = 0;     // a symbol for games without pieces ('.', '~', 'x')
  std::string text;  // up to two characters, shown instead (kalah's seed counts)
};
struct BoardGrid {
  std::string title;  // empty for a game with one grid
  int rows = 0;
  int cols = 0;
  std::vector<std::string> row_labels;  // one per row, top first
  std::vector<std::string> col_labels;
  std::vector<BoardCell> cells;  // rows * cols, row-major
};
struct BoardView {
  std::vector<BoardGrid> grids;
};

class State {
 public:
  virtual ~State() = default;

  // The side to move, or kNoSide when the game is over.
  virtual Side to_move() const = 0;
  virtual std::vector<Move> legal_moves() const = 0;
  virtual bool is_over() const = 0;
  virtual Outcome outcome() const = 0;
  virtual std::unique_ptr<State> clone() const = 0;
  virtual bool equals(const State& other) const = 0;
  // What `viewer` may see; kNoSide sees everything (replay, validate).
  virtual BoardView view(Side viewer) const = 0;

  // Checks a parsed move against the position: `game-over` first, then the
  // game's own checks in SPEC order. nullopt means the move is legal.
  std::optional<MoveError> check(const Move& move) const {
    if (is_over()) return MoveError{ErrorCode::kGameOver, {}};
    return do_check(move);
  }
  // Plays a move that check() accepted.
  void apply(const Move& move) {
    do_apply(move);
    ++moves_played_;
  }
  // Moves applied since the start position (record lines, not full turns).
  int moves_played() const { return moves_played_; }

 protected:
  State() = default;
  State(const State&) = default;
  State& operator=(const State&) = default;
  virtual std::optional<MoveError> do_check(const Move& move) const = 0;
  virtual void do_apply(const Move& move) = 0;

 private:
  int moves_played_ = 0;
};

// A computer player: picks a legal move, or nullopt when there is none.
class MoveChooser {
 public:
  virtual ~MoveChooser() = default;
  virtual std::optional<Move> choose_move(const State& state) = 0;
};

using ParsedMove = std::variant<Move, MoveError>;

class Game {
 public:
  Game(GameDefinition definition, RuleOptions options)
      : definition_(std::move(definition)), options_(std::move(options)) {}
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  const std::string& name() const { return definition_.name; }
  const GameDefinition& definition() const { return definition_; }
  const RuleOptions& options() const { return options_; }

  virtual std::unique_ptr<State> new_state() const = 0;
  // The start position a record asks for (a header's `position`, a PGN FEN
  // tag); the usual start when `position` is empty. An error sentence when
  // the game has no such positions or this one is malformed.
  virtual std::variant<std::unique_ptr<State>, std::string> new_state_from(std::string_view position) const {
    if (position.empty()) return new_state();
    return name() + " records cannot set a start position";
  }
  // Stage one of a move: its text, checked for `notation` and `off-board`
  // only. `context` is the position it will be played in; only notations
  // that depend on the position (chess SAN) look at it.
  virtual ParsedMove parse_move(std::string_view text, const State& context) const = 0;
  virtual std::string move_text(const Move& move, const State& context) const = 0;
  // A computer player; `level` is game-specific ("1".."5", "random", ...).
  // Returns nullptr when the game has no player of that level.
  virtual std::unique_ptr<MoveChooser> make_chooser(std::string_view level, std::uint64_t seed) const = 0;
  virtual std::string default_level() const { return "1"; }

 private:
  GameDefinition definition_;
  RuleOptions options_;
};

// Both stages for one move's text in `state`: why the text is rejected
// (notation and off-board first, then game-over and the game's own checks),
// or nullopt with `move` set to the move to apply. Inline, and no variant
// returned: it runs for every move validated.
inline std::optional<MoveError> check_move_text(const Game& game, const State& state, std::string_view text,
                                                Move& move) {
  ParsedMove parsed = game.parse_move(text, state);
  if (auto* error = std::get_if<MoveError>(&parsed)) return std::move(*error);
  move = std::get<Move>(parsed);
  return state.check(move);
}

// Leaf nodes of the legal-move tree `depth` plies deep.
std::uint64_t perft(const State& state, int depth);

}  // namespace gamerec
