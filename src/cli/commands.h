#pragma once
// One add_<command>_command per subcommand (one file each). Each registers
// its options on `app` and returns what to run once parsing succeeded.
#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/context.h"
#include "cli/output_format.h"

namespace gamerec::cli {

struct Command {
  Command(CLI::App* app, std::function<int(const Context&)> run, std::function<bool(const Game&)> takes_game = nullptr,
          std::vector<std::string> formats = {"text"})
      : app(app), run(std::move(run)), takes_game(std::move(takes_game)), formats(std::move(formats)) {}

  CLI::App* app = nullptr;
  std::function<int(const Context&)> run;
  // The games the subcommand's GAME argument can take (solve: those with a
  // solver), for completion; unset: every game.
  std::function<bool(const Game&)> takes_game;
  // The values of the common --format the subcommand writes (its
  // registered output formats, cli/output_format.h); another is a usage
  // error, never ignored.
  std::vector<std::string> formats = {"text"};
};

Command add_validate_command(CLI::App& app, std::shared_ptr<const OutputFormats> formats);
Command add_replay_command(CLI::App& app, std::shared_ptr<const OutputFormats> formats);
Command add_play_command(CLI::App& app);
Command add_games_command(CLI::App& app);
Command add_convert_command(CLI::App& app);
Command add_perft_command(CLI::App& app);
Command add_tourney_command(CLI::App& app);
Command add_solve_command(CLI::App& app);
Command add_summarize_command(CLI::App& app);

}  // namespace gamerec::cli
