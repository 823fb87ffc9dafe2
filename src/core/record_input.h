#pragma once
// Opening a record and running its games' moves through the rules: what
// validate, replay, play and convert share. An input is read in its format
// (core/record_format.h) as a stream of games; which game each one holds
// follows SPEC section 2: --game, the header, the format, the extension,
// then the notation of the first move.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/catalogue.h"
#include "core/game.h"
#include "core/record_source.h"

namespace gamerec {

// A problem with a whole file or game (exit status 2). `code` is "io",
// "header", "unknown-game" or "usage" (a bad --game or --variant).
struct FileError {
  std::string code;
  Message message;
  std::int64_t line = 0;  // 0 when no line applies
};

struct GameChoice {
  std::optional<std::string> forced_game;  // --game
  std::vector<OptionOverride> overrides;   // --variant, applied after the header's
};

// An input opened in its format. `path` "-" is standard input.
struct RecordInput {
  const RecordFormat* format = nullptr;
  std::unique_ptr<RecordSource> source;
};
std::variant<RecordInput, FileError> open_input(const std::string& path, const GameCatalogue& catalogue);

// One game of an input, ready to run: its rules and start position.
struct OpenedGame {
  GameHeader header;
  std::unique_ptr<Game> game;
  std::unique_ptr<State> start;
};
// Makes the game that `header` starts in `input` (next_game() gave it).
std::variant<OpenedGame, FileError> open_game(GameHeader header, RecordInput& input, const std::string& path,
                                              const GameCatalogue& catalogue, const GameChoice& choice);
// The error a malformed header (RecordSource::next_game) is reported as.
FileError header_file_error(const RecordError& error);
// The error for an input that failed part-way (`reason`: strerror text).
FileError read_failure(const std::string& reason);

// What running one game's moves found.
struct RunResult {
  std::int64_t moves = 0;                      // accepted moves
  std::optional<RecordError> error;            // the first rejected move
  std::optional<std::int64_t> quit_line;       // a Q line ended the record
  bool lines_after_quit = false;               // ... and move lines follow it
  std::optional<std::string> declared_result;  // a result the record states (PGN)
  std::uint64_t end_offset = 0;                // where the valid part ends in the input
  std::string read_error;                      // reading failed part-way (the rest is unknown)
};

// Parses, resolves and applies each move of the current game of `source` to
// `state` until its end, a Q line, or the first error. For each accepted
// move, before(event, move, position) runs before it is applied and
// after(event, mover, move, position) after.
template <typename BeforeMove, typename AfterMove>
RunResult run_moves(RecordSource& source, const Game& game, State& state, BeforeMove&& before,
                    AfterMove&& after) {
  RunResult result;
  while (const RecordEvent* event = source.next_event()) {
    switch (event->kind) {
      case RecordEvent::Kind::kMove: {
        Move move;
        auto error = event->too_long ? MoveError{ErrorCode::kNotation, "too-long"}
                                     : check_move_text(game, state, event->text, move);
        if (error) {
          result.end_offset = event->offset;
          result.error = RecordError{std::move(*error), event->line, event->column, std::string(event->text)};
          return result;
        }
        before(*event, move, static_cast<const State&>(state));
        const Side mover = state.to_move();
        state.apply(move);
        ++result.moves;
        after(*event, mover, move, static_cast<const State&>(state));
        break;
      }
      case RecordEvent::Kind::kQuit:
        result.end_offset = event->offset;
        result.quit_line = event->line;
        result.lines_after_quit = event->more_after;
        return result;
      case RecordEvent::Kind::kResult:
        result.declared_result = std::string(event->text);
        break;
      case RecordEvent::Kind::kComment:
        break;
    }
  }
  result.end_offset = source.bytes_read();
  result.read_error = source.read_error();
  return result;
}

template <typename AfterMove>
RunResult run_moves(RecordSource& source, const Game& game, State& state, AfterMove&& after) {
  return run_moves(
      source, game, state, [](const RecordEvent&, const Move&, const State&) {},
      std::forward<AfterMove>(after));
}

inline RunResult run_moves(RecordSource& source, const Game& game, State& state) {
  return run_moves(source, game, state, [](const RecordEvent&, Side, const Move&, const State&) {});
}

}  // namespace gamerec
