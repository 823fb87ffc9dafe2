// Chaturanga as programs are told it (ProgramNotation): moves as records
// write them ("2A-3A"), a position as a `position:` header writes it
// (position_text.cpp); gamerec-games(7), CHATURANGA, "Players as
// programs".
#include "games/chaturanga/chaturanga.h"

namespace gamerec::chaturanga {

ProgramNotation::Told ChaturangaGame::told_position(const State& position) const {
  if (position.equals(*new_state())) return {};
  Told told;
  told.start = position_text(position);
  return told;
}

std::string ChaturangaGame::program_move_text(const Move& move) const { return chaturanga_move_text(move); }

}  // namespace gamerec::chaturanga
