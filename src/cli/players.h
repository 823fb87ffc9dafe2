#pragma once
// The person at the keyboard as a Player (core/match.h): prompted on the
// context's output, answered on standard input. Computer players come from
// the catalogue (GameCatalogue::make_player), for play --ai and tourney alike.
#include <memory>

#include "cli/context.h"
#include "core/match.h"
#include "ui/input.h"

namespace gamerec::cli {

// Reads through `input` (lines longer than any move are read to their end
// but kept only as "too long", as the record reader does). When the input
// is not a terminal the line is echoed, so a transcript reads as typed.
std::unique_ptr<Player> make_human_player(const Context& context, ui::InputReader& input);

}  // namespace gamerec::cli
