// Battleship's rules (gamerec-games(7), BATTLESHIP): placements with every direction spelling
// and every fault, shots and their recorded answers, sinking, the end, both
// turn options, and one scenario per error code.
//
// Most scenarios use a small game: a 6x6 grid and the fleet 3,2,1. Grids
// in the comments show a player's own fleet, row 1 at the top: O a ship,
// X a hit, ~ a shot into water.
#include <catch2/catch.hpp>

#include "games/battleship/battleship.h"
#include "rules/typed.h"
#include "test_support.h"

using namespace gamerec;
using gamerec::test::code_of;
using gamerec::test::play;
using gamerec::test::play_all;

namespace {

std::unique_ptr<Game> small_game(std::vector<OptionOverride> more = {}) {
  std::vector<OptionOverride> overrides = {{"width", "6"}, {"height", "6"}, {"ships", "3,2,1"}};
  overrides.insert(overrides.end(), more.begin(), more.end());
  return gamerec::test::make("battleship", overrides);
}

//   player 1                   player 2
//      A B C D E F                A B C D E F
//   1  O O O . . .             1  . . . . . .
//   2  . . . . . .             2  . O O O . .
//   3  O . . . . .             3  . . . . . .
//   4  O . . . O .             4  . . . . . O
//   5  . . . . . .             5  O . . . . O
//   6  . . . . . .             6  . . . . . .
const std::vector<std::string> kPlacements = {
    "A1 right", "A3 down", "E4",  // player 1: 3 at A1-C1, 2 at A3-A4, 1 at E4
    "B2 right", "F4 down", "A5",  // player 2: 3 at B2-D2, 2 at F4-F5, 1 at A5
};

const battleship::BattleshipState& as_battleship(const State& state) {
  return gamerec::downcast<battleship::BattleshipState>(state);
}

MoveError placement_error(const Game& game, const State& state, const std::string& text) {
  Move move;
  auto error = gamerec::test::check_text(game, state, text, move);
  REQUIRE(error);
  return *error;
}

}  // namespace

TEST_CASE("battleship: placements read every direction spelling, in any case") {
  const auto game = gamerec::test::make("battleship");
  struct Spelling {
    const char* text;
    battleship::Ship ship;
  };
  // The ship of length 4 from D4 each way (D4 is column D, row 4).
  const std::vector<Spelling> spellings = {
      {"D4 right", {4, 3, 3, false}},  {"d4 R", {4, 3, 3, false}},      {"D4 derecha", {4, 3, 3, false}},
      {"D4 DOWN", {4, 3, 3, true}},    {"D4 d", {4, 3, 3, true}},       {"D4 Abajo", {4, 3, 3, true}},
      {"D4 left", {4, 3, 0, false}},   {"D4 L", {4, 3, 0, false}},      {"D4 izquierda", {4, 3, 0, false}},
      {"D4 up", {4, 0, 3, true}},      {"D4 u", {4, 0, 3, true}},       {"D4 ARRIBA", {4, 0, 3, true}},
      {"D4\tright", {4, 3, 3, false}}, {"D4   left", {4, 3, 0, false}},
  };
  for (const Spelling& spelling : spellings) {
    INFO(spelling.text);
    auto state = game->new_state();
    REQUIRE_FALSE(play(*game, *state, spelling.text));
    const auto& ships = as_battleship(*state).grid(0).ships;
    REQUIRE(ships.size() == 1);
    CHECK(ships[0] == spelling.ship);
  }
  // "left" and "up" name the same ship as the other end's "right"/"down":
  // the positions are equal.
  auto a = game->new_state();
  auto b = game->new_state();
  play_all(*game, *a, {"D4 left"});
  play_all(*game, *b, {"A4 right"});
  CHECK(a->equals(*b));
}

TEST_CASE("battleship: a ship of length 1 may omit its direction, or give any") {
  const auto game = small_game();
  for (const char* text : {"E4", "E4 up", "e4 izquierda"}) {
    INFO(text);
    auto state = game->new_state();
    play_all(*game, *state, {"A1 right", "A3 down"});
    REQUIRE_FALSE(play(*game, *state, text));
    CHECK(as_battleship(*state).grid(0).ships.back() == battleship::Ship{1, 3, 4, false});
  }
}

TEST_CASE("battleship: player 1 places the whole fleet, then player 2, then the shots begin") {
  const auto game = small_game();
  auto state = game->new_state();
  for (std::size_t i = 0; i < kPlacements.size(); ++i) {
    CHECK(state->to_move() == (i < 3 ? 0 : 1));
    REQUIRE_FALSE(play(*game, *state, kPlacements[i]));
  }
  CHECK_FALSE(as_battleship(*state).placing());
  CHECK(state->to_move() == 0);  // player 1 shoots first
  // Each placement counts as a move.
  CHECK(state->moves_played() == 6);
}

TEST_CASE("battleship: a ship needs a direction when longer than 1") {
  //   ship 1 (length 3) at A1 needs to know which way it runs
  const auto game = small_game();
  auto state = game->new_state();
  const MoveError error = placement_error(*game, *state, "A1");
  CHECK(error.code == ErrorCode::kShipPlacement);
  CHECK(error.kind == "needs-direction");
  CHECK(gamerec::test::english(Message{"errors.ship-placement-needs-direction", error.args}) ==
        "ship 1 (length 3) needs a direction: right, down, left or up");
}

TEST_CASE("battleship: a ship that leaves the board is a placement fault") {
  //      A B C D E F
  //   1  . . . . O O|O   ship 1 from E1 to the right runs off the grid
  const auto game = small_game();
  auto state = game->new_state();
  for (const char* text : {"E1 right", "B1 up", "A2 left", "A5 down"}) {
    INFO(text);
    const MoveError error = placement_error(*game, *state, text);
    CHECK(error.code == ErrorCode::kShipPlacement);
    CHECK(error.kind == "off-board");
  }
}

TEST_CASE("battleship: a ship may not overlap another, and the message names it") {
  //      A B C D E F
  //   1  O O O . . .   ship 1
  //   2  . O . . . .   ship 2 from B1 down would cross it at B1
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, {"A1 right"});
  const MoveError error = placement_error(*game, *state, "B1 down");
  CHECK(error.code == ErrorCode::kShipPlacement);
  CHECK(error.kind == "overlap");
  CHECK(gamerec::test::english(Message{"errors.ship-placement-overlap", error.args}) ==
        "ship 2 (length 2) overlaps ship 1 (length 3)");
}

TEST_CASE("battleship: a ship may not touch another, not even at a corner") {
  //      A B C D E F
  //   1  O O O . . .   ship 1
  //   2  . . . O . .   ship 2 from D2 right touches C1 at the corner
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, {"A1 right"});
  for (const char* text : {"D2 right", "D1 right", "A2 right"}) {
    INFO(text);
    const MoveError error = placement_error(*game, *state, text);
    CHECK(error.code == ErrorCode::kShipPlacement);
    CHECK(error.kind == "touch");
    CHECK(gamerec::test::english(Message{"errors.ship-placement-touch", error.args}) ==
          "ship 2 (length 2) touches ship 1 (length 3)");
  }
  // One cell further is fine.
  CHECK_FALSE(play(*game, *state, "E1 down"));
}

TEST_CASE("battleship: overlapping is reported before touching, and names the ship overlapped") {
  //      A B C D E F
  //   1  O O O . . .   ship 1 (3)
  //   2  . . . . . .
  //   3  O O . . . .   ship 2 (2); ship 3 (1) at B3 overlaps ship 2 and
  //                    would touch nothing else
  const auto game = gamerec::test::make("battleship", {{"width", "6"}, {"height", "6"}, {"ships", "3,2,2"}});
  auto state = game->new_state();
  play_all(*game, *state, {"A1 right", "A3 right"});
  const MoveError error = placement_error(*game, *state, "B3 down");
  CHECK(error.kind == "overlap");
  CHECK(error.args == MessageArgs{{"ship", "3"}, {"length", "2"}, {"other", "2"}, {"other_length", "2"}});
}

TEST_CASE("battleship: a placement must leave room for the rest of the fleet") {
  //      A B C      a 3x3 grid and the fleet 1,1: a ship in the middle
  //   1  . . .      (B2) touches every other cell, so the second ship
  //   2  . O .      would have nowhere to go
  //   3  . . .
  const auto game = gamerec::test::make("battleship", {{"width", "3"}, {"height", "3"}, {"ships", "1,1"}});
  auto state = game->new_state();
  const MoveError error = placement_error(*game, *state, "B2");
  CHECK(error.code == ErrorCode::kShipPlacement);
  CHECK(error.kind == "no-room");
  // The corners leave room; and no legal move is the middle.
  CHECK(code_of(*game, *state, "A1") == "ok");
  for (const Move& move : state->legal_moves()) CHECK(move.to != 4);
}

TEST_CASE("battleship: the options refuse a fleet that cannot be placed") {
  for (const std::vector<OptionOverride>& overrides :
       std::vector<std::vector<OptionOverride>>{{{"width", "3"}, {"height", "3"}, {"ships", "1,1,1,1,1"}},
                                                {{"width", "5"}, {"height", "1"}, {"ships", "6"}},
                                                {{"ships", "4,4,4,4,4,4,4,4,4,4,4,4,4"}}}) {
    auto made = gamerec::test::catalogue().make_game("battleship", overrides);
    REQUIRE(!made.ok());
    CHECK(made.error().key == "ships.no-room");
  }
  // Four ships of length 1 fit on 3x3, one in each corner.
  CHECK_NOTHROW(gamerec::test::make("battleship", {{"width", "3"}, {"height", "3"}, {"ships", "1,1,1,1"}}));
}

TEST_CASE("battleship: cells run from A1 to the grid's last column and row, up to 26x26") {
  const auto game = gamerec::test::make("battleship", {{"width", "26"}, {"height", "26"}});
  WrittenMove written;
  REQUIRE_FALSE(gamerec::test::parse_text(*game, "Z26", written));
  CHECK(written.move.to == 26 * 26 - 1);
  CHECK(gamerec::test::parse_text(*game, "Z27", written)->code == ErrorCode::kOffBoard);
  const auto standard = gamerec::test::make("battleship");
  for (const char* text : {"K1", "A11", "A0", "k5 right"})
    CHECK(gamerec::test::parse_text(*standard, text, written)->code == ErrorCode::kOffBoard);
  for (const char* text : {"", "A", "11", "A100", "AA1", "A1 sideways", "A1 right hit", "1A", "A-1", "A1x"}) {
    INFO(text);
    CHECK(gamerec::test::parse_text(*standard, text, written)->code == ErrorCode::kNotation);
  }
}

TEST_CASE("battleship: a shot's recorded answer is checked, in English or Spanish") {
  // Player 2's fleet (kPlacements): B2-D2, F4-F5 and A5.
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, kPlacements);
  CHECK(code_of(*game, *state, "A1 hit") == "response-mismatch");
  CHECK(code_of(*game, *state, "A1 sunk") == "response-mismatch");
  CHECK(code_of(*game, *state, "A1 water") == "ok");
  CHECK(code_of(*game, *state, "A1 agua") == "ok");
  CHECK(code_of(*game, *state, "B2 water") == "response-mismatch");
  CHECK(code_of(*game, *state, "B2 sunk") == "response-mismatch");
  CHECK(code_of(*game, *state, "B2 tocado") == "ok");
  CHECK(code_of(*game, *state, "A5 hit") == "response-mismatch");
  CHECK(code_of(*game, *state, "A5 HUNDIDO") == "ok");
  CHECK(code_of(*game, *state, "A5") == "ok");  // no answer: nothing to check
  Move move;
  const auto error = gamerec::test::check_text(*game, *state, "B2 water", move);
  CHECK(error == MoveError{ErrorCode::kResponseMismatch, "hit", {{"cell", "B2"}}});
  CHECK(gamerec::test::english(Message{"errors.response-mismatch-hit", error->args}) ==
        "the shot at B2 hit a ship (hit), not the answer recorded");
}

TEST_CASE("battleship: the last cell hit of a ship sinks it") {
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, kPlacements);
  play_all(*game, *state, {"B2 hit", "C2 hit"});
  CHECK(code_of(*game, *state, "D2 hit") == "response-mismatch");
  REQUIRE_FALSE(play(*game, *state, "D2 sunk"));
  CHECK(as_battleship(*state).grid(1).sunk == 1);
}

TEST_CASE("battleship: after a hit or a sunk ship the shooter shoots again, after water the turn passes") {
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, kPlacements);
  REQUIRE_FALSE(play(*game, *state, "B2 hit"));
  CHECK(state->to_move() == 0);
  REQUIRE_FALSE(play(*game, *state, "A5 sunk"));
  CHECK(state->to_move() == 0);
  REQUIRE_FALSE(play(*game, *state, "F1 water"));
  CHECK(state->to_move() == 1);
  REQUIRE_FALSE(play(*game, *state, "F6 water"));
  CHECK(state->to_move() == 0);
}

TEST_CASE("battleship: with extra_shot_on_hit false the players strictly alternate") {
  const auto game = small_game({{"extra_shot_on_hit", "false"}});
  auto state = game->new_state();
  play_all(*game, *state, kPlacements);
  REQUIRE_FALSE(play(*game, *state, "B2 hit"));
  CHECK(state->to_move() == 1);
  REQUIRE_FALSE(play(*game, *state, "A1 hit"));
  CHECK(state->to_move() == 0);
  REQUIRE_FALSE(play(*game, *state, "F1 water"));
  CHECK(state->to_move() == 1);
}

TEST_CASE("battleship: option first lets player 2 shoot first") {
  const auto game = small_game({{"first", "2"}});
  auto state = game->new_state();
  play_all(*game, *state, {"A1 right", "A3 down", "E4"});
  CHECK(state->to_move() == 1);  // placements keep their order
  play_all(*game, *state, {"B2 right", "F4 down", "A5"});
  CHECK(state->to_move() == 1);
  REQUIRE_FALSE(play(*game, *state, "A1 hit"));
}

TEST_CASE("battleship: sinking the whole fleet ends the game, and the score is the shots fired") {
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, kPlacements);
  play_all(*game, *state, {"F1 water", "A1 hit", "F6 water"});  // player 1 misses, player 2 hits then misses
  play_all(*game, *state, {"B2", "C2", "D2 sunk", "F4 hit", "F5 sunk"});
  CHECK_FALSE(state->is_over());
  CHECK(state->outcome().score == std::vector<int>{6, 2});
  REQUIRE_FALSE(play(*game, *state, "A5 sunk"));
  CHECK(state->is_over());
  const Outcome outcome = state->outcome();
  CHECK(outcome.winners == std::vector<Side>{0});
  CHECK(outcome.end == "fleet-sunk");
  CHECK(outcome.score == std::vector<int>{7, 2});
  CHECK(state->to_move() == kNoSide);
  CHECK(state->legal_moves().empty());
}

// One scenario per error code (gamerec-record(5), ERROR CODES; gamerec-games(7), BATTLESHIP).

TEST_CASE("battleship error notation: neither a placement nor a shot, or the wrong one") {
  const auto game = small_game();
  auto state = game->new_state();
  CHECK(code_of(*game, *state, "A1 rightward") == "notation");
  CHECK(placement_error(*game, *state, "A1 hit").kind == "placement-expected");
  play_all(*game, *state, kPlacements);
  const MoveError error = placement_error(*game, *state, "A1 right");
  CHECK(error.code == ErrorCode::kNotation);
  CHECK(error.kind == "shot-expected");
}

TEST_CASE("battleship error off-board: a well-formed cell outside the grid") {
  const auto game = small_game();
  auto state = game->new_state();
  CHECK(code_of(*game, *state, "G1 right") == "off-board");
  play_all(*game, *state, kPlacements);
  CHECK(code_of(*game, *state, "A7") == "off-board");
  // Notation comes first.
  CHECK(code_of(*game, *state, "A7 sideways") == "notation");
}

TEST_CASE("battleship error ship-placement: a ship leaves the board, overlaps or touches") {
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, {"A1 right"});
  CHECK(code_of(*game, *state, "C3 right") == "ok");
  CHECK(code_of(*game, *state, "F3 right") == "ship-placement");
}

TEST_CASE("battleship error repeated-shot: a cell already shot") {
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, kPlacements);
  play_all(*game, *state, {"B2 hit"});
  CHECK(code_of(*game, *state, "b2") == "repeated-shot");
  // The other player's shots are at the other grid.
  play_all(*game, *state, {"F1 water"});
  CHECK(code_of(*game, *state, "B2") == "ok");
}

TEST_CASE("battleship error response-mismatch: the recorded answer is not what the shot hit") {
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, kPlacements);
  CHECK(code_of(*game, *state, "C2 water") == "response-mismatch");
}

TEST_CASE("battleship error game-over: a line after a fleet is sunk") {
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, kPlacements);
  play_all(*game, *state, {"B2", "C2", "D2", "F4", "F5", "A5"});
  REQUIRE(state->is_over());
  CHECK(code_of(*game, *state, "A1") == "game-over");
  CHECK(code_of(*game, *state, "A1 right") == "game-over");
  CHECK(code_of(*game, *state, "junk") == "notation");
}

TEST_CASE("battleship: a computer's move out of range is off-board or notation, never a crash") {
  const auto game = small_game();
  auto state = game->new_state();
  CHECK(state->check(Move{-1, 36, 0})->code == ErrorCode::kOffBoard);
  CHECK(state->check(Move{-1, -1, 0})->code == ErrorCode::kOffBoard);
  CHECK(state->check(Move{-1, 0, 99})->code == ErrorCode::kNotation);
}

TEST_CASE("battleship: each side observes only its own fleet, and the whole view shows both") {
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, kPlacements);
  play_all(*game, *state, {"B2 hit", "F1 water", "A1 hit", "F6 water"});
  const auto seen = state->observe(0);
  const auto& own = gamerec::downcast<battleship::BattleshipObservation>(*seen);
  CHECK(own.fleet() == as_battleship(*state).grid(0).ships);
  CHECK(own.fired(7) == battleship::kHit);        // B2
  CHECK(own.fired(5) == battleship::kWater);      // F1
  CHECK(own.received(0) == battleship::kHit);     // A1: player 2's hit
  CHECK(own.received(35) == battleship::kWater);  // F6
  const BoardView view = seen->view();
  REQUIRE(view.grids.size() == 2);
  CHECK(view.grids[0].title == "views.fleet-1");
  CHECK(view.grids[1].title == "views.shots-1");
  // Player 2's ship of 3 at B2-D2: player 1 sees its hit at B2 only.
  std::string enemy;
  for (int col = 0; col < 6; ++col) enemy += view.grids[1].cells[static_cast<std::size_t>(6 + col)].mark;
  CHECK(enemy == ".X....");
  std::string own_row;
  for (int col = 0; col < 6; ++col) own_row += view.grids[0].cells[static_cast<std::size_t>(col)].mark;
  CHECK(own_row == "XOO...");  // F1 was player 1's own shot, at the other grid
  const BoardView whole = state->view();
  REQUIRE(whole.grids.size() == 2);
  CHECK(whole.grids[1].title == "views.fleet-2");
  std::string second;
  for (int col = 0; col < 6; ++col) second += whole.grids[1].cells[static_cast<std::size_t>(6 + col)].mark;
  CHECK(second == ".XOO..");
}

TEST_CASE("battleship: a record that stops inside the placements is valid and in progress") {
  const auto game = gamerec::test::make("battleship");
  auto state = game->new_state();
  play_all(*game, *state, {"A1 right", "A3 right", "E3 right"});
  CHECK_FALSE(state->is_over());
  CHECK(state->to_move() == 0);
  CHECK(as_battleship(*state).placing());
}

TEST_CASE("battleship: \"random\" at the prompt stands for the rest of the side's fleet, legal and seeded") {
  const auto game = small_game();
  auto state = game->new_state();
  play_all(*game, *state, {"A1 right"});
  // Player 1 has placed its 3; "random" (or "azar", any case) places its 2 and 1.
  for (const std::string word : {"random", "RANDOM", "azar"}) {
    const std::vector<Move> moves = gamerec::test::shortcut_moves(*game, word, *state, 42);
    REQUIRE(moves.size() == 2);
    auto placed = state->clone();
    for (const Move& move : moves) {
      CHECK_FALSE(placed->check(move));
      placed->apply(move);
    }
    CHECK(as_battleship(*placed).grid(0).ships.size() == 3);
    CHECK(placed->to_move() == 1);  // player 2 places next
    CHECK(gamerec::test::shortcut_moves(*game, word, *state, 42) == moves);  // the seed decides
  }
  // Not a shortcut: another word, or once the shots have begun.
  CHECK(gamerec::test::shortcut_moves(*game, "randomly", *state, 42).empty());
  play_all(*game, *state, {"A3 down", "E4"});
  play_all(*game, *state, {"B2 right", "F4 down", "A5"});
  CHECK(gamerec::test::shortcut_moves(*game, "random", *state, 42).empty());
}
