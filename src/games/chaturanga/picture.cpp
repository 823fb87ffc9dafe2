// Chaturanga's picture (the Pictured facet): a board of pale squares, the
// pieces in their sides' colours, and the last move.
#include "games/board/pieces.h"
#include "games/chaturanga/chaturanga.h"

namespace gamerec::chaturanga {
namespace {

constexpr const char* kGlyphOf[] = {"king", "rook", "bishop", "knight", "pawn"};  // Piece order
// Paler than chess's board, so that four colours read on it.
constexpr board::BoardLook kLook{0xf4ecd8, 0xd8c49a, 0x6b5a3e};
// An eliminated side's pieces stay on the board, faded.
constexpr double kEliminatedOpacity = 0.4;

const board::SquareNames& square_names() {
  static const board::SquareNames names{{"A", "B", "C", "D", "E", "F", "G", "H"},
                                        {"1", "2", "3", "4", "5", "6", "7", "8"}};
  return names;
}

}  // namespace

std::vector<Glyph> ChaturangaGame::glyphs() const { return board::piece_glyphs(); }

Picture ChaturangaGame::picture(const State& state, Side /*viewer: nothing is hidden*/) const {
  const ChaturangaState& position = state_of(state);
  const board::SquareNames& name = square_names();
  Picture picture = board::square_board(kLook, name);
  std::vector<PictureItem>& items = picture.panels.front().items;
  if (const auto& last = position.last_move()) {
    for (const int square : {last->from, last->to})
      items.push_back(board::last_move_mark(board::row_of(square), board::col_of(square),
                                            name(board::row_of(square), board::col_of(square))));
  }
  for (int square = 0; square < board::kSquares; ++square) {
    const Cell& cell = position.at(square);
    if (cell.empty()) continue;
    PictureItem piece = board::piece_on(kGlyphOf[static_cast<int>(cell.piece)], board::row_of(square),
                                        board::col_of(square), cell.side,
                                        name(board::row_of(square), board::col_of(square)));
    if (position.eliminated(cell.side)) piece.style.opacity = kEliminatedOpacity;
    items.push_back(std::move(piece));
  }
  return picture;
}

}  // namespace gamerec::chaturanga
