// Gomoku's rule sets beyond freestyle (gamerec-games(7), GOMOKU, "Rules"):
// renju's forbidden points for Black, the end they give, caro's closed
// rows, and the computer players keeping to them. The forbidden points are
// checked against Piskvork's judgement (tests/data/gomoku/renju-piskvork.txt).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "gomoku_support.h"
#include "rules/view.h"

using namespace gamerec;
using gamerec::test::code_of;
using gamerec::test::play;
using gamerec::test::stones;
using gamerec::test::winning_points;

namespace {

constexpr int kSize = 15;

int point_of(const std::string& text) { return (std::stoi(text.substr(1)) - 1) * kSize + (text[0] - 'A'); }

// A 15x15 board with these stones, for renju_forbidden() alone (whose turn
// it is does not matter to it).
std::vector<std::int8_t> board_with(const std::vector<std::string>& black,
                                    const std::vector<std::string>& white) {
  std::vector<std::int8_t> board(kSize * kSize, gomoku::kEmpty);
  for (const auto& point : black) board[static_cast<std::size_t>(point_of(point))] = gomoku::kBlack;
  for (const auto& point : white) board[static_cast<std::size_t>(point_of(point))] = gomoku::kWhite;
  return board;
}

bool forbidden(const std::vector<std::string>& black, const std::vector<std::string>& white,
               const std::string& point) {
  return gomoku::renju_forbidden(board_with(black, white), kSize, point_of(point));
}

std::unique_ptr<Game> renju() { return gamerec::test::gomoku({{"rule", "renju"}}); }

}  // namespace

TEST_CASE("renju: an overline is forbidden for Black, exactly five is not") {
  //  8  X X X . X X      G8 would make six
  CHECK(forbidden({"C8", "D8", "E8", "F8", "H8"}, {}, "G8"));
  CHECK_FALSE(forbidden({"D8", "E8", "F8", "H8"}, {}, "G8"));  // five
  // Exactly five in one line wins even with six in another (column H).
  CHECK_FALSE(forbidden({"D8", "E8", "F8", "G8", "H5", "H6", "H7", "H9", "H10"}, {}, "H8"));
}

TEST_CASE("renju: a double four is forbidden, in two lines or in one") {
  // Row E8-G8 and column H5-H7: H8 makes two fours.
  CHECK(forbidden({"E8", "F8", "G8", "H5", "H6", "H7"}, {}, "H8"));
  // X . X [X] X . X: one stone, two fours in the same row.
  CHECK(forbidden({"E8", "G8", "I8", "K8"}, {}, "H8"));
  // A straight four (_XXXX_) is one four, not two.
  CHECK_FALSE(forbidden({"E8", "F8", "G8"}, {}, "H8"));
  // Exactly five with a four in another line wins.
  CHECK_FALSE(forbidden({"D8", "E8", "F8", "G8", "H5", "H6", "H7"}, {}, "H8"));
}

TEST_CASE("renju: a double three is forbidden, a three that cannot become a straight four does not count") {
  // Row F8 G8 and column H6 H7, all open: H8 makes two threes.
  CHECK(forbidden({"F8", "G8", "H6", "H7"}, {}, "H8"));
  // White on E8 and on I8's far side: the row can no longer become _XXXX_.
  CHECK_FALSE(forbidden({"F8", "G8", "H6", "H7"}, {"E8", "J8"}, "H8"));
  // A four and a three (4-3) is allowed.
  CHECK_FALSE(forbidden({"F8", "G8", "I8", "H6", "H7"}, {"E8"}, "H8"));
  // White has no forbidden points: the same shape in white stones is a
  // position question renju_forbidden() is never asked; White may play it.
  const auto game = renju();
  auto state = stones(*game, {"A1", "C1", "E1", "G1", "A3"}, {"F8", "G8", "H6", "H7"});
  CHECK_FALSE(play(*game, *state, "H8"));
  CHECK_FALSE(state->is_over());
}

TEST_CASE("renju: a three whose straight-four point is itself forbidden is not a three") {
  // Row D8 white, F8 G8 [H8]: only I8 makes a straight four (F8-I8). With
  // black I5 I6 I7, I8 would also make a four in column I: a double four,
  // forbidden. So the row is no three, and the column three alone is allowed.
  const std::vector<std::string> black = {"F8", "G8", "H6", "H7"};
  CHECK(forbidden(black, {"D8"}, "H8"));
  auto with_column = black;
  with_column.insert(with_column.end(), {"I5", "I6", "I7"});
  CHECK_FALSE(forbidden(with_column, {"D8", "I4"}, "H8"));
}

TEST_CASE("renju: the forbidden points agree with Piskvork's on 300 positions") {
  // One position a line: the 15 rows from the top, '/' between, X Black, O
  // White, then the points Piskvork (the Gomocup manager, source/renju.cpp)
  // says Black may not play there.
  std::ifstream file(GAMEREC_SOURCE_DIR "/tests/data/gomoku/renju-piskvork.txt");
  REQUIRE(file);
  std::string line;
  int positions = 0, points = 0, forbidden_points = 0;
  while (std::getline(file, line)) {
    std::istringstream fields(line);
    std::string rows, expected_list;
    fields >> rows >> expected_list;
    std::vector<std::int8_t> board(kSize * kSize, gomoku::kEmpty);
    for (int row = 0; row < kSize; ++row) {
      for (int col = 0; col < kSize; ++col) {
        const char stone = rows[static_cast<std::size_t>(row * (kSize + 1) + col)];
        if (stone != '.')
          board[static_cast<std::size_t>((kSize - 1 - row) * kSize + col)] =
              stone == 'X' ? gomoku::kBlack : gomoku::kWhite;
      }
    }
    std::string found;
    for (int point = 0; point < kSize * kSize; ++point) {
      if (board[static_cast<std::size_t>(point)] != gomoku::kEmpty) continue;
      ++points;
      if (gomoku::renju_forbidden(board, kSize, point))
        found += (found.empty() ? "" : ",") + gomoku::point_text(point, kSize);
    }
    // Piskvork lists them column by column; order both the same way.
    auto sorted = [](const std::string& list) {
      std::vector<int> indices;
      std::istringstream items(list);
      for (std::string item; std::getline(items, item, ',');) indices.push_back(point_of(item));
      std::sort(indices.begin(), indices.end());
      return indices;
    };
    INFO("position " << positions + 1 << ": " << rows);
    CHECK(sorted(found) == sorted(expected_list));
    forbidden_points += static_cast<int>(sorted(expected_list).size());
    ++positions;
  }
  CHECK(positions == 300);
  CHECK(points > 50000);
  CHECK(forbidden_points > 500);
}

TEST_CASE("renju: Black's forbidden move ends the game, White winning, and a move after it is game-over") {
  const auto game = renju();
  // Black C8 D8 E8 F8 H8 (White far away), then G8: an overline.
  auto state = stones(*game, {"C8", "D8", "E8", "F8", "H8"}, {"A15", "C15", "E15", "G15", "I15"});
  REQUIRE_FALSE(play(*game, *state, "G8"));
  REQUIRE(state->is_over());
  CHECK(state->outcome().winners == std::vector<Side>{gomoku::kWhite});
  CHECK(state->outcome().end == "forbidden-move");
  CHECK(winning_points(*state).empty());
  CHECK(code_of(*game, *state, "K15") == "game-over");
}

TEST_CASE("renju: Black wins with exactly five, White with five or more") {
  const auto game = renju();
  auto black_five = stones(*game, {"D8", "E8", "F8", "G8", "H8"}, {"A15", "C15", "E15", "G15"});
  REQUIRE(black_five->is_over());
  CHECK(black_five->outcome().winners == std::vector<Side>{gomoku::kBlack});
  CHECK(black_five->outcome().end == "line-of-five");
  // White's overline: D9 E9 F9 H9 I9, then G9.
  auto white_six = stones(*game, {"A1", "C1", "E1", "G1", "I1", "K1"}, {"D9", "E9", "F9", "H9", "I9", "G9"});
  REQUIRE(white_six->is_over());
  CHECK(white_six->outcome().winners == std::vector<Side>{gomoku::kWhite});
  CHECK(winning_points(*white_six) == std::vector<std::string>{"D9", "E9", "F9", "G9", "H9", "I9"});
}

TEST_CASE("renju: the view marks Black's forbidden points with '!' while Black is to move") {
  const auto game = renju();
  auto state = stones(*game, {"F8", "G8", "H6", "H7"}, {"A15", "C15", "E15", "G15"});
  REQUIRE(state->to_move() == gomoku::kBlack);
  auto mark_at = [&](const State& position, const std::string& point) {
    const BoardView view = position.view();  // kept: grid refers into it
    const BoardGrid& grid = view.grids.front();
    const int row = kSize - std::stoi(point.substr(1));
    return grid.cells[static_cast<std::size_t>(row * kSize + (point[0] - 'A'))].mark;
  };
  CHECK(mark_at(*state, "H8") == '!');
  CHECK(mark_at(*state, "J8") == '.');
  REQUIRE_FALSE(play(*game, *state, "A1"));  // Black elsewhere: White to move, no marks
  CHECK(mark_at(*state, "H8") == '.');
  // Freestyle marks nothing.
  const auto freestyle = gamerec::test::gomoku();
  const auto free_state = stones(*freestyle, {"F8", "G8", "H6", "H7"}, {"A15", "C15", "E15", "G15"});
  CHECK(mark_at(*free_state, "H8") == '.');
}

TEST_CASE("caro: five or more closed at both ends by the opponent does not win") {
  const auto game = gamerec::test::gomoku({{"rule", "caro"}});
  // White C8 and I8 close D8-H8.
  auto closed = stones(*game, {"D8", "E8", "F8", "G8", "H8"}, {"C8", "I8", "A15", "C15"});
  CHECK_FALSE(closed->is_over());
  // Closed at one end only: a win.
  auto half_open = stones(*game, {"D8", "E8", "F8", "G8", "H8"}, {"C8", "A15", "C15", "E15"});
  REQUIRE(half_open->is_over());
  CHECK(half_open->outcome().winners == std::vector<Side>{gomoku::kBlack});
  // The board's edge does not close a row: A8-E8 with White on F8 wins.
  auto at_edge = stones(*game, {"A8", "B8", "C8", "D8", "E8"}, {"F8", "A15", "C15", "E15"});
  REQUIRE(at_edge->is_over());
  CHECK(at_edge->outcome().winners == std::vector<Side>{gomoku::kBlack});
  // Six closed at both ends does not win either.
  auto six = stones(*game, {"D8", "E8", "F8", "H8", "I8", "G8"}, {"C8", "J8", "A15", "C15", "E15"});
  CHECK_FALSE(six->is_over());
}

TEST_CASE(
    "gomoku rule option: exact5 is exact_five=true, a conflicting pair and an unknown rule are refused") {
  const auto exact = gamerec::test::gomoku({{"rule", "exact5"}});
  auto six = stones(*exact, {"D8", "E8", "F8", "H8", "I8", "G8"}, {"A15", "C15", "E15", "G15", "I15"});
  CHECK_FALSE(six->is_over());
  CHECK(downcast<gomoku::GomokuGame>(*exact).five_rule() == FiveInARow::Rule::kExactFive);
  CHECK(downcast<gomoku::GomokuGame>(*gamerec::test::gomoku({{"exact_five", "true"}})).five_rule() ==
        FiveInARow::Rule::kExactFive);
  CHECK(downcast<gomoku::GomokuGame>(*renju()).five_rule() == FiveInARow::Rule::kRenju);
  const GameDefinition& definition = exact->definition();
  auto conflict = gomoku::rules_from_options(
      resolve_options(definition, {{"rule", "renju"}, {"exact_five", "true"}}).value());
  REQUIRE_FALSE(conflict.ok());
  CHECK(conflict.error().key == "rule.exact-five");
  auto unknown = gomoku::rules_from_options(resolve_options(definition, {{"rule", "gomoku"}}).value());
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().key == "rule.unknown");
}
