// gamerec games: the games and variants available, with their rule options.
#include <fmt/format.h>

#include <ostream>

#include "cli/commands.h"
#include "core/text.h"

namespace gamerec::cli {
namespace {

int list_games(const Context& context) {
  for (const auto& [name, definition] : context.catalogue().definitions()) {
    context.out() << fmt::format("{}: {}\n", name, definition.title);
    if (definition.engine != name) context.out() << fmt::format("  variant of: {}\n", definition.engine);
    context.out() << fmt::format("  sides: {}\n", join(definition.sides, ", "));
    if (!definition.extensions.empty())
      context.out() << fmt::format("  files: .{}\n", join(definition.extensions, ", ."));
    if (!definition.example.empty()) context.out() << fmt::format("  move: {}\n", definition.example);
    for (const OptionSpec& option : definition.options) {
      std::string range;
      if (option.min && option.max) range = fmt::format(", {}..{}", *option.min, *option.max);
      context.out() << fmt::format("  option {} ({}, default {}{}): {}\n", option.name,
                                   option_type_name(option.type), option_value_text(option.default_value),
                                   range, option.description);
    }
  }
  return kExitOk;
}

}  // namespace

Command add_games_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand("games", "List the games and variants, with their rule options");
  return {command, list_games};
}

}  // namespace gamerec::cli
