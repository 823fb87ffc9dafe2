#pragma once
// One add_<command>_command per subcommand (one file each). Each registers
// its options on `app` and returns what to run once parsing succeeded.
#include <CLI/CLI.hpp>

#include <functional>

#include "cli/context.h"

namespace gamerec::cli {

struct Command {
  CLI::App* app = nullptr;
  std::function<int(const Context&)> run;
};

Command add_validate_command(CLI::App& app);
Command add_replay_command(CLI::App& app);
Command add_play_command(CLI::App& app);
Command add_games_command(CLI::App& app);
Command add_convert_command(CLI::App& app);
Command add_perft_command(CLI::App& app);
Command add_tourney_command(CLI::App& app);
Command add_solve_command(CLI::App& app);
Command add_summarize_command(CLI::App& app);

}  // namespace gamerec::cli
