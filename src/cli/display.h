#pragma once
// How a game's position is shown to people and named for programs: side
// names, the status line, the board, the line for one move.
#include <string>
#include <string_view>

#include "cli/context.h"
#include "rules/game.h"

namespace gamerec::cli {

// Side ids as in JSON: "red"; a team "yellow+red"; "draw".
std::string side_id(const Game& game, Side side);
std::string result_id(const Game& game, const Outcome& outcome);
// Localised: "Red"; a team "Yellow+Red".
std::string side_display(const Context& context, const Game& game, Side side);
std::string sides_display(const Context& context, const Game& game, const std::vector<Side>& sides);
// The number of the move to come as people say it: the moves played so
// far plus one, or in a game that numbers move pairs (chess) the pair's.
std::int64_t next_move_number(const Game& game, const State& state);
// "Red to move, move 7" or "Game over: Yellow+Red wins (both kings of a
// team captured) after 40 moves".
std::string status_line(const Context& context, const Game& game, const State& state);
// A board (the whole position or what one side sees), then the status line.
std::string board_and_status(const Context& context, const Game& game, const State& state,
                             const BoardView& view);
// The board alone, in the context's language and colours.
std::string board_text(const Context& context, const Game& game, const BoardView& view);
// A move as people write it, made in `before`: "12... Nc6" in a game that
// numbers move pairs (MoveNumbers, chess), else the text as it is. Not yet
// escaped for the terminal.
std::string numbered_move(const Game& game, const State& before, std::string_view move);
// The same, from the position the move led to.
std::string last_numbered_move(const Game& game, const State& after, std::string_view move);
// "Move 7: 8F-5C (Red)", as replay and play --step print each move; in a
// game that numbers move pairs, `move` is numbered_move's and the line is
// "12... Nc6 (Black)".
std::string move_line(const Context& context, const Game& game, std::int64_t number, std::string_view move,
                      Side mover);

}  // namespace gamerec::cli
