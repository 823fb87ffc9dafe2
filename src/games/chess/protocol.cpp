// Chess's adapters for outside players: what a UCI engine is told, and
// the line protocol of exec:PROGRAM players (gamerec-games(7), CHESS,
// "Players as programs").
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

// As for UCI: the start when it is not chess's usual one, then every move
// since, so that a program started mid-game knows the repetitions too.
std::vector<std::string> ChessGame::position_lines(const State& position) const {
  const ChessState& state = state_of(position);
  std::vector<std::string> lines;
  if (!(state.start() == start_position())) lines.push_back("position " + fen_of(state.start()));
  Side mover = state.start().side;
  for (const ChessMove move : state.history()) {
    lines.push_back("played " + definition().sides.at(static_cast<std::size_t>(mover)) + " " + coordinate_text(move));
    mover = 1 - mover;
  }
  return lines;
}

std::string ChessGame::told_move(const Move& move, const State& /*after*/) const {
  return coordinate_text(to_chess_move(move));
}

}  // namespace gamerec::chess
