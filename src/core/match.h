#pragma once
// The one match loop (docs/ARCHITECTURE.md): ask the side to move's player, check what it
// does, write the move, apply it, tell everyone. `play` is this loop with a
// person at the prompt; `tourney` is the same loop with no person. A player
// decides from its side's Observation and the legal moves, never the State.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/adjudication.h"
#include "core/clock.h"
#include "rules/game.h"

namespace gamerec {

// What a player does at its turn.
struct Action {
  // A person's line (a move's text or a command); a program's move in the
  // game's notation (an external player's answer); or, with `move`, empty
  // (the match writes the move in the game's notation) or the move as the
  // program sent it (a UCI engine's e2e4), which names it if it is refused.
  std::string text;
  std::optional<Move> move;  // a computer player's move
  bool too_long = false;     // the line was longer than a move can be
  // A computer player that broke down (an external program that crashed,
  // did not answer in time or broke its protocol): it loses, for this reason.
  // With `text` too, what it sent instead of a move it owed (a UCI engine's
  // "(none)" while it has legal moves): it broke the rules, not its protocol.
  std::optional<Message> failure = {};
  // How the program rates its side after this move (a UCI engine's last
  // `info score`), for adjudication; none from most players.
  std::optional<ReportedScore> score = {};
};

// How a player of any kind is set up: a game's own computer player needs
// only `chooser`; an outside program (exec:, uci:, pbrain:) the rest too.
struct PlayerSettings {
  ChooserSettings chooser;                      // the seed, a searching player's time per move
  std::optional<std::int64_t> timeout_ms = {};  // how long an external program may take to answer
  // Readable once the session is to end (a signal arrived): a player that
  // waits for an external program stops waiting then. -1: never.
  int cancel_fd = -1;
  // Where an external program's dialogue is written, line by line with
  // times (tourney --trace); empty: nowhere.
  std::string trace_path = {};
  // The memory a Gomocup brain (pbrain:) may use, in MB: it is told, and
  // loses (Action::failure "limits.memory") when its peak is over it.
  std::optional<std::int64_t> max_memory_mb = {};
};

// The move `action` stands for in `state`, or the rule it breaks: a Move
// is checked whole, a text read in both stages. `as_typed`: a text is
// judged as a person's typed line is, so that the prompt's own refusals
// come first (PromptRules: an answer in a shot would be told for free).
Result<Move, MoveError> checked_move(const Game& game, const State& state, const Action& action, bool as_typed);

class Player {
 public:
  virtual ~Player() = default;
  // The player's next action, or nullopt when it has nothing more (a
  // person's input ended; a program has no move).
  virtual std::optional<Action> act(const Game& game, const Observation& seen,
                                    std::span<const Move> legal) = 0;
  virtual bool is_computer() const = 0;
  // Whether act() draws the board itself (a person's cursor on a
  // terminal): the session then shows only the status line before it.
  virtual bool draws_board(const Game& /*game*/) const { return false; }
  // Whether the player is told of every accepted move (see notice()).
  virtual bool wants_notices() const { return false; }
  // An accepted move, as this player's side sees the game after it.
  virtual void notice(const Game& /*game*/, const Observation& /*seen*/, Side /*mover*/,
                      const Move& /*move*/) {}
  // The name a program gives itself (a UCI engine's `id name`); empty when
  // it has none, and the spec that made it names it.
  virtual std::string name() const { return {}; }
  // The clocks, just before act() when the match keeps time (a UCI engine
  // passes them on as wtime/btime).
  virtual void clock(const ClockReading& /*reading*/) {}
};

// A computer player: its MoveChooser's choice.
class ComputerPlayer final : public Player {
 public:
  explicit ComputerPlayer(std::unique_ptr<MoveChooser> chooser) : chooser_(std::move(chooser)) {}
  std::optional<Action> act(const Game& game, const Observation& seen, std::span<const Move> legal) override;
  bool is_computer() const override { return true; }

 private:
  std::unique_ptr<MoveChooser> chooser_;
};

// Where accepted moves are written (a record file), before they are played:
// a move that cannot be written is not played, and the match ends.
class MoveSink {
 public:
  virtual ~MoveSink() = default;
  [[nodiscard]] virtual std::optional<Error> write_move(const State& before, const Move& move,
                                                        std::string_view text) = 0;
};

class Match;

// What the caller does besides the moves: commands at the prompt, and
// showing what happened.
class MatchHooks {
 public:
  enum class Command { kNotACommand, kHandled, kQuit };
  virtual ~MatchHooks() = default;
  // A person's line, before it is tried as a move.
  virtual Command command(Match& /*match*/, Side /*side*/, std::string_view /*line*/) {
    return Command::kNotACommand;
  }
  virtual void accepted(const Match& /*match*/, Side /*mover*/, const Move& /*move*/,
                        std::string_view /*text*/, bool /*by_computer*/) {}
  virtual void rejected(const Match& /*match*/, Side /*side*/, const RecordError& /*error*/) {}
  // Asked before every turn: whether to stop now (a signal arrived).
  virtual bool interrupted() const { return false; }
};

// How a match ended.
struct MatchEnd {
  enum class Reason {
    kGameOver,     // the rules ended it: see outcome
    kQuit,         // a person quit
    kNoInput,      // a person's input ended, or a program had no move
    kForfeit,      // a computer player broke the rules: it lost
    kMoveLimit,    // stopped unfinished after the move limit
    kInterrupted,  // the hooks said stop (a signal)
    kWriteFailed,  // the sink could not write a move: see write_failure
    kAdjudicated,  // the scores the players gave decided it: see outcome and adjudication
  };
  Reason reason = Reason::kGameOver;
  Outcome outcome = {};  // the rules' outcome, or the forfeit's
  Side forfeited = kNoSide;
  std::optional<MoveError> forfeit_error = {};  // the rule it broke
  std::string forfeit_move = {};                // what it tried (or sent instead of a move)
  std::optional<Message> forfeit_reason = {};   // or why it broke down (Action::failure)
  bool out_of_time = false;                     // the forfeit: its clock ran out
  std::optional<Error> write_failure = {};      // kWriteFailed: why
  std::optional<Message> adjudication = {};     // kAdjudicated: the rule that decided
};

// Why a forfeit was lost, as a tourney's table counts it.
enum class ForfeitKind {
  kOther,   // a refused move, a program that broke down
  kTime,    // its clock ran out (--tc, --timeout-match), or an answer took too long (--timeout)
  kMemory,  // it used more than its memory limit (a failure "limits.memory")
};
// kOther too for an end that is no forfeit.
ForfeitKind forfeit_kind(const MatchEnd& end);

class Match {
 public:
  // `players` holds one player per side, in turn order, owned elsewhere;
  // `sink` may be null (nothing is written).
  Match(const Game& game, std::unique_ptr<State> position, std::vector<Player*> players, MoveSink* sink)
      : game_(game), state_(std::move(position)), players_(std::move(players)), sink_(sink) {}

  // Plays until the game ends, a player stops, or `max_moves` moves have
  // been played since the start position. A move the sink cannot write
  // ends it (kWriteFailed), with the position as it was before that move.
  MatchEnd run(MatchHooks& hooks, std::optional<std::int64_t> max_moves = std::nullopt);

  const Game& game() const { return game_; }
  const State& state() const { return *state_; }
  const Player& player(Side side) const { return *players_.at(static_cast<std::size_t>(side)); }
  // A new position (undo takes moves back).
  void set_position(std::unique_ptr<State> position) { state_ = std::move(position); }
  // The seed for the moves a person's shortcut word stands for
  // (Game::shortcut_moves); each use mixes in the moves played so far.
  void set_seed(std::uint64_t seed) { seed_ = seed; }
  // Every side gets a clock: a player that runs out of time loses.
  void set_time_control(const TimeControl& control) { clocks_.emplace(control, players_.size()); }
  // Games of two sides end when the scores the players give meet a rule.
  void set_adjudication(const AdjudicationRules& rules) { adjudicator_.emplace(rules, players_.size()); }
  // While MatchHooks::accepted is told of a move: how many more moves of
  // the same line follow it (a shortcut word's, as battleship's "random"
  // places the rest of a fleet), so that the board is shown once after them.
  std::size_t moves_to_follow() const { return moves_to_follow_; }

 private:
  void tell_players(Side mover, const Move& move);
  // Writes, applies and announces an accepted move; why it could not be
  // written (then nothing else happens).
  [[nodiscard]] std::optional<Error> play(Side side, const Move& move, const std::string& text,
                                          bool by_computer, MatchHooks& hooks);

  const Game& game_;
  std::unique_ptr<State> state_;
  std::vector<Player*> players_;
  MoveSink* sink_;
  std::uint64_t seed_ = 0;
  std::optional<GameClocks> clocks_;
  std::optional<Adjudicator> adjudicator_;
  std::size_t moves_to_follow_ = 0;
};

}  // namespace gamerec
