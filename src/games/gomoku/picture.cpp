// Gomoku's picture (the Pictured facet): the grid on wood, the stones, the
// last stone, the winning line and, under renju, Black's forbidden points.
#include <cstdlib>

#include "games/gomoku/gomoku.h"

namespace gamerec::gomoku {
namespace {

constexpr double kPoint = 100;   // between two lines
constexpr double kMargin = 90;   // around the outer lines: the coordinates
constexpr double kStone = 45;    // radius
constexpr std::uint32_t kWood = 0xdcb35c;
constexpr std::uint32_t kInk = 0x3a2a10;
constexpr std::uint32_t kRed = 0xe0201a;

// The centre of a point (row 0 at the bottom).
double point_x(int col) { return kMargin + col * kPoint; }
double point_y(int row, int size) { return kMargin + (size - 1 - row) * kPoint; }

// The star points of a go board, where they fit.
std::vector<int> star_lines(int size) {
  if (size >= 13) return {3, size / 2, size - 4};
  if (size >= 9) return {2, size / 2, size - 3};
  return {size / 2};
}

}  // namespace

Picture GomokuGame::picture(const State& state, Side /*viewer: nothing is hidden*/) const {
  const GomokuState& position = state_of(state);
  const int n = position.size();
  const double side = 2 * kMargin + (n - 1) * kPoint;
  Picture picture{side, side, Paint::fixed(kWood), {}};
  Panel panel{0, 0, side, side, {}, {}};
  auto& items = panel.items;
  items.push_back(PictureItem{Rect{0, 0, side, side, 0}, Style::filled(Paint::fixed(kWood)), kLayerBoard, ""});
  const Style line{Paint::none(), Paint::fixed(kInk), 3};
  const double first = kMargin;
  const double last = kMargin + (n - 1) * kPoint;
  for (int i = 0; i < n; ++i) {
    items.push_back(PictureItem{Line{first, kMargin + i * kPoint, last, kMargin + i * kPoint}, line, kLayerBoard, ""});
    items.push_back(PictureItem{Line{kMargin + i * kPoint, first, kMargin + i * kPoint, last}, line, kLayerBoard, ""});
  }
  const std::vector<int> stars = star_lines(n);
  for (const int row : stars) {
    for (const int col : stars) {
      items.push_back(PictureItem{Circle{point_x(col), point_y(row, n), 10}, Style::filled(Paint::fixed(kInk)), kLayerBoard, ""});
    }
  }
  const Style label_style = Style::filled(Paint::fixed(kInk));
  for (int col = 0; col < n; ++col) {
    const std::string letter(1, static_cast<char>('A' + col));
    for (const double y : {kMargin / 2 - 10, side - kMargin / 2 + 10})
      items.push_back(PictureItem{Label{point_x(col), y, 34, letter, true}, label_style, kLayerBoard, "label"});
  }
  for (int row = 0; row < n; ++row) {
    for (const double x : {kMargin / 2 - 10, side - kMargin / 2 + 10})
      items.push_back(
          PictureItem{Label{x, point_y(row, n), 34, std::to_string(row + 1), true}, label_style, kLayerBoard, "label"});
  }
  for (int point = 0; point < n * n; ++point) {
    const int stone = position.at(point);
    if (stone == kEmpty) continue;
    items.push_back(PictureItem{Circle{point_x(point % n), point_y(point / n, n), kStone},
                                Style::outlined(Paint::of_side(stone), Paint::fixed(0x202020), 3), kLayerPieces, "stone",
                                point_text(point, n)});
  }
  // Renju: a red cross on each point Black may not play, while Black is to move.
  if (position.rule() == FiveRule::kRenju && !position.is_over() && position.to_move() == kBlack) {
    const Style cross = Style::outlined(Paint::none(), Paint::fixed(kRed), 8);
    constexpr double kArm = 22;
    for (int point = 0; point < n * n; ++point) {
      if (!position.forbidden(point)) continue;
      const double x = point_x(point % n);
      const double y = point_y(point / n, n);
      items.push_back(PictureItem{Line{x - kArm, y - kArm, x + kArm, y + kArm}, cross, kLayerOver,
                                  "forbidden", point_text(point, n)});
      items.push_back(PictureItem{Line{x - kArm, y + kArm, x + kArm, y - kArm}, cross, kLayerOver,
                                  "forbidden", point_text(point, n)});
    }
  }
  if (const int point = position.last_move(); point >= 0) {
    items.push_back(PictureItem{Circle{point_x(point % n), point_y(point / n, n), 13}, Style::filled(Paint::fixed(kRed)),
                                kLayerOver, "last-move", point_text(point, n)});
  }
  // The winning line: one stroke through each run of stones in a row.
  const std::vector<int>& line_points = position.winning_line();
  for (std::size_t start = 0; start < line_points.size();) {
    std::size_t end = start;
    const auto step = [&](std::size_t i) {
      return std::pair{line_points[i + 1] / n - line_points[i] / n, line_points[i + 1] % n - line_points[i] % n};
    };
    while (end + 1 < line_points.size() && std::abs(step(end).first) <= 1 && std::abs(step(end).second) <= 1 &&
           (end == start || step(end) == step(start)))
      ++end;
    const int from = line_points[start];
    const int to = line_points[end];
    std::string stones;  // "D7 E6 F5 G4 H3": the points it runs through
    for (std::size_t i = start; i <= end; ++i) stones += (i == start ? "" : " ") + point_text(line_points[i], n);
    items.push_back(PictureItem{Line{point_x(from % n), point_y(from / n, n), point_x(to % n), point_y(to / n, n)},
                                Style::outlined(Paint::none(), Paint::fixed(kRed), 14, 0.85), kLayerOver, "win",
                                std::move(stones)});
    start = end + 1;
  }
  picture.panels.push_back(std::move(panel));
  return picture;
}

}  // namespace gamerec::gomoku
