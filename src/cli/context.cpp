#include "cli/context.h"

#include <cstdlib>

namespace gamerec::cli {

std::variant<Context, std::string> Context::make(const CommonOptions& options, Streams streams) {
  GameCatalogue catalogue = make_builtin_catalogue();
  if (!options.formats_dir.empty()) {
    if (auto error = catalogue.add_directory(options.formats_dir)) return *error;
  }
  auto messages = Messages::load(options.language);
  if (auto* error = std::get_if<std::string>(&messages)) return *error;

  Context context(std::move(catalogue), std::get<Messages>(std::move(messages)), options, streams);
  if (!options.game.empty()) {
    if (context.catalogue_.find(options.game) == nullptr)
      return "unknown game '" + options.game + "'; known games: " + context.catalogue_.game_names();
    context.game_choice_.forced_game = options.game;
  }
  for (const std::string& variant : options.variants) {
    const auto equals = variant.find('=');
    if (equals == std::string::npos || equals == 0)
      return "--variant takes KEY=VALUE (e.g. castling=false), not '" + variant + "'";
    context.game_choice_.overrides.push_back({variant.substr(0, equals), variant.substr(equals + 1)});
  }
  ui::ColorChoice color = ui::ColorChoice::kAuto;
  if (options.color == "always") color = ui::ColorChoice::kAlways;
  if (options.color == "never") color = ui::ColorChoice::kNever;
  context.palette_.enabled = ui::use_color(color, ui::stdout_is_terminal(), std::getenv("NO_COLOR"));
  return context;
}

}  // namespace gamerec::cli
