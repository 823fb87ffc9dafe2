#pragma once
// Chaturanga's move tables, as bitboards (bit = square index of
// games/board/square.h): where each piece may go from each square on an
// empty board, and what lies between two squares. In a header, since
// validate's fast path (ChaturangaState::quick_legal) is inline.
#include <array>
#include <cstdint>

#include "games/board/square.h"
#include "games/board/steps.h"

namespace gamerec::chaturanga {

inline constexpr int kSides = 4;

namespace tables {

using board::col_of;
using board::make_square;
using board::on_board;
using board::row_of;

// Forward direction of each side's pawns as (row step, column step).
inline constexpr std::array<std::array<int, 2>, kSides> kPawnForward = {{
    {+1, 0},  // Yellow towards row 8
    {0, -1},  // Green towards column A
    {-1, 0},  // Red towards row 1
    {0, +1},  // Black towards column H
}};

// The squares one step away from each square: a king's and a knight's
// targets.
inline constexpr auto kKingTargets = board::neighbours(board::kKingSteps);
inline constexpr auto kKnightTargets = board::neighbours(board::kKnightJumps);

using SideTable = std::array<std::array<std::uint64_t, board::kSquares>, kSides>;
constexpr SideTable pawn_table(bool captures) {
  SideTable table{};
  for (int side = 0; side < kSides; ++side) {
    const auto [fr, fc] = kPawnForward[side];
    for (int square = 0; square < board::kSquares; ++square) {
      const int r = row_of(square) + fr;
      const int c = col_of(square) + fc;
      for (int sidestep : {-1, 0, 1}) {
        if ((sidestep != 0) != captures) continue;
        const int tr = r + (fr == 0 ? sidestep : 0);
        const int tc = c + (fc == 0 ? sidestep : 0);
        if (on_board(tr, tc)) table[side][square] |= board::bit(make_square(tr, tc));
      }
    }
  }
  return table;
}
inline constexpr SideTable kPawnPushes = pawn_table(false);
inline constexpr SideTable kPawnCaptures = pawn_table(true);

// Squares a rook (or bishop) on each square could reach on an empty board,
// and the squares strictly between two squares on one such line: with
// them, a slider's move is legal when the destination is on its lines and
// nothing stands between.
template <std::size_t N>
constexpr std::array<std::uint64_t, board::kSquares> lines(const std::array<board::Delta, N>& rays) {
  std::array<std::uint64_t, board::kSquares> table{};
  for (int square = 0; square < board::kSquares; ++square)
    table[square] = board::ray_attacks(square, 0, rays);
  return table;
}
inline constexpr auto kRookLines = lines(board::kRookRays);
inline constexpr auto kBishopLines = lines(board::kBishopRays);

using BetweenTable = std::array<std::array<std::uint64_t, board::kSquares>, board::kSquares>;
constexpr BetweenTable between_table() {
  BetweenTable table{};
  for (int from = 0; from < board::kSquares; ++from) {
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        if (dr == 0 && dc == 0) continue;
        std::uint64_t passed = 0;
        for (int r = row_of(from) + dr, c = col_of(from) + dc; on_board(r, c); r += dr, c += dc) {
          table[from][make_square(r, c)] = passed;
          passed |= board::bit(make_square(r, c));
        }
      }
    }
  }
  return table;
}
inline constexpr BetweenTable kBetween = between_table();

}  // namespace tables
}  // namespace gamerec::chaturanga
