#include "games/board/square.h"

namespace gamerec::board {

std::string row_col_name(int square) {
  return {static_cast<char>('1' + row_of(square)), static_cast<char>('A' + col_of(square))};
}

}  // namespace gamerec::board
