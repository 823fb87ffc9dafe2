#pragma once
// Opening a record and running its moves through a game: the part that
// validate, replay and play share. Which game a file holds follows SPEC
// section 2: --game, the header, the extension, then the first move.
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/catalogue.h"
#include "core/game.h"
#include "core/record_reader.h"

namespace gamerec {

// A problem with a whole file (exit status 2): unreadable, bad header,
// unknown game. `code` is "io", "header", "unknown-game" or "usage" (a bad
// --game or --variant).
struct FileError {
  std::string code;
  std::string message;
  int line = 0;  // 0 when no line applies
};

struct OpenedRecord {
  RecordHeader header;
  std::unique_ptr<Game> game;
  std::unique_ptr<State> start;  // the position the record's moves start from
  std::unique_ptr<RecordReader> reader;
};

struct GameChoice {
  std::optional<std::string> forced_game;  // --game
  std::vector<OptionOverride> overrides;   // --variant, applied after the header's
};

// `path` "-" is standard input.
std::variant<OpenedRecord, FileError> open_record(const std::string& path, const GameCatalogue& catalogue,
                                                  const GameChoice& choice);

// What running a record's moves found.
struct RunResult {
  int moves = 0;                     // accepted moves
  std::optional<RecordError> error;  // the first rejected move
  std::optional<int> quit_line;      // a Q line ended the record
  std::uint64_t end_offset = 0;      // where the valid part ends in the file
  std::string read_error;            // reading failed part-way (the rest is unknown)
};

// Parses, checks and applies each move of `reader` to `state` until the end,
// a Q line, or the first error. on_move(line, move, state) runs after each
// accepted move.
template <typename OnMove>
RunResult run_moves(RecordReader& reader, const Game& game, State& state, OnMove&& on_move) {
  RunResult result;
  while (auto line = reader.next()) {
    result.end_offset = line->offset;
    if (line->kind == RecordLine::Kind::kQuit) {
      result.quit_line = line->line;
      return result;
    }
    Move move;
    auto error = line->too_long ? MoveError{ErrorCode::kNotation, {}, "too-long"}
                                : check_move_text(game, state, line->text, move);
    if (error) {
      result.error = RecordError{std::move(*error), line->line, line->column, std::string(line->text)};
      return result;
    }
    state.apply(move);
    ++result.moves;
    on_move(*line, move, state);
  }
  result.end_offset = reader.source().bytes_read();
  result.read_error = reader.source().read_error();
  return result;
}

}  // namespace gamerec
