#include "games/board/square.h"

namespace gamerec::board {

std::optional<int> parse_row_col(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const char row = text[0];
  const char col = text[1];
  if (row < '1' || row > '8' || col < 'A' || col > 'H') return std::nullopt;
  return make_square(row - '1', col - 'A');
}

std::string row_col_name(int square) {
  return {static_cast<char>('1' + row_of(square)), static_cast<char>('A' + col_of(square))};
}

}  // namespace gamerec::board
