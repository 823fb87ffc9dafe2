// Tic-tac-toe's cells as text: a column letter and a row number, "b2".
#include "games/tictactoe/tictactoe.h"

namespace gamerec::tictactoe {

Result<WrittenMove, MoveError> TicTacToeGame::parse_move(std::string_view text) const {
  if (text.size() != 2) return MoveError{ErrorCode::kNotation};
  const char column = static_cast<char>(text[0] | 0x20);  // either case
  if (column < 'a' || column > 'z' || text[1] < '0' || text[1] > '9') return MoveError{ErrorCode::kNotation};
  if (column > 'c' || text[1] < '1' || text[1] > '3') return MoveError{ErrorCode::kOffBoard};
  return WrittenMove{Move{-1, (text[1] - '1') * 3 + (column - 'a'), 0}, true, text};
}

std::string TicTacToeGame::move_text(const Move& move, const State& /*before*/) const {
  return std::string(1, static_cast<char>('a' + move.to % 3)) + std::to_string(move.to / 3 + 1);
}

}  // namespace gamerec::tictactoe
