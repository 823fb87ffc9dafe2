#pragma once
// Helpers shared by the unit tests: the built-in catalogue, games by name,
// start positions, playing move texts, and messages in English.
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "core/catalogue.h"
#include "core/game.h"
#include "core/messages.h"
#include "core/record_input.h"
#include "core/tourney.h"
#include "games/builtin_games.h"

namespace gamerec::test {

inline const GameCatalogue& catalogue() {
  static const GameCatalogue instance = make_builtin_catalogue();  // read-only in tests
  return instance;
}

inline std::unique_ptr<Game> make(const std::string& name, std::vector<OptionOverride> overrides = {}) {
  auto made = catalogue().make_game(name, overrides);
  if (auto* error = std::get_if<Message>(&made)) throw std::runtime_error(error->key);
  return std::move(std::get<std::unique_ptr<Game>>(made));
}

// The start position a record header's `position:` gives.
inline std::unique_ptr<State> position(const Game& game, const std::string& text) {
  auto made = game.new_state_from(text);
  if (auto* error = std::get_if<Message>(&made)) throw std::runtime_error("bad position: " + error->key);
  return std::move(std::get<std::unique_ptr<State>>(made));
}

// A tourney played to its end; throws when its players cannot be set up.
inline std::unique_ptr<Tourney> played_tourney(const Game& game, const TourneyOptions& options) {
  auto tourney = std::make_unique<Tourney>(catalogue(), game, options);
  if (tourney->prepare()) throw std::runtime_error("tourney players cannot be set up");
  while (tourney->play_next()) {
  }
  return tourney;
}

// Parses and checks `text` in `state`; the error, or nullopt if it was played.
inline std::optional<MoveError> play(const Game& game, State& state, const std::string& text) {
  Move move;
  if (auto error = check_move_text(game, state, text, move)) return error;
  state.apply(move);
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
  Move move;
  auto error = check_move_text(game, state, text, move);
  return error ? std::string(code_name(error->code)) : "ok";
}

// Validates the first game of the record at `path` as `validate` does: the
// game and its start position come from the record itself. Throws when the
// file cannot be opened at all.
inline RunResult validate_record(const std::string& path) {
  auto opened = open_input(path, catalogue());
  if (!std::holds_alternative<RecordInput>(opened)) throw std::runtime_error("cannot open " + path);
  auto& input = std::get<RecordInput>(opened);
  auto header = input.source->next_game();
  if (!header || !std::holds_alternative<GameHeader>(*header)) throw std::runtime_error("no game in " + path);
  auto game = open_game(std::get<GameHeader>(std::move(*header)), input, path, catalogue(), {});
  if (!std::holds_alternative<OpenedGame>(game)) throw std::runtime_error("cannot open the game of " + path);
  auto& opened_game = std::get<OpenedGame>(game);
  return run_moves(*input.source, *opened_game.game, *opened_game.start);
}

// A message as an English speaker reads it (a game's own texts too).
inline std::string english(const Message& message) {
  static const Messages messages = std::get<Messages>(Messages::load("en"));
  for (const auto& [name, definition] : catalogue().definitions()) {
    if (messages.has(message.key, &definition)) return messages.text(message, &definition);
  }
  return messages.text(message);
}

// The message of a variant that holds one, in English; "" otherwise.
template <typename Variant>
std::string english_error(const Variant& result) {
  const auto* message = std::get_if<Message>(&result);
  return message == nullptr ? "" : english(*message);
}

}  // namespace gamerec::test
