// What an exec: player is told of tic-tac-toe (gamerec-games(7), PLAYERS
// AS PROGRAMS): moves as a record writes them; a game always starts empty.
#include "games/tictactoe/tictactoe.h"

namespace gamerec::tictactoe {

std::vector<std::string> TicTacToeGame::position_lines(const State& /*position*/) const { return {}; }

std::string TicTacToeGame::told_move(const Move& move, const State& after) const { return move_text(move, after); }

}  // namespace gamerec::tictactoe
