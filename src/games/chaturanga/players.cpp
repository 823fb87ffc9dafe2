// Chaturanga's computer players: greedy by captured material, and random.
#include <random>

#include "games/chaturanga/chaturanga.h"

namespace gamerec::chaturanga {
namespace {

// Capturing a king removes a whole side, so it outweighs everything else.
int capture_value(const Cell& target) {
  if (target.empty()) return 0;
  switch (target.piece) {
    case Piece::kKing:
      return 100;
    case Piece::kRook:
      return 5;
    case Piece::kBishop:
      return 3;
    case Piece::kKnight:
      return 3;
    case Piece::kPawn:
      return 1;
  }
  return 0;
}

// Not std::uniform_int_distribution: its output differs between standard
// libraries, and a seed must replay the same game everywhere.
const Move& pick(std::mt19937_64& random, std::span<const Move> moves) {
  return moves[random() % moves.size()];
}

class GreedyChooser final : public MoveChooser {
 public:
  explicit GreedyChooser(std::uint64_t seed) : random_(seed) {}

  std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    const auto& position = downcast<PositionObservation<ChaturangaState>>(seen).position();
    int best_value = -1;
    std::vector<Move> best;
    for (const Move& move : legal) {
      const Cell& target = position.at(move.to);
      // Castling lands on an own rook: not a capture.
      const int value = target.side == position.at(move.from).side ? 0 : capture_value(target);
      if (value > best_value) {
        best_value = value;
        best.clear();
      }
      if (value == best_value) best.push_back(move);
    }
    return pick(random_, best);
  }

 private:
  std::mt19937_64 random_;
};

class RandomChooser final : public MoveChooser {
 public:
  explicit RandomChooser(std::uint64_t seed) : random_(seed) {}

  std::optional<Move> choose_move(const Observation& /*seen*/, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    return pick(random_, legal);
  }

 private:
  std::mt19937_64 random_;
};

}  // namespace

std::unique_ptr<MoveChooser> make_greedy_chooser(std::uint64_t seed) {
  return std::make_unique<GreedyChooser>(seed);
}

std::unique_ptr<MoveChooser> make_random_chooser(std::uint64_t seed) {
  return std::make_unique<RandomChooser>(seed);
}

}  // namespace gamerec::chaturanga
