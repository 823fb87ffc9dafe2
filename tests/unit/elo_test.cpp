// The Elo estimate of tourney's table (core/elo.h), against values worked
// out by hand from the published formulas, and against a result
// cutechess-cli printed.
#include <catch2/catch.hpp>

#include "core/elo.h"

using namespace gamerec;

TEST_CASE("elo: 10 wins, 6 losses, 4 draws, worked out by hand") {
  // n = 20, mu = (10 + 4/2) / 20 = 0.6.
  // difference = -400 log10(1/0.6 - 1) = -400 log10(2/3) = 70.4365.
  // variance per game = 0.5 (1 - 0.6)^2 + 0.3 (0 - 0.6)^2 + 0.2 (0.5 - 0.6)^2
  //                   = 0.08 + 0.108 + 0.002 = 0.19; deviation = sqrt(0.19 / 20) = 0.0974679.
  // 95%: mu -+ 1.959964 x 0.0974679 = 0.4089663 .. 0.7910337;
  // -400 log10(1/0.7910337 - 1) = 231.2474, -400 log10(1/0.4089663 - 1) = -63.9699;
  // margin = (231.2474 + 63.9699) / 2 = 147.6087.
  // LOS = 1/2 + 1/2 erf((10 - 6) / sqrt(2 x 16)) = 1/2 + 1/2 erf(1/sqrt 2) = Phi(1) = 0.8413447.
  const EloEstimate elo = estimate_elo(10, 6, 4);
  CHECK(elo.score == Approx(0.6));
  REQUIRE(elo.difference);
  CHECK(*elo.difference == Approx(70.4365).margin(0.0005));
  REQUIRE(elo.margin);
  CHECK(*elo.margin == Approx(147.6087).margin(0.0005));
  CHECK(elo.superiority == Approx(0.8413447).margin(0.0000005));
}

TEST_CASE("elo: a result cutechess-cli printed, within its approximate quantile") {
  // "Score of OopsMate vs SF-2100: 45 - 37 - 18 [0.540] 100 ... Elo
  // difference: 27.9 +/- 62.4, LOS: 81.2 %". cutechess-cli's quantile is
  // 1.9572 (an approximation of the inverse error function) where ours is
  // 1.95996: its interval is 0.14% narrower, 62.41 against our 62.50.
  const EloEstimate elo = estimate_elo(45, 37, 18);
  REQUIRE(elo.difference);
  CHECK(*elo.difference == Approx(27.85).margin(0.01));
  REQUIRE(elo.margin);
  CHECK(*elo.margin == Approx(62.50).margin(0.01));
  CHECK(*elo.margin * 1.957162 / 1.959964 == Approx(62.4).margin(0.05));
  CHECK(elo.superiority * 100 == Approx(81.2).margin(0.05));
}

TEST_CASE("elo: an even score is 0, all wins is unbounded, no decisive game is 50% LOS") {
  const EloEstimate even = estimate_elo(3, 3, 4);
  REQUIRE(even.difference);
  CHECK(*even.difference == Approx(0).margin(1e-9));
  CHECK(even.superiority == Approx(0.5));

  const EloEstimate sweep = estimate_elo(4, 0, 0);
  CHECK_FALSE(sweep.difference);  // mu = 1: infinitely stronger, as far as 4 games tell
  CHECK_FALSE(sweep.margin);
  // erf(4 / sqrt 8) = erf(1.41421) = 0.9544997: LOS = 0.97725.
  CHECK(sweep.superiority == Approx(0.9772499).margin(0.0000005));

  const EloEstimate draws = estimate_elo(0, 0, 5);
  CHECK(draws.superiority == 0.5);
  REQUIRE(draws.difference);
  CHECK(*draws.difference == Approx(0).margin(1e-9));
  REQUIRE(draws.margin);
  CHECK(*draws.margin == 0);  // no spread at all: the interval is one point
}
