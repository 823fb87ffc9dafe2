// Chess's picture (the Pictured facet): the board, the pieces, the last
// move and a check.
#include "games/board/pieces.h"
#include "games/chess/chess.h"

namespace gamerec::chess {
namespace {

constexpr const char* kGlyphOf[] = {"king", "queen", "rook", "bishop", "knight", "pawn"};

const board::SquareNames& square_names() {
  static const board::SquareNames names{{"a", "b", "c", "d", "e", "f", "g", "h"},
                                        {"1", "2", "3", "4", "5", "6", "7", "8"}};
  return names;
}

}  // namespace

std::vector<Glyph> ChessGame::glyphs() const { return board::piece_glyphs(); }

Picture ChessGame::picture(const State& state, Side /*viewer: nothing is hidden*/) const {
  const ChessState& chess = state_of(state);
  const Position& position = chess.position();
  const board::SquareNames& name = square_names();
  Picture picture = board::square_board(board::BoardLook{}, name);
  std::vector<PictureItem>& items = picture.panels.front().items;
  if (!chess.history().empty()) {
    const ChessMove last = chess.history().back();
    for (const int square : {int{last.from}, int{last.to}}) items.push_back(board::last_move_mark(square / 8, square % 8, name(square / 8, square % 8)));
  }
  if (position.in_check(tables())) {
    const int king = position.king(position.side);
    items.push_back(board::check_mark(king / 8, king % 8, name(king / 8, king % 8)));
  }
  for (int square = 0; square < 64; ++square) {
    const Cell cell = position.cells[static_cast<std::size_t>(square)];
    if (cell == kEmpty) continue;
    items.push_back(board::piece_on(kGlyphOf[cell_type(cell)], square / 8, square % 8, cell_color(cell),
                                    name(square / 8, square % 8)));
  }
  return picture;
}

}  // namespace gamerec::chess
