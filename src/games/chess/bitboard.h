#pragma once
// Bitboards for chess: bit = square index (a1 = 0, b1 = 1, ... h8 = 63, the
// layout of games/board/square.h), attack tables for every piece, and
// magic-bitboard lookups for the sliders (the tables are built once, on
// first use, and never change after).
#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "games/board/steps.h"

namespace gamerec::chess {

using Bitboard = std::uint64_t;
using board::bit;

inline constexpr Bitboard kFileA = 0x0101010101010101ULL;
inline constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard file_mask(int file) { return kFileA << file; }
constexpr Bitboard rank_mask(int rank) { return kRank1 << (8 * rank); }

inline constexpr auto kKnightAttacks = board::neighbours(board::kKnightJumps);
inline constexpr auto kKingAttacks = board::neighbours(board::kKingSteps);

// The squares a pawn of `color` (0 white, 1 black) on a square attacks.
constexpr std::array<std::array<Bitboard, 64>, 2> pawn_attack_table() {
  std::array<std::array<Bitboard, 64>, 2> table{};
  for (int color = 0; color < 2; ++color) {
    const int dr = color == 0 ? 1 : -1;
    for (int square = 0; square < 64; ++square) {
      for (int dc : {-1, 1}) {
        const int r = board::row_of(square) + dr;
        const int c = board::col_of(square) + dc;
        if (board::on_board(r, c)) table[color][square] |= bit(board::make_square(r, c));
      }
    }
  }
  return table;
}
inline constexpr auto kPawnAttacks = pawn_attack_table();

// One square's magic lookup: index = ((occupied & mask) * magic) >> shift.
struct Magic {
  Bitboard mask = 0;
  Bitboard magic = 0;
  const Bitboard* attacks = nullptr;
  unsigned shift = 0;
  std::size_t index(Bitboard occupied) const { return ((occupied & mask) * magic) >> shift; }
};

struct Tables {
  std::array<Magic, 64> rook;
  std::array<Magic, 64> bishop;
  // Squares strictly between two squares on a line (0 when not on one),
  // and the whole line through both.
  std::array<std::array<Bitboard, 64>, 64> between;
  std::array<std::array<Bitboard, 64>, 64> line;
  std::array<Bitboard, 64> rook_empty;  // attacks on an empty board
  std::array<Bitboard, 64> bishop_empty;
  // What a piece of each PieceType but the pawn (kKing..kKnight,
  // position.h) reaches from a square on an empty board: a step or jump,
  // or a slider's lines.
  std::array<std::array<Bitboard, 64>, 5> empty_reach;
  std::array<Bitboard, 102400> rook_table;
  std::array<Bitboard, 5248> bishop_table;
};

// The tables, filled (bitboard.cpp); tables() keeps the one copy.
std::unique_ptr<const Tables> build_tables();
// Built on the first call (thread-safe), immutable afterwards. Inline: SAN
// resolution asks for it once a move.
inline const Tables& tables() {
  static const std::unique_ptr<const Tables> instance = build_tables();
  return *instance;
}

inline Bitboard rook_attacks(const Tables& t, int square, Bitboard occupied) {
  const Magic& m = t.rook[square];
  return m.attacks[m.index(occupied)];
}
inline Bitboard bishop_attacks(const Tables& t, int square, Bitboard occupied) {
  const Magic& m = t.bishop[square];
  return m.attacks[m.index(occupied)];
}

inline int pop_lsb(Bitboard& b) {
  const int square = std::countr_zero(b);
  b &= b - 1;
  return square;
}

}  // namespace gamerec::chess
