#pragma once
// `pbrain:PROGRAM`: a Gomocup brain, a program that speaks Piskvork's
// brain protocol (gamerec-games(7), GOMOKU, "Gomocup brains") on its
// standard input and output, for a game with a board of cells whose rules
// a brain knows (the CellBoard, FiveInARow and ProgramNotation facets).
//
// The brain starts when the player is made: START (or RECTSTART) and
// ABOUT, whose name the player then gives (Player::name). At its first
// move it is told the limits and the rule (INFO), then BEGIN or the board
// (BOARD ... DONE); later the opponent's move (TURN X,Y). END when the
// player goes. A brain that breaks the protocol, answers late or ends
// loses the game, as an exec: program does.
#include <memory>
#include <string>
#include <string_view>

#include "core/match.h"
#include "rules/game.h"
#include "rules/result.h"

namespace gamerec {

Result<std::unique_ptr<Player>, Message> make_pbrain_player(const Game& game, std::string_view command,
                                                            const PlayerSettings& settings);

// START SIZE for a square board, RECTSTART WIDTH,HEIGHT otherwise.
std::string pbrain_start_command(int cols, int rows);
// The name in an ABOUT answer: name="X", version="Y" gives "X Y"; an
// answer in no such form (older brains) is a name as it is. Control
// characters and direction marks are escaped (escape_controls) and the name
// cut at 64 bytes.
std::string pbrain_about_name(std::string_view answer);

}  // namespace gamerec
