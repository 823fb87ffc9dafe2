#include "cli/context.h"

#include <cstdlib>
#include <ostream>

#include "cli/diagnostics.h"

namespace gamerec::cli {

Result<Context, Message> Context::make(GameCatalogue catalogue, Messages messages,
                                             const CommonOptions& options, Streams streams) {
  if (options.old_definitions_option)
    streams.err << "gamerec: " << messages.text("usage.old-definitions-option") << '\n';
  if (!options.definitions_dir.empty()) {
    if (auto error = catalogue.add_directory(options.definitions_dir)) return *error;
    for (const Message& warning : catalogue.warnings())
      streams.err << "gamerec: " << messages.text("usage.warning", {{"warning", messages.text(warning.key, escaped_args(warning.args))}}) << '\n';
  }
  Context context(std::move(catalogue), std::move(messages), options, streams);
  if (!options.game.empty()) {
    if (context.catalogue_.find(options.game) == nullptr)
      return context.catalogue_.unknown_game(options.game);
    context.game_choice_.forced_game = options.game;
  }
  for (const std::string& variant : options.variants) {
    const auto equals = variant.find('=');
    if (equals == std::string::npos || equals == 0) return Message{"usage.variant", {{"value", variant}}};
    context.game_choice_.overrides.push_back({variant.substr(0, equals), variant.substr(equals + 1)});
  }
  ui::ColorChoice color = ui::ColorChoice::kAuto;
  if (options.color == "always") color = ui::ColorChoice::kAlways;
  if (options.color == "never") color = ui::ColorChoice::kNever;
  context.palette_.enabled =
      ui::use_color(color, ui::stdout_is_terminal(), std::getenv("NO_COLOR"), std::getenv("TERM"));
  return context;
}

std::string Context::text(std::string_view key, const MessageArgs& args, const GameDefinition* game) const {
  // Values come from outside (file and program names, --ai and --game
  // values, a record's text): none may put a control sequence on the
  // terminal. Escaping is idempotent, so values escaped before are kept.
  const MessageArgs shown = escaped_args(args);
  if (game == nullptr && !messages_.has(key)) {
    for (const auto& [name, definition] : catalogue_.definitions()) {
      if (messages_.has(key, &definition)) return messages_.text(key, shown, &definition);
    }
  }
  return messages_.text(key, shown, game);
}

MessageArgs escaped_args(const MessageArgs& args) {
  MessageArgs shown = args;
  for (auto& [name, value] : shown) value = escape_controls(value);
  return shown;
}

int Context::usage_error(const Message& message, const GameDefinition* game) const {
  err() << "gamerec: " << text(message, game) << '\n';
  return kExitUsage;
}

}  // namespace gamerec::cli
