#pragma once
// How pieces step on an 8x8 board, shared by chaturanga and chess: the
// king's and knight's steps, the rook's and bishop's rays as (row, column)
// deltas, and bitboards of the squares such steps reach (bit = square index
// of square.h). The order of each table is the order moves are generated
// in, which records and perft --divide show: never reorder one.
#include <array>
#include <cstdint>

#include "games/board/square.h"

namespace gamerec::board {

using Delta = std::array<int, 2>;  // (row step, column step)

inline constexpr std::array<Delta, 8> kKingSteps = {
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
inline constexpr std::array<Delta, 8> kKnightJumps = {
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
inline constexpr std::array<Delta, 4> kRookRays = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
inline constexpr std::array<Delta, 4> kBishopRays = {{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

constexpr std::uint64_t bit(int square) { return std::uint64_t{1} << square; }

// Per square, the squares one step away in the given directions (a king's
// or knight's targets; a slider's first squares).
template <std::size_t N>
constexpr std::array<std::uint64_t, kSquares> neighbours(const std::array<Delta, N>& steps) {
  std::array<std::uint64_t, kSquares> table{};
  for (int square = 0; square < kSquares; ++square) {
    for (const auto& [dr, dc] : steps) {
      const int r = row_of(square) + dr;
      const int c = col_of(square) + dc;
      if (on_board(r, c)) table[square] |= bit(make_square(r, c));
    }
  }
  return table;
}

// The squares a slider on `square` reaches along `rays`, stopping at (and
// including) the first square of `occupied`. Slow: for building tables and
// for reference checks.
template <std::size_t N>
constexpr std::uint64_t ray_attacks(int square, std::uint64_t occupied, const std::array<Delta, N>& rays) {
  std::uint64_t reach = 0;
  for (const auto& [dr, dc] : rays) {
    for (int r = row_of(square) + dr, c = col_of(square) + dc; on_board(r, c); r += dr, c += dc) {
      reach |= bit(make_square(r, c));
      if ((occupied & bit(make_square(r, c))) != 0) break;
    }
  }
  return reach;
}

}  // namespace gamerec::board
