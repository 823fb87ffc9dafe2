// Kalah's computer players: each classic Bantumi level's choice in positions
// made for it (boards drawn as replay shows them, North on top), the
// searching levels against the solver, and a fixed-seed tourney whose move
// count is the players' fingerprint.
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "core/tourney.h"
#include "games/kalah/kalah.h"
#include "test_support.h"

using namespace gamerec;
using kalah::KalahState;
using kalah::Row;

namespace {

Row row(std::array<int, 6> pits, int store = 0) {
  Row r;
  for (std::size_t i = 0; i < pits.size(); ++i) r.pits[i] = static_cast<std::uint8_t>(pits[i]);
  r.store = store;
  return r;
}

KalahState south_to_move(std::array<int, 6> south, std::array<int, 6> north) {
  return KalahState(kalah::Rules{}, row(south), row(north), kalah::kSouth);
}

int choice(const std::string& level, const KalahState& state, std::uint64_t seed = 1) {
  const auto game = gamerec::test::make("kalah");
  auto chooser = game->make_chooser(level, ChooserSettings{seed, 200});
  REQUIRE(chooser);
  const auto moves = state.legal_moves();
  const auto move = chooser->choose_move(*state.observe(state.to_move()), moves);
  REQUIRE(move);
  REQUIRE_FALSE(state.check(*move));
  return move->from;
}

std::set<int> choices_over_seeds(const std::string& level, const KalahState& state) {
  std::set<int> seen;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) seen.insert(choice(level, state, seed));
  return seen;
}

// The final store difference for the side to move after `pit`, under
// perfect play from there (the solver).
int value_after(const KalahState& state, int pit) {
  KalahState after = state;
  after.apply(Move{pit, -1, 0});
  const auto game = gamerec::test::make("kalah");
  const Solution solution = gamerec::test::solver(*game)->solve(after);
  if (after.is_over()) return state.to_move() == kalah::kSouth ? solution.value : -solution.value;
  return after.to_move() == state.to_move() ? solution.value : -solution.value;
}

// The fingerprint of `tourney kalah --players 1,5 --games 20 --seed 1`: its
// total number of moves. It changes only when the players or the rules
// do; then check the new games and update it.
constexpr std::int64_t kKalahFingerprint = 696;

}  // namespace

TEST_CASE("kalah level 1: any non-empty pit, fixed by the seed") {
  //   0  1  1  1  1  1  1
  //      2  0  3  0  1  0  0
  const KalahState state = south_to_move({2, 0, 3, 0, 1, 0}, {1, 1, 1, 1, 1, 1});
  CHECK(choice("1", state, 9) == choice("1", state, 9));
  CHECK(choices_over_seeds("1", state) == std::set<int>{1, 3, 5});
}

TEST_CASE("kalah level 2: an extra move, scanning from the store outward") {
  //   0  1  1  1  1  1  1
  //      0  0  4  0  0  1  0     3 (four seeds) and 6 (one) both end in the store
  const KalahState state = south_to_move({0, 0, 4, 0, 0, 1}, {1, 1, 1, 1, 1, 1});
  CHECK(choice("2", state) == 6);
}

TEST_CASE("kalah level 3: an extra move, scanning towards the store") {
  const KalahState state = south_to_move({0, 0, 4, 0, 0, 1}, {1, 1, 1, 1, 1, 1});
  CHECK(choice("3", state) == 3);
}

TEST_CASE("kalah levels 2 and 3: without an extra move, a random pit (a lap does not count)") {
  //   0  1  1  1  1  1  1
  //     19  0  0  1  0  0  0     19 seeds from pit 1 end in the store only after a lap
  const KalahState state = south_to_move({19, 0, 0, 1, 0, 0}, {1, 1, 1, 1, 1, 1});
  CHECK(choices_over_seeds("2", state) == std::set<int>{1, 4});
  CHECK(choices_over_seeds("3", state) == std::set<int>{1, 4});
}

TEST_CASE("kalah level 4: an extra move even after a full lap of the board") {
  const KalahState state = south_to_move({19, 0, 0, 1, 0, 0}, {1, 1, 1, 1, 1, 1});
  CHECK(choices_over_seeds("4", state) == std::set<int>{1});
}

TEST_CASE("kalah level 4: else the pit next to the store, even when another pit captures") {
  //   0  0  5  0  0  0  1
  //      1  0  0  0  0  3  0     1 would capture North's 5; level 4 plays 6
  const KalahState state = south_to_move({1, 0, 0, 0, 0, 3}, {1, 0, 0, 0, 5, 0});
  CHECK(choices_over_seeds("4", state) == std::set<int>{6});
}

TEST_CASE("kalah level 4: else a random pit when the pit next to the store is empty") {
  //   0  1  1  1  1  1  1
  //      3  0  0  1  0  0  0
  const KalahState state = south_to_move({3, 0, 0, 1, 0, 0}, {1, 1, 1, 1, 1, 1});
  CHECK(choices_over_seeds("4", state) == std::set<int>{1, 4});
}

TEST_CASE("kalah level 5: a capture before the pit next to the store") {
  const KalahState state = south_to_move({1, 0, 0, 0, 0, 3}, {1, 0, 0, 0, 5, 0});
  CHECK(choices_over_seeds("5", state) == std::set<int>{1});
}

TEST_CASE("kalah level 5: an extra move before a capture") {
  //   0  0  5  0  0  0  1
  //      1  0  0  0  2  3  0     5 (two seeds) ends in the store
  const KalahState state = south_to_move({1, 0, 0, 0, 2, 3}, {1, 0, 0, 0, 5, 0});
  CHECK(choice("5", state) == 5);
}

TEST_CASE("kalah level 5: no capture from an empty opposite pit under the default rule") {
  //   0  0  0  0  0  0  1
  //      1  0  0  0  0  3  0     1 lands in the empty 2, but North's 5 is empty too
  const KalahState state = south_to_move({1, 0, 0, 0, 0, 3}, {1, 0, 0, 0, 0, 0});
  CHECK(choice("5", state) == 6);
}

TEST_CASE("kalah level 6: alpha-beta takes the big capture the classic levels miss") {
  //   0  0  9  0  0  0  1
  //      1  0  0  0  0  3  0
  const KalahState state = south_to_move({1, 0, 0, 0, 0, 3}, {1, 0, 0, 0, 9, 0});
  CHECK(choice("6", state) == 1);
  CHECK(choice("4", state) == 6);
}

TEST_CASE("kalah levels 6 and 7: their moves keep the solver's value in small positions") {
  const auto game = gamerec::test::make("kalah");
  auto solver = gamerec::test::solver(*game);
  std::mt19937_64 random(3);
  for (int trial = 0; trial < 12; ++trial) {
    Row south;
    Row north;
    for (int seed = 0; seed < 9; ++seed) {
      const auto hole = random() % 12;
      ++(hole < 6 ? south : north).pits[hole % 6];
    }
    const KalahState state(kalah::Rules{}, south, north, kalah::kSouth);
    if (state.is_over()) continue;
    const int best = solver->solve(state).value;
    INFO("trial " << trial);
    CHECK(value_after(state, choice("7", state)) == best);
    CHECK(value_after(state, choice("6", state)) == best);  // 9 seeds: depth 8 sees nearly all
  }
}

TEST_CASE("kalah players: every level is known, and an unknown one is not") {
  const auto game = gamerec::test::make("kalah");
  for (const std::string& level : game->levels()) CHECK(game->make_chooser(level, {}));
  CHECK_FALSE(game->make_chooser("8", {}));
  CHECK_FALSE(game->make_chooser("0", {}));
  CHECK_FALSE(game->make_chooser("55", {}));
  CHECK(game->default_level() == "5");
}

TEST_CASE("kalah tourney: level 1 against level 5, a fixed seed, the move count is the fingerprint") {
  const auto game = gamerec::test::make("kalah");
  TourneyOptions options;
  options.players = {"1", "5"};
  options.games = 20;
  options.seed = 1;
  const auto played_first = gamerec::test::played_tourney(*game, options);
  const auto played_again = gamerec::test::played_tourney(*game, options);
  const Tourney& first = *played_first;
  const Tourney& again = *played_again;
  CHECK(first.total_moves() == again.total_moves());
  CHECK(first.total_moves() == kKalahFingerprint);
  // Every game is scored with the stores: the margins of the two add up to 0.
  const auto& tallies = first.tallies();
  REQUIRE(tallies.size() == 2);
  CHECK(tallies[0].scored_games == 20);
  CHECK(tallies[0].margin_sum == -tallies[1].margin_sum);
  CHECK(tallies[1].wins > tallies[0].wins);  // level 5 is the stronger
}
