// Battleship's picture (the Pictured facet): each grid of the board view
// (view.cpp says what each holds) drawn as sea, with the ships of a fleet
// as whole hulls, hits, misses and sunk ships, and the last shot ringed.
#include "games/battleship/battleship.h"

namespace gamerec::battleship {
namespace {

constexpr double kCell = 100;
constexpr double kLabels = 56;  // the coordinates' band above and left of a grid
constexpr double kTitle = 70;   // room for a grid's title above it
constexpr double kGap = 70;     // between two grids
constexpr std::uint32_t kSea = 0xcfe4f4;
constexpr std::uint32_t kGridLines = 0x8db4d4;
constexpr std::uint32_t kHull = 0x8a939c;
constexpr std::uint32_t kSunkHull = 0x4e2424;
constexpr std::uint32_t kHit = 0xd62828;
constexpr std::uint32_t kMiss = 0xffffff;
constexpr std::uint32_t kInk = 0x23415a;
constexpr std::uint32_t kMarked = 0xf5a800;

Panel grid_panel(const BoardGrid& grid, const std::vector<Ship>* fleet, Side owner, double left) {
  const double width = kLabels + grid.cols * kCell + 10;
  const double height = kLabels + grid.rows * kCell + 10;
  Panel panel{left, kTitle, width, height, grid.title, {}};
  auto& items = panel.items;
  const double x0 = left + kLabels;
  const double y0 = kTitle + kLabels;
  const auto cell_x = [&](int col) { return x0 + col * kCell; };
  const auto cell_y = [&](int row) { return y0 + row * kCell; };
  items.push_back(PictureItem{Rect{x0, y0, grid.cols * kCell, grid.rows * kCell, 0},
                              Style::outlined(Paint::fixed(kSea), Paint::fixed(kGridLines), 3), kLayerBoard, ""});
  const Style lines{Paint::none(), Paint::fixed(kGridLines), 3};
  for (int col = 1; col < grid.cols; ++col)
    items.push_back(PictureItem{Line{cell_x(col), y0, cell_x(col), cell_y(grid.rows)}, lines, kLayerBoard, ""});
  for (int row = 1; row < grid.rows; ++row)
    items.push_back(PictureItem{Line{x0, cell_y(row), cell_x(grid.cols), cell_y(row)}, lines, kLayerBoard, ""});
  const Style label_style = Style::filled(Paint::fixed(kInk));
  for (int col = 0; col < grid.cols && col < static_cast<int>(grid.col_labels.size()); ++col)
    items.push_back(PictureItem{Label{cell_x(col) + kCell / 2, y0 - kLabels / 2, 36, grid.col_labels[static_cast<std::size_t>(col)], true},
                                label_style, kLayerBoard, "label"});
  for (int row = 0; row < grid.rows && row < static_cast<int>(grid.row_labels.size()); ++row)
    items.push_back(PictureItem{Label{x0 - kLabels / 2, cell_y(row) + kCell / 2, 36, grid.row_labels[static_cast<std::size_t>(row)], true},
                                label_style, kLayerBoard, "label"});
  const auto name = [&](int row, int col) {
    const auto label = [](const std::vector<std::string>& labels, int i) {
      return i < static_cast<int>(labels.size()) ? labels[static_cast<std::size_t>(i)] : std::to_string(i + 1);
    };
    return label(grid.col_labels, col) + label(grid.row_labels, row);
  };
  const auto mark_at = [&](int row, int col) { return grid.cells[static_cast<std::size_t>(row * grid.cols + col)].mark; };
  // A fleet's ships as whole hulls, dark once sunk.
  if (fleet != nullptr) {
    for (const Ship& ship : *fleet) {
      const bool sunk = mark_at(ship.row, ship.col) == '#';
      const double inset = 12;
      const double length = ship.length * kCell - 2 * inset;
      const double beam = kCell - 2 * inset;
      items.push_back(PictureItem{Rect{cell_x(ship.col) + inset, cell_y(ship.row) + inset, ship.vertical ? beam : length,
                                       ship.vertical ? length : beam, beam / 2},
                                  Style::outlined(Paint::fixed(sunk ? kSunkHull : kHull), Paint::of_side(owner), 6), kLayerMarks,
                                  sunk ? "sunk" : "ship", name(ship.row, ship.col)});
    }
  }
  for (int row = 0; row < grid.rows; ++row) {
    for (int col = 0; col < grid.cols; ++col) {
      const BoardCell& cell = grid.cells[static_cast<std::size_t>(row * grid.cols + col)];
      const double cx = cell_x(col) + kCell / 2;
      const double cy = cell_y(row) + kCell / 2;
      if (cell.mark == '~') {
        items.push_back(PictureItem{Circle{cx, cy, 13}, Style::outlined(Paint::fixed(kMiss), Paint::fixed(kGridLines), 3),
                                    kLayerPieces, "miss", name(row, col)});
      } else if (cell.mark == 'X' || cell.mark == '#') {
        // A sunk ship on the shots grid has no hull to show: its cells are.
        if (fleet == nullptr && cell.mark == '#')
          items.push_back(PictureItem{Rect{cell_x(col) + 6, cell_y(row) + 6, kCell - 12, kCell - 12, 8},
                                      Style::filled(Paint::fixed(kSunkHull)), kLayerMarks, "sunk", name(row, col)});
        items.push_back(PictureItem{Circle{cx, cy, 22}, Style::outlined(Paint::fixed(kHit), Paint::fixed(0xffffff), 4),
                                    kLayerPieces, "hit", name(row, col)});
      }
      if (cell.highlight)
        items.push_back(PictureItem{Circle{cx, cy, 38}, Style::outlined(Paint::none(), Paint::fixed(kMarked), 9), kLayerOver,
                                    "last-move", name(row, col)});
    }
  }
  return panel;
}

}  // namespace

Picture BattleshipGame::picture(const State& state, Side viewer) const {
  const BattleshipState& position = state_of(state);
  BoardView view;
  std::vector<const std::vector<Ship>*> fleets;
  std::vector<Side> owners;
  std::unique_ptr<Observation> seen;
  if (viewer == kNoSide) {
    view = position.view();
    fleets = {&position.grid(0).ships, &position.grid(1).ships};
    owners = {0, 1};
  } else {
    seen = position.observe(viewer);
    const auto& observation = downcast<BattleshipObservation>(*seen);
    view = observation.view();
    fleets = {&observation.fleet(), nullptr};  // the enemy's ships are what its shots found
    owners = {viewer, 1 - viewer};
  }
  Picture picture;
  picture.background = Paint::fixed(0xffffff);
  double left = 0;
  for (std::size_t i = 0; i < view.grids.size(); ++i) {
    Panel panel = grid_panel(view.grids[i], i < fleets.size() ? fleets[i] : nullptr, owners[i], left);
    left += panel.width + kGap;
    picture.height = std::max(picture.height, panel.y + panel.height);
    picture.panels.push_back(std::move(panel));
  }
  picture.width = left - kGap;
  return picture;
}

}  // namespace gamerec::battleship
