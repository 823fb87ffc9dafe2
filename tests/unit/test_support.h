#pragma once
// Helpers shared by the unit tests: the built-in catalogue, games by name,
// start positions, playing move texts, and messages in English.
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "app/builtin_games.h"
#include "core/catalogue.h"
#include "core/messages.h"
#include "core/record_input.h"
#include "core/tourney.h"
#include "rules/facets.h"
#include "rules/game.h"

namespace gamerec::test {

inline const GameCatalogue& catalogue() {
  static const GameCatalogue instance = make_builtin_catalogue();  // read-only in tests
  return instance;
}

inline std::unique_ptr<Game> make(const std::string& name, std::vector<OptionOverride> overrides = {}) {
  auto made = catalogue().make_game(name, overrides);
  if (auto* error = made.if_error()) throw std::runtime_error(error->key);
  return std::move(made.value());
}

// The start position a record header's `position:` gives.
inline std::unique_ptr<State> position(const Game& game, const std::string& text) {
  auto made = game.new_state_from(text);
  if (auto* error = made.if_error()) throw std::runtime_error("bad position: " + error->key);
  return std::move(made.value());
}

// A tourney played to its end; throws when its players cannot be set up.
inline std::unique_ptr<Tourney> played_tourney(const Game& game, const TourneyOptions& options) {
  auto tourney = std::make_unique<Tourney>(catalogue(), game, options);
  if (tourney->prepare()) throw std::runtime_error("tourney players cannot be set up");
  while (tourney->play_next()) {
  }
  return tourney;
}

// The two stages in the shape these tests were written in (rules/game.h
// returns Results): the error, or nullopt with the out-parameter set.
inline std::optional<MoveError> parse_text(const Game& game, std::string_view text, WrittenMove& written) {
  auto parsed = game.parse_move(text);
  if (!parsed) return parsed.error();
  written = *parsed;
  return std::nullopt;
}
inline std::optional<MoveError> check_text(const Game& game, const State& state, std::string_view text, Move& move) {
  auto read = read_move(game, state, text);
  if (!read) return read.error();
  move = *read;
  return std::nullopt;
}

inline std::optional<MoveError> resolve_text(const State& state, const WrittenMove& written, Move& move) {
  auto resolved = state.resolve(written);
  if (!resolved) return resolved.error();
  move = *resolved;
  return std::nullopt;
}

// A game's facets, as the tests ask for them.
inline std::unique_ptr<Solver> solver(const Game& game) {
  const auto* solvable = game.facet<Solvable>();
  return solvable != nullptr ? solvable->solver() : nullptr;
}
inline std::vector<Move> shortcut_moves(const Game& game, std::string_view line, const State& state,
                                        std::uint64_t seed) {
  return game.facet<PromptRules>()->shortcut_moves(line, state, seed);
}

// Parses and checks `text` in `state`; the error, or nullopt if it was played.
inline std::optional<MoveError> play(const Game& game, State& state, const std::string& text) {
  auto move = read_move(game, state, text);
  if (!move) return move.error();
  state.apply(*move);
  return std::nullopt;
}

// Plays every text; fails the calling test (by exception) on the first error.
inline void play_all(const Game& game, State& state, const std::vector<std::string>& texts) {
  for (const auto& text : texts) {
    if (auto error = play(game, state, text))
      throw std::runtime_error("setup move " + text + " rejected: " + std::string(code_name(error->code)));
  }
}

// The error code `text` gets in `state`, or "ok".
inline std::string code_of(const Game& game, const State& state, const std::string& text) {
  const auto move = read_move(game, state, text);
  return move ? "ok" : std::string(code_name(move.error().code));
}

// Validates the first game of the record at `path` as `validate` does: the
// game and its start position come from the record itself. Throws when the
// file cannot be opened at all.
inline RunResult validate_record(const std::string& path) {
  auto opened = open_input(path, catalogue());
  if (!opened.ok()) throw std::runtime_error("cannot open " + path);
  auto& input = opened.value();
  auto header = input.source->next_game();
  if (!header || !header->ok()) throw std::runtime_error("no game in " + path);
  auto game = open_game(std::move(*header).value(), input, path, catalogue(), {});
  if (!game.ok()) throw std::runtime_error("cannot open the game of " + path);
  auto& opened_game = game.value();
  return run_moves(*input.source, *opened_game.game, *opened_game.start);
}

// A message as an English speaker reads it (a game's own texts too).
inline std::string english(const Message& message) {
  static const Messages messages = Messages::load("en").value();
  for (const auto& [name, definition] : catalogue().definitions()) {
    if (messages.has(message.key, &definition)) return messages.text(message, &definition);
  }
  return messages.text(message);
}

// The message of a variant that holds one, in English; "" otherwise.
template <typename Variant>
std::string english_error(const Variant& result) {
  const auto* message = result.if_error();
  return message == nullptr ? "" : english(*message);
}

}  // namespace gamerec::test
