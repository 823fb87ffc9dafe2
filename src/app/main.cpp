// gamerec: validate, replay and continue board-game records.
#include <CLI/CLI.hpp>

#include <csignal>
#include <string>
#include <string_view>
#include <vector>
#include <iostream>

#include "app/builtin_games.h"
#include "cli/commands.h"
#include "core/messages.h"
#include "rules/text.h"

namespace {

int run(int argc, char** argv) {
  using namespace gamerec::cli;
  CLI::App app{"gamerec: validate, replay and continue board-game records"};
  app.require_subcommand(1);
  // Common options may stand before or after the subcommand.
  app.fallthrough();
  CommonOptions common;
  app.add_option("--game", common.game, "Force the game (see 'gamerec games')");
  // allow_extra_args(false): each --variant takes one value, so it does not
  // swallow the FILE after it.
  app.add_option("--variant", common.variants, "Override a rule option: KEY=VALUE (repeatable)")
      ->allow_extra_args(false);
  app.add_option("--definitions", common.definitions_dir, "Load extra game definitions from DIR");
  app.add_option("--lang", common.language, "Message language")->check(CLI::IsMember({"en", "es"}));
  app.add_option("--color", common.color, "Colours: auto (a terminal without NO_COLOR), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_option("--format", common.format,
                 "Output: text; validate: json (JSON Lines); replay: svg (one position), html (a page), fen "
                 "(chess: the position after each move)")
      ->check(CLI::IsMember({"text", "json", "svg", "html", "fen"}));

  std::vector<Command> commands = {
      add_validate_command(app), add_replay_command(app), add_play_command(app),   add_games_command(app),
      add_convert_command(app),  add_perft_command(app),  add_tourney_command(app), add_solve_command(app)};
  for (const Command& command : commands) {
    command.app->footer(
        "Common options (--game, --variant, --definitions, --lang, --color, --format) may be given\n"
        "before or after the subcommand; see 'gamerec --help'.");
  }
  // --formats is the old name of --definitions: read as it, with a warning
  // (Context::make), and kept out of --help.
  std::vector<std::string> arguments(argv, argv + argc);
  for (std::string& argument : arguments) {
    if (argument == "--formats" || argument.rfind("--formats=", 0) == 0) {
      argument.replace(0, std::string_view("--formats").size(), "--definitions");
      common.old_definitions_option = true;
    }
  }
  std::vector<char*> renamed;
  for (std::string& argument : arguments) renamed.push_back(argument.data());
  try {
    app.parse(argc, renamed.data());
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11 reports a mistyped subcommand only as a missing one: name it.
    const auto extras = app.remaining();
    if (app.get_subcommands().empty() && !extras.empty() && extras.front().rfind('-', 0) != 0) {
      const std::string names =
          gamerec::join(commands, ", ", [](const Command& command) { return command.app->get_name(); });
      // --lang may not have been read (the error stopped the parse): English then.
      auto loaded = gamerec::Messages::load(common.language);
      if (!loaded.ok()) loaded = gamerec::Messages::load("en");
      std::cerr << "gamerec: "
                << loaded.value().text(
                       "usage.unknown-subcommand", escaped_args({{"name", extras.front()}, {"names", names}}))
                << '\n';
      return kExitUsage;
    }
    app.exit(e);  // prints the message and a pointer to --help
    return kExitUsage;
  }

  // --lang was checked by the parser: the catalogue speaks it.
  auto messages = gamerec::Messages::load(common.language).value();
  const gamerec::Messages messages_for_errors = messages;
  auto context = Context::make(gamerec::make_builtin_catalogue(), std::move(messages), common,
                               Streams{std::cin, std::cout, std::cerr});
  if (const auto* error = context.if_error()) {
    std::cerr << "gamerec: " << messages_for_errors.text(error->key, escaped_args(error->args)) << '\n';
    return kExitUsage;
  }
  for (const Command& command : commands) {
    if (command.app->parsed()) return command.run(context.value());
  }
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // A file-size limit (ulimit -f) would kill gamerec in the middle of a
  // record's line; ignored, the write fails with EFBIG instead, which is
  // handled as a full disk is: the line is cut back and the record kept.
  std::signal(SIGXFSZ, SIG_IGN);
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    // Not from the catalogue: the catalogue itself may be what failed.
    std::cerr << "gamerec: internal error: " << e.what() << '\n';
    return gamerec::cli::kExitUsage;
  }
}
