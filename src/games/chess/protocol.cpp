// Chess as programs are told it (ProgramNotation): moves in coordinates
// ("e7e8q"), a game as its start and every move since; gamerec-games(7),
// CHESS, "Players as programs", and uci:'s `position` command.
#include "games/chess/chess.h"

namespace gamerec::chess {

// The start when it is not chess's usual one, then every move since, so
// that a program started mid-game knows the repetitions and the move
// counters as the rules do.
ProgramNotation::Told ChessGame::told_position(const State& position) const {
  const ChessState& state = state_of(position);
  Told told;
  if (!(state.start() == start_position())) told.start = fen_of(state.start());
  Side mover = state.start().side;
  for (const ChessMove move : state.history()) {
    told.moves.emplace_back(mover, to_core_move(move));
    mover = 1 - mover;
  }
  return told;
}

std::string ChessGame::program_move_text(const Move& move) const {
  return coordinate_text(to_chess_move(move));
}

}  // namespace gamerec::chess
