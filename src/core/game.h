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
//  - a move's text passes two stages: Game::parse_move (no position:
//    `notation`, `off-board`) gives a WrittenMove; State::resolve (the
//    position: `game-over` first, then the game's checks) gives the Move.
//    A notation that names less than a whole move (chess SAN "Nf3") leaves
//    the rest to resolve, which finds the one legal move it means.
//  - hidden information: State::observe(side) is what that side has seen;
//    computer players get only that (MoveChooser never sees a State).
//  - the end: Outcome says who won, why (an end id such as "checkmate") and
//    the score where the game has one (kalah's stores).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/error.h"
#include "core/observation.h"
#include "core/options.h"
#include "core/view.h"

namespace gamerec {

class RecordSource;
class MoveObserver;
struct RunResult;

struct Move {
  int from = -1;
  int to = -1;
  int flag = 0;
  bool operator==(const Move&) const = default;
};

// Stage one's result: what the text says, before the position is known. For
// most notations it is the whole move (`complete`); otherwise `hints` hold
// what the text named, with a meaning the game fixes (chess SAN: the piece,
// the origin file and rank it gave, capture and castling marks).
struct WrittenMove {
  Move move;
  bool complete = true;
  std::int8_t hints[4] = {-1, -1, -1, -1};
};

struct Outcome {
  bool over = false;
  std::vector<Side> winners;  // empty when over means a draw
  // Why the game ended, a stable id (SPEC 1: "kings-captured", "checkmate",
  // "board-full", ...); empty while it goes on.
  std::string end;
  // Per side, where the game keeps a score (kalah's stores); else empty.
  std::vector<int> score;
  // A draw a player may claim though the game goes on ("threefold").
  std::string draw_claimable;
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
  // The whole position, as replay shows it.
  virtual BoardView view() const = 0;
  // What `side` has seen; for a game without hidden information, the
  // whole position (PositionObservation).
  virtual std::unique_ptr<Observation> observe(Side side) const = 0;
  // Whether `viewer` may know the move that led to this position (a
  // battleship placement is its player's secret); true in games without
  // hidden information.
  virtual bool last_move_seen_by(Side /*viewer*/) const { return true; }
  // Leaf nodes of the legal-move tree `depth` plies deep. The default
  // clones and lists moves at every node; a game may count faster.
  virtual std::uint64_t count_leaves(int depth) const;
  // Why the side to move moves now, when turn order alone does not say
  // (kalah's extra move): a key of the game's own messages, shown in the
  // status line instead of the plain "X to move", with {side} and {number}
  // filled in the same way. nullopt for an ordinary turn.
  virtual std::optional<Message> turn_reason() const { return std::nullopt; }

  // Stage two of a move's text: `game-over` first, then the game's own
  // checks in SPEC order; on success `move` is the move to apply.
  std::optional<MoveError> resolve(const WrittenMove& written, Move& move) const {
    // A legal move is neither game-over nor any other error, so a quick
    // proof of legality may come before the ordered checks.
    if (proves_legal(written, move)) return std::nullopt;
    if (is_over()) return MoveError{ErrorCode::kGameOver};
    return do_resolve(written, move);
  }
  // The same for a whole Move (a computer player's, a test's).
  std::optional<MoveError> check(const Move& move) const {
    if (is_over()) return MoveError{ErrorCode::kGameOver};
    return do_check(move);
  }
  // Plays a move that resolve() or check() accepted.
  void apply(const Move& move) {
    do_apply(move);
    ++moves_played_;
  }
  // Moves applied since the start position (record lines, not full turns).
  std::int64_t moves_played() const { return moves_played_; }

 protected:
  State() = default;
  State(const State&) = default;
  State& operator=(const State&) = default;
  // The game's checks of a whole move, in SPEC order; the game is not over.
  virtual std::optional<MoveError> do_check(const Move& move) const = 0;
  // The default takes a complete written move as it is; a notation that
  // leaves parts to the position resolves them here.
  virtual std::optional<MoveError> do_resolve(const WrittenMove& written, Move& move) const {
    move = written.move;
    return do_check(move);
  }
  // A cheap proof that `written` is legal here, setting `move`: true only
  // when it is (then the game is not over either). False means "do the
  // ordered checks", never "illegal". Validating a long record is mostly
  // legal moves: a game may answer them here without deciding everything
  // the ordered checks need (chaturanga: whether the side to move can move).
  virtual bool proves_legal(const WrittenMove& /*written*/, Move& /*move*/) const { return false; }
  virtual void do_apply(const Move& move) = 0;

 private:
  std::int64_t moves_played_ = 0;
};

// How a computer player is set up.
struct ChooserSettings {
  std::uint64_t seed = 0;                       // every random choice follows from it
  std::optional<std::int64_t> movetime_ms;      // a searching player's time per move
  std::optional<std::int64_t> timeout_ms = {};  // how long an external program may take to answer
  // Readable once the session is to end (a signal arrived): a player that
  // waits for an external program stops waiting then. -1: never.
  int cancel_fd = -1;
};

// A computer player's brain: picks one of `legal` from what its side has
// seen, or nullopt when there is none. It never sees the State.
class MoveChooser {
 public:
  virtual ~MoveChooser() = default;
  virtual std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) = 0;
};

// The exact game-theoretic value of a position (gamerec solve), for games
// small enough to solve: what a perfect player gets from there.
struct Solution {
  // The final score difference under perfect play (kalah: the side's
  // store minus the other's), from `side`'s point of view: the side to move,
  // or the first side when the game is over.
  int value = 0;
  Side side = 0;
  std::optional<Move> best;  // a move that keeps the value; none when over
  std::uint64_t nodes = 0;   // positions searched
};

class Solver {
 public:
  virtual ~Solver() = default;
  virtual Solution solve(const State& state) = 0;
};

// Definitions are catalogue data, shared by every Game made from them.
using SharedDefinition = std::shared_ptr<const GameDefinition>;

class Game {
 public:
  Game(SharedDefinition definition, RuleOptions options)
      : definition_(std::move(definition)), options_(std::move(options)) {}
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  const std::string& name() const { return definition_->name; }
  const GameDefinition& definition() const { return *definition_; }
  const RuleOptions& options() const { return options_; }

  virtual std::unique_ptr<State> new_state() const = 0;
  // The start position a record asks for (a header's `position`, a PGN FEN
  // tag); the usual start when `position` is empty. A message when the game
  // has no such positions or this one is malformed.
  virtual std::variant<std::unique_ptr<State>, Message> new_state_from(std::string_view position) const {
    if (position.empty()) return new_state();
    return Message{"header.no-positions", {{"game", name()}}};
  }
  // Stage one of a move: its text, checked for `notation` and `off-board`
  // only; nothing here may look at a position.
  virtual std::optional<MoveError> parse_move(std::string_view text, WrittenMove& written) const = 0;
  // A legal move of `before` as this game writes it.
  virtual std::string move_text(const Move& move, const State& before) const = 0;
  // A computer player; `level` is game-specific ("1".."5", "random", ...).
  // nullptr when the game has no player of that level.
  virtual std::unique_ptr<MoveChooser> make_chooser(std::string_view level,
                                                    const ChooserSettings& settings) const = 0;
  // The levels make_chooser knows, the default first.
  virtual std::vector<std::string> levels() const = 0;
  std::string default_level() const {
    auto all = levels();
    return all.empty() ? std::string() : all.front();
  }
  // For cursor input (play on a terminal, ui/keys.h): the move that puts a
  // piece on a cell of the view's first grid (row 0 is the top row drawn),
  // in this game's notation; empty for a game whose moves are not single
  // cells, which then has no cursor.
  virtual std::string cell_move(int /*row*/, int /*col*/) const { return {}; }
  // An exact solver (gamerec solve), or nullptr for a game without one.
  virtual std::unique_ptr<Solver> solver() const { return nullptr; }
  // The winners a record's declared result names (chess "1-0": White; a
  // draw: none), or nullopt when it names none ("*") or the game has no
  // such results. validate warns when the rules ended the game otherwise.
  virtual std::optional<std::vector<Side>> declared_winners(std::string_view /*result*/) const {
    return std::nullopt;
  }
  // A word a person may type at the prompt that stands for several moves of
  // the side to move (battleship's "random": the rest of the fleet placed
  // at random): those moves, legal in turn from `state`, drawn with `seed`;
  // empty when `line` is no such word. The moves are written and played
  // one by one like typed ones.
  virtual std::vector<Move> shortcut_moves(std::string_view /*line*/, const State& /*state*/,
                                           std::uint64_t /*seed*/) const {
    return {};
  }
  // Why a person may not type `text` at the prompt in `state` though a
  // record may hold it (battleship: a shot's answer, which only the enemy
  // fleet knows; checking it would tell the person the answer for free).
  // nullopt for a line the rules are to judge.
  virtual std::optional<MoveError> refused_at_prompt(std::string_view /*text*/,
                                                     const State& /*state*/) const {
    return std::nullopt;
  }
  // Why `move`, made in `before`, may not be taken back at the prompt
  // (battleship: a shot, whose answer told about a fleet that is hidden;
  // taking it back would let the shooter look again for free), as a
  // message of the game's own; nullopt when it may.
  virtual std::optional<Message> undo_refused(const State& /*before*/, const Move& /*move*/) const {
    return std::nullopt;
  }
  // Whether a side may not see the whole position (battleship): people
  // sharing one terminal then take turns at a cleared screen.
  virtual bool hides_information() const { return false; }
  // How a game ends when `loser` forfeits (a computer player that breaks the
  // rules): by default every other side wins.
  virtual Outcome forfeit(Side loser) const;
  // Runs the current game of `source` from `state` (core/move_run.h). A game
  // may override it to run the same loop with its own final types, which
  // the compiler can call without virtual dispatch.
  virtual RunResult run_moves(RecordSource& source, State& state, MoveObserver* observer) const;

 private:
  SharedDefinition definition_;
  RuleOptions options_;
};

// Both stages for one move's text in `state`: why the text is rejected, or
// nullopt with `move` set to the move to apply. Inline: it runs for every
// move validated.
inline std::optional<MoveError> check_move_text(const Game& game, const State& state, std::string_view text,
                                                Move& move) {
  WrittenMove written;
  if (auto error = game.parse_move(text, written)) return error;
  return state.resolve(written, move);
}

// Leaf nodes `depth` plies deep (State::count_leaves), and the same per
// first move (perft --divide), in legal_moves() order.
std::uint64_t perft(const State& state, int depth);
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const State& state, int depth);

}  // namespace gamerec
