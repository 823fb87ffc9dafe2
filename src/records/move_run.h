#pragma once
// Running a record's moves through the rules: the one loop validate, replay,
// play and convert share. It takes a game's events in batches from its
// RecordSource, and each move through both stages (parse, then resolve
// against the position) before applying it, until the game's end, a Q line
// or the first error. Without an observer (validate) the moves of a batch
// go to Game::play_texts at once, which the typed base runs with the game's
// own classes: validating a long record is that loop and nothing else.
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

#include "records/record_source.h"
#include "rules/error.h"
#include "rules/game.h"

namespace gamerec {

// What running one game's moves found.
struct RunResult {
  std::int64_t moves = 0;                      // accepted moves
  std::optional<RecordError> error;            // the first rejected move
  std::optional<std::int64_t> quit_line;       // a Q line ended the record
  bool lines_after_quit = false;               // ... and move lines follow it
  std::optional<std::string> declared_result;  // a result the record states (PGN)
  std::int64_t declared_result_line = 0;       // ... on this line
  std::uint64_t end_offset = 0;                // where the valid part ends in the input
  // Reading failed part-way, and why: the rest is unknown. When it is set,
  // it is what went wrong (a cut last line may also look like a bad move).
  std::optional<std::string> read_error;
  bool stopped = false;  // the observer asked to stop (its output failed)
};

// Told of each accepted move: before it is applied and after. after()
// returns false to stop the run there (its output cannot be written).
class MoveObserver {
 public:
  virtual ~MoveObserver() = default;
  virtual void before(const RecordEvent& event, const Move& move, const State& position) = 0;
  virtual bool after(const RecordEvent& event, Side mover, const Move& move, const State& position) = 0;
  // A comment of the record, between the moves it stands between (a
  // replay page shows it); most observers need none.
  virtual void comment(const RecordEvent& /*event*/) {}
};

// A MoveObserver of two callables: before(event, move, position), and
// after(event, mover, move, position), which may return false to stop.
template <typename BeforeMove, typename AfterMove>
class MoveCalls final : public MoveObserver {
 public:
  MoveCalls(BeforeMove& before, AfterMove& after) : before_(before), after_(after) {}
  void before(const RecordEvent& event, const Move& move, const State& position) override {
    before_(event, move, position);
  }
  bool after(const RecordEvent& event, Side mover, const Move& move, const State& position) override {
    if constexpr (std::is_same_v<decltype(after_(event, mover, move, position)), bool>) {
      return after_(event, mover, move, position);
    } else {
      after_(event, mover, move, position);
      return true;
    }
  }

 private:
  BeforeMove& before_;
  AfterMove& after_;
};

// Runs the current game of `source` from `state`; `observer` may be null
// (validate needs nothing per move).
RunResult run_moves(RecordSource& source, const Game& game, State& state, MoveObserver* observer);

}  // namespace gamerec
