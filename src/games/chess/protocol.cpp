// Chess's adapters for outside players: what a UCI engine is told.
#include "games/chess/chess.h"

namespace gamerec::chess {

// The game as UCI tells it: its start and every move since, so that the
// engine knows the repetitions and the move counters as the rules do.
std::string ChessGame::position_command(const Observation& seen) const {
  const ChessState& state = downcast<PositionObservation<ChessState>>(seen).position();
  std::string line = "position ";
  line += state.start() == start_position() ? std::string("startpos") : "fen " + fen_of(state.start());
  if (!state.history().empty()) line += " moves";
  for (const ChessMove move : state.history()) line += " " + coordinate_text(move);
  return line;
}

}  // namespace gamerec::chess
