#pragma once
// Running a record's moves through the rules: the one loop validate, replay,
// play and convert share. It takes a game's events in batches from its
// RecordSource, and each move through both stages (parse, then resolve
// against the position) before applying it, until the game's end, a Q line
// or the first error. Without a visitor (validate) the moves of a batch
// go to Game::play_texts at once, which the typed base runs with the game's
// own classes: validating a long record is that loop and nothing else.
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "records/record_source.h"
#include "rules/error.h"
#include "rules/game.h"

namespace gamerec {

// An illegal move inside a variation (the main line decides validity, so
// it is a warning unless RunOptions::strict). `error` is the move's error
// as a record error would give it; `to_move` and `moves_played` describe
// the variation's position it was tried in, for the message.
struct VariationError {
  RecordError error;
  Side to_move = kNoSide;
  std::int64_t move_number = 1;  // the refused move's number, as the game counts moves (chess: by pairs)
};

// The players went on after the rules had ended the game by themselves
// (chess: a dead position, fivefold repetition, the 75-move rule): the
// game's result is the one the rules reached; the moves after it were
// checked as if the game had gone on.
struct PassedEnd {
  Outcome outcome;                // the end the rules reached
  std::int64_t moves = 0;         // accepted moves when it was reached
  std::int64_t moves_after = 0;   // accepted main-line moves after it
  RecordError first_after;        // where the first of them is (code game-over)
};

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
  std::optional<Error> read_error;
  bool stopped = false;                            // the visitor asked to stop (its output failed)
  std::vector<VariationError> variation_warnings;  // in record order
  // Under RunOptions::strict, when `error` is a variation's move: where.
  std::optional<VariationError> error_in_variation;
  std::optional<PassedEnd> passed_end;
  std::int64_t variations = 0;  // variations read (checked or not)
};

// How strictly a record is read.
struct RunOptions {
  // Moves after an end the rules reach by themselves, and an illegal move
  // in a variation, are errors instead of what RunResult reports.
  bool strict = false;
};

// The events of a record, in record order, once the rules have checked
// them: what the record readers give (RecordEvent: move-list lines, PGN's
// movetext, .psq lines) as run_moves tells it. Each accepted main-line move
// comes before it is applied and after, and the rest of the record in order
// (a comment, a NAG, a variation's start, moves and end). A visitor that
// shows a game (replay's formats, cli/output_format.h) also hears it open
// (begin_game: its header and start) and close (end_game: what the run
// found and the last position), from whoever opened the game; run_moves
// sends neither. The record writers (RecordWriter, records/record_format.h)
// take the same events through a visitor that hands each to the writer
// (convert's, play's). after_move() returns false to stop the run there (its
// output cannot be written). Every event but after_move ignores by default.
class RecordVisitor {
 public:
  virtual ~RecordVisitor() = default;
  virtual void begin_game(const Game& /*game*/, const GameHeader& /*header*/, const State& /*start*/) {}
  virtual void before_move(const RecordEvent& /*event*/, const Move& /*move*/, const State& /*position*/) {}
  virtual bool after_move(const RecordEvent& event, Side mover, const Move& move, const State& position) = 0;
  // A comment, a NAG, or a variation's start or end.
  virtual void annotation(const RecordEvent& /*event*/) {}
  // A move inside a variation, played in `position`; `move` is null when it
  // was not checked (it, or a move before it in its variation, is illegal).
  virtual void variation_move(const RecordEvent& /*event*/, const Move* /*move*/, const State& /*position*/) {}
  // `end` is the position after the last accepted move.
  virtual void end_game(const Game& /*game*/, const RunResult& /*run*/, const State& /*end*/) {}
};

// A RecordVisitor of two callables: before(event, move, position), and
// after(event, mover, move, position), which may return false to stop.
template <typename BeforeMove, typename AfterMove>
class MoveCalls final : public RecordVisitor {
 public:
  MoveCalls(BeforeMove& before, AfterMove& after) : before_(before), after_(after) {}
  void before_move(const RecordEvent& event, const Move& move, const State& position) override {
    before_(event, move, position);
  }
  bool after_move(const RecordEvent& event, Side mover, const Move& move, const State& position) override {
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

// Runs the current game of `source` from `state`; `visitor` may be null
// (validate needs nothing per move).
RunResult run_moves(RecordSource& source, const Game& game, State& state, RecordVisitor* visitor,
                    RunOptions options = {});

}  // namespace gamerec
