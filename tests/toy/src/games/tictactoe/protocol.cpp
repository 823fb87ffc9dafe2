// Tic-tac-toe as programs are told it (ProgramNotation; gamerec-games(7),
// PLAYERS AS PROGRAMS): moves as a record writes them, a position as its
// marks, told as stones.
#include "games/tictactoe/tictactoe.h"

namespace gamerec::tictactoe {

std::string TicTacToeGame::program_move_text(const Move& move) const { return move_text(move, *new_state()); }

ProgramNotation::Told TicTacToeGame::told_position(const State& position) const {
  const TicTacToeState& state = state_of(position);
  Told told;
  for (int cell = 0; cell < kCells; ++cell) {
    if (state.at(cell) != kNoSide) told.stones.emplace_back(state.at(cell), Move{-1, cell, 0});
  }
  return told;
}

}  // namespace gamerec::tictactoe
