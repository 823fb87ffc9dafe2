#pragma once
// Helpers shared by the unit tests: the built-in catalogue, games by name,
// and playing move texts.
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "core/catalogue.h"
#include "core/game.h"

namespace gamerec::test {

inline const GameCatalogue& catalogue() {
  static const GameCatalogue instance = make_builtin_catalogue();  // read-only in tests
  return instance;
}

inline std::unique_ptr<Game> make(const std::string& name, std::vector<OptionOverride> overrides = {}) {
  auto made = catalogue().make_game(name, overrides);
  if (auto* error = std::get_if<std::string>(&made)) throw std::runtime_error(*error);
  return std::move(std::get<std::unique_ptr<Game>>(made));
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

}  // namespace gamerec::test
