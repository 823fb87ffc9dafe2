#pragma once
// Squares of an 8x8 board written <row><column> ("4D"), as chaturanga does.
// Index = (row - 1) * 8 + column, column A = 0.
#include <optional>
#include <string>
#include <string_view>

namespace gamerec::board {

inline constexpr int kSize = 8;
inline constexpr int kSquares = kSize * kSize;

constexpr int row_of(int square) { return square / kSize; }  // 0-based
constexpr int col_of(int square) { return square % kSize; }
constexpr int make_square(int row, int col) { return row * kSize + col; }
constexpr bool on_board(int row, int col) { return row >= 0 && row < kSize && col >= 0 && col < kSize; }

// "4D" -> index; nullopt unless exactly a row digit 1-8 and a capital A-H.
// Inline: it runs twice for every move validated.
constexpr std::optional<int> parse_row_col(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const char row = text[0];
  const char col = text[1];
  if (row < '1' || row > '8' || col < 'A' || col > 'H') return std::nullopt;
  return make_square(row - '1', col - 'A');
}
std::string row_col_name(int square);

}  // namespace gamerec::board
