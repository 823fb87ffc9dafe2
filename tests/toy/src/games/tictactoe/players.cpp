// Tic-tac-toe's one computer player: a random empty cell.
#include <random>

#include "games/tictactoe/tictactoe.h"

namespace gamerec::tictactoe {
namespace {

class RandomChooser final : public ChooserOf<PositionObservation<TicTacToeState>> {
 public:
  explicit RandomChooser(std::uint64_t seed) : random_(seed) {}

 private:
  std::optional<Move> choose(const PositionObservation<TicTacToeState>& /*seen*/,
                             std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    return legal[random_() % legal.size()];
  }

  std::mt19937_64 random_;
};

}  // namespace

std::unique_ptr<MoveChooser> TicTacToeGame::make_chooser(std::string_view level,
                                                         const ChooserSettings& settings) const {
  if (level == "random") return std::make_unique<RandomChooser>(settings.seed);
  return nullptr;
}

}  // namespace gamerec::tictactoe
