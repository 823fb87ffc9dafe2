// What each side sees (BattleshipObservation) and how the grids are drawn:
// '.' sea or unknown, '~' a shot into water, 'O' a ship, 'X' a hit ship
// cell, '#' a cell of a sunk ship. Grid titles are message keys
// ("views.fleet-1"), put into words by the interface.
#include <algorithm>

#include "games/battleship/battleship.h"

namespace gamerec::battleship {
namespace {

BoardGrid empty_grid(const Geometry& geometry, std::string title) {
  BoardGrid grid;
  grid.title = std::move(title);
  grid.rows = geometry.height();
  grid.cols = geometry.width();
  for (int row = 0; row < geometry.height(); ++row) grid.row_labels.push_back(std::to_string(row + 1));
  for (int col = 0; col < geometry.width(); ++col)
    grid.col_labels.push_back(std::string(1, static_cast<char>('A' + col)));
  grid.cells.resize(static_cast<std::size_t>(geometry.cells()));
  return grid;
}

// A fleet with the enemy's shots at it.
BoardGrid fleet_grid(const Geometry& geometry, const std::vector<Ship>& ships,
                     const std::vector<std::uint8_t>& shots, Side owner, int highlight) {
  BoardGrid grid = empty_grid(geometry, "views.fleet-" + std::to_string(owner + 1));
  for (std::size_t cell = 0; cell < grid.cells.size(); ++cell)
    grid.cells[cell].mark = shots[cell] == kWater ? '~' : '.';
  for (const Ship& ship : ships) {
    std::vector<int> cells;
    for (int i = 0; i < ship.length; ++i)
      cells.push_back(geometry.cell(ship.row + (ship.vertical ? i : 0), ship.col + (ship.vertical ? 0 : i)));
    const bool sunk = std::all_of(cells.begin(), cells.end(),
                                  [&](int cell) { return shots[static_cast<std::size_t>(cell)] != kNoFlag; });
    for (const int cell : cells) {
      BoardCell& out = grid.cells[static_cast<std::size_t>(cell)];
      out.owner = owner;
      out.mark = sunk ? '#' : shots[static_cast<std::size_t>(cell)] != kNoFlag ? 'X' : 'O';
    }
  }
  if (highlight >= 0) grid.cells[static_cast<std::size_t>(highlight)].highlight = true;
  return grid;
}

// What a shooter knows of the enemy grid: its shots and their answers. A
// sunk ship is the line of hits through the shot that sank it (ships never
// touch, so the hits next to it are its own).
BoardGrid shots_grid(const Geometry& geometry, const std::vector<std::uint8_t>& fired, Side shooter,
                     int highlight) {
  BoardGrid grid = empty_grid(geometry, "views.shots-" + std::to_string(shooter + 1));
  const Side enemy = 1 - shooter;
  for (std::size_t cell = 0; cell < grid.cells.size(); ++cell) {
    BoardCell& out = grid.cells[cell];
    out.mark = fired[cell] == kWater ? '~' : fired[cell] == kNoFlag ? '.' : 'X';
    if (fired[cell] == kHit || fired[cell] == kSunk) out.owner = enemy;
  }
  for (int start = 0; start < geometry.cells(); ++start) {
    if (fired[static_cast<std::size_t>(start)] != kSunk) continue;
    std::vector<int> pending = {start};
    while (!pending.empty()) {
      const int cell = pending.back();
      pending.pop_back();
      BoardCell& out = grid.cells[static_cast<std::size_t>(cell)];
      if (out.mark == '#') continue;
      out.mark = '#';
      const int row = cell / geometry.width();
      const int col = cell % geometry.width();
      for (const auto& [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
        if (!geometry.on_board(row + dr, col + dc)) continue;
        const int next = geometry.cell(row + dr, col + dc);
        if (fired[static_cast<std::size_t>(next)] == kHit) pending.push_back(next);
      }
    }
  }
  if (highlight >= 0) grid.cells[static_cast<std::size_t>(highlight)].highlight = true;
  return grid;
}

}  // namespace

BattleshipObservation::BattleshipObservation(Side viewer, std::shared_ptr<const Geometry> geometry,
                                             std::vector<Ship> fleet, std::vector<std::uint8_t> received,
                                             std::vector<std::uint8_t> fired, int last_shot,
                                             Side last_shooter)
    : Observation(viewer),
      geometry_(std::move(geometry)),
      fleet_(std::move(fleet)),
      received_(std::move(received)),
      fired_(std::move(fired)),
      last_shot_(last_shot),
      last_shooter_(last_shooter) {}

bool BattleshipObservation::own_fleet_sunk() const {
  if (placing()) return false;
  for (const Ship& ship : fleet_) {
    for (int i = 0; i < ship.length; ++i) {
      const int cell =
          geometry_->cell(ship.row + (ship.vertical ? i : 0), ship.col + (ship.vertical ? 0 : i));
      if (received(cell) == kNoFlag) return false;
    }
  }
  return true;
}

bool BattleshipObservation::enemy_fleet_sunk() const {
  const auto sunk = std::count(fired_.begin(), fired_.end(), static_cast<std::uint8_t>(kSunk));
  return sunk == static_cast<std::ptrdiff_t>(rules().ships.size());
}

bool BattleshipObservation::operator==(const BattleshipObservation& other) const {
  return viewer() == other.viewer() && rules().ships == other.rules().ships &&
         geometry_->cells() == other.geometry_->cells() && fleet_ == other.fleet_ &&
         received_ == other.received_ && fired_ == other.fired_;
}

BoardView BattleshipObservation::view() const {
  const Side me = viewer();
  return BoardView{{fleet_grid(*geometry_, fleet_, received_, me, last_shooter_ != me ? last_shot_ : -1),
                    shots_grid(*geometry_, fired_, me, last_shooter_ == me ? last_shot_ : -1)}};
}

BoardView BattleshipState::view() const {
  BoardView view;
  for (Side side = 0; side < 2; ++side) {
    const Grid& grid = grids_[static_cast<std::size_t>(side)];
    view.grids.push_back(
        fleet_grid(*geometry_, grid.ships, grid.shots, side, last_shooter_ == 1 - side ? last_shot_ : -1));
  }
  return view;
}

}  // namespace gamerec::battleship
