#pragma once
// Gomoku positions for the tests: stones put by playing them, Black's and
// White's in turn, so every position is one a record can reach.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/gomoku/gomoku.h"
#include "rules/typed.h"
#include "test_support.h"

namespace gamerec::test {

inline std::unique_ptr<Game> gomoku(std::vector<OptionOverride> overrides = {}) {
  return make("gomoku", std::move(overrides));
}

// The stones played alternately, Black first: `black` has as many stones
// as `white` (Black to move) or one more (White to move).
inline std::unique_ptr<State> stones(const Game& game, const std::vector<std::string>& black,
                                     const std::vector<std::string>& white) {
  REQUIRE((black.size() == white.size() || black.size() == white.size() + 1));
  auto state = game.new_state();
  for (std::size_t i = 0; i < black.size(); ++i) {
    play_all(game, *state, {black[i]});
    if (i < white.size()) play_all(game, *state, {white[i]});
  }
  return state;
}

inline const gomoku::GomokuState& board_of(const State& state) {
  return gamerec::downcast<gomoku::GomokuState>(state);
}

// The texts of the points of the winning line, in board order.
inline std::vector<std::string> winning_points(const State& state) {
  const auto& board = board_of(state);
  std::vector<int> points = board.winning_line();
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  std::vector<std::string> texts;
  for (int point : points) texts.push_back(gomoku::point_text(point, board.size()));
  return texts;
}

}  // namespace gamerec::test
