#pragma once
// What a shooter knows of the enemy grid, worked out from its observation
// alone: which cells are water (shot, or ruled out by the no-touch rule),
// which hold hits on ships still afloat, and which ships are left. The
// computer players build on it.
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "games/battleship/battleship.h"

namespace gamerec::battleship {

enum class Known : std::uint8_t {
  kUnknown,
  kWater,  // shot: water
  kClear,  // not shot, but no ship can be there (next to a sunk ship, diagonal to a hit)
  kHit,    // a hit on a ship still afloat
  kSunk,   // a cell of a sunk ship
};

struct Knowledge {
  const Geometry* geometry = nullptr;
  std::vector<Known> cells;
  std::vector<int> remaining;             // lengths of the ships afloat, longest first
  std::vector<std::vector<int>> targets;  // groups of hits, one per ship afloat that was hit
  CellSet blocked;                        // water, clear and sunk cells: no ship afloat uses them
  CellSet hits;                           // the cells of `targets`

  static Knowledge from(const BattleshipObservation& seen);

  Known at(int cell) const { return cells[static_cast<std::size_t>(cell)]; }
  // Whether a ship afloat may lie there: on no blocked cell, and touching
  // no hit it does not cover (that hit's ship would touch it).
  bool allows(const Placement& placement) const {
    return !placement.cells.intersects(blocked) && !placement.halo.intersects(hits);
  }
  // The distinct lengths of `remaining`, each with how many ships have it.
  std::vector<std::pair<int, int>> remaining_counts() const;
};

// Not std::uniform_int_distribution: its output differs between standard
// libraries, and a seed must replay the same game everywhere.
inline std::size_t random_index(std::mt19937_64& random, std::size_t size) {
  return static_cast<std::size_t>(random() % size);
}

// The legal shots at cells a ship may still occupy (unknown cells), or all
// of `legal` if there is none (an observation that contradicts itself).
std::vector<Move> open_shots(const Knowledge& knowledge, std::span<const Move> legal);

// The move of `candidates` whose cell scores highest, ties broken at random.
Move best_scored(std::span<const Move> candidates, const std::vector<double>& score, std::mt19937_64& random);

}  // namespace gamerec::battleship
