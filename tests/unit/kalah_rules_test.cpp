// Kalah's rules, one scenario per rule (gamerec-games(7), KALAH), with the board drawn as
// `replay` shows it: North's row on top (its pit 1 at the right), North's
// store at the left end, South's store at the right end.
#include <catch2/catch.hpp>

#include "games/kalah/kalah.h"
#include "rules/typed.h"
#include "test_support.h"

using namespace gamerec;
using kalah::KalahState;
using kalah::Row;

namespace {

kalah::Rules rules(bool capture_needs_opposite_seeds = true) {
  kalah::Rules r;
  r.capture_needs_opposite_seeds = capture_needs_opposite_seeds;
  return r;
}

// A row from its pits 1..6 and its store.
Row row(std::array<int, 6> pits, int store = 0) {
  Row r;
  for (std::size_t i = 0; i < pits.size(); ++i) r.pits[i] = static_cast<std::uint8_t>(pits[i]);
  r.store = store;
  return r;
}

// Why the side to move moves now (kalah's TurnReasons facet).
std::optional<Message> turn_reason(const State& state) {
  static const auto game = gamerec::test::make("kalah");
  return game->facet<TurnReasons>()->turn_reason(state);
}

std::array<int, 6> pits_of(const KalahState& state, Side side) {
  std::array<int, 6> pits{};
  for (int pit = 1; pit <= 6; ++pit) pits[static_cast<std::size_t>(pit - 1)] = state.seeds_in(side, pit);
  return pits;
}

void play(KalahState& state, int pit) {
  REQUIRE_FALSE(state.check(Move{pit, -1, 0}));
  state.apply(Move{pit, -1, 0});
}

}  // namespace

TEST_CASE("kalah: the start has four seeds in every pit, South to move") {
  const auto game = gamerec::test::make("kalah");
  const auto state = game->new_state();
  const auto& kalah = gamerec::downcast<KalahState>(*state);
  CHECK(pits_of(kalah, kalah::kSouth) == std::array<int, 6>{4, 4, 4, 4, 4, 4});
  CHECK(pits_of(kalah, kalah::kNorth) == std::array<int, 6>{4, 4, 4, 4, 4, 4});
  CHECK(kalah.to_move() == kalah::kSouth);
  CHECK(state->legal_moves().size() == 6);
  const auto three = gamerec::test::make("kalah", {{"seeds", "3"}, {"pits", "4"}});
  const auto small_state = three->new_state();
  const auto& small = gamerec::downcast<KalahState>(*small_state);
  CHECK(small.seeds_in(kalah::kNorth, 4) == 3);
  CHECK(small.legal_moves().size() == 4);
}

TEST_CASE("kalah: sowing goes counter-clockwise, one seed per pit, from the pit after the chosen one") {
  //      6  5  4  3  2  1            6  5  4  3  2  1
  //   0  4  4  4  4  4  4         0  4  4  4  4  5  5
  //      4  4  4  4  4  4  0  ->     4  4  4  4  0  5  1   (South plays 5)
  //      1  2  3  4  5  6            1  2  3  4  5  6
  auto state = KalahState(rules());
  play(state, 5);
  CHECK(pits_of(state, kalah::kSouth) == std::array<int, 6>{4, 4, 4, 4, 0, 5});
  CHECK(state.row(kalah::kSouth).store == 1);
  CHECK(pits_of(state, kalah::kNorth) == std::array<int, 6>{5, 5, 4, 4, 4, 4});
  CHECK(state.to_move() == kalah::kNorth);
  CHECK_FALSE(turn_reason(state));
}

TEST_CASE("kalah: last seed in the own store gives an extra move") {
  //      6  5  4  3  2  1            6  5  4  3  2  1
  //   0  4  4  4  4  4  4         0  4  4  4  4  4  4
  //      4  4  4  4  4  4  0  ->     4  4  0  5  5  5  1   (South plays 3: South again)
  auto state = KalahState(rules());
  play(state, 3);
  CHECK(state.to_move() == kalah::kSouth);
  CHECK(state.extra_move());
  REQUIRE(turn_reason(state));
  CHECK(turn_reason(state)->key == "status.extra-move");
  // The extra move is a move like any other: now 6 ends beyond the store.
  play(state, 6);
  CHECK(state.to_move() == kalah::kNorth);
  CHECK_FALSE(state.extra_move());
}

TEST_CASE("kalah: last seed in an own empty pit captures it and the opposite pit") {
  //      6  5  4  3  2  1            6  5  4  3  2  1
  //   0  1  3  1  1  1  1         0  1  0  1  1  1  1
  //      1  0  2  2  2  2  0  ->     0  0  2  2  2  2  4   (South plays 1: pit 2 was
  //      1  2  3  4  5  6                                  empty, North's 5 opposite)
  auto state = KalahState(rules(), row({1, 0, 2, 2, 2, 2}), row({1, 1, 1, 1, 3, 1}), kalah::kSouth);
  play(state, 1);
  CHECK(pits_of(state, kalah::kSouth) == std::array<int, 6>{0, 0, 2, 2, 2, 2});
  CHECK(pits_of(state, kalah::kNorth) == std::array<int, 6>{1, 1, 1, 1, 0, 1});
  CHECK(state.row(kalah::kSouth).store == 4);
  CHECK(state.to_move() == kalah::kNorth);
  CHECK(KalahState(rules(), row({1, 0, 2, 2, 2, 2}), row({1, 1, 1, 1, 3, 1}), kalah::kSouth)
            .preview(1)
            .captured == 4);
}

TEST_CASE("kalah: North captures too, from its own row") {
  //      6  5  4  3  2  1            6  5  4  3  2  1
  //   0  2  0  2  2  0  1         3  2  0  2  2  0  0      (North plays 1: its pit 2
  //      2  2  2  2  2  2  0  ->     2  2  2  2  0  2  0    was empty, South's 5 opposite)
  auto state = KalahState(rules(), row({2, 2, 2, 2, 2, 2}), row({1, 0, 2, 2, 0, 2}), kalah::kNorth);
  play(state, 1);
  CHECK(state.row(kalah::kNorth).store == 3);
  CHECK(state.seeds_in(kalah::kSouth, 5) == 0);
  CHECK(state.seeds_in(kalah::kNorth, 2) == 0);
  CHECK(state.to_move() == kalah::kSouth);
}

TEST_CASE("kalah: a capture after a full lap, in the starting pit itself") {
  // 13 seeds go once round the 13 pits and stores on the way (the
  // opponent's store skipped): the last falls in the emptied pit 1.
  //      6  5  4  3  2  1            6  5  4  3  2  1
  //   0  2  1  1  1  1  1         0  0  2  2  2  2  2
  //     13  1  1  1  1  1  0  ->     0  2  2  2  2  2  5   (captures 1 + North's 6)
  auto state = KalahState(rules(), row({13, 1, 1, 1, 1, 1}), row({1, 1, 1, 1, 1, 2}), kalah::kSouth);
  play(state, 1);
  CHECK(pits_of(state, kalah::kSouth) == std::array<int, 6>{0, 2, 2, 2, 2, 2});
  CHECK(pits_of(state, kalah::kNorth) == std::array<int, 6>{2, 2, 2, 2, 2, 0});
  CHECK(state.row(kalah::kSouth).store == 1 + 1 + 3);  // the lap's seed, then 1 + 3 captured
  CHECK(state.row(kalah::kNorth).store == 0);
}

TEST_CASE("kalah: no capture when the opposite pit is empty") {
  //      6  5  4  3  2  1            6  5  4  3  2  1
  //   0  1  0  1  1  1  1         0  1  0  1  1  1  1
  //      1  0  2  2  2  2  0  ->     0  1  2  2  2  2  0   (North's 5 is empty)
  auto state = KalahState(rules(), row({1, 0, 2, 2, 2, 2}), row({1, 1, 1, 1, 0, 1}), kalah::kSouth);
  play(state, 1);
  CHECK(pits_of(state, kalah::kSouth) == std::array<int, 6>{0, 1, 2, 2, 2, 2});
  CHECK(state.row(kalah::kSouth).store == 0);
  CHECK(state.to_move() == kalah::kNorth);
}

TEST_CASE("kalah: with capture_needs_opposite_seeds off, the lone last seed goes to the store") {
  // The same position as above, under the rule Irving, Donkers and
  // Uiterwijk solved: an empty opposite pit still captures the last seed.
  const auto game = gamerec::test::make("kalah", {{"capture_needs_opposite_seeds", "false"}});
  const auto& game_rules = gamerec::downcast<kalah::KalahGame>(*game).rules();
  CHECK_FALSE(game_rules.capture_needs_opposite_seeds);
  auto state = KalahState(game_rules, row({1, 0, 2, 2, 2, 2}), row({1, 1, 1, 1, 0, 1}), kalah::kSouth);
  play(state, 1);
  CHECK(pits_of(state, kalah::kSouth) == std::array<int, 6>{0, 0, 2, 2, 2, 2});
  CHECK(state.row(kalah::kSouth).store == 1);
}

TEST_CASE("kalah: sowing skips the opponent's store") {
  // South's 6 with 9 seeds: its store, North's six pits, (not North's
  // store), South's 1 and 2.
  //      6  5  4  3  2  1            6  5  4  3  2  1
  //   5  1  1  1  1  1  1         5  2  2  2  2  2  2
  //      1  1  1  1  1  9  0  ->     2  2  1  1  1  0  1
  auto state = KalahState(rules(), row({1, 1, 1, 1, 1, 9}), row({1, 1, 1, 1, 1, 1}, 5), kalah::kSouth);
  play(state, 6);
  CHECK(pits_of(state, kalah::kSouth) == std::array<int, 6>{2, 2, 1, 1, 1, 0});
  CHECK(pits_of(state, kalah::kNorth) == std::array<int, 6>{2, 2, 2, 2, 2, 2});
  CHECK(state.row(kalah::kSouth).store == 1);
  CHECK(state.row(kalah::kNorth).store == 5);
}

TEST_CASE("kalah: the game ends when a side's pits are empty, and each side sweeps its own seeds") {
  //      6  5  4  3  2  1                                 North sweeps 1+2+3 = 6
  //  10  0  0  0  3  2  1         16  0  0  0  0  0  0
  //      0  0  0  0  0  1 20  ->      0  0  0  0  0  0 21  (South's last seed to
  //                                                         its store empties its row)
  auto state = KalahState(rules(), row({0, 0, 0, 0, 0, 1}, 20), row({1, 2, 3, 0, 0, 0}, 10), kalah::kSouth);
  play(state, 6);
  REQUIRE(state.is_over());
  CHECK(state.to_move() == kNoSide);
  CHECK_FALSE(turn_reason(state));  // no extra move after the end
  const Outcome outcome = state.outcome();
  CHECK(outcome.end == "no-seeds");
  CHECK(outcome.score == std::vector<int>{21, 16});
  CHECK(outcome.winners == std::vector<Side>{kalah::kSouth});
  CHECK(state.legal_moves().empty());
}

TEST_CASE("kalah: the game also ends when the side that did not move has no seeds left") {
  // South's 1 puts its seed in the empty pit 2 and captures North's 5,
  // North's last seeds: North cannot move, and South sweeps its 6.
  //      6  5  4  3  2  1            6  5  4  3  2  1
  //   3  0  2  0  0  0  0         3  0  0  0  0  0  0
  //      1  0  0  0  0  3  2  ->     0  0  0  0  0  0  8
  auto state = KalahState(rules(), row({1, 0, 0, 0, 0, 3}, 2), row({0, 0, 0, 0, 2, 0}, 3), kalah::kSouth);
  play(state, 1);  // captures 1 + 2: North has nothing left
  REQUIRE(state.is_over());
  CHECK(state.outcome().score == std::vector<int>{2 + 3 + 3, 3});
}

TEST_CASE("kalah: equal stores at the end are a draw") {
  //      6  5  4  3  2  1
  //  23  0  0  0  0  0  1
  //      0  0  0  0  0  1 23   South's 6 to its store: 24 to 24
  auto state = KalahState(rules(), row({0, 0, 0, 0, 0, 1}, 23), row({1, 0, 0, 0, 0, 0}, 23), kalah::kSouth);
  play(state, 6);
  REQUIRE(state.is_over());
  const Outcome outcome = state.outcome();
  CHECK(outcome.winners.empty());
  CHECK(outcome.score == std::vector<int>{24, 24});
  CHECK(outcome.end == "no-seeds");
}

TEST_CASE("kalah: error notation for a text that is no pit number 1-6") {
  const auto game = gamerec::test::make("kalah");
  const auto state = game->new_state();
  for (const char* text : {"0", "7", "10", "a", "3a", "03", "-1", "1-2", "", "123", "+3"}) {
    INFO(text);
    CHECK(gamerec::test::code_of(*game, *state, text) == "notation");
  }
  Move move;
  const auto error = gamerec::test::check_text(*game, *state, "7", move);
  REQUIRE(error);
  CHECK(error->kind == "pit-range");
  CHECK(gamerec::test::english(Message{"errors.notation-pit-range", error->args}) ==
        "not a pit: a move is a pit number from 1 to 6");
  for (const char* text : {"1", "6"}) CHECK(gamerec::test::code_of(*game, *state, text) == "ok");
}

TEST_CASE("kalah: the notation's range follows the pits option") {
  const auto game = gamerec::test::make("kalah", {{"pits", "4"}});
  const auto state = game->new_state();
  CHECK(gamerec::test::code_of(*game, *state, "4") == "ok");
  CHECK(gamerec::test::code_of(*game, *state, "5") == "notation");
  const auto eight = gamerec::test::make("kalah", {{"pits", "8"}});
  CHECK(gamerec::test::code_of(*eight, *eight->new_state(), "8") == "ok");
}

TEST_CASE("kalah: error empty-pit for a pit with no seeds") {
  const auto game = gamerec::test::make("kalah");
  auto state = game->new_state();
  REQUIRE_FALSE(gamerec::test::play(*game, *state, "2"));  // South's 2 sown (ends in 6); North moves
  REQUIRE_FALSE(gamerec::test::play(*game, *state, "2"));  // North's 2 likewise; South's 2 is empty
  CHECK(gamerec::test::code_of(*game, *state, "2") == "empty-pit");
}

TEST_CASE("kalah: error game-over for a move after the end, even for an empty pit") {
  const auto game = gamerec::test::make("kalah");
  auto state = KalahState(gamerec::downcast<kalah::KalahGame>(*game).rules(), row({0, 0, 0, 0, 0, 1}, 20),
                          row({1, 2, 3, 0, 0, 0}, 10), kalah::kSouth);
  play(state, 6);
  REQUIRE(state.is_over());
  CHECK(gamerec::test::code_of(*game, state, "1") == "game-over");
  CHECK(gamerec::test::code_of(*game, state, "7") == "notation");  // notation comes first
}

TEST_CASE("kalah: a computer player's move outside the pits is rejected, never played") {
  const auto game = gamerec::test::make("kalah");
  const auto state = game->new_state();
  CHECK(state->check(Move{0, -1, 0})->code == ErrorCode::kNotation);
  CHECK(state->check(Move{7, -1, 0})->code == ErrorCode::kNotation);
  CHECK(state->check(Move{3, 4, 0})->code == ErrorCode::kNotation);
}

TEST_CASE("kalah: the board shows North on top, both stores at the ends, each row numbered its own way") {
  const auto game = gamerec::test::make("kalah");
  auto state = game->new_state();
  REQUIRE_FALSE(gamerec::test::play(*game, *state, "3"));
  const BoardView view = state->view();
  REQUIRE(view.grids.size() == 1);
  const BoardGrid& grid = view.grids[0];
  CHECK(grid.rows == 2);
  CHECK(grid.cols == 8);
  CHECK(grid.col_labels == std::vector<std::string>{"", "6", "5", "4", "3", "2", "1", ""});
  CHECK(grid.bottom_col_labels == std::vector<std::string>{"", "1", "2", "3", "4", "5", "6", ""});
  CHECK(grid.cells[0].text == "0");  // North's store, top left
  CHECK(grid.cells[0].owner == kalah::kNorth);
  CHECK(grid.cells[15].text == "1");  // South's store, bottom right
  CHECK(grid.cells[15].owner == kalah::kSouth);
  CHECK(grid.cells[11].text == "0");  // South's pit 3, just sown
  CHECK(grid.cells[11].highlight);
  CHECK(grid.cells[12].text == "5");
}

TEST_CASE("kalah: the status line says whose move it is and why") {
  const auto game = gamerec::test::make("kalah");
  auto state = game->new_state();
  REQUIRE_FALSE(gamerec::test::play(*game, *state, "3"));
  const auto reason = turn_reason(*state);
  REQUIRE(reason);
  CHECK(gamerec::test::english(Message{reason->key, {{"side", "South"}, {"number", "2"}}}) ==
        "South to move again (extra move), move 2");
}
