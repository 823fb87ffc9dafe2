// Gomoku's computer players of levels 1 (random near the stones) and 2
// (threat-aware, one move deep), and what all levels share.
#include <algorithm>

#include "games/gomoku/players.h"

namespace gamerec::gomoku {

const GomokuState& position_of(const Observation& seen) {
  return downcast<PositionObservation<GomokuState>>(seen).position();
}

int centre(const ThreatBoard& board) {
  const int middle = board.size() / 2;
  return board.padded(middle * board.size() + middle);
}

std::optional<int> urgent_point(const GomokuState& position, const ThreatBoard& board) {
  const int side = position.to_move();
  const int other = 1 - side;
  for (const auto& [color, point_class] : {std::pair{side, kWins}, std::pair{other, kWins}, std::pair{side, kWinsNext}}) {
    const auto points = playable(position, board, board.points_of(color, point_class));
    if (points.empty()) continue;
    // Of several, the one that also does most for the side to move.
    return *std::max_element(points.begin(), points.end(),
                             [&](int a, int b) { return board.value(side, a) < board.value(side, b); });
  }
  return std::nullopt;
}

std::vector<int> nearby_points(const ThreatBoard& board) {
  std::vector<int> points;
  for (int p : board.points()) {
    if (board.empty(p) && board.near(p) > 0) points.push_back(p);
  }
  if (points.empty()) {
    // No stone yet, or none near an empty point: the centre, else anywhere.
    if (board.empty(centre(board))) return {centre(board)};
    for (int p : board.points()) {
      if (board.empty(p)) points.push_back(p);
    }
  }
  return points;
}

std::vector<int> playable(const GomokuState& position, const ThreatBoard& board, std::vector<int> points) {
  if (position.rule() != FiveRule::kRenju || position.to_move() != kBlack) return points;
  std::erase_if(points, [&](int p) { return position.forbidden(board.unpadded(p)); });
  return points;
}

std::vector<int> playable_or_any(const GomokuState& position, const ThreatBoard& board) {
  std::vector<int> near = nearby_points(board);
  if (auto points = playable(position, board, near); !points.empty()) return points;
  std::vector<int> empty;
  for (int p : board.points()) {
    if (board.empty(p)) empty.push_back(p);
  }
  if (auto points = playable(position, board, std::move(empty)); !points.empty()) return points;
  return near;
}

std::optional<Move> as_move(const ThreatBoard& board, int p, std::span<const Move> legal) {
  const Move move{-1, board.unpadded(p), 0};
  if (std::find(legal.begin(), legal.end(), move) == legal.end()) return std::nullopt;
  return move;
}

namespace {

class RandomChooser final : public MoveChooser {
 public:
  explicit RandomChooser(std::uint64_t seed) : random_(seed) {}

  std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    const GomokuState& position = position_of(seen);
    const ThreatBoard board(position);
    return as_move(board, pick(random_, playable_or_any(position, board)), legal);
  }

 private:
  std::mt19937_64 random_;
};

// One move deep, in this order: win; block a five; make an open four;
// make a four-three (the four must be answered, then the three becomes an
// open four); stop the opponent's open four (the points that would make
// it); make a double three; else the point worth most to both sides.
class ThreatChooser final : public MoveChooser {
 public:
  explicit ThreatChooser(std::uint64_t seed) : random_(seed) {}

  std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    const GomokuState& position = position_of(seen);
    const ThreatBoard board(position);
    const int side = position.to_move();
    const int other = 1 - side;
    if (auto urgent = urgent_point(position, board)) return as_move(board, *urgent, legal);
    for (const auto& [color, point_class] :
         {std::pair{side, kMakesFourThree}, std::pair{other, kWinsNext}, std::pair{side, kMakesDoubleThree}}) {
      const auto points = playable(position, board, board.points_of(color, point_class));
      if (!points.empty()) return as_move(board, best(board, side, points), legal);
    }
    return as_move(board, best(board, side, playable_or_any(position, board)), legal);
  }

 private:
  // The point worth most as attack and defence together; ties at random.
  int best(const ThreatBoard& board, int side, const std::vector<int>& points) {
    std::int64_t best_score = -1;
    std::vector<int> best_points;
    for (int p : points) {
      const std::int64_t score = 10 * std::int64_t{board.value(side, p)} + 9 * std::int64_t{board.value(1 - side, p)};
      if (score > best_score) {
        best_score = score;
        best_points.clear();
      }
      if (score == best_score) best_points.push_back(p);
    }
    return pick(random_, best_points);
  }

  std::mt19937_64 random_;
};

}  // namespace

std::unique_ptr<MoveChooser> make_random_chooser(std::uint64_t seed) {
  return std::make_unique<RandomChooser>(seed);
}

std::unique_ptr<MoveChooser> make_threat_chooser(std::uint64_t seed) {
  return std::make_unique<ThreatChooser>(seed);
}

}  // namespace gamerec::gomoku
