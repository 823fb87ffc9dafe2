// Chess move text: reading coordinates and SAN (stage one), the checks of a
// whole move and the resolution of a SAN move against the position (stage
// two, with messages that name squares and pieces), and writing SAN.
#include <array>
#include <cstdint>
#include <cstdlib>

#include "games/chess/chess.h"

namespace gamerec::chess {
namespace {

constexpr std::string_view kPieceLetters = "KQRBNP";
constexpr std::array<std::string_view, kPieceTypes> kPieceKeys = {
    "piece.king", "piece.queen", "piece.rook", "piece.bishop", "piece.knight", "piece.pawn"};

std::string square_name(int square) {
  return {static_cast<char>('a' + (square & 7)), static_cast<char>('1' + (square >> 3))};
}
int file_of(int square) { return square & 7; }
int rank_of(int square) { return square >> 3; }

// Message args: {piece} is the name of a piece, in the reader's language.
std::pair<std::string, std::string> piece_arg(const char* name, int type) {
  return {std::string(name) + "@", std::string(kPieceKeys[static_cast<std::size_t>(type)])};
}
std::pair<std::string, std::string> color_arg(const char* name, int color) {
  return {std::string(name) + "@", color == kWhite ? "color.white" : "color.black"};
}

MoveError error(ErrorCode code, std::string kind, MessageArgs args = {}) {
  return MoveError{code, std::move(kind), std::move(args)};
}

// The square of `squares` nearest to `from` (squares on a ray from it).
int nearest(Bitboard squares, int from) {
  return std::countr_zero(squares) > from ? std::countr_zero(squares) : 63 - std::countl_zero(squares);
}

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
int file_char(char c) {
  c = lower(c);
  return c >= 'a' && c <= 'h' ? c - 'a' : -1;
}
int rank_char(char c) { return c >= '1' && c <= '8' ? c - '1' : -1; }
int square_at(std::string_view text, std::size_t i) {
  if (i + 2 > text.size()) return -1;
  const int file = file_char(text[i]);
  const int rank = rank_char(text[i + 1]);
  return file < 0 || rank < 0 ? -1 : rank * 8 + file;
}
int promotion_char(char c) {
  switch (lower(c)) {
    case 'q':
      return kQueen;
    case 'r':
      return kRook;
    case 'b':
      return kBishop;
    case 'n':
      return kKnight;
    default:
      return -1;
  }
}

// Without annotation marks (+ # ! ?) and an "e.p." after the move.
std::string_view strip_suffixes(std::string_view s) {
  while (true) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    if (s.size() >= 4 && lower(s[s.size() - 4]) == 'e' && s[s.size() - 3] == '.' && lower(s[s.size() - 2]) == 'p' &&
        s.back() == '.') {
      s.remove_suffix(4);
    } else if (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?')) {
      s.remove_suffix(1);
    } else {
      return s;
    }
  }
}

int castling_side(std::string_view s) {
  auto is_o = [](char c) { return c == 'O' || c == 'o' || c == '0'; };
  if (s.size() == 3 && is_o(s[0]) && s[1] == '-' && is_o(s[2])) return kSanKingside;
  if (s.size() == 5 && is_o(s[0]) && s[1] == '-' && is_o(s[2]) && s[3] == '-' && is_o(s[4]))
    return kSanQueenside;
  return 0;
}

// e2e4, E2-E4, E2 E4, e2xe4, e7e8q, E7-E8=Q, E7 E8 Q.
bool parse_coordinates(std::string_view s, Move& move) {
  const int from = square_at(s, 0);
  if (from < 0) return false;
  std::size_t i = 2;
  if (i < s.size() && (s[i] == '-' || s[i] == 'x' || s[i] == 'X' || s[i] == ':')) {
    ++i;
  } else {
    while (i < s.size() && s[i] == ' ') ++i;
  }
  const int to = square_at(s, i);
  if (to < 0) return false;
  // "B3c5" is a bishop's SAN (files are lower case there); "B2B4" and
  // "b2b4" are coordinates.
  if (s[0] == 'B' && s[i] >= 'a') return false;
  i += 2;
  int promotion = 0;
  if (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    if (i < s.size() && s[i] == '=') ++i;
    if (i + 1 != s.size() || (promotion = promotion_char(s[i])) < 0) return false;
  }
  move = Move{from, to, promotion};
  return true;
}

// Nf3, exd5, Rae1, R1e2, Qh4xe1, e8=Q, Ng1-f3.
bool parse_san(std::string_view s, SanMove& written) {
  if (s.empty()) return false;
  int piece = kPawn;
  std::size_t i = 0;
  const char first = s[0];
  if (first == 'B') {
    piece = kBishop;  // a lower-case b is the b-file
    ++i;
  } else if (first == 'P' || first == 'p') {
    ++i;
  } else if (const auto letter = kPieceLetters.find(static_cast<char>(lower(first) - 'a' + 'A'));
             letter != std::string_view::npos && lower(first) != 'b' && file_char(first) < 0) {
    piece = static_cast<int>(letter);
    ++i;
  }
  int promotion = 0;
  std::size_t end = s.size();
  if (end >= 2 && promotion_char(s[end - 1]) >= 0 && (s[end - 2] == '=' || rank_char(s[end - 2]) >= 0)) {
    promotion = promotion_char(s[end - 1]);
    end -= s[end - 2] == '=' ? 2 : 1;
  }
  if (end < i + 2) return false;
  const int to = square_at(s, end - 2);
  if (to < 0) return false;
  int file = -1;
  int rank = -1;
  int flags = 0;
  std::size_t j = i;
  const std::size_t middle_end = end - 2;
  if (j < middle_end && file_char(s[j]) >= 0 && !(s[j] == 'x' || s[j] == 'X')) file = file_char(s[j++]);
  if (j < middle_end && rank_char(s[j]) >= 0) rank = rank_char(s[j++]);
  if (j < middle_end && (s[j] == 'x' || s[j] == 'X' || s[j] == ':')) {
    flags |= kSanCapture;
    ++j;
  } else if (j < middle_end && s[j] == '-') {
    ++j;
  }
  if (j != middle_end) return false;
  if (piece == kPawn) {
    // A pawn names at most its file, and must when it captures.
    if (rank >= 0 || file == file_of(to) || ((flags & kSanCapture) != 0 && file < 0)) return false;
  } else if (promotion != 0) {
    return false;
  }
  written.complete = false;
  written.move = Move{-1, to, promotion};
  written.piece = static_cast<std::int8_t>(piece);
  written.file = static_cast<std::int8_t>(file);
  written.rank = static_cast<std::int8_t>(rank);
  written.marks = static_cast<std::int8_t>(flags);
  return true;
}

// Whether `m` is written as a castling: the king's two-square step from
// its home in chess, the king onto its own rook on their back rank in
// Chess960; `which` is then that castling.
bool is_castling_move(const Position& p, ChessMove m, Castling& which) {
  const Cell mover = p.cells[m.from];
  if (cell_type(mover) != kKing) return false;
  const int color = cell_color(mover);
  if (p.chess960) {
    const int back = color == kWhite ? 0 : 7;
    if (p.cells[m.to] != make_cell(color, kRook) || rank_of(m.from) != back || rank_of(m.to) != back) return false;
    which = castling_between((color == kWhite ? 0 : 2) + (m.to > m.from ? 0 : 1), m.from, m.to);
    return true;
  }
  for (const Castling& c : kCastlings) {
    if (c.king_from == m.from && c.king_to == m.to && color == (c.king_from < 8 ? kWhite : kBlack)) {
      which = c;
      return true;
    }
  }
  return false;
}

std::optional<MoveError> check_castling(const Position& p, const Tables& t, const Castling& c) {
  const int us = c.king_from < 8 ? kWhite : kBlack;
  // Chess960: a right is for one rook; another rook there has none.
  const bool rook_has_right =
      !p.chess960 || p.castle_rooks[static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(c.right)))] == c.rook_from;
  if ((p.castling & c.right) == 0 || !rook_has_right)
    return error(ErrorCode::kIllegalMove, "castle-rights",
                 {color_arg("color", us), {"wing@", c.kingside() ? "wing.kingside" : "wing.queenside"}});
  const Bitboard occupied = p.occupied();
  if (const Bitboard blockers = c.must_be_empty & occupied; blockers != 0)
    return error(ErrorCode::kBlockedPath, "castle", {{"square", square_name(nearest(blockers, c.king_from))}});
  const Bitboard enemy = p.colors[us ^ 1];
  const int step = c.king_to > c.king_from ? 1 : -1;
  // Nearly every castling of a record is legal: that is shown first with
  // attacked_on, whose small tables stay in the cache (attackers_to's
  // magic lookups missed it, castling after castling); the error, when
  // there is one, is found below.
  bool safe = true;
  for (int square = c.king_from; safe; square += step) {
    // Chess960: the destination with the rook lifted (it may open the back
    // rank); that covers the board with the rook in place too.
    const Bitboard board = p.chess960 && square == c.king_to ? occupied ^ bit(c.rook_from) : occupied;
    safe = !p.attacked_on(t, square, us, board, enemy);
    if (square == c.king_to) break;
  }
  if (safe) return std::nullopt;
  if (const Bitboard checkers = p.attackers_to(t, c.king_from, occupied) & enemy; checkers != 0) {
    const int by = std::countr_zero(checkers);
    return error(ErrorCode::kKingInCheck, "castle-out",
                 {piece_arg("piece", cell_type(p.cells[by])), {"by", square_name(by)}});
  }
  auto attacked = [&](int square, Bitboard board) -> std::optional<MoveError> {
    const Bitboard attackers = p.attackers_to(t, square, board) & enemy;
    if (attackers == 0) return std::nullopt;
    const int by = std::countr_zero(attackers);
    return error(ErrorCode::kKingInCheck, square == c.king_to ? "castle-into" : "castle-through",
                 {{"square", square_name(square)}, piece_arg("piece", cell_type(p.cells[by])), {"by", square_name(by)}});
  };
  for (int square = c.king_from; square != c.king_to;) {
    square += step;
    if (auto found = attacked(square, occupied)) return found;
  }
  // Chess960: the rook leaving may open the back rank onto the king's square.
  if (p.chess960) return attacked(c.king_to, occupied ^ bit(c.rook_from));
  return std::nullopt;
}

MoveError shape_error(int type, ChessMove m) {
  return error(ErrorCode::kIllegalMove, "shape",
               {piece_arg("piece", type), {"from", square_name(m.from)}, {"to", square_name(m.to)}});
}

// Whether the piece on m.from moves that way (checks 6 and 7: illegal-move,
// blocked-path); the destination is known not to hold an own piece.
std::optional<MoveError> check_shape(const Position& p, ChessMove m) {
  const int from = m.from;
  const int to = m.to;
  const int type = cell_type(p.cells[from]);
  const int dr = rank_of(to) - rank_of(from);
  const int df = file_of(to) - file_of(from);
  const Tables& t = tables();
  switch (type) {
    case kKing:
      if (std::abs(dr) > 1 || std::abs(df) > 1) return shape_error(type, m);
      return std::nullopt;
    case kKnight:
      if (std::abs(dr * df) != 2) return shape_error(type, m);
      return std::nullopt;
    case kBishop:
    case kRook:
    case kQueen: {
      const bool straight = dr == 0 || df == 0;
      const bool diagonal = std::abs(dr) == std::abs(df);
      if ((type == kBishop && !diagonal) || (type == kRook && !straight) || (!straight && !diagonal))
        return shape_error(type, m);
      if (const Bitboard blockers = t.between[from][to] & p.occupied(); blockers != 0)
        return error(ErrorCode::kBlockedPath, "at",
                     {piece_arg("piece", type), {"from", square_name(from)}, {"square", square_name(nearest(blockers, from))}});
      return std::nullopt;
    }
    default: {  // a pawn
      const int forward = p.side == kWhite ? 1 : -1;
      const int start_rank = p.side == kWhite ? 1 : 6;
      const Cell target = p.cells[to];
      if (df == 0 && (dr == forward || (dr == 2 * forward && rank_of(from) == start_rank))) {
        if (dr == 2 * forward && p.cells[from + 8 * forward] != kEmpty)
          return error(ErrorCode::kBlockedPath, "at",
                       {piece_arg("piece", type), {"from", square_name(from)}, {"square", square_name(from + 8 * forward)}});
        if (target != kEmpty)
          return error(ErrorCode::kIllegalMove, "pawn-blocked",
                       {{"square", square_name(to)}, piece_arg("piece", cell_type(target))});
        return std::nullopt;
      }
      if (std::abs(df) == 1 && dr == forward) {
        if (target != kEmpty || to == p.passed) return std::nullopt;
        return error(ErrorCode::kIllegalMove, "pawn-capture", {{"square", square_name(to)}});
      }
      if (df == 0 && dr == 2 * forward) return error(ErrorCode::kIllegalMove, "pawn-double");
      return shape_error(type, m);
    }
  }
}

// Why a move that fits its piece leaves the own king attacked.
MoveError check_error(const Position& p, const Tables& t, ChessMove m) {
  Position after = p;
  after.make(m);
  const int us = p.side;
  const int type = cell_type(p.cells[m.from]);
  const Bitboard attackers = after.attackers_to(t, after.king(us), after.occupied()) & after.colors[us ^ 1];
  const Bitboard old_checkers = p.checkers(t) & attackers;
  const int by = std::countr_zero(old_checkers != 0 ? old_checkers : attackers);
  MessageArgs args = {piece_arg("by_piece", cell_type(after.cells[by])), {"by", square_name(by)}};
  if (type == kKing) {
    args.emplace_back("square", square_name(m.to));
    return error(ErrorCode::kKingInCheck, "attacked", std::move(args));
  }
  if (old_checkers != 0) return error(ErrorCode::kKingInCheck, "check", std::move(args));
  args.emplace_back(piece_arg("piece", type));
  args.emplace_back("from", square_name(m.from));
  const bool en_passant = type == kPawn && m.to == p.passed && p.cells[m.to] == kEmpty;
  return error(ErrorCode::kKingInCheck, en_passant ? "en-passant" : "pinned", std::move(args));
}

int rank_of_error(const MoveError& e) {
  switch (e.code) {
    case ErrorCode::kKingInCheck:
      return 4;
    case ErrorCode::kBlockedPath:
      return 3;
    case ErrorCode::kIllegalMove:
      return e.kind == "shape" ? 1 : 2;
    default:
      return 0;
  }
}

// Where a SAN move's piece was said to be: "" / "-file" / "-rank" / "-square".
std::string where_kind(int file, int rank) {
  if (file >= 0 && rank >= 0) return "-square";
  if (file >= 0) return "-file";
  if (rank >= 0) return "-rank";
  return "";
}

// Whether the own piece on m.from can legally go to m.to (not an own
// piece's square), without building any error: the fast path of SAN, taken
// by nearly every move of a valid record. Castling is not asked here. A
// piece other than a pawn must have m.to in its empty-board reach
// (Tables::empty_reach): the caller has kept only such pieces.
bool fits(const Position& p, const Tables& t, ChessMove m) {
  const int type = cell_type(p.cells[m.from]);
  const Bitboard occupied = p.occupied();
  const Bitboard target = bit(m.to);
  if (type != kPawn) {
    // A piece reaches a square of its empty-board reach with nothing
    // between (nothing is between for a step or a jump).
    if ((t.between[m.from][m.to] & occupied) != 0 || m.promotion != 0) return false;
    return p.keeps_king_safe(t, m);
  }
  Bitboard reach = 0;
  const int forward = p.side == kWhite ? 8 : -8;
  const int one = m.from + forward;
  if ((occupied & bit(one)) == 0) {
    reach |= bit(one);
    const int start_rank = p.side == kWhite ? 1 : 6;
    if (rank_of(m.from) == start_rank && (occupied & bit(one + forward)) == 0) reach |= bit(one + forward);
  }
  reach |= kPawnAttacks[p.side][m.from] & (p.colors[p.side ^ 1] | (p.ep >= 0 ? bit(p.ep) : 0));
  const bool promotes = rank_of(m.to) == 0 || rank_of(m.to) == 7;
  if (promotes != (m.promotion != 0) || (reach & target) == 0) return false;
  return p.keeps_king_safe(t, m);
}

}  // namespace

namespace {

// The piece a SAN move's first letter names; kPawn for any other byte.
constexpr std::array<std::int8_t, 256> kSanPieceLetter = [] {
  std::array<std::int8_t, 256> table{};
  table.fill(kPawn);
  table['N'] = kKnight;
  table['B'] = kBishop;
  table['R'] = kRook;
  table['Q'] = kQueen;
  table['K'] = kKing;
  return table;
}();

// The shapes nearly every move of a real game has ("e4", "exd5", "Nf3",
// "Nxe5", "Rad1", "R1e2", "Qxf7+"), read at once; false sends the text
// to the reader of every form, which gives the same SanMove for these.
bool read_plain_san(std::string_view s, SanMove& written) {
  if (!s.empty() && (s.back() == '+' || s.back() == '#')) s.remove_suffix(1);
  const std::size_t n = s.size();
  if (n < 2 || n > 5) return false;
  const auto file_at = [&](std::size_t i) { return s[i] >= 'a' && s[i] <= 'h' ? s[i] - 'a' : -1; };
  const auto rank_at = [&](std::size_t i) { return s[i] >= '1' && s[i] <= '8' ? s[i] - '1' : -1; };
  const int to_file = file_at(n - 2);
  const int to_rank = rank_at(n - 1);
  if (to_file < 0 || to_rank < 0) return false;
  // A table, not a switch: the CPU mispredicted the switch's jump.
  const int piece = kSanPieceLetter[static_cast<unsigned char>(s[0])];
  int file = -1;
  int rank = -1;
  int marks = 0;
  if (piece == kPawn) {
    if (n == 4 && s[1] == 'x' && file_at(0) >= 0 && file_at(0) != to_file) {
      file = file_at(0);
      marks = kSanCapture;
    } else if (n != 2) {
      return false;
    }
  } else {
    // Between the letter and the square: nothing, "x", a file or rank, or
    // a file or rank and "x".
    std::size_t i = 1;
    if (i < n - 2 && s[i] != 'x') {
      file = file_at(i);
      rank = file < 0 ? rank_at(i) : -1;
      if (file < 0 && rank < 0) return false;
      ++i;
    }
    if (i < n - 2 && s[i] == 'x') {
      marks = kSanCapture;
      ++i;
    }
    if (i != n - 2) return false;
  }
  written = SanMove{};
  written.complete = false;
  written.move = Move{-1, to_rank * 8 + to_file, 0};
  written.piece = static_cast<std::int8_t>(piece);
  written.file = static_cast<std::int8_t>(file);
  written.rank = static_cast<std::int8_t>(rank);
  written.marks = static_cast<std::int8_t>(marks);
  return true;
}

}  // namespace

bool read_chess_move(std::string_view text, SanMove& written) {
  return read_plain_san(text, written) || read_chess_move_every_form(text, written);
}

bool read_chess_move_every_form(std::string_view text, SanMove& written) {
  const std::string_view s = strip_suffixes(text);
  written = SanMove{};
  if (const int castle = castling_side(s); castle != 0) {
    written.complete = false;
    written.move = Move{-1, -1, 0};
    written.piece = kKing;
    written.marks = static_cast<std::int8_t>(castle);
    return true;
  }
  return parse_coordinates(s, written.move) || parse_san(s, written);
}

Result<SanMove, MoveError> parse_chess_move(std::string_view text) {
  SanMove written;
  if (read_chess_move(text, written)) return written;
  return MoveError{ErrorCode::kNotation};
}

std::optional<MoveError> check_chess_move(const Position& p, ChessMove m) {
  const Cell mover = p.cells[m.from];
  if (mover == kEmpty) return error(ErrorCode::kEmptySquare, "at", {{"square", square_name(m.from)}});
  if (cell_color(mover) != p.side)
    return error(ErrorCode::kNotYourTurn, "at",
                 {piece_arg("piece", cell_type(mover)), {"square", square_name(m.from)}, color_arg("owner", cell_color(mover))});
  if (m.from == m.to) return error(ErrorCode::kAlliedDestination, "same");
  const Tables& t = tables();
  // Before the allied-destination check: Chess960 castles onto the own rook.
  Castling castling{};
  if (is_castling_move(p, m, castling)) {
    if (m.promotion != 0) return error(ErrorCode::kIllegalMove, "promotion-needless");
    return check_castling(p, t, castling);
  }
  const Cell target = p.cells[m.to];
  if (target != kEmpty && cell_color(target) == p.side)
    return error(ErrorCode::kAlliedDestination, "at", {{"square", square_name(m.to)}, piece_arg("piece", cell_type(target))});
  if (auto shape = check_shape(p, m)) return shape;
  const bool promotes = cell_type(mover) == kPawn && (rank_of(m.to) == 0 || rank_of(m.to) == 7);
  if (promotes && m.promotion == 0) return error(ErrorCode::kIllegalMove, "promotion-missing");
  if (!promotes && m.promotion != 0) return error(ErrorCode::kIllegalMove, "promotion-needless");
  if (!p.keeps_king_safe(t, m)) return check_error(p, t, m);
  return std::nullopt;
}

namespace {

// The pieces of the mover's type that SAN's file and rank leave (a pawn
// naming no file moves along its destination's). Inline: once a ply.
[[gnu::always_inline]] inline Bitboard san_candidates(const Position& p, const SanMove& written) {
  const int type = written.piece;
  Bitboard candidates = p.pieces(p.side, type);
  if (written.file >= 0) candidates &= file_mask(written.file);
  if (written.rank >= 0) candidates &= rank_mask(written.rank);
  if (type == kPawn && written.file < 0) candidates &= file_mask(file_of(written.move.to));
  return candidates;
}

// The castling a SAN "O-O" or "O-O-O" names, for the side to move.
Castling written_castling(const Position& p, const SanMove& written) {
  return castling_of(p, (p.side == kBlack ? 2 : 0) + ((written.marks & kSanQueenside) != 0 ? 1 : 0));
}

bool own_piece_on(const Position& p, int square) { return (p.colors[p.side] & bit(square)) != 0; }

}  // namespace

bool resolve_san_quickly(const Position& p, const SanMove& written, ChessMove& move) {
  const Tables& t = tables();
  if ((written.marks & (kSanKingside | kSanQueenside)) != 0) {
    const Castling c = written_castling(p, written);
    if (check_castling(p, t, c)) return false;
    move = c.move(p.chess960);
    return true;
  }
  const int to = written.move.to;
  if (own_piece_on(p, to)) return false;
  const auto promotion = static_cast<std::uint8_t>(written.move.flag);
  Bitboard candidates = san_candidates(p, written);
  // A piece reaches `to` only from a square that `to` reaches on an
  // empty board (every piece but the pawn moves alike both ways): one
  // lookup for every type drops the pieces that cannot, where a test per
  // piece was a branch the CPU mispredicts (fits() counts on it).
  if (written.piece != kPawn) candidates &= t.empty_reach[written.piece][to];
  int fitting = 0;
  for (Bitboard b = candidates; b != 0;) {
    const ChessMove m{static_cast<std::uint8_t>(pop_lsb(b)), static_cast<std::uint8_t>(to), promotion};
    if (fits(p, t, m)) {
      move = m;
      ++fitting;
    }
  }
  return fitting == 1;
}

std::optional<MoveError> resolve_san(const Position& p, const SanMove& written, ChessMove& move) {
  if (resolve_san_quickly(p, written, move)) return std::nullopt;
  const Tables& t = tables();
  if ((written.marks & (kSanKingside | kSanQueenside)) != 0) {
    const Castling c = written_castling(p, written);
    move = c.move(p.chess960);
    return check_castling(p, t, c);
  }
  const int type = written.piece;
  const int file = written.file;
  const int rank = written.rank;
  const int to = written.move.to;
  const auto promotion = static_cast<std::uint8_t>(written.move.flag);
  const Bitboard candidates = san_candidates(p, written);
  const bool own_target = own_piece_on(p, to);
  // A pawn that names no file moves along the destination's file.
  const int shown_file = type == kPawn && file < 0 ? file_of(to) : file;
  MessageArgs where = {piece_arg("piece", type),
                       {"file", shown_file >= 0 ? std::string(1, static_cast<char>('a' + shown_file)) : ""},
                       {"rank", rank >= 0 ? std::string(1, static_cast<char>('1' + rank)) : ""},
                       {"square", shown_file >= 0 && rank >= 0 ? square_name(rank * 8 + shown_file) : ""},
                       {"to", square_name(to)}};
  if (candidates == 0) return error(ErrorCode::kEmptySquare, "san" + where_kind(shown_file, rank), where);
  if (own_target)
    return error(ErrorCode::kAlliedDestination, "at", {{"square", square_name(to)}, piece_arg("piece", cell_type(p.cells[to]))});

  int found = 0;
  ChessMove legal[16];
  std::optional<MoveError> best;
  for (Bitboard b = candidates; b != 0;) {
    const ChessMove m{static_cast<std::uint8_t>(pop_lsb(b)), static_cast<std::uint8_t>(to), promotion};
    auto problem = check_chess_move(p, m);
    if (!problem) {
      if (found < 16) legal[found] = m;
      ++found;
    } else if (!best || rank_of_error(*problem) > rank_of_error(*best)) {
      best = std::move(problem);
    }
  }
  if (found == 1) {
    move = legal[0];
    return std::nullopt;
  }
  if (found > 1) {
    std::string list;
    for (int i = 0; i < found && i < 16; ++i) {
      if (i + 1 < found) list += (list.empty() ? "" : ", ") + san(p, legal[i]);
    }
    return error(ErrorCode::kAmbiguous, found == 2 ? "two" : "many",
                 {{"list", list}, {"last", san(p, legal[std::min(found, 16) - 1])}});
  }
  if (rank_of_error(*best) <= 1) return error(ErrorCode::kIllegalMove, "san" + where_kind(shown_file, rank), where);
  return best;
}

std::string coordinate_text(ChessMove m) {
  std::string text = square_name(m.from) + square_name(m.to);
  if (m.promotion != 0) text += lower(kPieceLetters[m.promotion]);
  return text;
}

std::string san(const Position& p, ChessMove m) {
  const Tables& t = tables();
  const int type = cell_type(p.cells[m.from]);
  const bool capture = (p.cells[m.to] != kEmpty && cell_color(p.cells[m.to]) != p.side) ||
                       (type == kPawn && file_of(m.from) != file_of(m.to));
  std::string text;
  if (Castling castling{}; is_castling_move(p, m, castling)) {
    text = castling.kingside() ? "O-O" : "O-O-O";
  } else if (type == kPawn) {
    if (capture) {
      text += static_cast<char>('a' + file_of(m.from));
      text += 'x';
    }
    text += square_name(m.to);
    if (m.promotion != 0) {
      text += '=';
      text += kPieceLetters[m.promotion];
    }
  } else {
    text += kPieceLetters[static_cast<std::size_t>(type)];
    const Bitboard occupied = p.occupied();
    Bitboard reach = 0;
    if (type == kKnight) reach = kKnightAttacks[m.to];
    if (type == kBishop || type == kQueen) reach |= bishop_attacks(t, m.to, occupied);
    if (type == kRook || type == kQueen) reach |= rook_attacks(t, m.to, occupied);
    bool any = false;
    bool same_file = false;
    bool same_rank = false;
    for (Bitboard others = reach & p.pieces(p.side, type) & ~bit(m.from); others != 0;) {
      const int other = pop_lsb(others);
      if (!p.keeps_king_safe(t, ChessMove{static_cast<std::uint8_t>(other), m.to, 0})) continue;
      any = true;
      same_file |= file_of(other) == file_of(m.from);
      same_rank |= rank_of(other) == rank_of(m.from);
    }
    if (any && (!same_file || same_rank)) text += static_cast<char>('a' + file_of(m.from));
    if (any && same_file) text += static_cast<char>('1' + rank_of(m.from));
    if (capture) text += 'x';
    text += square_name(m.to);
  }
  Position after = p;
  after.make(m);
  if (after.in_check(t)) text += has_legal_move(after, t) ? '+' : '#';
  return text;
}

}  // namespace gamerec::chess
