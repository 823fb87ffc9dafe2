// Gomoku's protocols for players that are programs: exec:PROGRAM's, the
// shape every game of perfect information shares (TurnProtocol), with
// moves as points ("H8") and a position told stone by stone; and what a
// Gomocup brain (pbrain:PROGRAM) is told, its rule and the stones.
// gamerec-games(7), GOMOKU, "Players as programs" and "Gomocup brains".
#include "games/gomoku/gomoku.h"

namespace gamerec::gomoku {

// "stone black H8" for each stone on the board, in point order (A1, B1, ...,
// then the next row up): the order they were played in is not kept.
std::vector<std::string> GomokuGame::position_lines(const State& position) const {
  const GomokuState& state = state_of(position);
  std::vector<std::string> lines;
  for (int point = 0; point < state.size() * state.size(); ++point) {
    const std::int8_t stone = state.at(point);
    if (stone == kEmpty) continue;
    lines.push_back("stone " + definition().sides.at(static_cast<std::size_t>(stone)) + " " +
                    point_text(point, state.size()));
  }
  return lines;
}

std::vector<GomocupProtocol::Stone> GomokuGame::stones(const Observation& seen) const {
  const GomokuState& state = downcast<PositionObservation<GomokuState>>(seen).position();
  std::vector<Stone> stones;
  for (int point = 0; point < state.size() * state.size(); ++point) {
    if (const std::int8_t stone = state.at(point); stone != kEmpty)
      stones.push_back({cell_of(Move{-1, point, 0}), stone});
  }
  return stones;
}

std::string GomokuGame::told_move(const Move& move, const State& /*after*/) const {
  return point_text(move.to, rules_.size);
}

}  // namespace gamerec::gomoku
