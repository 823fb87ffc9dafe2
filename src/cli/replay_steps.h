#pragma once
// replay --step: the record is read first, then shown a position at a time,
// forwards and back (ui/step_keys.h says which keys do what).
#include <cstdint>
#include <optional>
#include <string>

#include "cli/context.h"
#include "core/record_input.h"

namespace gamerec::cli {

// Steps through the current game of `input` from `start`, as `viewer` sees
// it (kNoSide: everything), the board turned round when `turned`, opening
// at move `first` (0: the start). The start shows the players `header`
// names, the last position the result.
// Returns the exit status: 1 when the record has an error (its line goes
// to standard error when the replay ends).
int step_through(const Context& context, OpenRecord& input, const GameHeader& header, const Game& game,
                 State& start, Side viewer, bool turned, std::int64_t first, const std::string& file);

}  // namespace gamerec::cli
