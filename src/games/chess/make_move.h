#pragma once
// Making a move on a Position, inline: validate's loop
// (ChessState::apply_direct) makes one a ply, and inlined there it took 3%
// less time than through a call (docs/benchmarks.md). Position::make is
// the same steps out of line, for every other caller; the Zobrist keys
// live here too.
#include <array>
#include <cstdint>

#include "games/chess/position.h"

namespace gamerec::chess::make_steps {

// Zobrist keys from a fixed generator (splitmix64), made at compile time.
struct Keys {
  std::array<std::array<std::uint64_t, 64>, 16> pieces{};  // by cell
  std::array<std::uint64_t, 16> castling{};
  std::array<std::uint64_t, 8> ep_file{};
  std::uint64_t black_to_move = 0;
};
constexpr Keys make_keys() {
  Keys keys;
  std::uint64_t state = 0x6A09E667F3BCC908ULL;
  auto next = [&state] {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  for (auto& row : keys.pieces) {
    for (auto& key : row) key = next();
  }
  for (auto& key : keys.castling) key = next();
  for (auto& key : keys.ep_file) key = next();
  keys.black_to_move = next();
  return keys;
}
inline constexpr Keys kKeys = make_keys();

// The steps of a move: calls to put and remove out of line were a tenth
// of make's time.
inline void place(Position& p, int square, int color, int type) {
  const Cell cell = make_cell(color, type);
  p.cells[square] = cell;
  p.colors[color] |= bit(square);
  p.types[type] |= bit(square);
  p.key ^= kKeys.pieces[cell][square];
}

inline void lift(Position& p, int square) {
  const Cell cell = p.cells[square];
  p.cells[square] = kEmpty;
  p.colors[cell_color(cell)] &= ~bit(square);
  p.types[cell_type(cell)] &= ~bit(square);
  p.key ^= kKeys.pieces[cell][square];
}

// make_move's last steps: the rights and the side to move in the key.
inline void finish_move(Position& p, int us) {
  p.key ^= kKeys.castling[p.castling];
  if (p.ep >= 0) p.key ^= kKeys.ep_file[p.ep & 7];
  p.side = us ^ 1;
  p.key ^= kKeys.black_to_move;
  // Black's move ends a pair; without a branch, which alternates every ply.
  p.fullmove += static_cast<std::int64_t>(us == kBlack && p.fullmove < kMaxCount);
}

inline void make_move(Position& p, const ChessMove& move) {
  const int from = move.from;
  const int to = move.to;
  const int us = p.side;
  const int type = cell_type(p.cells[from]);
  const int forward = us == kWhite ? 8 : -8;
  if (p.ep >= 0) p.key ^= kKeys.ep_file[p.ep & 7];
  p.key ^= kKeys.castling[p.castling];
  p.halfmove += p.halfmove < kMaxCount ? 1 : 0;
  if (type == kKing &&
      (p.chess960 ? p.cells[to] == make_cell(us, kRook) : to - from == 2 || from - to == 2)) {
    p.castle(move);
    return;
  }
  const bool captures = p.cells[to] != kEmpty;
  if (captures) {
    lift(p, to);
    p.halfmove = 0;
  }
  p.ep = -1;
  p.passed = -1;
  lift(p, from);
  place(p, to, us, move.promotion != 0 ? move.promotion : type);
  if (type == kPawn) {
    p.halfmove = 0;
    if (!captures && ((from ^ to) & 7) != 0) {
      lift(p, to - forward);  // en passant: a diagonal step onto an empty square
    } else if (to - from == 2 * forward) {
      p.passed = from + forward;
      if ((kPawnAttacks[us][p.passed] & p.pieces(us ^ 1, kPawn)) != 0) p.ep = p.passed;
    }
  }
  // A right goes with its king's move and with its rook's move or capture:
  // only a move from or to a back rank can take one.
  if (p.castling != 0 && ((bit(from) | bit(to)) & (rank_mask(0) | rank_mask(7))) != 0) {
    if (type == kKing)
      p.castling &= us == kWhite ? ~(kWhiteKingside | kWhiteQueenside) : ~(kBlackKingside | kBlackQueenside);
    for (int index = 0; index < 4; ++index) {
      if (from == p.castle_rooks[static_cast<std::size_t>(index)] ||
          to == p.castle_rooks[static_cast<std::size_t>(index)])
        p.castling &= ~(1 << index);
    }
  }
  finish_move(p, us);
}

}  // namespace gamerec::chess::make_steps
