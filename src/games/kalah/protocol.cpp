// Kalah as programs are told it (ProgramNotation): moves as pit numbers, a
// position as a `position:` header writes it (position_text.cpp);
// gamerec-games(7), KALAH, "Players as programs".
#include "games/kalah/kalah.h"

namespace gamerec::kalah {

ProgramNotation::Told KalahGame::told_position(const State& position) const {
  if (position.equals(*new_state())) return {};
  Told told;
  told.start = position_text(position);
  return told;
}

std::string KalahGame::program_move_text(const Move& move) const { return std::to_string(move.from); }

}  // namespace gamerec::kalah
