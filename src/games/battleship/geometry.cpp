// The grid, the placements of each ship length, and whether a fleet fits.
#include <algorithm>
#include <bit>

#include "games/battleship/battleship.h"

namespace gamerec::battleship {
namespace {

// Search steps before fits() gives up. Real fleets settle in a few dozen;
// the budget only bounds fleets that barely fit or cannot.
constexpr long kFitBudget = 200000;

bool fit_from(const Geometry& geometry, const std::vector<int>& lengths, std::size_t index, std::size_t start,
              const CellSet& forbidden, long& budget) {
  if (index == lengths.size()) return true;
  const auto& list = geometry.placements(lengths[index]);
  const bool same_next = index + 1 < lengths.size() && lengths[index + 1] == lengths[index];
  for (std::size_t p = start; p < list.size(); ++p) {
    if (--budget < 0) return false;
    if (list[p].cells.intersects(forbidden)) continue;
    CellSet next = forbidden;
    next |= list[p].ring;
    // Ships of one length are interchangeable: take them in placement order.
    if (fit_from(geometry, lengths, index + 1, same_next ? p + 1 : 0, next, budget)) return true;
    if (budget < 0) return false;
  }
  return false;
}

}  // namespace

int CellSet::count_common(const CellSet& other) const {
  int count = 0;
  for (int i = 0; i < kWords; ++i) count += std::popcount(words_[i] & other.words_[i]);
  return count;
}

bool CellSet::empty() const {
  return std::all_of(words_.begin(), words_.end(), [](std::uint64_t word) { return word == 0; });
}

Geometry::Geometry(Rules rules) : rules_(std::move(rules)) {
  for (const int length : rules_.ships) {
    if (placements_.contains(length)) continue;
    std::vector<Placement>& list = placements_[length];
    for (int row = 0; row < rules_.height; ++row) {
      for (int col = 0; col < rules_.width; ++col) {
        for (const bool vertical : {false, true}) {
          if (vertical && length == 1) continue;
          const int end_row = vertical ? row + length - 1 : row;
          const int end_col = vertical ? col : col + length - 1;
          if (!on_board(end_row, end_col)) continue;
          list.push_back(placement(Ship{length, row, col, vertical}));
        }
      }
    }
  }
}

const std::vector<Placement>& Geometry::placements(int length) const {
  static const std::vector<Placement> kNone;
  const auto it = placements_.find(length);
  return it == placements_.end() ? kNone : it->second;
}

Placement Geometry::placement(const Ship& ship) const {
  Placement placement{ship, {}, {}, {}};
  for (int i = 0; i < ship.length; ++i) {
    const int row = ship.row + (ship.vertical ? i : 0);
    const int col = ship.col + (ship.vertical ? 0 : i);
    placement.cells.set(cell(row, col));
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        if (on_board(row + dr, col + dc)) placement.ring.set(cell(row + dr, col + dc));
      }
    }
  }
  for (int c = 0; c < cells(); ++c) {
    if (placement.ring.test(c) && !placement.cells.test(c)) placement.halo.set(c);
  }
  return placement;
}

std::optional<Ship> Geometry::ship_from(int cell, int flag, int length) const {
  int row = cell / width();
  int col = cell % width();
  const int extent = length - 1;
  Ship ship{length, row, col, false};
  switch (flag) {
    case kDown:
      ship.vertical = true;
      break;
    case kUp:
      ship.vertical = true;
      ship.row = row - extent;
      break;
    case kLeft:
      ship.col = col - extent;
      break;
    default:  // right, or a ship of length 1 without direction
      break;
  }
  if (length == 1) ship.vertical = false;
  const int end_row = ship.vertical ? ship.row + extent : ship.row;
  const int end_col = ship.vertical ? ship.col : ship.col + extent;
  if (!on_board(ship.row, ship.col) || !on_board(end_row, end_col)) return std::nullopt;
  return ship;
}

bool Geometry::fits(std::vector<int> lengths, const CellSet& forbidden) const {
  // Longest first: the hard ships are placed while there is most room.
  std::sort(lengths.begin(), lengths.end(), std::greater<>());
  long budget = kFitBudget;
  return fit_from(*this, lengths, 0, 0, forbidden, budget);
}

Result<Rules, Message> rules_from_options(const RuleOptions& options) {
  Rules rules;
  rules.width = options.get_int("width");
  rules.height = options.get_int("height");
  rules.ships = options.get_int_list("ships");
  rules.first = options.get_int("first") - 1;
  rules.extra_shot_on_hit = options.get_bool("extra_shot_on_hit");
  const MessageArgs size = {{"width", std::to_string(rules.width)}, {"height", std::to_string(rules.height)}};
  if (rules.ships.empty()) return Message{"ships.empty"};
  long cells = 0;
  for (const int length : rules.ships) cells += length;
  if (cells > static_cast<long>(rules.width) * rules.height) return Message{"ships.no-room", size};
  const Geometry geometry(rules);
  if (!geometry.fits(rules.ships, CellSet{})) return Message{"ships.no-room", size};
  return rules;
}

}  // namespace gamerec::battleship
