// gamerec games: the games and variants available, with their rule options,
// computer players and record formats.
#include <fmt/format.h>

#include <ostream>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "rules/text.h"

namespace gamerec::cli {
namespace {

int list_games(const Context& context) {
  std::ostream& out = context.out();
  for (const auto& [name, definition] : context.catalogue().definitions()) {
    // A definition from --definitions DIR is anyone's text: escaped as the
    // message values below are.
    out << fmt::format("{}: {}\n", escape_controls(name), escape_controls(definition.title));
    if (definition.rules != name) out << context.text("games.variant-of", {{"base", definition.rules}}) << '\n';
    out << context.text("games.sides", {{"sides", join(definition.sides, ", ")}}) << '\n';
    if (!definition.extensions.empty())
      out << context.text("games.files", {{"files", "." + join(definition.extensions, ", .")}}) << '\n';
    if (!definition.example.empty()) out << context.text("games.move", {{"move", definition.example}}) << '\n';
    auto game = context.catalogue().make_game(name, {});
    if (game && !(*game)->levels().empty())
      out << context.text("games.players", {{"players", join((*game)->levels(), ", ")}}) << '\n';
    for (const OptionSpec& option : definition.options) {
      const std::string range = range_text(option);
      out << context.text("games.option", {{"name", option.name},
                                           {"type", std::string(option_type_name(option.type))},
                                           {"default", option_value_text(option.default_value)},
                                           {"range", range.empty() ? "" : ", " + range},
                                           {"description", option.description}})
          << '\n';
    }
  }
  out << context.text("games.formats") << '\n';
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
