#include "ui/board_view.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace gamerec::ui {
namespace {

// The board gets its own light and dark squares, so the side colours below
// stay readable whatever the terminal's background is.
constexpr int kLightSquare = 187;  // pale khaki
constexpr int kDarkSquare = 144;   // darker khaki
// Foreground per side id; one table for every game.
int side_color(const std::string& side) {
  if (side == "yellow") return 94;  // dark gold: readable on khaki
  if (side == "green") return 22;
  if (side == "red") return 124;
  if (side == "black") return 16;
  if (side == "white") return 231;
  if (side == "south") return 19;
  if (side == "north") return 124;
  return 16;
}

// Without colour a side must still be told apart: its index as a suffix.
char side_mark(int side) { return static_cast<char>('1' + side); }

}  // namespace

std::string render_board(const BoardView& view, const GameDefinition& game, const std::string& language,
                         const Palette& palette, const std::vector<std::string>& side_names) {
  auto letters_it = game.piece_letters.find(language);
  if (letters_it == game.piece_letters.end()) letters_it = game.piece_letters.find("en");
  const std::string letters = letters_it == game.piece_letters.end() ? "" : letters_it->second;
  std::size_t label_width = 1;
  for (const auto& label : view.row_labels) label_width = std::max(label_width, label.size());
  const bool many_sides = game.sides.size() > 2;

  // Every cell is three characters: a space, the glyph, and a side digit
  // (plain text, more than two sides) or a space.
  auto cell_text = [&](const BoardCell& cell) {
    if (cell.piece < 0 || cell.piece >= static_cast<int>(letters.size()))
      return std::string{' ', cell.mark != 0 ? cell.mark : '.', ' '};
    char letter = letters[static_cast<std::size_t>(cell.piece)];
    char suffix = ' ';
    if (!palette.enabled && many_sides) suffix = side_mark(cell.owner);
    // Two sides without colour: the second side in lower case, as in FEN.
    if (!palette.enabled && !many_sides && cell.owner == 1)
      letter = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    return std::string{' ', letter, suffix};
  };

  std::string column_header(label_width + 1, ' ');
  for (const auto& label : view.col_labels) {
    column_header += ' ' + label;
    if (label.size() < 2) column_header += std::string(2 - label.size(), ' ');
  }
  column_header += '\n';

  std::string out = column_header;
  for (int row = 0; row < view.rows; ++row) {
    const std::string label = row < static_cast<int>(view.row_labels.size()) ? view.row_labels[row] : "";
    out += std::string(label_width - label.size(), ' ') + label + ' ';
    for (int col = 0; col < view.cols; ++col) {
      const BoardCell& cell = view.cells[static_cast<std::size_t>(row * view.cols + col)];
      if (!palette.enabled) {
        out += cell_text(cell);
        continue;
      }
      out += palette.background((row + col) % 2 == 0 ? kLightSquare : kDarkSquare);
      if (cell.owner >= 0 && cell.owner < static_cast<int>(game.sides.size()))
        out +=
            palette.foreground(side_color(game.sides[static_cast<std::size_t>(cell.owner)])) + palette.bold();
      else
        out += palette.foreground(240);
      out += cell_text(cell) + palette.reset();
    }
    out += ' ' + label + '\n';
  }
  out += column_header;
  if (!palette.enabled && many_sides) {
    std::string legend;
    for (std::size_t i = 0; i < side_names.size(); ++i)
      legend += (i ? ", " : "") + std::string(1, side_mark(static_cast<int>(i))) + " " + side_names[i];
    out += "(" + legend + ")\n";
  }
  return out;
}

}  // namespace gamerec::ui
