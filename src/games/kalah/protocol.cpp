// Kalah as programs are told it (ProgramNotation): moves as pit numbers, a
// position as a `position:` header writes it (PositionText);
// gamerec-games(7), KALAH, "Players as programs".
#include "games/kalah/kalah.h"

namespace gamerec::kalah {

std::string KalahGame::position_text(const State& state) const {
  return kalah::position_text(state_of(state), definition());
}

ProgramNotation::Told KalahGame::told_position(const State& position) const {
  if (position.equals(*new_state())) return {};
  return Told{.start = position_text(position)};
}

std::string KalahGame::program_move_text(const Move& move) const { return std::to_string(move.from); }

}  // namespace gamerec::kalah
