// Chaturanga's computer players: greedy takes a king first, then the most
// valuable capture, else a random legal move reproducible by seed; random
// takes any legal move. Both decide from an Observation and the legal moves.
#include <catch2/catch.hpp>

#include <set>

#include "games/chaturanga/chaturanga.h"
#include "rules/typed.h"
#include "test_support.h"

using namespace gamerec;
using namespace gamerec::chaturanga;

namespace {

const ChaturangaGame& game() {
  static const auto instance = gamerec::test::make("chaturanga");
  return gamerec::downcast<ChaturangaGame>(*instance);
}

// What the chooser of `level` picks in `state` for the side to move.
std::optional<Move> choice(const State& state, const char* level, std::uint64_t seed) {
  auto chooser = game().make_chooser(level, ChooserSettings{seed, std::nullopt});
  return chooser->choose_move(*state.observe(state.to_move()), state.legal_moves());
}

}  // namespace

TEST_CASE("chaturanga player: captures a king rather than a rook") {
  //  5  Bk .  .  .      Yellow's rook on 4A can take the Black king (5A)
  //  4  Yr .  .  Gr     or the Green rook (4D).
  const auto position = gamerec::test::position(game(), "R4A / R4D / / K5A");
  for (std::uint64_t seed = 0; seed < 20; ++seed)
    CHECK(chaturanga_move_text(*choice(*position, "1", seed)) == "4A-5A");
}

TEST_CASE("chaturanga player: takes the most valuable piece it can") {
  const auto position = gamerec::test::position(game(), "R4A K1D / B4D / / P5A");
  CHECK(chaturanga_move_text(*choice(*position, "greedy", 3)) == "4A-4D");
}

TEST_CASE("chaturanga player: without captures, a legal random move fixed by the seed") {
  auto start = game().new_state();
  auto first = choice(*start, "1", 42);
  auto again = choice(*start, "1", 42);
  REQUIRE(first);
  CHECK(*first == *again);
  CHECK_FALSE(start->check(*first).has_value());
  std::set<std::string> seen;
  for (std::uint64_t seed = 0; seed < 40; ++seed)
    seen.insert(chaturanga_move_text(*choice(*start, "1", seed)));
  CHECK(seen.size() > 3);  // random, not always the first move
  CHECK(game().make_chooser("9", ChooserSettings{1, std::nullopt}) == nullptr);
}

TEST_CASE("chaturanga player: random plays any legal move, and captures no more often than others") {
  //  Yellow's rook can take the Black king, but random does not care.
  const auto position = gamerec::test::position(game(), "R4A / R4D / / K5A");
  std::set<std::string> seen;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    auto move = choice(*position, "random", seed);
    REQUIRE(move);
    CHECK_FALSE(position->check(*move));
    seen.insert(chaturanga_move_text(*move));
  }
  CHECK(seen.size() > 4);
  CHECK(game().levels().front() == "1");  // the default level is the greedy one
}
