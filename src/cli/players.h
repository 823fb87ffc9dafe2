#pragma once
// The person at the keyboard as a Player (core/match.h): prompted on the
// context's output, answered on its input. Computer players come from the
// catalogue (GameCatalogue::make_player), for play --ai and tourney alike.
#include <istream>
#include <memory>
#include <optional>
#include <string>

#include "cli/context.h"
#include "core/match.h"

namespace gamerec::cli {

// When the input is not a terminal the line is echoed, so a transcript
// reads as typed. A line longer than any move (kMaxLineLength) is read to
// its end but kept only as "too long", as the record reader does.
std::unique_ptr<Player> make_human_player(const Context& context);

// Reads one line of at most `limit` bytes (the rest is dropped and
// `too_long` set); false at the end of input.
bool read_capped_line(std::istream& in, std::string& line, std::size_t limit, bool& too_long);

}  // namespace gamerec::cli
