// Chaturanga move text ("2A-3A") and the `setup` option's piece lists.
#include <cctype>

#include "games/chaturanga/chaturanga.h"
#include "rules/text.h"

namespace gamerec::chaturanga {
namespace {

constexpr std::string_view kPieceLetters = "KRBNP";

// A square written a near-miss way ("A1", "1a", "a1") spelled correctly.
std::optional<std::string> respell_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  char row = text[0];
  char col = static_cast<char>(std::toupper(static_cast<unsigned char>(text[1])));
  if (!std::isdigit(static_cast<unsigned char>(row))) {
    std::swap(row, col);
    col = static_cast<char>(std::toupper(static_cast<unsigned char>(col)));
  }
  std::string square{row, col};
  if (!board::parse_row_col(square)) return std::nullopt;
  return square;
}

}  // namespace

MoveError malformed_move_error(std::string_view text) {
  if (text.size() == 5 && text[2] == '-') {
    auto from_fix = respell_square(text.substr(0, 2));
    auto to_fix = respell_square(text.substr(3, 2));
    if (from_fix && to_fix)
      return MoveError{ErrorCode::kNotation, "hint", {{"suggestion", *from_fix + "-" + *to_fix}}};
  }
  return MoveError{ErrorCode::kNotation};
}

std::string chaturanga_move_text(const Move& move) {
  return board::row_col_name(move.from) + "-" + board::row_col_name(move.to);
}

namespace {

constexpr std::string_view kBlanks = " \t";

std::string_view trim_blanks(std::string_view text) {
  const auto first = text.find_first_not_of(kBlanks);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kBlanks) - first + 1);
}

// "K1D R1A ... / K4H ... / ... / ...": one group per side in turn order,
// each a piece letter and a square per piece, no square twice.
Result<std::array<std::vector<Placed>, kSides>, Message> parse_pieces(std::string_view text,
                                                                      std::string_view what) {
  std::array<std::vector<Placed>, kSides> pieces;
  for (auto& group : pieces) group.reserve(8);
  std::array<bool, board::kSquares> taken{};
  int side = 0;
  std::size_t i = 0;
  // One pass: a token runs to the next blank or '/'; '/' starts the next side.
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    if (c == '/') {
      if (++side == kSides) return Message{"setup.group-count", {{"what", std::string(what)}}};
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != '/') ++end;
    const std::string_view token = text.substr(i, end - i);
    i = end;
    const auto letter = kPieceLetters.find(token[0]);
    const auto square = board::parse_row_col(token.substr(1));
    if (letter == std::string_view::npos || !square || taken[*square])
      return Message{"setup.bad-piece", {{"what", std::string(what)}, {"piece", std::string(token)}}};
    taken[*square] = true;
    pieces[side].push_back({static_cast<Piece>(letter), *square});
  }
  if (side != kSides - 1) return Message{"setup.group-count", {{"what", std::string(what)}}};
  return pieces;
}

}  // namespace

Result<Rules, Message> rules_from_options(const RuleOptions& options) {
  Rules rules;
  rules.castling = options.get_bool("castling");
  auto pieces = parse_pieces(options.get_string("setup"), "setup");
  if (!pieces) return pieces.error();
  rules.setup = std::move(pieces).value();
  return rules;
}

Result<Position, Message> parse_position(std::string_view text, const GameDefinition& definition) {
  Position position;
  const auto semicolon = text.find(';');
  auto pieces = parse_pieces(text.substr(0, semicolon), "position");
  if (!pieces) return pieces.error();
  position.pieces = std::move(pieces).value();
  bool to_move_given = false;
  // Fields after the pieces: "to-move: SIDE" and "eliminated: SIDE SIDE".
  std::string_view rest =
      semicolon == std::string_view::npos ? std::string_view{} : text.substr(semicolon + 1);
  while (!rest.empty()) {
    const auto next = rest.find(';');
    const std::string_view field = trim_blanks(rest.substr(0, next));
    rest = next == std::string_view::npos ? std::string_view{} : rest.substr(next + 1);
    if (field.empty()) continue;
    const auto colon = field.find(':');
    const std::string_view name = trim_blanks(field.substr(0, colon));
    if (colon == std::string_view::npos || (name != "to-move" && name != "eliminated"))
      return Message{"position.bad-field", {{"field", std::string(field)}}};
    std::string_view sides = field.substr(colon + 1);
    int count = 0;
    while (!(sides = trim_blanks(sides)).empty()) {
      const auto end = sides.find_first_of(" \t,");
      const std::string_view id = sides.substr(0, end);
      sides = end == std::string_view::npos ? std::string_view{} : sides.substr(end + 1);
      const int side = definition.side_index(id);
      if (side < 0)
        return Message{"position.unknown-side",
                       {{"side", std::string(id)}, {"sides", join(definition.sides, ", ")}}};
      if (name == "to-move") {
        if (count > 0) return Message{"position.bad-field", {{"field", std::string(field)}}};
        position.to_move = side;
        to_move_given = true;
      } else {
        position.eliminated[side] = true;
      }
      ++count;
    }
    if (count == 0) return Message{"position.bad-field", {{"field", std::string(field)}}};
  }
  if (to_move_given && position.eliminated[position.to_move])
    return Message{"position.eliminated-to-move", {{"side", definition.sides[position.to_move]}}};
  return position;
}

}  // namespace gamerec::chaturanga
