// Scenario tests for gomoku (gamerec-games(7), GOMOKU), one per rule and per error code.
// Boards are drawn with row 1 at the bottom: X Black, O White, . empty;
// the stone played last is in brackets.
#include <catch2/catch.hpp>

#include <algorithm>

#include "app/builtin_games.h"
#include "gomoku_support.h"

using namespace gamerec;
using gamerec::test::code_of;
using gamerec::test::play;
using gamerec::test::stones;
using gamerec::test::winning_points;

namespace {

// White stones along the top edge, two apart: they never make a line.
const std::vector<std::string> kTopFillers = {"A15", "C15", "E15", "G15", "I15", "K15", "M15", "O15", "A13"};
// White stones round the centre, a knight's move apart: no line either.
const std::vector<std::string> kCentreFillers = {"G6", "J7", "I10", "F9"};

std::vector<std::string> first(const std::vector<std::string>& texts, std::size_t count) {
  return {texts.begin(), texts.begin() + static_cast<std::ptrdiff_t>(count)};
}

// Black plays `black` (the last stone is the move under test) against
// White's fillers.
std::unique_ptr<State> black_plays(const Game& game, const std::vector<std::string>& black,
                                   const std::vector<std::string>& fillers = kTopFillers) {
  return stones(game, black, first(fillers, black.size() - 1));
}

}  // namespace

TEST_CASE("gomoku: Black moves first, then the sides alternate, one stone a move") {
  const auto game = gamerec::test::gomoku();
  auto state = game->new_state();
  CHECK(state->to_move() == gomoku::kBlack);
  CHECK(state->legal_moves().size() == 225);
  REQUIRE_FALSE(play(*game, *state, "H8"));
  CHECK(state->to_move() == gomoku::kWhite);
  CHECK(state->legal_moves().size() == 224);
  REQUIRE_FALSE(play(*game, *state, "h9"));  // case-insensitive
  CHECK(state->to_move() == gomoku::kBlack);
  const auto& board = gamerec::test::board_of(*state);
  CHECK(board.at(7 * 15 + 7) == gomoku::kBlack);  // H8
  CHECK(board.at(8 * 15 + 7) == gomoku::kWhite);  // H9
  CHECK(board.stones() == 2);
}

TEST_CASE("gomoku: five in a row wins in each of the four directions") {
  struct Case {
    const char* name;
    std::vector<std::string> black;  // the last one makes five
  };
  // horizontal       vertical         diagonal         anti-diagonal
  //  8  X X X[X]X     8    [X]         8        [X]    12  X
  //     D E F G H     7     X          7       X       11    X
  //  (gap filled)     6     X          6     X         10      X
  //                   5     X          5   X            9        X
  //                   4     X          4 X              8         [X]
  const std::vector<Case> cases = {
      {"horizontal, the gap filled last", {"D8", "E8", "F8", "H8", "G8"}},
      {"vertical", {"H4", "H5", "H6", "H7", "H8"}},
      {"diagonal", {"D4", "E5", "F6", "G7", "H8"}},
      {"anti-diagonal", {"D12", "E11", "F10", "G9", "H8"}},
  };
  const auto game = gamerec::test::gomoku();
  for (const Case& c : cases) {
    INFO(c.name);
    auto before = black_plays(*game, first(c.black, 4));
    CHECK_FALSE(before->is_over());
    const auto state = black_plays(*game, c.black);
    REQUIRE(state->is_over());
    const Outcome outcome = state->outcome();
    CHECK(outcome.winners == std::vector<Side>{gomoku::kBlack});
    CHECK(outcome.end == "line-of-five");
    std::vector<std::string> expected = c.black;
    std::sort(expected.begin(), expected.end(), [&](const std::string& a, const std::string& b) {
      Move x, y;
      gamerec::test::check_text(*game, *game->new_state(), a, x);
      gamerec::test::check_text(*game, *game->new_state(), b, y);
      return x.to < y.to;
    });
    CHECK(winning_points(*state) == expected);
  }
}

TEST_CASE("gomoku: five in a row wins at the edges and in the corners") {
  // 15 . . . . . . . . . . X X X X[X]    top edge, top-right corner
  //  1 X X X X[X] . . . . . . . . . .    bottom edge, bottom-left corner
  // and a column on the right edge, both diagonals out of two corners.
  const std::vector<std::vector<std::string>> lines = {
      {"A1", "B1", "C1", "D1", "E1"},      {"K15", "L15", "M15", "N15", "O15"},
      {"O11", "O12", "O13", "O14", "O15"}, {"A11", "A12", "A13", "A14", "A15"},
      {"A1", "B2", "C3", "D4", "E5"},      {"O1", "N2", "M3", "L4", "K5"},
      {"E11", "D12", "C13", "B14", "A15"}, {"K11", "L12", "M13", "N14", "O15"},
  };
  const auto game = gamerec::test::gomoku();
  for (const auto& line : lines) {
    INFO(line.front() << " to " << line.back());
    const auto state = black_plays(*game, line, kCentreFillers);
    REQUIRE(state->is_over());
    CHECK(state->outcome().winners == std::vector<Side>{gomoku::kBlack});
    CHECK(winning_points(*state).size() == 5);
  }
}

TEST_CASE("gomoku: White wins with five too, and four in a row wins nothing") {
  //  9  O O O O[O]
  //  8  X X X X . X     Black's four on row 8 is blocked by nothing, but
  //                     it is White's move that makes five first.
  const auto game = gamerec::test::gomoku();
  auto state = stones(*game, {"A8", "B8", "C8", "D8", "F8"}, {"A9", "B9", "C9", "D9"});
  CHECK_FALSE(state->is_over());
  REQUIRE_FALSE(play(*game, *state, "E9"));
  REQUIRE(state->is_over());
  CHECK(state->outcome().winners == std::vector<Side>{gomoku::kWhite});
}

TEST_CASE("gomoku: six in a row wins by default") {
  //  8  X X X[X]X X     D8..I8, G8 played last
  const auto game = gamerec::test::gomoku();
  const auto state = black_plays(*game, {"D8", "E8", "F8", "H8", "I8", "G8"});
  REQUIRE(state->is_over());
  CHECK(state->outcome().winners == std::vector<Side>{gomoku::kBlack});
  CHECK(winning_points(*state) == std::vector<std::string>{"D8", "E8", "F8", "G8", "H8", "I8"});
}

TEST_CASE("gomoku: with exact_five, six in a row does not win") {
  const auto game = gamerec::test::gomoku({{"exact_five", "true"}});
  const auto state = black_plays(*game, {"D8", "E8", "F8", "H8", "I8", "G8"});
  CHECK_FALSE(state->is_over());
  CHECK(state->to_move() == gomoku::kWhite);
  CHECK(winning_points(*state).empty());
}

TEST_CASE("gomoku: with exact_five, exactly five wins") {
  const auto game = gamerec::test::gomoku({{"exact_five", "true"}});
  const auto state = black_plays(*game, {"D8", "E8", "F8", "G8", "H8"});
  REQUIRE(state->is_over());
  CHECK(state->outcome().winners == std::vector<Side>{gomoku::kBlack});
}

TEST_CASE("gomoku: with exact_five, five in one line wins even with six in another") {
  // 10          X       column H: H5..H10, six
  //  9          X
  //  8  X X X X[X]      row 8: D8..H8, exactly five
  //  7          X
  //  6          X
  //  5          X
  //     D E F G H
  const auto game = gamerec::test::gomoku({{"exact_five", "true"}});
  const auto state =
      black_plays(*game, {"D8", "E8", "F8", "G8", "H5", "H6", "H7", "H9", "H10", "H8"}, kTopFillers);
  REQUIRE(state->is_over());
  CHECK(state->outcome().winners == std::vector<Side>{gomoku::kBlack});
  CHECK(winning_points(*state) == std::vector<std::string>{"D8", "E8", "F8", "G8", "H8"});
}

TEST_CASE("gomoku: a full board without five is a draw") {
  // size 5, filled:
  //  5  O O O O X
  //  4  X O O X X
  //  3  X X O O O
  //  2  O O X X X
  //  1  X X X O X
  //     A B C D E
  const auto game = gamerec::test::gomoku({{"size", "5"}});
  const std::vector<std::string> black = {"A1", "B1", "C1", "E1", "C2", "D2", "E2",
                                          "A3", "B3", "A4", "D4", "E4", "E5"};
  const std::vector<std::string> white = {"D1", "A2", "B2", "C3", "D3", "E3", "B4", "C4", "A5", "B5", "C5", "D5"};
  auto almost = stones(*game, first(black, 12), white);
  CHECK_FALSE(almost->is_over());
  CHECK(almost->legal_moves().size() == 1);
  const auto state = stones(*game, black, white);
  REQUIRE(state->is_over());
  const Outcome outcome = state->outcome();
  CHECK(outcome.winners.empty());
  CHECK(outcome.end == "board-full");
  CHECK(state->to_move() == kNoSide);
  CHECK(state->legal_moves().empty());
  CHECK(code_of(*game, *state, "A1") == "game-over");
}

TEST_CASE("gomoku error notation: the text is not a point") {
  const auto game = gamerec::test::gomoku();
  const auto state = game->new_state();
  for (const char* text : {"", "H", "8H", "H8x", "H08", "HH8", "H-8", "H 8", "%%", "H+8", "1"}) {
    INFO(text);
    CHECK(code_of(*game, *state, text) == "notation");
  }
}

TEST_CASE("gomoku error off-board: a well-formed point outside the board") {
  const auto game = gamerec::test::gomoku();
  const auto state = game->new_state();
  for (const char* text : {"P8", "A0", "A16", "o16", "Z1", "Z99", "A123456789012345678901234567890"}) {
    INFO(text);
    CHECK(code_of(*game, *state, text) == "off-board");
  }
  WrittenMove written;
  const auto error = gamerec::test::parse_text(*game, "P8", written);
  REQUIRE(error);
  CHECK(gamerec::test::english(Message{"errors.off-board-" + error->kind, error->args}) ==
        "outside the board (columns A-O, rows 1-15)");
}

TEST_CASE("gomoku error off-board: the board size is an option") {
  const auto big = gamerec::test::gomoku({{"size", "19"}});
  CHECK(code_of(*big, *big->new_state(), "S19") == "ok");
  CHECK(code_of(*big, *big->new_state(), "T1") == "off-board");
  const auto small = gamerec::test::gomoku({{"size", "5"}});
  CHECK(code_of(*small, *small->new_state(), "E5") == "ok");
  CHECK(code_of(*small, *small->new_state(), "F1") == "off-board");
  CHECK(code_of(*small, *small->new_state(), "A6") == "off-board");
}

TEST_CASE("gomoku error occupied: the point already holds a stone") {
  const auto game = gamerec::test::gomoku();
  auto state = stones(*game, {"H8"}, {"H9"});
  CHECK(code_of(*game, *state, "H8") == "occupied");
  CHECK(code_of(*game, *state, "h9") == "occupied");
  CHECK(code_of(*game, *state, "H10") == "ok");
  // A Move built by a player is checked the same way.
  CHECK(state->check(Move{-1, 7 * 15 + 7, 0}) == MoveError{ErrorCode::kOccupied});
  CHECK(state->check(Move{-1, 225, 0}) == MoveError{ErrorCode::kOffBoard});
}

TEST_CASE("gomoku error game-over: a move after five in a row") {
  const auto game = gamerec::test::gomoku();
  const auto state = black_plays(*game, {"D8", "E8", "F8", "G8", "H8"});
  REQUIRE(state->is_over());
  CHECK(code_of(*game, *state, "A1") == "game-over");
  // gamerec-record(5), ERROR CODES: notation and off-board come before game-over.
  CHECK(code_of(*game, *state, "xyz") == "notation");
  CHECK(code_of(*game, *state, "P8") == "off-board");
}

TEST_CASE("gomoku: the view labels rows from the bottom, marks the last move and the winning line") {
  const auto game = gamerec::test::gomoku({{"size", "5"}});
  auto state = stones(*game, {"A1", "B1"}, {"A2"});
  BoardView view = state->view();
  REQUIRE(view.grids.size() == 1);
  const BoardGrid& grid = view.grids.front();
  CHECK(grid.row_labels == std::vector<std::string>{"5", "4", "3", "2", "1"});
  CHECK(grid.col_labels == std::vector<std::string>{"A", "B", "C", "D", "E"});
  auto cell = [&](const BoardView& v, int row, int col) {  // row 1 at the bottom
    return v.grids.front().cells[static_cast<std::size_t>((5 - row) * 5 + col)];
  };
  CHECK(cell(view, 1, 0).mark == 'X');
  CHECK(cell(view, 1, 0).owner == gomoku::kBlack);
  CHECK(cell(view, 2, 0).mark == 'O');
  CHECK(cell(view, 2, 0).owner == gomoku::kWhite);
  CHECK(cell(view, 3, 0).mark == '.');
  CHECK(cell(view, 1, 1).highlight);  // B1, the last move
  CHECK_FALSE(cell(view, 1, 0).highlight);

  state = stones(*game, {"A1", "B1", "C1", "D1", "E1"}, {"A2", "B2", "C2", "D3"});
  view = state->view();
  for (int col = 0; col < 5; ++col) CHECK(cell(view, 1, col).highlight);
  CHECK_FALSE(cell(view, 2, 0).highlight);
}

TEST_CASE("gomoku: a definition cannot widen the size range past 26 columns") {
  GameCatalogue catalogue = make_builtin_catalogue();
  const auto error = catalogue.add_definition("name: gomoku\noptions:\n  size:\n    max: 40\n", "wide.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("max 40") && Catch::Contains("its max is 26"));
  CHECK(gamerec::test::english_error(catalogue.make_game("gomoku", {{"size", "30"}})) ==
        "size takes a whole number in 5..26, not '30'");
}
