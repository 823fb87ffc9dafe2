// FEN: reading it strictly (every field checked, the message names the bad
// field and why) and writing it.
#include <charconv>

#include "games/chess/chess.h"

namespace gamerec::chess {
namespace {

constexpr std::string_view kPieceLetters = "KQRBNP";

std::string square_name(int square) {
  return {static_cast<char>('a' + (square & 7)), static_cast<char>('1' + (square >> 3))};
}

Message fen_error(std::string kind, MessageArgs args = {}) {
  return Message{"fen." + std::move(kind), std::move(args)};
}

std::string_view color_key(int color) { return color == kWhite ? "color.white" : "color.black"; }

// The fields of a FEN, split at runs of spaces.
std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) fields.push_back(text.substr(start, i - start));
  }
  return fields;
}

std::optional<Message> parse_placement(std::string_view field, Position& p) {
  int rank = 7;
  int file = 0;
  int ranks = 1;
  for (const char c : field) {
    if (c == '/') {
      if (file != 8)
        return fen_error("rank-length", {{"rank", std::to_string(rank + 1)}, {"count", std::to_string(file)}});
      ++ranks;
      if (--rank < 0) break;
      file = 0;
      continue;
    }
    if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      const char upper = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
      const auto type = kPieceLetters.find(upper);
      if (type == std::string_view::npos) return fen_error("bad-piece", {{"char", std::string(1, c)}});
      if (file < 8) p.put(rank * 8 + file, upper == c ? kWhite : kBlack, static_cast<int>(type));
      ++file;
    }
    if (file > 8)
      return fen_error("rank-length", {{"rank", std::to_string(rank + 1)}, {"count", std::to_string(file)}});
  }
  if (ranks != 8) return fen_error("ranks", {{"count", std::to_string(ranks)}});
  if (file != 8)
    return fen_error("rank-length", {{"rank", std::to_string(rank + 1)}, {"count", std::to_string(file)}});
  for (int color : {kWhite, kBlack}) {
    const int kings = std::popcount(p.pieces(color, kKing));
    if (kings != 1)
      return fen_error("king-count", {{"color@", std::string(color_key(color))}, {"count", std::to_string(kings)}});
  }
  const Bitboard misplaced = p.types[kPawn] & (rank_mask(0) | rank_mask(7));
  if (misplaced != 0) return fen_error("pawn-rank", {{"square", square_name(std::countr_zero(misplaced))}});
  return std::nullopt;
}

// Chess960's castling field, in either form: X-FEN (K and Q for the
// outermost rook on the wing, a file letter for another: "KQkq", "KAkq")
// or Shredder-FEN (file letters only: "HAha").
std::optional<Message> parse_castling_960(std::string_view field, Position& p) {
  for (const char c : field) {
    const int color = (c >= 'a' && c <= 'z') ? kBlack : kWhite;
    const char upper = static_cast<char>(color == kBlack ? c - 'a' + 'A' : c);
    const int back = color == kWhite ? 0 : 56;
    const int king = p.king(color);
    if (king < back || king > back + 7 || (upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H')))
      return fen_error("castling-960-bad", {{"value", std::string(field)}, {"char", std::string(1, c)}});
    int rook = -1;
    if (upper == 'K' || upper == 'Q') {
      // The outermost rook of its colour on that wing.
      const int step = upper == 'K' ? -1 : 1;
      for (int square = upper == 'K' ? back + 7 : back; square != king; square += step) {
        if (p.cells[square] == make_cell(color, kRook)) {
          rook = square;
          break;
        }
      }
    } else if (p.cells[back + (upper - 'A')] == make_cell(color, kRook) && back + (upper - 'A') != king) {
      rook = back + (upper - 'A');
    }
    if (rook < 0) return fen_error("castling-960-rook", {{"value", std::string(field)}, {"char", std::string(1, c)}});
    const int index = (color == kWhite ? 0 : 2) + (rook > king ? 0 : 1);
    if ((p.castling & (1 << index)) != 0)
      return fen_error("castling-960-bad", {{"value", std::string(field)}, {"char", std::string(1, c)}});
    p.castling |= 1 << index;
    p.castle_rooks[static_cast<std::size_t>(index)] = static_cast<std::int8_t>(rook);
  }
  return std::nullopt;
}

std::optional<Message> parse_castling(std::string_view field, Position& p) {
  if (field == "-") return std::nullopt;
  if (p.chess960) return parse_castling_960(field, p);
  constexpr std::string_view kRights = "KQkq";
  int previous = -1;
  for (const char c : field) {
    const auto index = static_cast<int>(kRights.find(c));
    if (index < 0 || index <= previous) {
      // Shredder-FEN and X-FEN name a rook by its file: Chess960's.
      const char lower = static_cast<char>(c | 0x20);
      if (lower >= 'a' && lower <= 'h') return fen_error("castling-960", {{"value", std::string(field)}});
      return fen_error("castling", {{"value", std::string(field)}});
    }
    p.castling |= 1 << index;
    previous = index;
  }
  // The order of the letters is KQkq; each needs its king and rook home.
  for (const Castling& c : kCastlings) {
    if ((p.castling & c.right) == 0) continue;
    const int color = c.king_from < 8 ? kWhite : kBlack;
    if (p.cells[c.king_from] != make_cell(color, kKing) || p.cells[c.rook_from] != make_cell(color, kRook))
      return fen_error("castling-rook", {{"right", std::string(1, kRights[std::countr_zero(
                                                                      static_cast<unsigned>(c.right))])},
                                         {"king", square_name(c.king_from)},
                                         {"rook", square_name(c.rook_from)}});
  }
  return std::nullopt;
}

std::optional<Message> parse_ep(std::string_view field, Position& p) {
  if (field == "-") return std::nullopt;
  const int rank = p.side == kWhite ? 5 : 2;  // the passed square's rank
  if (field.size() != 2 || field[0] < 'a' || field[0] > 'h' || (field[1] != '3' && field[1] != '6'))
    return fen_error("ep", {{"value", std::string(field)}});
  const int square = (field[1] - '1') * 8 + (field[0] - 'a');
  const int forward = p.side == kWhite ? -8 : 8;  // the way the passing pawn went
  // The pawn that passed stands beyond the square, and the square and its
  // start are empty.
  if ((square >> 3) != rank || p.cells[square + forward] != make_cell(p.side ^ 1, kPawn) ||
      p.cells[square] != kEmpty || p.cells[square - forward] != kEmpty)
    return fen_error("ep-impossible", {{"square", std::string(field)}});
  p.ep = square;
  p.passed = square;
  return std::nullopt;
}

// A count of the FEN: a whole number from `minimum` to kMaxCount, or
// nullopt (one that does not fit is refused, never wrapped).
std::optional<std::int64_t> parse_count(std::string_view field, std::int64_t minimum) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size() || value < minimum || field[0] == '+')
    return std::nullopt;
  return value;
}

// A Chess960 right as X-FEN writes it: K or Q when its rook is the
// outermost on that wing, else the rook's file.
char x_fen_right(const Position& p, int index) {
  const int color = index < 2 ? kWhite : kBlack;
  const int rook = p.castle_rooks[static_cast<std::size_t>(index)];
  const bool kingside = (index & 1) == 0;
  const int back = color == kWhite ? 0 : 56;
  bool outermost = true;
  for (int square = kingside ? rook + 1 : back; square < (kingside ? back + 8 : rook); ++square)
    outermost = outermost && p.cells[square] != make_cell(color, kRook);
  const char letter = outermost ? (kingside ? 'K' : 'Q') : static_cast<char>('A' + (rook & 7));
  return color == kWhite ? letter : static_cast<char>(letter - 'A' + 'a');
}

}  // namespace

Result<Position, Message> parse_fen(std::string_view text, bool chess960) {
  const auto fields = split_fields(text);
  if (fields.size() != 6 && fields.size() != 4)
    return fen_error("field-count", {{"count", std::to_string(fields.size())}});
  Position p;
  p.chess960 = chess960;
  if (auto error = parse_placement(fields[0], p)) return *error;
  if (fields[1] != "w" && fields[1] != "b") return fen_error("side", {{"value", std::string(fields[1])}});
  p.side = fields[1] == "w" ? kWhite : kBlack;
  if (auto error = parse_castling(fields[2], p)) return *error;
  if (auto error = parse_ep(fields[3], p)) return *error;
  if (fields.size() == 6) {
    const auto halfmove = parse_count(fields[4], 0);
    const std::string largest = std::to_string(kMaxCount);
    if (!halfmove) return fen_error("halfmove", {{"value", std::string(fields[4])}, {"max", largest}});
    const auto fullmove = parse_count(fields[5], 1);
    if (!fullmove) return fen_error("fullmove", {{"value", std::string(fields[5])}, {"max", largest}});
    p.halfmove = *halfmove;
    p.fullmove = *fullmove;
  }
  const Tables& t = tables();
  const int waiting = p.side ^ 1;
  if (p.attacked_by(t, p.king(waiting), p.side, p.occupied()))
    return fen_error("check", {{"color@", std::string(color_key(waiting))}});
  p.key = p.compute_key();
  p.drop_unusable_ep();
  return p;
}

std::string fen_of(const Position& p) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int gap = 0;
    for (int file = 0; file < 8; ++file) {
      const Cell cell = p.cells[rank * 8 + file];
      if (cell == kEmpty) {
        ++gap;
        continue;
      }
      if (gap > 0) out += static_cast<char>('0' + gap);
      gap = 0;
      const char letter = kPieceLetters[cell_type(cell)];
      out += cell_color(cell) == kWhite ? letter : static_cast<char>(letter - 'A' + 'a');
    }
    if (gap > 0) out += static_cast<char>('0' + gap);
    if (rank > 0) out += '/';
  }
  out += p.side == kWhite ? " w " : " b ";
  if (p.castling == 0) out += '-';
  constexpr std::string_view kRights = "KQkq";
  for (int i = 0; i < 4; ++i) {
    if ((p.castling & (1 << i)) == 0) continue;
    out += p.chess960 ? x_fen_right(p, i) : kRights[i];
  }
  out += ' ';
  out += p.ep >= 0 ? square_name(p.ep) : "-";
  out += ' ' + std::to_string(p.halfmove) + ' ' + std::to_string(p.fullmove);
  return out;
}

Result<std::string, Message> fen_of_epd(std::string_view line) {
  const auto fields = split_fields(line);
  if (fields.size() < 4) return fen_error("field-count", {{"count", std::to_string(fields.size())}});
  const auto end_of = [&](std::string_view field) {
    return static_cast<std::size_t>(field.data() + field.size() - line.data());
  };
  const auto is_count = [](std::string_view field) {
    return !field.empty() && field.find_first_not_of("0123456789") == std::string_view::npos;
  };
  std::string fen;
  for (std::size_t i = 0; i < 4; ++i) fen += std::string(fields[i]) + (i < 3 ? " " : "");
  std::string halfmove = "0";
  std::string fullmove = "1";
  bool counters = false;
  // After the fourth field: a FEN's two counters, or operations, or both.
  std::size_t rest_at = end_of(fields[3]);
  if (fields.size() >= 6 && is_count(fields[4]) && is_count(fields[5])) {
    halfmove = std::string(fields[4]);
    fullmove = std::string(fields[5]);
    counters = true;
    rest_at = end_of(fields[5]);
  }
  const std::string_view rest = line.substr(rest_at);
  // Operations end at a ';' outside a quoted string.
  std::size_t begin = 0;
  bool quoted = false;
  for (std::size_t i = 0; i <= rest.size(); ++i) {
    if (i < rest.size() && rest[i] == '"') quoted = !quoted;
    if (i < rest.size() && (quoted || rest[i] != ';')) continue;
    const auto words = split_fields(rest.substr(begin, i - begin));
    begin = i + 1;
    if (words.size() != 2 || (words[0] != "hmvc" && words[0] != "fmvn")) continue;
    (words[0] == "hmvc" ? halfmove : fullmove) = std::string(words[1]);
    counters = true;
  }
  if (counters) fen += " " + halfmove + " " + fullmove;
  return fen;
}

}  // namespace gamerec::chess
