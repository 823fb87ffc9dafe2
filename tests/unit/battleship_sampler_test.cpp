// The sampler's chain against an independent reference: fleets placed the
// way the computer players place theirs (ship after ship, uniformly among
// the legal moves of the game itself), kept when they agree with what a
// shooter has seen. For every cell, the share of kept fleets with a ship
// there must match the chain's estimate. Fleets drawn uniformly among all
// consistent fleets (the chain without its Metropolis test) miss by about
// 0.034 on the empty grid, well over the tolerance.
#include <catch2/catch.hpp>

#include <cmath>

#include "games/battleship/battleship.h"
#include "games/battleship/players.h"
#include "test_support.h"

using namespace gamerec;
using namespace gamerec::battleship;

namespace {

// A fleet placed by uniform legal moves; its grid.
Grid placed_fleet(const BattleshipGame& game, std::mt19937_64& random) {
  auto state = game.new_state();
  while (state->to_move() == 0) {
    const auto moves = state->legal_moves();
    state->apply(moves[random() % moves.size()]);
  }
  return dynamic_cast<const BattleshipState&>(*state).grid(0);
}

// The root mean square, over the cells not shot, of the chain's estimate
// minus the share of `fleets` kept fleets (those that agree with `fired`)
// holding a ship there.
double misfit(const BattleshipGame& game, const std::vector<std::uint8_t>& fired, int fleets) {
  const int cells = game.geometry().cells();
  std::mt19937_64 random(11);
  std::vector<double> share(static_cast<std::size_t>(cells), 0.0);
  for (int kept = 0; kept < fleets;) {
    const Grid grid = placed_fleet(game, random);
    bool agrees = true;
    for (int c = 0; c < cells; ++c) {
      const int ship = grid.ship_at[static_cast<std::size_t>(c)];
      const auto answer = fired[static_cast<std::size_t>(c)];
      if (answer == kWater && ship >= 0) agrees = false;
      // A hit on a ship afloat: a ship there, longer than 1 (no other cell is shot).
      if (answer == kHit && (ship < 0 || grid.ships[static_cast<std::size_t>(ship)].length == 1)) agrees = false;
    }
    if (!agrees) continue;
    ++kept;
    for (int c = 0; c < cells; ++c) share[static_cast<std::size_t>(c)] += grid.ship_at[static_cast<std::size_t>(c)] >= 0;
  }
  const std::vector<std::uint8_t> received(static_cast<std::size_t>(cells), kNoFlag);
  const BattleshipObservation seen(0, game.shared_geometry(), std::vector<Ship>{}, received, fired);
  const Knowledge known = Knowledge::from(seen);
  const std::vector<double> chain = sampled_cover(known, random, 200000);
  REQUIRE(chain.size() == share.size());
  double squares = 0;
  int counted = 0;
  for (int c = 0; c < cells; ++c) {
    if (fired[static_cast<std::size_t>(c)] != kNoFlag) continue;
    const double diff = chain[static_cast<std::size_t>(c)] - share[static_cast<std::size_t>(c)] / fleets;
    squares += diff * diff;
    ++counted;
  }
  return std::sqrt(squares / counted);
}

}  // namespace

TEST_CASE("battleship sampler: the chain's cover matches fleets placed as the players place them") {
  const auto made = test::make("battleship");
  const auto& game = dynamic_cast<const BattleshipGame&>(*made);
  std::vector<std::uint8_t> fired(100, kNoFlag);
  // With 1500 fleets the reference's own noise is about 0.010.
  SECTION("the empty grid") { CHECK(misfit(game, fired, 1500) < 0.02); }
  SECTION("four shots in water") {
    //   A B C D E F G H I J
    // 1 . . . . . . . . . .
    // 3 . . x . . . . . . .      x: water
    // 5 . . . . x . . . . .
    // 7 . . . . . . x . . .
    // 9 . . . . . . . . x .
    for (const int cell : {22, 44, 66, 88}) fired[cell] = kWater;
    CHECK(misfit(game, fired, 1500) < 0.02);
  }
  SECTION("a hit on a ship afloat, and a shot in water next to it") {
    //   A B C D E F G H I J
    // 4 . . . . . . . . . .
    // 5 . . . . X x . . . .      X: hit, x: water
    // 6 . . . . . . . . . .
    fired[44] = kHit;
    fired[45] = kWater;
    CHECK(misfit(game, fired, 1000) < 0.025);
  }
}
