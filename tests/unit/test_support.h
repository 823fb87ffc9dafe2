#pragma once
// Helpers shared by the unit tests: the built-in catalogue, games by name,
// start positions, playing move texts, and messages in English. Compiled
// into rules_tests (GAMEREC_RULES_ONLY), only the rules helpers are here,
// with games made without the catalogue: the games stand alone.
#include "rules_support.h"
#ifdef GAMEREC_RULES_ONLY
#include "rules_only_games.h"

namespace gamerec::test {
inline std::unique_ptr<Game> make(const std::string& name, std::vector<OptionOverride> overrides = {}) {
  return make_rules_only(name, std::move(overrides));
}
}  // namespace gamerec::test

#else
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

// A tourney played to its end; throws when its players cannot be set up.
inline std::unique_ptr<Tourney> played_tourney(const Game& game, const TourneyOptions& options) {
  auto tourney = std::make_unique<Tourney>(catalogue(), game, options);
  if (tourney->prepare()) throw std::runtime_error("tourney players cannot be set up");
  while (tourney->play_next()) {
  }
  return tourney;
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

#endif  // GAMEREC_RULES_ONLY
