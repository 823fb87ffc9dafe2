// Battleship move text: "A1 right" (a placement), "E5" or "E5 hit" (a shot).
#include <cctype>

#include "games/battleship/battleship.h"
#include "rules/text.h"

namespace gamerec::battleship {
namespace {

struct Word {
  std::string_view text;
  Flag flag;
};
// Every spelling gamerec-games(7), BATTLESHIP, lists; compared without case.
constexpr Word kWords[] = {
    {"right", kRight}, {"r", kRight},   {"derecha", kRight}, {"down", kDown},      {"d", kDown},
    {"abajo", kDown},  {"left", kLeft}, {"l", kLeft},        {"izquierda", kLeft}, {"up", kUp},
    {"u", kUp},        {"arriba", kUp}, {"water", kWater},   {"agua", kWater},     {"hit", kHit},
    {"tocado", kHit},  {"sunk", kSunk}, {"hundido", kSunk},
};

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool same_word(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

constexpr bool is_blank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

bool is_random_fleet_word(std::string_view line) {
  return same_word(line, "random") || same_word(line, "azar");
}

std::string_view flag_word(int flag) {
  switch (flag) {
    case kRight:
      return "right";
    case kDown:
      return "down";
    case kLeft:
      return "left";
    case kUp:
      return "up";
    case kWater:
      return "water";
    case kHit:
      return "hit";
    case kSunk:
      return "sunk";
    default:
      return "";
  }
}

std::string cell_name(int cell, int width) {
  return std::string(1, static_cast<char>('A' + cell % width)) + std::to_string(cell / width + 1);
}

std::string battleship_move_text(const Move& move, int width) {
  std::string text = cell_name(move.to, width);
  if (move.flag != kNoFlag) (text += ' ') += flag_word(move.flag);
  return text;
}

Result<Move, MoveError> parse_battleship_move(std::string_view text, int width, int height) {
  // A cell, then at most one word after blanks.
  std::size_t end = 0;
  while (end < text.size() && !is_blank(text[end])) ++end;
  const std::string_view cell = text.substr(0, end);
  const std::string_view word = trim(text.substr(end));
  if (word.find_first_of(" \t") != std::string_view::npos) return MoveError{ErrorCode::kNotation};

  // A column letter and a row number of one or two digits.
  if (cell.size() < 2 || cell.size() > 3 || !std::isalpha(static_cast<unsigned char>(cell[0])))
    return MoveError{ErrorCode::kNotation};
  int row = 0;
  for (const char c : cell.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return MoveError{ErrorCode::kNotation};
    row = row * 10 + (c - '0');
  }
  int flag = kNoFlag;
  if (!word.empty()) {
    bool known = false;
    for (const Word& candidate : kWords) {
      if (same_word(word, candidate.text)) {
        flag = candidate.flag;
        known = true;
        break;
      }
    }
    if (!known) return MoveError{ErrorCode::kNotation};
  }
  const int col = lower(cell[0]) - 'a';
  if (col >= width || row < 1 || row > height)
    return MoveError{
        ErrorCode::kOffBoard, "", {{"width", std::to_string(width)}, {"height", std::to_string(height)}}};
  return Move{-1, (row - 1) * width + col, flag};
}

Result<WrittenMove, MoveError> BattleshipGame::parse_move(std::string_view text) const {
  auto move = parse_battleship_move(text, geometry_->width(), geometry_->height());
  if (!move) return std::move(move.error());
  return WrittenMove{*move, true, text};
}

std::optional<MoveError> BattleshipGame::refused_at_prompt(std::string_view text, const State& state) const {
  // While placing, the rules' own error (a placement is expected) says more.
  if (state_of(state).placing()) return std::nullopt;
  auto written = parse_move(text);
  if (!written || !is_answer(written->move.flag)) return std::nullopt;
  return MoveError{ErrorCode::kNotation, "answer-at-prompt", {{"cell", cell_name(written->move.to, geometry_->width())}}};
}

std::optional<Message> BattleshipGame::undo_refused(const State& before, const Move& move) const {
  if (state_of(before).placing()) return std::nullopt;
  return Message{"undo.shot", {{"cell", cell_name(move.to, geometry_->width())}}};
}

std::string BattleshipGame::move_text(const Move& move, const State& /*before*/) const {
  return battleship_move_text(move, geometry_->width());
}

}  // namespace gamerec::battleship
