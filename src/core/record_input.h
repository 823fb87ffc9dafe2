#pragma once
// Opening a record and running its games' moves through the rules: what
// validate, replay, play and convert share. An input is read in its format
// (records/record_format.h) as a stream of games; which game each one holds
// follows gamerec(1), WHICH GAME A FILE HOLDS: --game, the header, the format, the extension,
// then the notation of the first move.
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/catalogue.h"
#include "records/move_run.h"
#include "records/record_source.h"
#include "rules/game.h"

namespace gamerec {

struct GameChoice {
  std::optional<std::string> forced_game;  // --game
  std::vector<OptionOverride> overrides;   // --variant, applied after the header's
};

// The rules (a Game) an open record's last game was checked under: an
// archive's games nearly all name the same rules, and making them is
// costly (a chess game reads its start FEN), so the next game with the
// same name and options shares them. Games are immutable once made.
struct RulesCache {
  std::string name;
  std::vector<OptionOverride> header_options;  // the header's variant
  std::vector<OptionOverride> choice_options;  // --variant
  std::shared_ptr<const Game> game;
};

// A record (a file, or standard input as "-") opened in its format: the
// stream of its games. `cancel` (records/line_source.h) ends its reads
// from outside.
struct OpenRecord {
  const RecordFormat* format = nullptr;
  std::unique_ptr<RecordSource> source;
  RulesCache rules_cache = {};
};
Result<OpenRecord, Error> open_input(const std::string& path, const GameCatalogue& catalogue,
                                     const ReadCancel* cancel = nullptr);

// One game of an open record, ready to run: its header, rules and start.
struct RecordGame {
  GameHeader header;
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> start;
};
// Makes the game that `header` starts in `input` (next_game() gave it).
Result<RecordGame, Error> open_game(GameHeader header, OpenRecord& input, const std::string& path,
                                    const GameCatalogue& catalogue, const GameChoice& choice);
// The error a malformed header (RecordSource::next_game) is reported as.
Error header_file_error(const RecordError& error);
// The error for an input that failed part-way (`reason`: strerror text).

// Runs the current game of `source` from `state` (records/move_run.h). before(event, move, position) runs before each accepted
// move is applied and after(event, mover, move, position) after it; an
// `after` that returns bool stops the run by returning false.
template <typename BeforeMove, typename AfterMove>
  requires std::invocable<BeforeMove&, const RecordEvent&, const Move&, const State&>
RunResult run_moves(RecordSource& source, const Game& game, State& state, BeforeMove&& before,
                    AfterMove&& after) {
  MoveCalls<BeforeMove, AfterMove> calls(before, after);
  RecordVisitor* observer = &calls;
  return run_moves(source, game, state, observer);
}

template <typename AfterMove>
  requires std::invocable<AfterMove&, const RecordEvent&, Side, const Move&, const State&>
RunResult run_moves(RecordSource& source, const Game& game, State& state, AfterMove&& after) {
  auto nothing = [](const RecordEvent&, const Move&, const State&) {};
  return run_moves(source, game, state, nothing, after);
}

inline RunResult run_moves(RecordSource& source, const Game& game, State& state) {
  RecordVisitor* none = nullptr;
  return run_moves(source, game, state, none);
}

}  // namespace gamerec
