#include "games/battleship/knowledge.h"

#include <algorithm>
#include <functional>

namespace gamerec::battleship {
namespace {

constexpr std::pair<int, int> kSides[] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
constexpr std::pair<int, int> kCorners[] = {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}};

// The cells orthogonally connected to `start` whose state is `kind`.
std::vector<int> group_of(const Geometry& geometry, const std::vector<Known>& cells, int start, Known kind,
                          std::vector<bool>& seen) {
  std::vector<int> group;
  std::vector<int> pending = {start};
  seen[static_cast<std::size_t>(start)] = true;
  while (!pending.empty()) {
    const int cell = pending.back();
    pending.pop_back();
    group.push_back(cell);
    const int row = cell / geometry.width();
    const int col = cell % geometry.width();
    for (const auto& [dr, dc] : kSides) {
      if (!geometry.on_board(row + dr, col + dc)) continue;
      const int next = geometry.cell(row + dr, col + dc);
      if (seen[static_cast<std::size_t>(next)] || cells[static_cast<std::size_t>(next)] != kind) continue;
      seen[static_cast<std::size_t>(next)] = true;
      pending.push_back(next);
    }
  }
  std::sort(group.begin(), group.end());
  return group;
}

}  // namespace

Knowledge Knowledge::from(const BattleshipObservation& seen) {
  const Geometry& geometry = seen.geometry();
  Knowledge k;
  k.geometry = &geometry;
  k.cells.assign(static_cast<std::size_t>(geometry.cells()), Known::kUnknown);
  k.remaining = seen.rules().ships;
  for (int cell = 0; cell < geometry.cells(); ++cell) {
    const Flag answer = seen.fired(cell);
    if (answer == kWater) k.cells[static_cast<std::size_t>(cell)] = Known::kWater;
    if (answer == kHit || answer == kSunk) k.cells[static_cast<std::size_t>(cell)] = Known::kHit;
  }
  auto clear = [&](int row, int col) {
    if (!geometry.on_board(row, col)) return;
    Known& known = k.cells[static_cast<std::size_t>(geometry.cell(row, col))];
    if (known == Known::kUnknown) known = Known::kClear;
  };

  // A sunk ship is the group of hits through the shot that sank it; the
  // cells around it are water.
  std::vector<bool> grouped(k.cells.size(), false);
  for (int cell = 0; cell < geometry.cells(); ++cell) {
    if (seen.fired(cell) != kSunk || grouped[static_cast<std::size_t>(cell)]) continue;
    const std::vector<int> ship = group_of(geometry, k.cells, cell, Known::kHit, grouped);
    for (const int part : ship) k.cells[static_cast<std::size_t>(part)] = Known::kSunk;
    const auto it = std::find(k.remaining.begin(), k.remaining.end(), static_cast<int>(ship.size()));
    if (it != k.remaining.end()) k.remaining.erase(it);
    for (const int part : ship) {
      for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) clear(part / geometry.width() + dr, part % geometry.width() + dc);
      }
    }
  }
  std::sort(k.remaining.begin(), k.remaining.end(), std::greater<>());

  // Hits on ships afloat: their diagonal neighbours are water (a ship is
  // straight and touches no other), and so are the cells beside a line of
  // two or more hits.
  for (int cell = 0; cell < geometry.cells(); ++cell) {
    if (k.cells[static_cast<std::size_t>(cell)] != Known::kHit || grouped[static_cast<std::size_t>(cell)])
      continue;
    k.targets.push_back(group_of(geometry, k.cells, cell, Known::kHit, grouped));
  }
  for (const std::vector<int>& group : k.targets) {
    const bool line = group.size() > 1;
    const bool vertical = line && group[1] - group[0] == geometry.width();
    for (const int part : group) {
      const int row = part / geometry.width();
      const int col = part % geometry.width();
      for (const auto& [dr, dc] : kCorners) clear(row + dr, col + dc);
      if (line && vertical) {
        clear(row, col - 1);
        clear(row, col + 1);
      } else if (line) {
        clear(row - 1, col);
        clear(row + 1, col);
      }
    }
  }

  for (int cell = 0; cell < geometry.cells(); ++cell) {
    const Known known = k.cells[static_cast<std::size_t>(cell)];
    if (known == Known::kHit)
      k.hits.set(cell);
    else if (known != Known::kUnknown)
      k.blocked.set(cell);
  }
  return k;
}

std::vector<std::pair<int, int>> Knowledge::remaining_counts() const {
  std::vector<std::pair<int, int>> counts;
  for (const int length : remaining) {
    if (!counts.empty() && counts.back().first == length)
      ++counts.back().second;
    else
      counts.emplace_back(length, 1);
  }
  return counts;
}

std::vector<Move> open_shots(const Knowledge& knowledge, std::span<const Move> legal) {
  std::vector<Move> open;
  for (const Move& move : legal) {
    if (knowledge.at(move.to) == Known::kUnknown) open.push_back(move);
  }
  if (open.empty()) open.assign(legal.begin(), legal.end());
  return open;
}

Move best_scored(std::span<const Move> candidates, const std::vector<double>& score,
                 std::mt19937_64& random) {
  double best = -1;
  std::vector<Move> ties;
  for (const Move& move : candidates) {
    const double value = score[static_cast<std::size_t>(move.to)];
    if (value > best) {
      best = value;
      ties.clear();
    }
    if (value == best) ties.push_back(move);
  }
  return ties[random_index(random, ties.size())];
}

}  // namespace gamerec::battleship
