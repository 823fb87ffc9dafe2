#include "games/chess/position.h"

#include "games/chess/make_move.h"

namespace gamerec::chess {

using make_steps::finish_move;
using make_steps::kKeys;
using make_steps::lift;
using make_steps::make_move;
using make_steps::place;

namespace {

std::uint64_t perft_rec(const Position& p, const Tables& t, int depth) {
  std::uint64_t nodes = 0;
  if (depth == 1) {
    for_each_legal_move(p, t, [&](ChessMove) {
      ++nodes;
      return false;
    });
    return nodes;
  }
  for_each_legal_move(p, t, [&](ChessMove move) {
    Position child = p;
    child.make(move);
    nodes += perft_rec(child, t, depth - 1);
    return false;
  });
  return nodes;
}

}  // namespace

void Position::put(int square, int color, int type) { place(*this, square, color, type); }

void Position::remove(int square) { lift(*this, square); }

void Position::make(const ChessMove& move) { make_move(*this, move); }

void Position::castle(ChessMove move) {
  const int us = side;
  ep = -1;
  passed = -1;
  const bool kingside = move.to > move.from;
  const Castling c = castling_of(*this, (us == kWhite ? 0 : 2) + (kingside ? 0 : 1));
  lift(*this, c.king_from);
  lift(*this, c.rook_from);
  place(*this, c.king_to, us, kKing);
  place(*this, c.rook_to, us, kRook);
  castling &= us == kWhite ? ~(kWhiteKingside | kWhiteQueenside) : ~(kBlackKingside | kBlackQueenside);
  finish_move(*this, us);
}

void Position::drop_unusable_ep() {
  if (ep < 0) return;
  const Tables& t = tables();
  // The capture of each pawn beside the one that passed, asked alone:
  // keeps_king_safe sees both pawns leave their squares (not the whole
  // move generator, which a double step beside a pawn used to run).
  bool usable = false;
  for (Bitboard b = kPawnAttacks[side ^ 1][ep] & pieces(side, kPawn); b != 0 && !usable;)
    usable = keeps_king_safe(
        t, ChessMove{static_cast<std::uint8_t>(pop_lsb(b)), static_cast<std::uint8_t>(ep), 0});
  if (!usable) {
    key ^= kKeys.ep_file[ep & 7];
    ep = -1;
  }
}

std::uint64_t Position::compute_key() const {
  std::uint64_t k = 0;
  for (int square = 0; square < 64; ++square) {
    if (cells[square] != kEmpty) k ^= kKeys.pieces[cells[square]][square];
  }
  k ^= kKeys.castling[castling];
  if (ep >= 0) k ^= kKeys.ep_file[ep & 7];
  if (side == kBlack) k ^= kKeys.black_to_move;
  return k;
}

Position start_position() {
  Position p;
  constexpr std::array<int, 8> kBackRank = {kRook, kKnight, kBishop, kQueen, kKing, kBishop, kKnight, kRook};
  for (int file = 0; file < 8; ++file) {
    p.put(file, kWhite, kBackRank[file]);
    p.put(8 + file, kWhite, kPawn);
    p.put(48 + file, kBlack, kPawn);
    p.put(56 + file, kBlack, kBackRank[file]);
  }
  p.castling = 15;
  p.key = p.compute_key();
  return p;
}

Position chess960_start(int number) {
  // Scharnagl's numbering: the light-squared bishop, the dark one, the
  // queen on the n-th empty square, the knights by a table of the ten
  // ways to place two on five squares, then rook, king, rook.
  std::array<int, 8> rank{};
  rank.fill(-1);
  int n = number;
  rank[static_cast<std::size_t>(2 * (n % 4) + 1)] = kBishop;
  n /= 4;
  rank[static_cast<std::size_t>(2 * (n % 4))] = kBishop;
  n /= 4;
  auto place_on_empty = [&rank](int nth, int type) {
    for (std::size_t file = 0; file < 8; ++file) {
      if (rank[file] == -1 && nth-- == 0) {
        rank[file] = type;
        return;
      }
    }
  };
  place_on_empty(n % 6, kQueen);
  n /= 6;
  constexpr std::array<std::array<int, 2>, 10> kKnights = {
      {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
  // The second knight's index counts the empty squares left after the first.
  place_on_empty(kKnights[static_cast<std::size_t>(n)][0], kKnight);
  place_on_empty(kKnights[static_cast<std::size_t>(n)][1] - 1, kKnight);
  place_on_empty(0, kRook);
  place_on_empty(0, kKing);
  place_on_empty(0, kRook);
  Position p;
  p.chess960 = true;
  for (int file = 0; file < 8; ++file) {
    p.put(file, kWhite, rank[static_cast<std::size_t>(file)]);
    p.put(8 + file, kWhite, kPawn);
    p.put(48 + file, kBlack, kPawn);
    p.put(56 + file, kBlack, rank[static_cast<std::size_t>(file)]);
  }
  int rooks_seen = 0;
  for (int file = 0; file < 8; ++file) {
    if (rank[static_cast<std::size_t>(file)] != kRook) continue;
    // The first rook is the queenside one (right 1, 3), the second the kingside (0, 2).
    const int index = rooks_seen++ == 0 ? 1 : 0;
    p.castle_rooks[static_cast<std::size_t>(index)] = static_cast<std::int8_t>(file);
    p.castle_rooks[static_cast<std::size_t>(index + 2)] = static_cast<std::int8_t>(56 + file);
  }
  p.castling = 15;
  p.key = p.compute_key();
  return p;
}

std::uint64_t perft(const Position& p, const Tables& t, int depth) {
  if (depth == 0) return 1;
  return perft_rec(p, t, depth);
}

}  // namespace gamerec::chess
