// Chaturanga move text ("2A-3A") and the `setup` option's piece lists.
#include <cctype>

#include "games/chaturanga/chaturanga.h"

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

ParsedMove parse_malformed_move(std::string_view text) {
  if (text.size() == 5 && text[2] == '-') {
    auto from_fix = respell_square(text.substr(0, 2));
    auto to_fix = respell_square(text.substr(3, 2));
    if (from_fix && to_fix) return MoveError{ErrorCode::kNotation, *from_fix + "-" + *to_fix, "hint"};
  }
  return MoveError{ErrorCode::kNotation, {}};
}

std::string chaturanga_move_text(const Move& move) {
  return board::row_col_name(move.from) + "-" + board::row_col_name(move.to);
}

std::variant<Rules, std::string> rules_from_options(const RuleOptions& options) {
  Rules rules;
  rules.castling = options.get_bool("castling");
  // setup: "K1D R1A ... / K4H ... / ... / ...", one group per side in turn order.
  std::string_view text = options.get_string("setup");
  int side = 0;
  std::array<bool, board::kSquares> taken{};
  while (true) {
    if (side == kSides) return "setup: more than four groups of pieces; one per side, separated by '/'";
    const auto slash = text.find('/');
    std::string_view group = text.substr(0, slash);
    while (!group.empty()) {
      while (!group.empty() && group.front() == ' ') group.remove_prefix(1);
      const auto space = group.find(' ');
      std::string_view token = group.substr(0, space);
      group = space == std::string_view::npos ? std::string_view{} : group.substr(space + 1);
      if (token.empty()) continue;
      const auto letter = kPieceLetters.find(token[0]);
      auto square = board::parse_row_col(token.substr(1));
      if (letter == std::string_view::npos || !square || taken[*square])
        return "setup: '" + std::string(token) +
               "' is not a free square with a piece letter (K R B N P), as in K1D";
      taken[*square] = true;
      rules.setup[side].push_back({static_cast<Piece>(letter), *square});
    }
    ++side;
    if (slash == std::string_view::npos) break;
    text = text.substr(slash + 1);
  }
  if (side != kSides) return "setup: needs four groups of pieces separated by '/', one per side";
  return rules;
}

}  // namespace gamerec::chaturanga
