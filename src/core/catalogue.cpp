#include "core/catalogue.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/embedded_formats.h"
#include "core/text.h"

namespace gamerec {

void GameCatalogue::register_engine(std::string engine, GameFactory factory) {
  engines_[std::move(engine)] = std::move(factory);
}

std::optional<std::string> GameCatalogue::add_embedded_definitions() {
  for (const EmbeddedFile& file : embedded_formats()) {
    if (file.name == "messages.yaml") continue;
    if (auto error = load_definition(file.text, file.name, definitions_, /*may_add_engine=*/true))
      return error;
  }
  return std::nullopt;
}

std::optional<std::string> GameCatalogue::add_directory(const std::string& directory) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(directory, ec)) return "--formats " + directory + ": not a directory";
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(directory, ec)) {
    if (entry.path().extension() == ".yaml" && entry.path().filename() != "messages.yaml")
      files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) return path.string() + ": cannot read";
    if (auto error = add_definition(text.str(), path.string())) return error;
  }
  return std::nullopt;
}

const GameDefinition* GameCatalogue::find(std::string_view name) const {
  auto it = definitions_.find(name);
  return it == definitions_.end() ? nullptr : &it->second;
}

std::string GameCatalogue::game_names() const {
  return join(definitions_, ", ", [](const auto& entry) -> const std::string& { return entry.first; });
}

std::variant<std::unique_ptr<Game>, std::string> GameCatalogue::make_game(
    std::string_view name, const std::vector<OptionOverride>& overrides) const {
  const GameDefinition* definition = find(name);
  if (definition == nullptr) return "unknown game '" + std::string(name) + "'; known games: " + game_names();
  auto engine = engines_.find(definition->engine);
  if (engine == engines_.end())
    return "game '" + std::string(name) + "' needs the rules engine '" + definition->engine +
           "', which this gamerec does not have";
  auto options = resolve_options(*definition, overrides);
  if (auto* error = std::get_if<std::string>(&options)) return *error;
  return engine->second(*definition, std::get<RuleOptions>(std::move(options)));
}

std::optional<std::string> GameCatalogue::game_for_path(const std::string& path) const {
  const std::string extension = std::filesystem::path(path).extension().string();
  if (extension.empty()) return std::nullopt;
  return game_for_extension(std::string_view(extension).substr(1));
}

std::optional<std::string> GameCatalogue::game_for_extension(std::string_view extension) const {
  for (const auto& [name, definition] : definitions_) {
    for (const auto& ext : definition.extensions) {
      if (ext == extension) return name;
    }
  }
  return std::nullopt;
}

std::vector<std::string> GameCatalogue::games_accepting(std::string_view move_text) const {
  std::vector<std::string> names;
  for (const auto& [name, definition] : definitions_) {
    // Variants share their base's notation; asking the base games is enough.
    if (definition.engine != name) continue;
    auto game = make_game(name, {});
    auto* made = std::get_if<std::unique_ptr<Game>>(&game);
    if (made == nullptr) continue;
    auto start = (*made)->new_state();
    if (std::holds_alternative<Move>((*made)->parse_move(move_text, *start))) names.push_back(name);
  }
  return names;
}

}  // namespace gamerec
