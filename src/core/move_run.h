#pragma once
// Running a record's moves through the rules: the one loop validate, replay,
// play and convert share. It takes a game's events in batches from its
// RecordSource, and each move through both stages (parse, then resolve
// against the position) before applying it, until the game's end, a Q line
// or the first error.
//
// The loop is a template over the game's own types: Game::run_moves runs it
// with the virtual Game and State, and a game may override run_moves to run
// it with its final classes, so that the compiler calls the rules directly
// (validating a long record is this loop and nothing else).
#include <cstdint>
#include <optional>
#include <string>

#include "core/error.h"
#include "core/game.h"
#include "core/record_source.h"

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
  std::string read_error;                      // reading failed part-way (the rest is unknown)
  bool stopped = false;                        // the observer asked to stop (its output failed)
};

// Told of each accepted move: before it is applied and after. after()
// returns false to stop the run there (its output cannot be written).
class MoveObserver {
 public:
  virtual ~MoveObserver() = default;
  virtual void before(const RecordEvent& event, const Move& move, const State& position) = 0;
  virtual bool after(const RecordEvent& event, Side mover, const Move& move, const State& position) = 0;
};

// Stage one then stage two for one move event; nullopt with `move` set when
// the move is legal.
template <typename GameType, typename StateType>
std::optional<MoveError> both_stages(const GameType& game, const StateType& state, const RecordEvent& event,
                                     Move& move) {
  if (event.too_long) [[unlikely]]
    return MoveError{ErrorCode::kNotation, "too-long"};
  if (!event.notation_kind.empty()) [[unlikely]]
    return MoveError{ErrorCode::kNotation, std::string(event.notation_kind)};
  WrittenMove written;
  if (auto error = game.parse_move(event.text, written)) [[unlikely]]
    return error;
  return state.resolve(written, move);
}

// The loop itself; `observer` may be null (validate needs nothing per move).
template <typename GameType, typename StateType>
RunResult run_moves_as(RecordSource& source, const GameType& game, StateType& state, MoveObserver* observer) {
  RunResult result;
  for (auto events = source.next_events(); !events.empty(); events = source.next_events()) {
    for (const RecordEvent& event : events) {
      switch (event.kind) {
        case RecordEvent::Kind::kMove: {
          Move move;
          std::optional<MoveError> error = both_stages(game, state, event, move);
          if (error) [[unlikely]] {
            result.end_offset = event.offset;
            result.error = RecordError{std::move(*error), event.line, event.column,
                                       std::string(event.shown.empty() ? event.text : event.shown)};
            // An input cut short makes its last line look like a bad move:
            // the read error, when there is one, is what went wrong.
            result.read_error = source.read_error();
            return result;
          }
          if (observer != nullptr) observer->before(event, move, state);
          const Side mover = observer != nullptr ? state.to_move() : kNoSide;
          state.apply(move);
          ++result.moves;
          if (observer != nullptr && !observer->after(event, mover, move, state)) {
            result.stopped = true;
            result.read_error = source.read_error();
            return result;
          }
          break;
        }
        case RecordEvent::Kind::kQuit:
          result.end_offset = event.offset;
          result.quit_line = event.line;
          result.lines_after_quit = event.more_after;
          result.read_error = source.read_error();
          return result;
        case RecordEvent::Kind::kResult:
          result.declared_result = std::string(event.text);
          result.declared_result_line = event.line;
          break;
        case RecordEvent::Kind::kComment:
          break;
      }
    }
  }
  result.end_offset = source.bytes_read();
  result.read_error = source.read_error();
  return result;
}

}  // namespace gamerec
