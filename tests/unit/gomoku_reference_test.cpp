// Gomoku against references that share no code with the rules: a plain
// board that scans every row, column and diagonal for runs after each move
// (freestyle, exact5, caro; the rules look only at the lines through the
// new stone), and the closed form of the move count from an empty board.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gomoku_support.h"

using namespace gamerec;

namespace {

// A board as a plain grid: 0 empty, 1 Black, 2 White; grid[row][col],
// row 0 at the bottom (row 1 of the notation).
struct PlainBoard {
  int n;
  std::vector<std::vector<int>> grid;
  explicit PlainBoard(int size) : n(size), grid(static_cast<std::size_t>(size), std::vector<int>(static_cast<std::size_t>(size), 0)) {}

  // Every point of every maximal run of `colour` that wins: five or more;
  // exactly five under exact5; five or more not closed at both ends by the
  // other colour under caro. Found by walking each line of the board from
  // end to end in the four directions.
  std::set<std::pair<int, int>> winning_points(int colour, const std::string& rule) const {
    std::set<std::pair<int, int>> points;
    const int directions[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (const auto& d : directions) {
      for (int row = 0; row < n; ++row) {
        for (int col = 0; col < n; ++col) {
          // Only a run's first point starts it: the point before is not it.
          const int pr = row - d[0], pc = col - d[1];
          if (at(row, col) != colour || (inside(pr, pc) && at(pr, pc) == colour)) continue;
          std::vector<std::pair<int, int>> run;
          for (int r = row, c = col; inside(r, c) && at(r, c) == colour; r += d[0], c += d[1]) run.emplace_back(r, c);
          const int er = run.back().first + d[0], ec = run.back().second + d[1];
          const bool closed =
              inside(pr, pc) && at(pr, pc) == 3 - colour && inside(er, ec) && at(er, ec) == 3 - colour;
          const bool wins =
              rule == "exact5" ? run.size() == 5 : run.size() >= 5 && !(rule == "caro" && closed);
          if (wins) points.insert(run.begin(), run.end());
        }
      }
    }
    return points;
  }
  bool inside(int row, int col) const { return row >= 0 && row < n && col >= 0 && col < n; }
  int at(int row, int col) const { return grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)]; }
};

std::string point_name(int row, int col) { return std::string(1, static_cast<char>('A' + col)) + std::to_string(row + 1); }

// Plays `games` random games of `size` and checks, after every move, that
// the rules end the game exactly when the plain board shows a winning run
// (or a full board), with the same winner and the same winning points.
void check_random_games(int size, const std::string& rule, int games, unsigned seed) {
  const std::vector<OptionOverride> overrides = {{"size", std::to_string(size)}, {"rule", rule}};
  const auto game = gamerec::test::gomoku(overrides);
  std::mt19937 random(seed);
  int wins = 0, draws = 0, closed_rows = 0;  // closed_rows: moves after a row of five that does not win
  for (int g = 0; g < games; ++g) {
    auto state = game->new_state();
    PlainBoard plain(size);
    std::vector<std::pair<int, int>> empty;
    for (int row = 0; row < size; ++row)
      for (int col = 0; col < size; ++col) empty.emplace_back(row, col);
    int colour = 1;
    while (true) {
      REQUIRE_FALSE(state->is_over());
      std::uniform_int_distribution<std::size_t> pick(0, empty.size() - 1);
      const std::size_t i = pick(random);
      const auto [row, col] = empty[i];
      empty.erase(empty.begin() + static_cast<std::ptrdiff_t>(i));
      const std::string text = point_name(row, col);
      INFO("size " << size << " rule " << rule << ", game " << g << ", move " << text);
      REQUIRE_FALSE(gamerec::test::play(*game, *state, text));
      plain.grid[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = colour;
      const auto expected = plain.winning_points(colour, rule);
      if (expected.empty() && !plain.winning_points(colour, "freestyle").empty()) ++closed_rows;
      if (!expected.empty()) {
        REQUIRE(state->is_over());
        const Outcome outcome = state->outcome();
        REQUIRE(outcome.winners == std::vector<Side>{colour == 1 ? gomoku::kBlack : gomoku::kWhite});
        CHECK(outcome.end == "line-of-five");
        std::set<std::pair<int, int>> line;
        for (int point : gamerec::test::board_of(*state).winning_line()) line.emplace(point / size, point % size);
        CHECK(line == expected);
        ++wins;
        break;
      }
      if (empty.empty()) {
        REQUIRE(state->is_over());
        CHECK(state->outcome().winners.empty());
        CHECK(state->outcome().end == "board-full");
        ++draws;
        break;
      }
      colour = 3 - colour;
    }
  }
  // The games reach both ends: the reference is not vacuous.
  CHECK(wins > 0);
  if (size <= 6) CHECK(draws > 0);
  // Rows that do not win (overlines, closed rows) were met too.
  if (rule != "freestyle" && size >= 7) CHECK(closed_rows > 0);
}

}  // namespace

TEST_CASE("gomoku reference: random games end as a full-board scan says, five or more") {
  check_random_games(5, "freestyle", 400, 1);
  check_random_games(6, "freestyle", 300, 2);
  check_random_games(9, "freestyle", 100, 3);
  check_random_games(15, "freestyle", 40, 4);
}

TEST_CASE("gomoku reference: random games end as a full-board scan says, exactly five") {
  check_random_games(5, "exact5", 400, 5);
  check_random_games(6, "exact5", 300, 6);
  check_random_games(9, "exact5", 150, 7);
  check_random_games(15, "exact5", 40, 8);
}

TEST_CASE("gomoku reference: random games end as a full-board scan says, caro") {
  check_random_games(5, "caro", 400, 9);
  check_random_games(7, "caro", 300, 10);
  check_random_games(9, "caro", 150, 11);
  check_random_games(15, "caro", 40, 12);
}

TEST_CASE("gomoku reference: move counts from the empty board are N!/(N-d)! before any five") {
  // No side has five stones before the ninth move, so every sequence of d
  // distinct points is a game: N (N-1) ... (N-d+1) of them.
  auto falling = [](std::uint64_t points, int depth) {
    std::uint64_t count = 1;
    for (int i = 0; i < depth; ++i) count *= points - static_cast<std::uint64_t>(i);
    return count;
  };
  const auto small = gamerec::test::gomoku({{"size", "5"}});
  for (int depth = 1; depth <= 4; ++depth) CHECK(small->new_state()->count_leaves(depth) == falling(25, depth));
  const auto usual = gamerec::test::gomoku();
  for (int depth = 1; depth <= 2; ++depth) CHECK(usual->new_state()->count_leaves(depth) == falling(225, depth));
}
