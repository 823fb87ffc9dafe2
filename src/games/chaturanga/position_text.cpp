// Chaturanga's position as a `position:` header writes it (PositionText),
// the text parse_position (notation.cpp) reads back; gamerec-games(7),
// CHATURANGA.
#include "games/chaturanga/chaturanga.h"

namespace gamerec::chaturanga {
namespace {

constexpr std::string_view kPieceLetters = "KRBNP";  // as Piece counts them

}  // namespace

// "K1D R1A ... / K4H ... / ... / ...; to-move: red; eliminated: black",
// which parse_position reads back: each side's pieces in square order.
std::string ChaturangaGame::position_text(const State& position) const {
  const ChaturangaState& state = state_of(position);
  const GameDefinition& definition = this->definition();
  std::string text;
  for (int side = 0; side < kSides; ++side) {
    if (side > 0) text += " /";
    for (int square = 0; square < board::kSquares; ++square) {
      const Cell& cell = state.at(square);
      if (cell.side != side) continue;
      text += ' ';
      text += kPieceLetters[static_cast<std::size_t>(cell.piece)];
      text += board::row_col_name(square);
    }
  }
  if (const Side to_move = state.to_move(); to_move != kNoSide)
    text += "; to-move: " + definition.sides.at(static_cast<std::size_t>(to_move));
  std::string out;
  for (int side = 0; side < kSides; ++side) {
    if (state.eliminated(side)) out += " " + definition.sides.at(static_cast<std::size_t>(side));
  }
  if (!out.empty()) text += "; eliminated:" + out;
  return text.substr(1);
}

}  // namespace gamerec::chaturanga
