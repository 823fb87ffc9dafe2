#pragma once
// Shell completion. The bash and zsh scripts (completions/) are thin: they
// run `gamerec __complete WORD...` with the words typed so far, the last
// being the one to complete, and offer what it prints. The candidates come
// from the same CLI11 app that parses the command line (subcommands,
// options, the choices an option checks) and from the game catalogue (game
// names, computer players, sides, rule options), so completion cannot
// drift from what gamerec accepts.
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli_app.h"
#include "core/catalogue.h"

namespace gamerec::cli {

inline constexpr std::string_view kCompleteCommand = "__complete";

// One candidate a line. A line that starts with ':' tells the script to
// complete file names (":files") or directory names (":dirs") instead.
// Returns 0.
int complete(const CliApp& cli, const GameCatalogue& catalogue, const std::vector<std::string>& words,
             std::ostream& out);

// The candidates for `words` (the last one is completed), as printed.
std::vector<std::string> completions(const CliApp& cli, const GameCatalogue& catalogue,
                                     const std::vector<std::string>& words);

}  // namespace gamerec::cli
