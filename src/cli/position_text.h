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
// "Red to move, move 7" or "Game over: Yellow+Red wins (both kings of a
// team captured) after 40 moves".
std::string status_line(const Context& context, const Game& game, const State& state);
// A board (the whole position or what one side sees), then the status line.
std::string position_text(const Context& context, const Game& game, const State& state,
                          const BoardView& view);
// The board alone, in the context's language and colours.
std::string board_text(const Context& context, const Game& game, const BoardView& view);
// "Move 7: 8F-5C (Red)", as replay and play --step print each move.
std::string move_line(const Context& context, const Game& game, std::int64_t number, std::string_view move,
                      Side mover);

}  // namespace gamerec::cli
