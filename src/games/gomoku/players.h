#pragma once
// What gomoku's computer players share (players.cpp: levels 1 and 2,
// search.cpp: level 3).
#include <optional>
#include <random>
#include <span>
#include <vector>

#include "games/gomoku/threats.h"

namespace gamerec::gomoku {

// The position a gomoku chooser was shown.
const GomokuState& position_of(const Observation& seen);

// The centre point (padded), where the first stone goes.
int centre(const ThreatBoard& board);

// The move that cannot wait, for the side to move in `position` (whose
// stones `board` holds): its own five, else the block of the opponent's
// five, else its own open four (or double four); never a point playable()
// leaves out.
std::optional<int> urgent_point(const GomokuState& position, const ThreatBoard& board);

// The empty points within two of a stone (padded).
std::vector<int> nearby_points(const ThreatBoard& board);

// Those of `points` (padded) the side to move in `position` may play
// without losing at once: under renju, Black's forbidden points are left
// out (the threat tables do not know them).
std::vector<int> playable(const GomokuState& position, const ThreatBoard& board, std::vector<int> points);

// playable() of the points near the stones, else of every empty point, else
// (every point forbidden) the points near the stones.
std::vector<int> playable_or_any(const GomokuState& position, const ThreatBoard& board);

// One of `points` at random. Not std::uniform_int_distribution: its output
// differs between standard libraries, and a seed must replay the same game
// everywhere.
inline int pick(std::mt19937_64& random, const std::vector<int>& points) {
  return points[static_cast<std::size_t>(random() % points.size())];
}

// The padded point as the game's Move; it must be one of `legal`.
std::optional<Move> as_move(const ThreatBoard& board, int p, std::span<const Move> legal);

}  // namespace gamerec::gomoku
