// Gomoku as programs are told it (ProgramNotation): moves as points ("H8"),
// a position stone by stone; gamerec-games(7), GOMOKU, "Players as
// programs" and "Gomocup brains".
#include "games/gomoku/gomoku.h"

namespace gamerec::gomoku {

// Each stone in point order (A1, B1, ..., then the next row up): the order
// they were played in is not kept.
ProgramNotation::Told GomokuGame::told_position(const State& position) const {
  const GomokuState& state = state_of(position);
  Told told;
  for (int point = 0; point < state.size() * state.size(); ++point) {
    if (const std::int8_t stone = state.at(point); stone != kEmpty)
      told.stones.emplace_back(stone, Move{-1, point, 0});
  }
  return told;
}

std::string GomokuGame::program_move_text(const Move& move) const { return point_text(move.to, rules_.size); }

}  // namespace gamerec::gomoku
