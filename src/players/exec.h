#pragma once
// `exec:PROGRAM`: a battleship player written by anyone, run as a program
// that speaks a line protocol on its standard input and output, as in the
// classic classroom tournament (man gamerec-games, "Players as programs"):
//
//   gamerec says                  the program answers
//   new-game WIDTH HEIGHT SHIPS   (nothing)        SHIPS like 4,3,3,2,2,2,1,1,1,1
//   ship N LENGTH                 CELL DIRECTION   "A1 right"; length 1: "A1"
//   shot                          CELL             "E5"
//   answer CELL RESULT            (nothing)        its own shot: water, hit, sunk
//   opponent CELL RESULT          (nothing)        the opponent's shot at it
//   end won|lost                  (nothing)        then its input closes
//
// An answer is a record line, checked as one: an illegal fleet or shot
// loses the game (a forfeit), and so do an answer later than the timeout,
// a program that ends or closes its output, and a line too long. PROGRAM
// is split at blanks (no quoting) and looked up in PATH when it has no '/'.
#include <memory>
#include <string_view>
#include <variant>

#include "core/game.h"
#include "core/match.h"

namespace gamerec {

// The answer time when ChooserSettings::timeout_ms is not set.
inline constexpr std::int64_t kDefaultExecTimeoutMs = 10000;

std::variant<std::unique_ptr<Player>, Message> make_exec_player(const Game& game, std::string_view command,
                                                                const ChooserSettings& settings);

}  // namespace gamerec
