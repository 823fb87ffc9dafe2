#pragma once
// What chess and chaturanga pictures share: the pieces, drawn for gamerec
// as SVG paths (a king, queen, rook, bishop, knight and pawn in the
// Staunton shapes, filled with the side's colour), and an 8x8 board of
// squares with its coordinates on all four edges.
#include <cstdint>
#include <string>
#include <vector>

#include "rules/picture.h"

namespace gamerec::board {

// Glyphs named "king", "queen", "rook", "bishop", "knight", "pawn", in a
// square of 100 units.
std::vector<Glyph> piece_glyphs();

// A square's name as the game's text board writes it: `files[col]`
// then `ranks[row]` ("e4").
struct SquareNames {
  std::vector<std::string> files, ranks;
  std::string operator()(int row, int col) const {
    return files[static_cast<std::size_t>(col)] + ranks[static_cast<std::size_t>(row)];
  }
};

struct BoardLook {
  std::uint32_t light = 0xf0d9b5;
  std::uint32_t dark = 0xb58863;
  std::uint32_t labels = 0x5b4a3a;
};

// The units of a square and of the margin that holds the coordinates.
inline constexpr double kSquareUnits = 100;
inline constexpr double kMarginUnits = 36;

// A picture of an empty 8x8 board: one panel, the squares (row 0 at the
// bottom) and the coordinates: the files under and over the columns, the
// ranks beside the rows, bottom row first.
Picture square_board(const BoardLook& look, const SquareNames& names);

// The top-left corner of the square at `row` (0: the bottom row), `col`.
inline double square_x(int col) { return kMarginUnits + col * kSquareUnits; }
inline double square_y(int row) { return kMarginUnits + (7 - row) * kSquareUnits; }

// A mark over a square: the last move's squares (a translucent tint), a
// king in check (a red glow). `at`: the square's name.
PictureItem last_move_mark(int row, int col, std::string at);
PictureItem check_mark(int row, int col, std::string at);
// A piece glyph on a square, in `side`'s colour.
PictureItem piece_on(const std::string& glyph, int row, int col, Side side, std::string at);

}  // namespace gamerec::board
