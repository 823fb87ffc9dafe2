#include "games/chess/position.h"

namespace gamerec::chess {
namespace {

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
constexpr Keys kKeys = make_keys();

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

namespace {

// The steps of a move, inline here: make() runs once a ply in validate,
// and calls to put and remove out of line were a tenth of its time.
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

// make's last steps: the rights and the side to move in the key.
inline void finish_move(Position& p, int us) {
  p.key ^= kKeys.castling[p.castling];
  if (p.ep >= 0) p.key ^= kKeys.ep_file[p.ep & 7];
  p.side = us ^ 1;
  p.key ^= kKeys.black_to_move;
  // Black's move ends a pair; without a branch, which alternates every ply.
  p.fullmove += static_cast<std::int64_t>(us == kBlack && p.fullmove < kMaxCount);
}

}  // namespace

void Position::put(int square, int color, int type) { place(*this, square, color, type); }

void Position::remove(int square) { lift(*this, square); }

void Position::make(const ChessMove& move) {
  const int from = move.from;
  const int to = move.to;
  const int us = side;
  const int type = cell_type(cells[from]);
  const int forward = us == kWhite ? 8 : -8;
  if (ep >= 0) key ^= kKeys.ep_file[ep & 7];
  key ^= kKeys.castling[castling];
  halfmove += halfmove < kMaxCount ? 1 : 0;
  if (type == kKing && (chess960 ? cells[to] == make_cell(us, kRook) : to - from == 2 || from - to == 2)) {
    castle(move);
    return;
  }
  const bool captures = cells[to] != kEmpty;
  if (captures) {
    lift(*this, to);
    halfmove = 0;
  }
  ep = -1;
  passed = -1;
  lift(*this, from);
  place(*this, to, us, move.promotion != 0 ? move.promotion : type);
  if (type == kPawn) {
    halfmove = 0;
    if (!captures && ((from ^ to) & 7) != 0) {
      lift(*this, to - forward);  // en passant: a diagonal step onto an empty square
    } else if (to - from == 2 * forward) {
      passed = from + forward;
      if ((kPawnAttacks[us][passed] & pieces(us ^ 1, kPawn)) != 0) ep = passed;
    }
  }
  // A right goes with its king's move and with its rook's move or capture:
  // only a move from or to a back rank can take one.
  if (castling != 0 && ((bit(from) | bit(to)) & (rank_mask(0) | rank_mask(7))) != 0) {
    if (type == kKing) castling &= us == kWhite ? ~(kWhiteKingside | kWhiteQueenside) : ~(kBlackKingside | kBlackQueenside);
    for (int index = 0; index < 4; ++index) {
      if (from == castle_rooks[static_cast<std::size_t>(index)] || to == castle_rooks[static_cast<std::size_t>(index)])
        castling &= ~(1 << index);
    }
  }
  finish_move(*this, us);
}

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

// attackers_to() for one side's pieces, in parts: validate asks it for
// nearly every move. A slider on the square's lines attacks it when
// nothing stands between (the small between table, not a magic lookup in
// the large attack tables). `us` is the side attacked.
bool Position::attacked_on(const Tables& t, int square, int us, Bitboard occupied, Bitboard attackers) const {
  if (((kPawnAttacks[us][square] & types[kPawn]) | (kKnightAttacks[square] & types[kKnight]) |
       (kKingAttacks[square] & types[kKing])) &
      attackers)
    return true;
  const Bitboard straight = attackers & (types[kRook] | types[kQueen]);
  const Bitboard diagonal = attackers & (types[kBishop] | types[kQueen]);
  for (Bitboard b = (t.rook_empty[square] & straight) | (t.bishop_empty[square] & diagonal); b != 0;) {
    if ((t.between[square][pop_lsb(b)] & occupied) == 0) return true;
  }
  return false;
}

bool Position::keeps_king_safe(const Tables& t, ChessMove move) const {
  const int us = side;
  const int from = move.from;
  const int to = move.to;
  const Bitboard enemy = colors[us ^ 1] & ~bit(to);  // a captured piece attacks nothing
  if (cell_type(cells[from]) == kKing) return !attacked_on(t, to, us, occupied() ^ bit(from), enemy);
  Bitboard after = (occupied() ^ bit(from)) | bit(to);
  Bitboard removed = 0;
  if (cell_type(cells[from]) == kPawn && cells[to] == kEmpty && ((from ^ to) & 7) != 0) {
    removed = bit(to + (us == kWhite ? -8 : 8));  // the pawn taken en passant
    after ^= removed;
  }
  return !attacked_on(t, king(us), us, after, enemy & ~removed);
}

void Position::drop_unusable_ep() {
  if (ep < 0) return;
  const Tables& t = tables();
  const int target = ep;
  const bool usable = for_each_legal_move(*this, t, [&](ChessMove move) {
    return move.to == target && cell_type(cells[move.from]) == kPawn;
  });
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
