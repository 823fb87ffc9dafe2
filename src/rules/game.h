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
//    `notation`, `off-board`) gives a WrittenMove; State::check (the
//    position: `game-over` first, then the game's checks) judges the Move.
//    Game::read_move runs both, with the game's one fast path for a plainly
//    legal text first (rules/typed.h, proves_text). A notation that names
//    less than a whole move (chess SAN "Nf3") finds the one legal move it
//    means in its own read_text.
//  - hidden information: State::observe(side) is what that side has seen;
//    computer players get only that (MoveChooser never sees a State).
//  - the end: Outcome says who won, why (an end id such as "checkmate") and
//    the score where the game has one (kalah's stores).
//  - what only some games have (a solver, cell input, hidden moves, prompt
//    rules, results written as text, protocols for outside players) is not
//    on Game: a game provides the behaviour as facets (rules/facets.h),
//    asked for with game.facet<F>(), and GameType sums them up as a value.
//  - a game's own classes sit behind this interface through the typed
//    bases of rules/typed.h, the one place that casts to them.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "rules/error.h"
#include "rules/observation.h"
#include "rules/options.h"
#include "rules/result.h"
#include "rules/view.h"

namespace gamerec {

struct Move {
  int from = -1;
  int to = -1;
  int flag = 0;
  bool operator==(const Move&) const = default;
};

// Stage one's result: what the text says, before the position is known. For
// most notations it is the whole move (`complete`); otherwise stage two
// reads what the text named again from `text` (chess SAN: the piece, the
// origin file and rank it gave, capture and castling marks), with the
// position at hand.
struct WrittenMove {
  Move move;
  bool complete = true;
  std::string_view text;  // the text parsed: valid as long as the caller's text
};

struct Outcome {
  bool over = false;
  std::vector<Side> winners;  // empty when over means a draw
  // Why the game ended, a stable id ("kings-captured", "checkmate",
  // "board-full", ...: gamerec-games(7), HOW A GAME ENDS); empty while it
  // goes on.
  std::string end;
  // Per side, where the game keeps a score (kalah's stores), as it stands
  // also while the game goes on; else empty.
  std::vector<int> score;
  // A draw a player may claim though the game goes on ("threefold").
  std::string draw_claimable;
};

template <typename Derived, typename StateT>
class GameOf;  // rules/typed.h

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
  // Leaf nodes of the legal-move tree `depth` plies deep. The default
  // clones and lists moves at every node; a game may count faster.
  virtual std::uint64_t count_leaves(int depth) const;

  // Stage two for a whole Move (a record's text read by Game::read_move, a
  // computer player's, a test's): `game-over` first, then the game's own
  // checks in the order of gamerec-record(5), ERROR CODES; nullopt when the
  // move is legal.
  std::optional<MoveError> check(const Move& move) const {
    if (is_over()) return MoveError{ErrorCode::kGameOver};
    return do_check(move);
  }
  // Plays a move that read_move() or check() accepted.
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
  // The game's checks of a whole move, in the documented order; the game
  // is not over. nullopt when the move is legal.
  virtual std::optional<MoveError> do_check(const Move& move) const = 0;
  virtual void do_apply(const Move& move) = 0;

 private:
  // The typed base applies moves to a game's own final class itself
  // (rules/typed.h, GameOf::apply), and counts them.
  template <typename Derived, typename StateT>
  friend class GameOf;
  std::int64_t moves_played_ = 0;
};

// How a game's own computer player is set up. What only a program
// playing through a protocol needs is PlayerSettings' (core/match.h).
struct ChooserSettings {
  std::uint64_t seed = 0;                   // every random choice follows from it
  std::optional<std::int64_t> movetime_ms;  // a searching player's time per move
};

// A computer player's brain: picks one of `legal` from what its side has
// seen, or nullopt when there is none. It never sees the State.
class MoveChooser {
 public:
  virtual ~MoveChooser() = default;
  virtual std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) = 0;
};

// Static facts about a rules core, which generic code may rely on without
// asking for a facet (OpenSpiel's GameType). It is a value: the catalogue
// holds it for each registered core before any game is made, and every game
// made by the core carries the same one. A game states only what no facet
// says (its GameFacts); the rest is derived from the facets its Game class
// derives from (game_type<G>() in rules/facets.h), so it is never said
// twice and cannot disagree with what the game does.
struct GameType {
  enum class Information { kPerfect, kHidden };
  std::string rules;  // the core's name, as a definition's `rules:` gives it
  int sides = 2;      // how many sides play; a definition lists as many
  // Two sides sit at opposite ends of the board (chess): a person playing
  // the second side sees the board turned round (play).
  bool sides_face = false;
  // Derived: kHidden when the game provides HiddenInformation (a side may
  // not see the whole position: people sharing a terminal then take turns
  // at a cleared screen).
  Information information = Information::kPerfect;
  bool solver = false;      // derived: it provides Solvable (gamerec solve)
  bool cell_board = false;  // derived: it provides CellBoard (cursor play, .psq)
  bool operator==(const GameType&) const = default;
};

// What a game's class states of itself (`static constexpr GameFacts
// kFacts`), the part of its GameType no facet can tell.
struct GameFacts {
  std::string_view rules;
  int sides = 2;
  bool sides_face = false;
};

// Definitions are catalogue data, shared by every Game made from them.
using SharedDefinition = std::shared_ptr<const GameDefinition>;

// What Game::play_texts did: how many texts it played, and why it stopped
// at the next one (nullopt when it played them all).
struct TextsPlayed {
  std::size_t played = 0;
  std::optional<MoveError> refused;
};

class Game {
 public:
  Game(GameType type, SharedDefinition definition, RuleOptions options)
      : type_(std::move(type)), definition_(std::move(definition)), options_(std::move(options)) {}
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  const std::string& name() const { return definition_->name; }
  const GameDefinition& definition() const { return *definition_; }
  const RuleOptions& options() const { return options_; }
  // The rules core's facts: the value the catalogue registered for it.
  const GameType& type() const { return type_; }
  // A capability only some games have (rules/facets.h), or nullptr: the
  // game provides it by deriving from F.
  template <typename F>
  const F* facet() const {
    return dynamic_cast<const F*>(this);
  }

  virtual std::unique_ptr<State> new_state() const = 0;
  // The start position a record asks for (a header's `position`, a PGN FEN
  // tag); the usual start when `position` is empty. A message when the game
  // has no such positions or this one is malformed.
  virtual Result<std::unique_ptr<State>, Message> new_state_from(std::string_view position) const {
    if (position.empty()) return new_state();
    return Message{"header.no-positions", {{"game", name()}}};
  }
  // Stage one of a move: its text, checked for `notation` and `off-board`
  // only; nothing here may look at a position.
  virtual Result<WrittenMove, MoveError> parse_move(std::string_view text) const = 0;
  // Both stages for one text: the move it stands for in `state`, or why it
  // is refused (stage one's errors first).
  // The typed base (rules/typed.h) overrides it with the game's one fast
  // path for a plainly legal text first, and the game's own stage two for a
  // notation that names less than a whole move (chess's SAN).
  virtual Result<Move, MoveError> read_move(const State& state, std::string_view text) const {
    auto written = parse_move(text);
    if (!written) return std::move(written.error());
    if (auto error = state.check(written->move)) return std::move(*error);
    return written->move;
  }
  // Plays `texts` in turn from `state`, both stages each, until one is
  // refused: validate's loop. The typed base (rules/typed.h) runs it with
  // the game's own classes, without a virtual call per move. `played`,
  // when given, gets each move played (a record with variations branches
  // from the position before a move).
  virtual TextsPlayed play_texts(State& state, std::span<const std::string_view> texts,
                                 std::vector<Move>* played = nullptr) const;
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
  // How a game ends when `loser` forfeits (a computer player that breaks the
  // rules): every side not on its team wins (each side is a team of its
  // own unless the game provides Teams, rules/facets.h).
  Outcome forfeit(Side loser) const;

 private:
  GameType type_;
  SharedDefinition definition_;
  RuleOptions options_;
};

// Both stages for one move's text in `state` (Game::read_move).
inline Result<Move, MoveError> read_move(const Game& game, const State& state, std::string_view text) {
  return game.read_move(state, text);
}

// Leaf nodes `depth` plies deep (State::count_leaves), and the same per
// first move (perft --divide), in legal_moves() order.
std::uint64_t perft(const State& state, int depth);
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const State& state, int depth);

}  // namespace gamerec
