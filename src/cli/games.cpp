// gamerec games: the games and variants available, with their rule options,
// computer players and record formats.
#include <fmt/format.h>

#include <ostream>

#include "cli/commands.h"
#include "core/text.h"

namespace gamerec::cli {
namespace {

int list_games(const Context& context) {
  std::ostream& out = context.out();
  for (const auto& [name, definition] : context.catalogue().definitions()) {
    out << fmt::format("{}: {}\n", name, definition.title);
    if (definition.engine != name) out << fmt::format("  variant of: {}\n", definition.engine);
    out << fmt::format("  sides: {}\n", join(definition.sides, ", "));
    if (!definition.extensions.empty())
      out << fmt::format("  files: .{}\n", join(definition.extensions, ", ."));
    if (!definition.example.empty()) out << fmt::format("  move: {}\n", definition.example);
    auto game = context.catalogue().make_game(name, {});
    if (auto* made = std::get_if<std::unique_ptr<Game>>(&game); made != nullptr && !(*made)->levels().empty())
      out << fmt::format("  players: {}\n", join((*made)->levels(), ", "));
    for (const OptionSpec& option : definition.options) {
      const std::string range = range_text(option);
      out << fmt::format("  option {} ({}, default {}{}): {}\n", option.name, option_type_name(option.type),
                         option_value_text(option.default_value), range.empty() ? "" : ", " + range,
                         option.description);
    }
  }
  out << "record formats:\n";
  for (const RecordFormat& format : context.catalogue().formats()) {
    const std::string files = format.extensions.empty() ? "" : " (." + join(format.extensions, ", .") + ")";
    out << fmt::format("  {}{}: {}\n", format.name, files, format.description);
  }
  if (!out.flush()) return context.usage_error(Message{"output.cannot-write"});
  return kExitOk;
}

}  // namespace

Command add_games_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand("games", "List the games and variants, with their rule options");
  return {command, list_games};
}

}  // namespace gamerec::cli
