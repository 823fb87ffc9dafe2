#pragma once
// The line protocol of exec:PROGRAM players for the games of perfect
// information (gamerec-games(7), PLAYERS AS PROGRAMS), spoken over the
// game's ProgramNotation:
//
//   gamerec says                 the program answers
//   new-game GAME SIDE           (nothing)   "new-game chess white"
//   option NAME VALUE            (nothing)   each rule option, in the definition's order
//   position TEXT                (nothing)   when the game started elsewhere (Told::start)
//   stone SIDE MOVE              (nothing)   each stone on the board (Told::stones)
//   played SIDE MOVE             (nothing)   each move since the start (Told::moves)
//   move LEGAL...                MOVE        one move, as the program writes it; the legal ones follow
//   played SIDE MOVE             (nothing)   every move made, its own too
//   end won|lost|drawn           (nothing)   then its input closes
//
// A game of hidden information speaks its own (its LineProtocol facet).
#include <memory>

#include "rules/facets.h"

namespace gamerec {

// exec:'s lines for `game`, nullptr when it gives no ProgramNotation. The
// game outlives the protocol.
std::unique_ptr<LineProtocol> turn_protocol(const Game& game);

// The whole position `seen` shows, for a game with ProgramNotation (which
// game_type<G>() keeps from hiding anything): what every protocol over it
// tells.
const State& whole_position(const Observation& seen);

}  // namespace gamerec
