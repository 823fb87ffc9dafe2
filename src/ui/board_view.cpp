#include "ui/board_view.h"

#include "ui/colors.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace gamerec::ui {
namespace {

// Marks on empty squares ('.', '~'): dark grey, at least 5.8:1 on both.
constexpr int kMarkColor = 236;
// A side's colour from its game's definition (definitions/<game>.yaml); black
// when the definition names none. Its pieces are tiles of that colour,
// lettered black or white, whichever reads better: any colour a game
// picks stays readable (at least 4.5:1), on dark and light terminals.
// The terminal's own white (15, 231) is not used for a tile: on a light
// terminal such tiles would melt into the background at the board's edge
// (chess's White on ranks 1 and 2), so they are the palest grey instead,
// still lettered black.
constexpr int kPalestGrey = 255;
int side_color(const GameDefinition& game, const std::string& side) {
  const auto it = game.side_colors.find(side);
  if (it == game.side_colors.end()) return 16;
  return it->second == 15 || it->second == 231 ? kPalestGrey : it->second;
}

// Without colour a side must still be told apart: its index as a suffix.
char side_mark(int side) { return static_cast<char>('1' + side); }

// One grid: column labels above and below, row labels on both sides; each
// cell three characters wide.
std::string render_grid(const BoardGrid& grid, const GameDefinition& game, const std::string& letters,
                        const Palette& palette) {
  std::size_t label_width = 1;
  for (const auto& label : grid.row_labels) label_width = std::max(label_width, label.size());
  const bool many_sides = game.sides.size() > 2;

  // A space, the glyph, and a side digit (plain text, more than two sides)
  // or a space; or a cell's own text, right-aligned.
  auto cell_text = [&](const BoardCell& cell) {
    if (!cell.text.empty()) {
      std::string text = cell.text.substr(0, 2);
      return std::string(3 - text.size(), ' ') + text;
    }
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

  auto column_header = [&](const std::vector<std::string>& labels) {
    std::string header(label_width + 1, ' ');
    for (const auto& label : labels) {
      header += ' ' + label;
      if (label.size() < 2) header += std::string(2 - label.size(), ' ');
    }
    return header + '\n';
  };

  std::string out = grid.title.empty() ? "" : grid.title + '\n';
  out += column_header(grid.col_labels);
  for (int row = 0; row < grid.rows; ++row) {
    const std::string label = row < static_cast<int>(grid.row_labels.size()) ? grid.row_labels[row] : "";
    out += std::string(label_width - label.size(), ' ') + label + ' ';
    for (int col = 0; col < grid.cols; ++col) {
      const auto index = static_cast<std::size_t>(row * grid.cols + col);
      const BoardCell cell = index < grid.cells.size() ? grid.cells[index] : BoardCell{};
      // A highlighted piece or mark (the last move, a winning line) is
      // bracketed, [X], with or without colour: its tile keeps its side's
      // colour. A cell with its own text fills its width and stays as it is.
      std::string text = cell_text(cell);
      if (cell.highlight && cell.text.empty()) {
        text.front() = '[';
        text.back() = ']';
      }
      if (!palette.enabled) {
        out += text;
        continue;
      }
      if (cell.owner >= 0 && cell.owner < static_cast<int>(game.sides.size())) {
        const int color = side_color(game, game.sides[static_cast<std::size_t>(cell.owner)]);
        out += palette.background(color) + palette.foreground(text_color_on(color)) + palette.bold();
      } else {
        out += palette.background((row + col) % 2 == 0 ? kLightSquare : kDarkSquare) +
               palette.foreground(kMarkColor);
      }
      out += text + palette.reset();
    }
    out += ' ' + label + '\n';
  }
  return out + column_header(grid.bottom_col_labels.empty() ? grid.col_labels : grid.bottom_col_labels);
}

}  // namespace

namespace {

// The columns `line` takes on a terminal: colour sequences take none, and
// a UTF-8 character one.
std::size_t display_width(std::string_view line) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\x1b') {
      while (i < line.size() && line[i] != 'm') ++i;
      continue;
    }
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++width;
  }
  return width;
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const auto newline = text.find('\n');
    lines.push_back(text.substr(0, newline));
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
  }
  return lines;
}

// Two drawn grids next to each other, four columns apart; empty when they
// do not fit in `max_width` columns (0: never).
std::string side_by_side(std::string_view left, std::string_view right, std::size_t max_width) {
  const auto left_lines = lines_of(left);
  const auto right_lines = lines_of(right);
  std::size_t left_width = 0;
  std::size_t right_width = 0;
  for (const auto line : left_lines) left_width = std::max(left_width, display_width(line));
  for (const auto line : right_lines) right_width = std::max(right_width, display_width(line));
  constexpr std::size_t kGap = 4;
  if (max_width == 0 || left_width + kGap + right_width > max_width) return "";
  std::string out;
  for (std::size_t i = 0; i < std::max(left_lines.size(), right_lines.size()); ++i) {
    const std::string_view a = i < left_lines.size() ? left_lines[i] : std::string_view();
    const std::string_view b = i < right_lines.size() ? right_lines[i] : std::string_view();
    std::string line(a);
    if (!b.empty()) line += std::string(left_width - display_width(a) + kGap, ' ') + std::string(b);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace

BoardView turned_round(BoardView view) {
  for (BoardGrid& grid : view.grids) {
    std::reverse(grid.cells.begin(), grid.cells.end());
    std::reverse(grid.row_labels.begin(), grid.row_labels.end());
    // The labels below come up top, and the other way round.
    if (!grid.bottom_col_labels.empty()) std::swap(grid.col_labels, grid.bottom_col_labels);
    std::reverse(grid.col_labels.begin(), grid.col_labels.end());
    std::reverse(grid.bottom_col_labels.begin(), grid.bottom_col_labels.end());
  }
  return view;
}

std::string render_board(const BoardView& view, const GameDefinition& game, const std::string& language,
                         const Palette& palette, const std::vector<std::string>& side_names,
                         std::size_t max_width) {
  auto letters_it = game.piece_letters.find(language);
  if (letters_it == game.piece_letters.end()) letters_it = game.piece_letters.find("en");
  const std::string letters = letters_it == game.piece_letters.end() ? "" : letters_it->second;
  std::vector<std::string> grids;
  for (const BoardGrid& grid : view.grids) grids.push_back(render_grid(grid, game, letters, palette));
  std::string out = grids.size() == 2 ? side_by_side(grids[0], grids[1], max_width) : "";
  if (out.empty()) {
    for (std::size_t i = 0; i < grids.size(); ++i) out += (i ? "\n" : "") + grids[i];
  }
  if (!palette.enabled && game.sides.size() > 2) {
    std::string legend;
    for (std::size_t i = 0; i < side_names.size(); ++i)
      legend += (i ? ", " : "") + std::string(1, side_mark(static_cast<int>(i))) + " " + side_names[i];
    out += "(" + legend + ")\n";
  }
  if (palette.enabled && !letters.empty()) {
    // Each side's name on a tile of its colour: the key to the board.
    std::string legend;
    for (std::size_t i = 0; i < side_names.size() && i < game.sides.size(); ++i) {
      const int color = side_color(game, game.sides[i]);
      legend += (i ? " " : "") + palette.background(color) + palette.foreground(text_color_on(color)) +
                palette.bold() + " " + side_names[i] + " " + palette.reset();
    }
    out += legend + "\n";
  }
  return out;
}

}  // namespace gamerec::ui
