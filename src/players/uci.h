#pragma once
// uci:ENGINE, a chess engine as a player (play --ai black=uci:/usr/games/stockfish,
// tourney --players 1,uci:stockfish). The engine is started once, told the
// game at each turn (`position startpos moves e2e4 ...`, or `position fen
// START moves ...` for a game that began elsewhere: it sees repetitions),
// asked for a move within --movetime (1 s by default),
// and stopped with `quit` (then killed if it lingers). It runs as a
// ChildProcess, as exec: players do: an engine that dies never kills
// gamerec with SIGPIPE, and one that crashes, hangs or answers nonsense
// loses the game with the reason (Action::failure), as they do.
#include <memory>
#include <string_view>

#include "core/catalogue.h"

namespace gamerec {

// The factory to register for chess's "uci" kind: starts ENGINE (a path, or
// a name looked up in PATH) and checks that it answers `uci` and `isready`.
Result<std::unique_ptr<Player>, Message> make_uci_player(const Game& game, std::string_view engine,
                                                        const PlayerSettings& settings);

}  // namespace gamerec
