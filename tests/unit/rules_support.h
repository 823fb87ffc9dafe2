#pragma once
// Helpers shared by the unit tests that need nothing but the rules
// interface and the games: starting positions, playing move texts, the two
// stages in the shape the tests were written in, and the games' facets.
// Both test binaries have them: unit_tests (test_support.h makes games
// through the catalogue) and rules_tests (rules_only_games.h makes them
// without it).
#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules/facets.h"
#include "rules/game.h"

namespace gamerec::test {

// The start position a record header's `position:` gives.
inline std::unique_ptr<State> position(const Game& game, const std::string& text) {
  auto made = game.new_state_from(text);
  if (auto* error = made.if_error()) throw std::runtime_error("bad position: " + error->key);
  return std::move(made.value());
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

// validate's loop (Game::play_texts, rules/typed.h) against one read_move
// and apply per text, from the game's start, on texts whose last one is
// refused: the same moves played, the same refusal, and the same move count
// and position as each other and as `walk`, the game the texts were written
// from. Returns the loop's state, for a game's own checks.
inline std::unique_ptr<State> check_play_texts(const Game& game, const std::vector<std::string>& texts,
                                               const State& walk) {
  const std::vector<std::string_view> views(texts.begin(), texts.end());
  auto batch = game.new_state();
  const TextsPlayed played = game.play_texts(*batch, views);
  auto one_by_one = game.new_state();
  std::optional<MoveError> refused;
  for (const std::string& text : texts) {
    auto read = game.read_move(*one_by_one, text);
    if (!read) {
      refused = read.error();
      break;
    }
    one_by_one->apply(*read);
  }
  CHECK(played.played == texts.size() - 1);
  CHECK(played.refused == refused);
  CHECK(batch->moves_played() == one_by_one->moves_played());
  CHECK(batch->moves_played() == walk.moves_played());
  CHECK(batch->equals(*one_by_one));
  CHECK(batch->equals(walk));
  return batch;
}

}  // namespace gamerec::test
