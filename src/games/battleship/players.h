#pragma once
// What battleship's computer players share: the placement of a random legal
// fleet, and the per-ship placement density.
#include <random>
#include <span>

#include "games/battleship/knowledge.h"

namespace gamerec::battleship {

// A computer player: places a random legal fleet, then shoots as its
// subclass decides, from its observation and the legal moves only.
class FleetChooser : public MoveChooser {
 public:
  explicit FleetChooser(std::uint64_t seed) : random_(seed) {}
  std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) final;

 protected:
  // One of `legal` (shots at cells not shot yet, never empty).
  virtual Move shoot(const BattleshipObservation& seen, std::span<const Move> legal) = 0;
  std::mt19937_64 random_;
};

// A player that shoots from what it has worked out of its observation,
// at the cells a ship may still occupy (hunter, density, sampler).
class KnowingChooser : public FleetChooser {
 public:
  using FleetChooser::FleetChooser;

 protected:
  // One of `open` (never empty).
  virtual Move aim(const Knowledge& known, const std::vector<Move>& open) = 0;

 private:
  Move shoot(const BattleshipObservation& seen, std::span<const Move> legal) final {
    const Knowledge known = Knowledge::from(seen);
    return aim(known, open_shots(known, legal));
  }
};

// For every cell, how many placements of the ships afloat that agree with
// what is known cover it (while a ship afloat has been hit, only those
// through the hits).
std::vector<double> placement_density(const Knowledge& known);

// The sampler's estimate, from `steps` steps of its chain, of how likely
// each cell is to hold a ship afloat, given what is known and the way the
// computer players place their fleets; empty when it found no fleet that
// agrees with what is known.
std::vector<double> sampled_cover(const Knowledge& known, std::mt19937_64& random, int steps);

}  // namespace gamerec::battleship
