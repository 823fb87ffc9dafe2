// Gomoku points as text: a column letter and a row number, "H8".
#include "games/gomoku/gomoku.h"

namespace gamerec::gomoku {

Result<int, MoveError> parse_point(std::string_view text, int size) {
  // A letter, then a row number: "0", or digits without a leading zero.
  if (text.size() < 2) return MoveError{ErrorCode::kNotation};
  const char letter = text[0];
  const bool upper = letter >= 'A' && letter <= 'Z';
  if (!upper && !(letter >= 'a' && letter <= 'z')) return MoveError{ErrorCode::kNotation};
  const std::string_view digits = text.substr(1);
  if (digits.size() > 1 && digits[0] == '0') return MoveError{ErrorCode::kNotation};
  long row = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return MoveError{ErrorCode::kNotation};
    if (row <= kMaxSize) row = row * 10 + (c - '0');  // any larger value is off the board anyway
  }
  const int col = upper ? letter - 'A' : letter - 'a';
  if (col >= size || row < 1 || row > size)
    return MoveError{ErrorCode::kOffBoard,
                     "point",
                     {{"last", std::string(1, static_cast<char>('A' + size - 1))}, {"size", std::to_string(size)}}};
  return static_cast<int>(row - 1) * size + col;
}

std::string point_text(int point, int size) {
  return std::string(1, static_cast<char>('A' + point % size)) + std::to_string(point / size + 1);
}

}  // namespace gamerec::gomoku
