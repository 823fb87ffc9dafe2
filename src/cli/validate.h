#pragma once
// gamerec validate, callable with any context (the tests give it a
// catalogue with formats of their own).
#include <string>
#include <vector>

#include "cli/context.h"

namespace gamerec::cli {

struct ValidateOptions {
  std::vector<std::string> files;
  bool strict = false;  // what the rules let pass with a warning is an error (RunOptions)
  bool fen = false;     // JSON: the final position's text (a PositionText facet) as "fen"
};

// Checks every game of every file, prints one line or JSON object per
// invalid game (every game, for JSON) and the summary; the exit status.
int validate_files(const Context& context, const std::vector<std::string>& paths,
                   const ValidateOptions& options = {});

}  // namespace gamerec::cli
