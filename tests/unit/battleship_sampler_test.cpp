// The sampler's chain against two independent references. On the usual
// grid: fleets placed the way the computer players place theirs (ship after
// ship, uniformly among the legal moves of the game itself), kept when they
// agree with what a shooter has seen; for every cell, the share of kept
// fleets with a ship there must match the chain's estimate. Fleets drawn
// uniformly among all consistent fleets (the chain without its Metropolis
// test) miss by about 0.034 on the empty grid, well over the tolerance. On a
// small grid: every fleet those placements can make, with its exact chance,
// in hunting and targeting positions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <utility>

#include "games/battleship/battleship.h"
#include "games/battleship/players.h"
#include "rules/typed.h"
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
  return gamerec::downcast<BattleshipState>(*state).grid(0);
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
      if (answer == kHit && (ship < 0 || grid.ships[static_cast<std::size_t>(ship)].length == 1))
        agrees = false;
    }
    if (!agrees) continue;
    ++kept;
    for (int c = 0; c < cells; ++c)
      share[static_cast<std::size_t>(c)] += grid.ship_at[static_cast<std::size_t>(c)] >= 0;
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

// Every fleet the computer players can place on a small grid, each with its
// chance: ship after ship, uniformly among the game's own legal placement
// moves (State::legal_moves), so a fleet's chance is the product of one over
// the number of moves open at each step.
struct WeightedFleet {
  std::vector<Ship> ships;
  double chance = 0;
};

void enumerate_fleets(const State& state, double chance, std::vector<WeightedFleet>& out) {
  const auto& placing = gamerec::downcast<BattleshipState>(state);
  if (placing.to_move() != 0) {
    out.push_back({placing.grid(0).ships, chance});
    return;
  }
  const std::vector<Move> moves = state.legal_moves();
  for (const Move& move : moves) {
    const auto next = state.clone();
    next->apply(move);
    enumerate_fleets(*next, chance / static_cast<double>(moves.size()), out);
  }
}

// Whether `fleet` would have given every answer of `fired` (in any order of
// the shots): water off the ships; on a ship hit, except that a ship whose
// every cell was shot shows exactly one sunk.
bool gives(const Geometry& geometry, const std::vector<Ship>& fleet, const std::vector<std::uint8_t>& fired) {
  std::vector<bool> on_ship(fired.size(), false);
  for (const Ship& ship : fleet) {
    int shot = 0;
    int sunk = 0;
    for (int k = 0; k < ship.length; ++k) {
      const int cell = geometry.cell(ship.row + (ship.vertical ? k : 0), ship.col + (ship.vertical ? 0 : k));
      on_ship[static_cast<std::size_t>(cell)] = true;
      const auto answer = fired[static_cast<std::size_t>(cell)];
      if (answer == kWater) return false;
      shot += answer != kNoFlag;
      sunk += answer == kSunk;
    }
    if (sunk != (shot == ship.length ? 1 : 0)) return false;
  }
  for (std::size_t cell = 0; cell < fired.size(); ++cell) {
    if ((fired[cell] == kHit || fired[cell] == kSunk) && !on_ship[cell]) return false;
  }
  return true;
}

// The largest difference, over the cells not shot, between the chain's
// estimate and the exact chance of a ship there given `fired`.
double exact_misfit(const BattleshipGame& game, const std::vector<WeightedFleet>& fleets,
                    const std::vector<std::uint8_t>& fired, int steps) {
  const Geometry& geometry = game.geometry();
  const auto cells = static_cast<std::size_t>(geometry.cells());
  std::vector<double> exact(cells, 0.0);
  double total = 0;
  for (const WeightedFleet& fleet : fleets) {
    if (!gives(geometry, fleet.ships, fired)) continue;
    total += fleet.chance;
    for (const Ship& ship : fleet.ships) {
      for (int k = 0; k < ship.length; ++k)
        exact[static_cast<std::size_t>(geometry.cell(ship.row + (ship.vertical ? k : 0),
                                                     ship.col + (ship.vertical ? 0 : k)))] += fleet.chance;
    }
  }
  REQUIRE(total > 0);
  const std::vector<std::uint8_t> received(cells, kNoFlag);
  const BattleshipObservation seen(0, game.shared_geometry(), std::vector<Ship>{}, received, fired);
  std::mt19937_64 random(5);
  const std::vector<double> chain = sampled_cover(Knowledge::from(seen), random, steps);
  REQUIRE(chain.size() == cells);
  double worst = 0;
  for (std::size_t cell = 0; cell < cells; ++cell) {
    if (fired[cell] == kNoFlag) worst = std::max(worst, std::fabs(chain[cell] - exact[cell] / total));
  }
  return worst;
}

}  // namespace

TEST_CASE("battleship sampler: the chain's cover matches fleets placed as the players place them") {
  const auto made = test::make("battleship");
  const auto& game = gamerec::downcast<BattleshipGame>(*made);
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

TEST_CASE("battleship sampler: the chain's cover matches the exact chances of every fleet on a small grid") {
  // 6x6, ships 3,2,1,1: every fleet the players can place (324,848), each
  // weighted by its chance, those that give the answers kept. The chain
  // misses by about 0.003 with a million steps; without its Metropolis test
  // (all consistent fleets alike) by 0.04 to 0.15.
  const auto made = test::make("battleship", {{"width", "6"}, {"height", "6"}, {"ships", "3,2,1,1"}});
  const auto& game = gamerec::downcast<BattleshipGame>(*made);
  // Listed once for all the sections (Catch runs the case once per section).
  static const std::vector<WeightedFleet> fleets = [&] {
    std::vector<WeightedFleet> all;
    enumerate_fleets(*game.new_state(), 1.0, all);
    return all;
  }();
  REQUIRE(fleets.size() == 324848);
  // The misfit after these shots with these answers, a million chain steps.
  auto after = [&](std::initializer_list<std::pair<int, Flag>> shots) {
    std::vector<std::uint8_t> fired(36, kNoFlag);
    for (const auto& [cell, answer] : shots)
      fired[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(answer);
    return exact_misfit(game, fleets, fired, 1000000);
  };
  SECTION("the empty grid") { CHECK(after({}) < 0.01); }
  SECTION("three shots in water") {
    //   A B C D E F
    // 1 . . . . . .
    // 2 . x . . . .      x: water
    // 3 . . . . x .
    // 4 . . . . . .
    // 5 . . x . . .
    // 6 . . . . . .
    CHECK(after({{7, kWater}, {16, kWater}, {26, kWater}}) < 0.01);
  }
  SECTION("a hit on a ship afloat, water beside it") {
    //   A B C D E F
    // 2 . . . . . .
    // 3 . . X x . .      X: hit, x: water
    // 4 . . . . . .
    CHECK(after({{14, kHit}, {15, kWater}}) < 0.01);
  }
  SECTION("a sunk ship of length 1 in the corner, two shots in water") {
    //   A B C D E F
    // 1 # . . . . .      #: sunk
    // 2 . . . x . .      x: water
    // 3 . . . . . .
    // 4 . . . x . .
    CHECK(after({{0, kSunk}, {9, kWater}, {21, kWater}}) < 0.01);
  }
  SECTION("a sunk ship of length 2, and a hit with water under it") {
    //   A B C D E F
    // 1 . . . . # .      #: sunk (hit, then sunk)
    // 2 . . . . # .
    // 3 . . . . . .
    // 4 . X . . . .      X: hit
    // 5 . x . . . .      x: water
    CHECK(after({{4, kHit}, {10, kSunk}, {19, kHit}, {25, kWater}}) < 0.01);
  }
  SECTION("two hits in a row, one shot in water") {
    //   A B C D E F
    // 3 . X X . . .      X: hit
    // 4 . . . . . .
    // 5 . . . . . .
    // 6 x . . . . .      x: water
    CHECK(after({{13, kHit}, {14, kHit}, {30, kWater}}) < 0.01);
  }
}
