// Kalah's line protocol for players that are programs (exec:PROGRAM): the
// shape every game of perfect information shares (TurnProtocol), with
// moves as pit numbers and a position told as a `position:` header writes
// it; gamerec-games(7), KALAH, "Players as programs".
#include "games/kalah/kalah.h"

namespace gamerec::kalah {

std::vector<std::string> KalahGame::position_lines(const State& position) const {
  const KalahState& state = state_of(position);
  if (state.equals(*new_state())) return {};
  return {"position " + position_text(state, definition())};
}

std::string KalahGame::told_move(const Move& move, const State& /*after*/) const {
  return std::to_string(move.from);
}

}  // namespace gamerec::kalah
