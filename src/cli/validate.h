#pragma once
// gamerec validate, callable with any context (the tests give it a
// catalogue with formats of their own).
#include <string>
#include <vector>

#include "cli/context.h"

namespace gamerec::cli {

// Checks every game of every file, prints one line or JSON object per
// invalid game (every game, for JSON) and the summary; the exit status.
int validate_files(const Context& context, const std::vector<std::string>& paths);

}  // namespace gamerec::cli
