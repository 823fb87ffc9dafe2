#pragma once
// A chess position as bitboards and a mailbox, its legal moves, and making a
// move (its steps in make_move.h): the fast core that perft, validation and
// the computer players share. Nothing here knows about text; notation.cpp
// and position_text.cpp do.
#include <array>
#include <cstdint>
#include <limits>

#include "games/chess/bitboard.h"

namespace gamerec::chess {

enum Color : int { kWhite = 0, kBlack = 1 };
// The order of the piece letters in definitions/chess.yaml ("KQRBNP").
enum PieceType : int { kKing = 0, kQueen, kRook, kBishop, kKnight, kPawn };
inline constexpr int kPieceTypes = 6;

// Castling rights, one bit each.
inline constexpr int kWhiteKingside = 1;
inline constexpr int kWhiteQueenside = 2;
inline constexpr int kBlackKingside = 4;
inline constexpr int kBlackQueenside = 8;

// A move as the rules core keeps it: castling is the king's two-square
// move, en passant the pawn's diagonal step to the passed square;
// `promotion` is a PieceType (kQueen..kKnight), 0 for none.
struct ChessMove {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  std::uint8_t promotion = 0;
  bool operator==(const ChessMove&) const = default;
};

// Mailbox cell: -1 empty, else color * 8 + type.
using Cell = std::int8_t;
inline constexpr Cell kEmpty = -1;
constexpr Cell make_cell(int color, int type) { return static_cast<Cell>(color * 8 + type); }
constexpr int cell_color(Cell cell) { return cell >> 3; }
constexpr int cell_type(Cell cell) { return cell & 7; }

// The largest halfmove clock and move number (gamerec-games(7), FEN): a
// FEN may give any count up to it, and counting stops there.
inline constexpr std::int64_t kMaxCount = std::numeric_limits<std::int64_t>::max();

struct Position {
  std::array<Bitboard, 2> colors{};
  std::array<Bitboard, kPieceTypes> types{};
  std::array<Cell, 64> cells = empty_cells();
  int side = kWhite;
  int castling = 0;
  // The square a pawn just passed with its double step, kept only while a
  // pawn of the side to move stands beside that pawn (so a position's key
  // does not depend on a capture that is impossible anyway).
  int ep = -1;
  // The square the last move's double step passed, whether or not a capture
  // can use it: messages tell a blocked en passant from a missing one.
  int passed = -1;
  // Both stop at kMaxCount: never wrap.
  std::int64_t halfmove = 0;  // plies since the last capture or pawn move
  std::int64_t fullmove = 1;
  std::uint64_t key = 0;  // Zobrist key of pieces, side, castling and ep
  // The square of the rook each castling right (KQkq order) castles with:
  // the corners in chess, anywhere on the back rank in Chess960.
  std::array<std::int8_t, 4> castle_rooks{7, 0, 63, 56};
  // Chess960 (gamerec-games(7), CHESS960): castling is kept as the king
  // taking its own rook (to = the rook's square), since the king may not
  // move or may land where the rook stands.
  bool chess960 = false;

  bool operator==(const Position&) const = default;

  Bitboard occupied() const { return colors[0] | colors[1]; }
  Bitboard pieces(int color, int type) const { return colors[color] & types[type]; }
  int king(int color) const { return std::countr_zero(pieces(color, kKing)); }
  // Pieces of both colours that attack `square` with `occupied` as the board.
  Bitboard attackers_to(const Tables& t, int square, Bitboard occupied) const;
  bool attacked_by(const Tables& t, int square, int color, Bitboard occupied) const {
    return (attackers_to(t, square, occupied) & colors[color]) != 0;
  }
  Bitboard checkers(const Tables& t) const {
    return attackers_to(t, king(side), occupied()) & colors[side ^ 1];
  }
  bool in_check(const Tables& t) const { return checkers(t) != 0; }

  void put(int square, int color, int type);
  void remove(int square);
  // Plays a legal move (no check is made).
  // By reference: a move just built on the stack byte by byte and loaded
  // whole into a register stalls its store forwarding.
  void make(const ChessMove& move);
  void castle(ChessMove move);  // make's castling
  // Whether pieces of `attackers` (the other side's) attack `square` of
  // side `us` with `occupied` as the board.
  bool attacked_on(const Tables& t, int square, int us, Bitboard occupied, Bitboard attackers) const;
  // Whether `move` (pseudo-legal) leaves the mover's king unattacked.
  bool keeps_king_safe(const Tables& t, ChessMove move) const;
  // Clears `ep` when no legal capture uses it (after a FEN or a move).
  void drop_unusable_ep();
  // The key computed from scratch.
  std::uint64_t compute_key() const;

  static constexpr std::array<Cell, 64> empty_cells() {
    std::array<Cell, 64> cells{};
    cells.fill(kEmpty);
    return cells;
  }
};

Position start_position();
// Chess960's start number `number` (0-959; 518 is chess's start).
Position chess960_start(int number);

// The castling move of `right`: the king's from and to, the rook's.
struct Castling {
  int right;
  int king_from, king_to, rook_from, rook_to;
  Bitboard must_be_empty;  // the squares king and rook cross or land on, but their own
  Bitboard king_path;      // squares the king stands on or crosses
  // The move as the rules core keeps it: the king's two-square step in
  // chess, the king taking its own rook in Chess960.
  ChessMove move(bool chess960) const {
    return ChessMove{static_cast<std::uint8_t>(king_from),
                     static_cast<std::uint8_t>(chess960 ? rook_from : king_to), 0};
  }
  bool kingside() const { return rook_from > king_from; }
};
inline constexpr std::array<Castling, 4> kCastlings = {{
    {kWhiteKingside, 4, 6, 7, 5, 0x60ULL, 0x70ULL},
    {kWhiteQueenside, 4, 2, 0, 3, 0x0EULL, 0x1CULL},
    {kBlackKingside, 60, 62, 63, 61, 0x60ULL << 56, 0x70ULL << 56},
    {kBlackQueenside, 60, 58, 56, 59, 0x0EULL << 56, 0x1CULL << 56},
}};

// The squares from `a` to `b` on one rank, both included.
constexpr Bitboard rank_span(int a, int b) {
  const int low = a < b ? a : b;
  const int high = a < b ? b : a;
  return (high == 63 ? ~0ULL : (1ULL << (high + 1)) - 1) & ~((1ULL << low) - 1);
}

// The castling of right `index` (0-3, KQkq) for a king and rook on these
// squares of their back rank.
constexpr Castling castling_between(int index, int king_from, int rook_from) {
  const int back = index < 2 ? 0 : 56;
  const bool kingside = (index & 1) == 0;
  Castling c{1 << index, king_from, back + (kingside ? 6 : 2), rook_from, back + (kingside ? 5 : 3), 0, 0};
  c.king_path = rank_span(c.king_from, c.king_to);
  c.must_be_empty = (c.king_path | rank_span(c.rook_from, c.rook_to)) & ~bit(c.king_from) & ~bit(c.rook_from);
  return c;
}

// The castling of right `index` where the position's king and that
// right's rook stand: kCastlings in chess.
inline Castling castling_of(const Position& p, int index) {
  if (!p.chess960) return kCastlings[static_cast<std::size_t>(index)];
  return castling_between(index, p.king(index < 2 ? kWhite : kBlack), p.castle_rooks[static_cast<std::size_t>(index)]);
}

// Calls visit(ChessMove) for every legal move until it returns true; says
// whether it stopped. Promotions come as four moves (Q, R, B, N).
template <typename Visit>
bool for_each_legal_move(const Position& p, const Tables& t, Visit&& visit);

// The own pieces pinned to the king of the side to move.
inline Bitboard pinned_pieces(const Position& p, const Tables& t) {
  const int us = p.side;
  const int them = us ^ 1;
  const int king = p.king(us);
  const Bitboard occupied = p.occupied();
  Bitboard pinned = 0;
  const Bitboard snipers = (t.rook_empty[king] & (p.pieces(them, kRook) | p.pieces(them, kQueen))) |
                           (t.bishop_empty[king] & (p.pieces(them, kBishop) | p.pieces(them, kQueen)));
  for (Bitboard s = snipers; s != 0;) {
    const Bitboard blockers = t.between[king][pop_lsb(s)] & occupied;
    if (blockers != 0 && (blockers & (blockers - 1)) == 0) pinned |= blockers & p.colors[us];
  }
  return pinned;
}

// Asked after every move of every game (is it mate or stalemate?): out of
// check, an unpinned knight or pawn that can move answers it without the
// attacks on the king's squares that the whole generator starts with.
inline bool has_legal_move(const Position& p, const Tables& t) {
  const int us = p.side;
  const Bitboard own = p.colors[us];
  const Bitboard occupied = p.occupied();
  if ((p.attackers_to(t, p.king(us), occupied) & p.colors[us ^ 1]) == 0) {
    const Bitboard free = ~pinned_pieces(p, t);
    for (Bitboard b = p.pieces(us, kKnight) & free; b != 0;) {
      if ((kKnightAttacks[pop_lsb(b)] & ~own) != 0) return true;
    }
    const Bitboard pawns = p.pieces(us, kPawn) & free;
    const Bitboard pushed = us == kWhite ? pawns << 8 : pawns >> 8;
    if ((pushed & ~occupied) != 0) return true;
  }
  return for_each_legal_move(p, t, [](ChessMove) { return true; });
}

// Leaf nodes `depth` plies deep (bulk-counted at the last ply).
std::uint64_t perft(const Position& p, const Tables& t, int depth);

// ---- implementation of the move generator ----

inline Bitboard Position::attackers_to(const Tables& t, int square, Bitboard occupied) const {
  return (kPawnAttacks[kBlack][square] & pieces(kWhite, kPawn)) |
         (kPawnAttacks[kWhite][square] & pieces(kBlack, kPawn)) | (kKnightAttacks[square] & types[kKnight]) |
         (kKingAttacks[square] & types[kKing]) |
         (rook_attacks(t, square, occupied) & (types[kRook] | types[kQueen])) |
         (bishop_attacks(t, square, occupied) & (types[kBishop] | types[kQueen]));
}

// attackers_to() for one side's pieces, in parts: validate asks it for
// nearly every move, inline in SAN's resolver (through a call, it took 3%
// more time). A slider on the square's lines attacks it when nothing
// stands between (the small between table, not a magic lookup in the
// large attack tables). `us` is the side attacked.
inline bool Position::attacked_on(const Tables& t, int square, int us, Bitboard occupied,
                                  Bitboard attackers) const {
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

inline bool Position::keeps_king_safe(const Tables& t, ChessMove move) const {
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

template <typename Visit>
bool for_each_legal_move(const Position& p, const Tables& t, Visit&& visit) {
  const int us = p.side;
  const int them = us ^ 1;
  const Bitboard own = p.colors[us];
  const Bitboard enemy = p.colors[them];
  const Bitboard occupied = own | enemy;
  const int king = p.king(us);
  const Bitboard checkers = p.attackers_to(t, king, occupied) & enemy;

  // King moves: the target must not be attacked once the king has left.
  const Bitboard without_king = occupied ^ bit(king);
  for (Bitboard targets = kKingAttacks[king] & ~own; targets != 0;) {
    const int to = pop_lsb(targets);
    if ((p.attackers_to(t, to, without_king) & enemy) == 0 &&
        visit(ChessMove{static_cast<std::uint8_t>(king), static_cast<std::uint8_t>(to), 0}))
      return true;
  }
  if (checkers != 0 && (checkers & (checkers - 1)) != 0) return false;  // double check

  // Where the other pieces may go: anywhere but onto an own piece, or in
  // check onto the checker or between it and the king.
  Bitboard target = ~own;
  if (checkers != 0) {
    const int checker = std::countr_zero(checkers);
    target = t.between[king][checker] | checkers;
  }
  const Bitboard pinned = pinned_pieces(p, t);
  auto restrict = [&](int from, Bitboard moves) {
    return (pinned & bit(from)) != 0 ? moves & t.line[king][from] : moves;
  };
  auto emit = [&](int from, Bitboard moves) {
    while (moves != 0) {
      const int to = pop_lsb(moves);
      if (visit(ChessMove{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), 0})) return true;
    }
    return false;
  };

  for (Bitboard b = p.pieces(us, kKnight) & ~pinned; b != 0;) {
    const int from = pop_lsb(b);
    if (emit(from, kKnightAttacks[from] & target)) return true;
  }
  for (Bitboard b = (p.pieces(us, kBishop) | p.pieces(us, kQueen)); b != 0;) {
    const int from = pop_lsb(b);
    if (emit(from, restrict(from, bishop_attacks(t, from, occupied) & target))) return true;
  }
  for (Bitboard b = (p.pieces(us, kRook) | p.pieces(us, kQueen)); b != 0;) {
    const int from = pop_lsb(b);
    if (emit(from, restrict(from, rook_attacks(t, from, occupied) & target))) return true;
  }

  const int forward = us == kWhite ? 8 : -8;
  const Bitboard last_rank = us == kWhite ? rank_mask(7) : rank_mask(0);
  const Bitboard start_rank = us == kWhite ? rank_mask(1) : rank_mask(6);
  for (Bitboard b = p.pieces(us, kPawn); b != 0;) {
    const int from = pop_lsb(b);
    Bitboard moves = kPawnAttacks[us][from] & enemy;
    const int one = from + forward;
    if ((occupied & bit(one)) == 0) {
      moves |= bit(one);
      // Only from the start rank: elsewhere two squares on may be off the board.
      const int two = one + forward;
      if ((bit(from) & start_rank) != 0 && (occupied & bit(two)) == 0) moves |= bit(two);
    }
    moves = restrict(from, moves & target);
    while (moves != 0) {
      const int to = pop_lsb(moves);
      const auto f = static_cast<std::uint8_t>(from);
      const auto s = static_cast<std::uint8_t>(to);
      if ((bit(to) & last_rank) != 0) {
        for (int piece : {kQueen, kRook, kBishop, kKnight}) {
          if (visit(ChessMove{f, s, static_cast<std::uint8_t>(piece)})) return true;
        }
      } else if (visit(ChessMove{f, s, 0})) {
        return true;
      }
    }
  }
  if (p.ep >= 0) {
    // Rare and subtle (a pin along the rank of both pawns): tested whole.
    const int captured = p.ep - forward;
    for (Bitboard b = kPawnAttacks[them][p.ep] & p.pieces(us, kPawn); b != 0;) {
      const int from = pop_lsb(b);
      const Bitboard after = (occupied ^ bit(from) ^ bit(captured)) | bit(p.ep);
      if ((p.attackers_to(t, king, after) & enemy & ~bit(captured)) == 0 &&
          visit(ChessMove{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(p.ep), 0}))
        return true;
    }
  }

  if (checkers == 0 && (p.castling & (us == kWhite ? 3 : 12)) != 0) {
    for (int index = us == kWhite ? 0 : 2, last = index + 1; index <= last; ++index) {
      if ((p.castling & (1 << index)) == 0) continue;
      const Castling c = castling_of(p, index);
      if ((c.must_be_empty & occupied) != 0) continue;
      bool safe = true;
      for (Bitboard path = c.king_path & ~bit(c.king_from); path != 0 && safe;)
        safe = (p.attackers_to(t, pop_lsb(path), occupied) & enemy) == 0;
      // Chess960: the rook leaving may open the back rank onto the king's
      // square (a rook or queen beyond it).
      if (safe && p.chess960)
        safe = (p.attackers_to(t, c.king_to, occupied ^ bit(c.rook_from)) & enemy) == 0;
      if (safe && visit(c.move(p.chess960))) return true;
    }
  }
  return false;
}

}  // namespace gamerec::chess
