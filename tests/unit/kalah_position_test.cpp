// Kalah's position text (a record's `position:` header, play --position):
// "south: PITS | STORE; north: PITS | STORE; to-move: SIDE".
#include <catch2/catch.hpp>

#include "games/kalah/kalah.h"
#include "rules/typed.h"
#include "test_support.h"

using namespace gamerec;

namespace {

const kalah::KalahState& kalah_state(const State& state) { return gamerec::downcast<kalah::KalahState>(state); }

// The error key and the arguments of a position that must be refused.
Message refused(const Game& game, const std::string& text) {
  auto made = game.new_state_from(text);
  REQUIRE(!made.ok());
  return made.error();
}

std::string arg(const Message& message, const std::string& name) {
  for (const auto& [key, value] : message.args)
    if (key == name) return value;
  return "(none)";
}

}  // namespace

TEST_CASE("kalah position: the start written out is the start") {
  auto game = test::make("kalah");
  auto state = test::position(*game, "south: 4 4 4 4 4 4 | 0; north: 4 4 4 4 4 4 | 0; to-move: south");
  CHECK(state->equals(*game->new_state()));
}

TEST_CASE("kalah position: rows from pit 1 on, stores after the bar, North to move, blanks optional") {
  //        6  5  4  3  2  1        North's pits, its pit 1 at the right
  //    9   0  0  1  0  9  2
  //        3  0  5  1  0  6   12   South's pits 1..6, South's store 12
  auto game = test::make("kalah");
  auto state = test::position(*game, " south:3 0 5 1 0 6|12 ;north: 2  9 0 1 0 0 |9;to-move:north ");
  const auto& kalah = kalah_state(*state);
  CHECK(state->to_move() == kalah::kNorth);
  CHECK(kalah.seeds_in(kalah::kSouth, 1) == 3);
  CHECK(kalah.seeds_in(kalah::kSouth, 6) == 6);
  CHECK(kalah.row(kalah::kSouth).store == 12);
  CHECK(kalah.seeds_in(kalah::kNorth, 2) == 9);
  CHECK(kalah.row(kalah::kNorth).store == 9);
  // North's pit 2 (9 seeds) sows to its pits 3-6, its store, South's 1-4:
  // the seeds stay 48.
  REQUIRE_FALSE(test::play(*game, *state, "2"));
  CHECK(kalah.row(kalah::kNorth).store == 10);
  CHECK(kalah.seeds_in(kalah::kSouth, 4) == 2);
}

TEST_CASE("kalah position: a row with every pit empty is a finished game, swept") {
  auto game = test::make("kalah");
  auto state = test::position(*game, "south: 0 0 0 0 0 0 | 20; north: 1 2 0 0 0 3 | 22; to-move: south");
  REQUIRE(state->is_over());
  CHECK(state->outcome().score == std::vector<int>{20, 28});
}

TEST_CASE("kalah position: the rows follow the pits option") {
  auto game = test::make("kalah", {{"pits", "3"}, {"seeds", "3"}});
  auto state = test::position(*game, "south: 3 3 3 | 0; north: 3 3 3 | 0; to-move: south");
  CHECK(state->equals(*game->new_state()));
  CHECK(refused(*game, "south: 3 3 3 3 3 3 | 0; north: 3 3 3 | 0; to-move: south").key == "position.bad-row");
}

TEST_CASE("kalah position: a missing, misnamed or extra field is position.bad-field, naming it") {
  auto game = test::make("kalah");
  auto missing = refused(*game, "south: 4 4 4 4 4 4 | 0; north: 4 4 4 4 4 4 | 0");
  CHECK(missing.key == "position.bad-field");
  CHECK(arg(missing, "expected") == "to-move");
  auto swapped = refused(*game, "north: 4 4 4 4 4 4 | 0; south: 4 4 4 4 4 4 | 0; to-move: south");
  CHECK(swapped.key == "position.bad-field");
  CHECK(arg(swapped, "field") == "north: 4 4 4 4 4 4 | 0");
  CHECK(arg(swapped, "expected") == "south");
  auto extra = refused(*game, "south: 4 4 4 4 4 4 | 0; north: 4 4 4 4 4 4 | 0; to-move: south; moves: 3");
  CHECK(extra.key == "position.bad-field");
  CHECK(arg(extra, "field") == "moves: 3");
}

TEST_CASE("kalah position: a row without its counts, bar and store is position.bad-row, naming the row") {
  auto game = test::make("kalah");
  for (const char* north : {"4 4 4 4 4 | 4", "4 4 4 4 4 4 4 | 0", "4 4 4 4 4 4", "4 4 4 4 4 4 |", "4 4 x 4 4 4 | 0",
                                   "4 4 -4 4 4 4 | 0", "4 4 4 4 4 4 | 0 0", "4 4 4 4 4 +4 | 0", "4 4 4 4 4 400 | 0"}) {
    INFO(north);
    auto error = refused(*game, std::string("south: 4 4 4 4 4 4 | 0; north: ") + north + "; to-move: south");
    CHECK(error.key == "position.bad-row");
    CHECK(arg(error, "field") == "north");
    CHECK(arg(error, "pits") == "6");
  }
}

TEST_CASE("kalah position: an unknown side to move is position.unknown-side") {
  auto game = test::make("kalah");
  auto error = refused(*game, "south: 4 4 4 4 4 4 | 0; north: 4 4 4 4 4 4 | 0; to-move: east");
  CHECK(error.key == "position.unknown-side");
  CHECK(arg(error, "side") == "east");
  CHECK(arg(error, "sides") == "south, north");
}

TEST_CASE("kalah position: seeds that do not add up to the game's are position.seed-total") {
  auto game = test::make("kalah");
  auto error = refused(*game, "south: 4 4 4 4 4 4 | 1; north: 4 4 4 4 4 4 | 0; to-move: south");
  CHECK(error.key == "position.seed-total");
  CHECK(arg(error, "total") == "49");
  CHECK(arg(error, "expected") == "48");
}

TEST_CASE("kalah position: the solver solves from a position against its own start") {
  // After South's 2 (an extra move: its 3 seeds end in the store),
  // the position written out solves to the same value as the move played.
  auto game = test::make("kalah", {{"pits", "4"}, {"seeds", "3"}});
  auto played = game->new_state();
  REQUIRE_FALSE(test::play(*game, *played, "2"));
  auto written = test::position(*game, "south: 3 0 4 4 | 1; north: 3 3 3 3 | 0; to-move: south");
  const auto& a = kalah_state(*written);
  const auto& b = kalah_state(*played);
  CHECK(a.row(kalah::kSouth) == b.row(kalah::kSouth));
  CHECK(a.row(kalah::kNorth) == b.row(kalah::kNorth));
  CHECK(written->to_move() == played->to_move());
  CHECK(gamerec::test::solver(*game)->solve(*written).value == gamerec::test::solver(*game)->solve(*played).value);
}
