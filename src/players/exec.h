#pragma once
// `exec:PROGRAM`: a player written by anyone, run as a program that speaks
// its game's line protocol on its standard input and output: the one the
// games of perfect information share (players/turn_protocol.h, over their
// ProgramNotation), or a hidden-information game's own (its LineProtocol
// facet). gamerec-games(7) gives each game's.
//
// An answer is a record line, checked as one: an illegal fleet or shot
// loses the game (a forfeit), and so do an answer later than the timeout,
// a program that ends or closes its output, and a line too long. PROGRAM
// is split at blanks (no quoting) and looked up in PATH when it has no '/'.
#include <memory>
#include <string_view>

#include "core/match.h"
#include "rules/game.h"
#include "rules/result.h"

namespace gamerec {

// The answer time when PlayerSettings::timeout_ms is not set.
inline constexpr std::int64_t kDefaultExecTimeoutMs = 10000;

Result<std::unique_ptr<Player>, Message> make_exec_player(const Game& game, std::string_view command,
                                                          const PlayerSettings& settings);

}  // namespace gamerec
