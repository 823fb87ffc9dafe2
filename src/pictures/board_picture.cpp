#include "pictures/board_picture.h"

#include <algorithm>

namespace gamerec::pictures {
namespace {

constexpr double kCell = 100;
constexpr double kLabels = 50;
constexpr double kTitle = 70;
constexpr double kGap = 70;

std::string cell_text(const BoardCell& cell, const GameDefinition& definition, std::string_view language) {
  if (cell.piece >= 0) {
    auto letters = definition.piece_letters.find(std::string(language));
    if (letters == definition.piece_letters.end()) letters = definition.piece_letters.find("en");
    if (letters != definition.piece_letters.end() && cell.piece < static_cast<int>(letters->second.size()))
      return std::string(1, letters->second[static_cast<std::size_t>(cell.piece)]);
  }
  if (!cell.text.empty()) return cell.text;
  if (cell.mark != 0 && cell.mark != '.' && cell.mark != ' ') return std::string(1, cell.mark);
  return "";
}

}  // namespace

Picture board_view_picture(const BoardView& view, const GameDefinition& definition, std::string_view language) {
  Picture picture;
  picture.background = Paint::fixed(0xffffff);
  const bool titled = std::any_of(view.grids.begin(), view.grids.end(),
                                  [](const BoardGrid& grid) { return !grid.title.empty(); });
  const double top = titled ? kTitle : 0;
  double left = 0;
  for (const BoardGrid& grid : view.grids) {
    const double width = 2 * kLabels + grid.cols * kCell;
    const double height = 2 * kLabels + grid.rows * kCell;
    Panel panel{left, top, width, height, grid.title, {}};
    const double x0 = left + kLabels;
    const double y0 = top + kLabels;
    const Style ink = Style::filled(Paint::fixed(0x333333));
    for (int row = 0; row < grid.rows; ++row) {
      for (int col = 0; col < grid.cols; ++col) {
        const BoardCell& cell = grid.cells[static_cast<std::size_t>(row * grid.cols + col)];
        const double x = x0 + col * kCell;
        const double y = y0 + row * kCell;
        const bool owned = cell.owner != kNoSide;
        panel.items.push_back(PictureItem{Rect{x, y, kCell, kCell, 0},
                                          Style::outlined(owned ? Paint::of_side(cell.owner) : Paint::fixed(0xf2efe6),
                                                          Paint::fixed(0x999999), 2),
                                          kLayerBoard, owned ? "piece" : ""});
        if (cell.highlight)
          panel.items.push_back(PictureItem{Rect{x + 6, y + 6, kCell - 12, kCell - 12, 0},
                                            Style::outlined(Paint::none(), Paint::fixed(0xf5c518), 10), kLayerMarks, "last-move"});
        const std::string text = cell_text(cell, definition, language);
        if (!text.empty())
          panel.items.push_back(PictureItem{Label{x + kCell / 2, y + kCell / 2, 48, text, true},
                                            Style::filled(owned ? Paint::on_side(cell.owner) : Paint::fixed(0x333333)),
                                            kLayerPieces, ""});
      }
    }
    for (int col = 0; col < grid.cols && col < static_cast<int>(grid.col_labels.size()); ++col)
      panel.items.push_back(PictureItem{
          Label{x0 + col * kCell + kCell / 2, y0 - kLabels / 2, 30, grid.col_labels[static_cast<std::size_t>(col)], false},
          ink, kLayerBoard, "label"});
    const auto& bottom = grid.bottom_col_labels.empty() ? grid.col_labels : grid.bottom_col_labels;
    for (int col = 0; col < grid.cols && col < static_cast<int>(bottom.size()); ++col)
      panel.items.push_back(PictureItem{Label{x0 + col * kCell + kCell / 2, y0 + grid.rows * kCell + kLabels / 2, 30,
                                              bottom[static_cast<std::size_t>(col)], false},
                                        ink, kLayerBoard, "label"});
    for (int row = 0; row < grid.rows && row < static_cast<int>(grid.row_labels.size()); ++row)
      panel.items.push_back(PictureItem{
          Label{x0 - kLabels / 2, y0 + row * kCell + kCell / 2, 30, grid.row_labels[static_cast<std::size_t>(row)], false},
          ink, kLayerBoard, "label"});
    left += width + kGap;
    picture.height = std::max(picture.height, top + height);
    picture.panels.push_back(std::move(panel));
  }
  picture.width = std::max(left - kGap, 1.0);
  return picture;
}

}  // namespace gamerec::pictures
