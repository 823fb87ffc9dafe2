// Battleship's computer players: random, hunter and density (the sampler
// is in sampler.cpp). Each decides from its observation and the legal
// moves; all place a random legal fleet.
#include "games/battleship/players.h"

namespace gamerec::battleship {

std::optional<Move> FleetChooser::choose_move(const Observation& seen, std::span<const Move> legal) {
  if (legal.empty()) return std::nullopt;
  const auto& observation = downcast<BattleshipObservation>(seen);
  // Every legal placement leaves room for the rest of the fleet, so a
  // uniform pick ship after ship always completes a legal fleet.
  if (observation.placing()) return legal[random_index(random_, legal.size())];
  return shoot(observation, legal);
}

namespace {

class RandomChooser final : public FleetChooser {
 public:
  using FleetChooser::FleetChooser;

 private:
  Move shoot(const BattleshipObservation& /*seen*/, std::span<const Move> legal) override {
    return legal[random_index(random_, legal.size())];
  }
};

class HunterChooser final : public KnowingChooser {
 public:
  using KnowingChooser::KnowingChooser;

 private:
  Move aim(const Knowledge& known, const std::vector<Move>& open) override {
    if (!known.targets.empty()) {
      const std::vector<Move> next = target_shots(known, known.targets.front(), open);
      if (!next.empty()) return next[random_index(random_, next.size())];
    }
    return open[random_index(random_, open.size())];
  }

  // The cells that may continue the ship hit at `group`: its neighbours
  // after one hit, the two ends of the line after more.
  static std::vector<Move> target_shots(const Knowledge& known, const std::vector<int>& group,
                                        const std::vector<Move>& open) {
    const Geometry& geometry = *known.geometry;
    std::vector<std::pair<int, int>> cells;  // (row, col)
    const int first_row = group.front() / geometry.width();
    const int first_col = group.front() % geometry.width();
    if (group.size() == 1) {
      cells = {{first_row - 1, first_col},
               {first_row + 1, first_col},
               {first_row, first_col - 1},
               {first_row, first_col + 1}};
    } else {
      const int last_row = group.back() / geometry.width();
      const int last_col = group.back() % geometry.width();
      if (first_col == last_col)
        cells = {{first_row - 1, first_col}, {last_row + 1, first_col}};
      else
        cells = {{first_row, first_col - 1}, {first_row, last_col + 1}};
    }
    std::vector<Move> shots;
    for (const Move& move : open) {
      for (const auto& [row, col] : cells) {
        if (geometry.on_board(row, col) && geometry.cell(row, col) == move.to) shots.push_back(move);
      }
    }
    return shots;
  }
};

class DensityChooser final : public KnowingChooser {
 public:
  using KnowingChooser::KnowingChooser;

 private:
  Move aim(const Knowledge& known, const std::vector<Move>& open) override {
    return best_scored(open, placement_density(known), random_);
  }
};

}  // namespace

std::vector<double> placement_density(const Knowledge& known) {
  const Geometry& geometry = *known.geometry;
  std::vector<double> score(static_cast<std::size_t>(geometry.cells()), 0.0);
  // Target mode: while a ship afloat has been hit, only the placements
  // through its hits count.
  const bool target = !known.targets.empty();
  for (const auto& [length, count] : known.remaining_counts()) {
    for (const Placement& placement : geometry.placements(length)) {
      if (!known.allows(placement)) continue;
      if (target && !placement.cells.intersects(known.hits)) continue;
      const Ship& ship = placement.ship;
      for (int i = 0; i < length; ++i) {
        const int cell =
            geometry.cell(ship.row + (ship.vertical ? i : 0), ship.col + (ship.vertical ? 0 : i));
        score[static_cast<std::size_t>(cell)] += count;
      }
    }
  }
  return score;
}

std::unique_ptr<MoveChooser> make_random_chooser(std::uint64_t seed) {
  return std::make_unique<RandomChooser>(seed);
}

std::unique_ptr<MoveChooser> make_hunter_chooser(std::uint64_t seed) {
  return std::make_unique<HunterChooser>(seed);
}

std::unique_ptr<MoveChooser> make_density_chooser(std::uint64_t seed) {
  return std::make_unique<DensityChooser>(seed);
}

std::unique_ptr<MoveChooser> BattleshipGame::make_chooser(std::string_view level,
                                                          const ChooserSettings& settings) const {
  if (level == "random") return make_random_chooser(settings.seed);
  if (level == "hunter") return make_hunter_chooser(settings.seed);
  if (level == "density") return make_density_chooser(settings.seed);
  if (level == "sampler") return make_sampler_chooser(settings.seed);
  return nullptr;
}

}  // namespace gamerec::battleship
