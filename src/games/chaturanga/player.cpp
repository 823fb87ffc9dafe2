// Chaturanga's computer player: greedy by captured material.
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

class GreedyChooser final : public MoveChooser {
 public:
  explicit GreedyChooser(std::uint64_t seed) : random_(seed) {}

  std::optional<Move> choose_move(const State& state) override {
    const auto& position = dynamic_cast<const ChaturangaState&>(state);
    const std::vector<Move> moves = state.legal_moves();
    if (moves.empty()) return std::nullopt;
    int best_value = -1;
    std::vector<Move> best;
    for (const Move& move : moves) {
      const Cell& target = position.at(move.to);
      // Castling lands on an own rook: not a capture.
      const int value = target.side == position.at(move.from).side ? 0 : capture_value(target);
      if (value > best_value) {
        best_value = value;
        best.clear();
      }
      if (value == best_value) best.push_back(move);
    }
    // Not std::uniform_int_distribution: its output differs between
    // standard libraries, and a seed must replay the same game everywhere.
    return best[random_() % best.size()];
  }

 private:
  std::mt19937_64 random_;
};

}  // namespace

std::unique_ptr<MoveChooser> make_greedy_chooser(std::uint64_t seed) {
  return std::make_unique<GreedyChooser>(seed);
}

}  // namespace gamerec::chaturanga
