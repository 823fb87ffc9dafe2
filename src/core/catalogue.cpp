#include "core/catalogue.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "core/embedded_definitions.h"
#include "rules/suggest.h"
#include "rules/text.h"

namespace gamerec {
namespace {

// The extension that tells the format or game: "games.pgn.zst" is a pgn.
std::string extension_of(const std::string& path) {
  std::filesystem::path name(path);
  const std::string outer = name.extension().string();
  if (outer == ".zst" || outer == ".gz" || outer == ".bz2") name = name.stem();
  const std::string extension = name.extension().string();
  return extension.empty() ? extension : extension.substr(1);
}

}  // namespace

GameCatalogue::GameCatalogue() { formats_.push_back(move_list_format()); }

void GameCatalogue::register_rules(RulesCore core) {
  std::string name = core.type.rules;
  rules_cores_[std::move(name)] = std::move(core);
}

const GameType* GameCatalogue::rules_type(std::string_view rules) const {
  auto core = rules_cores_.find(rules);
  return core == rules_cores_.end() ? nullptr : &core->second.type;
}

void GameCatalogue::register_format(RecordFormat format) {
  formats_.insert(formats_.end() - 1, std::move(format));
}

void GameCatalogue::register_player_kind(std::string rules, std::string kind, PlayerFactory factory) {
  player_kinds_[{std::move(rules), std::move(kind)}] = std::move(factory);
}

Result<std::unique_ptr<Player>, Message> GameCatalogue::make_player(
    const Game& game, std::string_view spec, const PlayerSettings& settings) const {
  const auto colon = spec.find(':');
  if (colon != std::string_view::npos) {
    const std::string name(spec.substr(0, colon));
    auto kind = player_kinds_.find({game.definition().rules, name});
    if (kind == player_kinds_.end()) kind = player_kinds_.find({std::string(kEveryGame), name});
    if (kind != player_kinds_.end()) return kind->second(game, spec.substr(colon + 1), settings);
  }
  auto chooser = game.make_chooser(spec, settings.chooser);
  if (!chooser)
    return Message{"players.unknown",
                   {{"game", game.name()},
                    {"player", std::string(spec)},
                    {"levels", join(game.levels(), ", ")},
                    {"closest", closest_match(spec, game.levels()).value_or("")}}};
  return std::unique_ptr<Player>(std::make_unique<ComputerPlayer>(std::move(chooser)));
}

std::optional<Message> GameCatalogue::add_embedded_definitions() {
  for (const EmbeddedFile& file : embedded_definitions()) {
    if (file.name == "messages.yaml") continue;
    auto error = load_embedded_definition(file, definitions_);
    // Every definition in the map has its MadeOnce, even one added before an error.
    definitions_changed();
    if (error) return error;
  }
  return std::nullopt;
}

std::optional<Message> GameCatalogue::add_builtin_definition(std::string_view yaml_text,
                                                             std::string_view source) {
  std::vector<Message> warnings;
  auto error = load_definition(yaml_text, source, definitions_, /*may_add_rules=*/true, warnings);
  definitions_changed();
  // The compiled-in files use no old keys: a warning here is a bug.
  if (!error && !warnings.empty()) error = warnings.front();
  return error;
}

std::optional<Message> GameCatalogue::add_definition(std::string_view yaml_text, std::string_view source) {
  auto error = load_definition(yaml_text, source, definitions_, /*may_add_rules=*/false, warnings_);
  definitions_changed();
  return error;
}

GameCatalogue GameCatalogue::copy() const {
  GameCatalogue copied;
  copied.rules_cores_ = rules_cores_;
  copied.definitions_ = definitions_;
  copied.formats_ = formats_;
  copied.warnings_ = warnings_;
  copied.player_kinds_ = player_kinds_;
  copied.definitions_changed();
  return copied;
}

void GameCatalogue::definitions_changed() {
  std::map<std::string, std::unique_ptr<MadeOnce>, std::less<>> fresh;
  for (const auto& [name, definition] : definitions_) fresh.emplace(name, std::make_unique<MadeOnce>());
  made_ = std::move(fresh);
}

std::optional<Message> GameCatalogue::add_directory(const std::string& directory) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(directory, ec)) return Message{"definition.not-a-directory", {{"dir", directory}}};
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
    if (!in) return Message{"definition.cannot-read", {{"file", path.string()}}};
    if (auto error = add_definition(text.str(), path.string())) return error;
  }
  return std::nullopt;
}

const GameDefinition* GameCatalogue::find(std::string_view name) const {
  auto it = definitions_.find(name);
  return it == definitions_.end() ? nullptr : &it->second;
}

Message GameCatalogue::unknown_game(std::string_view name) const {
  std::vector<std::string> names;
  for (const auto& entry : definitions_) names.push_back(entry.first);
  return Message{"catalogue.unknown-game", {{"game", std::string(name)},
                                            {"known", game_names()},
                                            {"closest", closest_match(name, names).value_or("")}}};
}

std::string GameCatalogue::game_names() const {
  return join(definitions_, ", ", [](const auto& entry) -> const std::string& { return entry.first; });
}

Result<std::unique_ptr<Game>, Message> GameCatalogue::make_game(
    std::string_view name, const std::vector<OptionOverride>& overrides) const {
  const GameDefinition* definition = find(name);
  if (definition == nullptr)
    return unknown_game(name);
  auto rules = rules_cores_.find(definition->rules);
  if (rules == rules_cores_.end())
    return Message{"catalogue.no-rules-core", {{"game", std::string(name)}, {"rules", definition->rules}}};
  const GameType& type = rules->second.type;
  if (std::cmp_not_equal(definition->sides.size(), type.sides))
    return Message{"catalogue.sides-count", {{"game", std::string(name)},
                                             {"listed", std::to_string(definition->sides.size())},
                                             {"rules", type.rules},
                                             {"sides", std::to_string(type.sides)}}};
  auto options = resolve_options(*definition, overrides);
  if (auto* error = options.if_error()) return *error;
  const auto found = made_.find(name);
  if (found == made_.end()) throw std::logic_error("catalogue: no MadeOnce for '" + std::string(name) + "'");
  MadeOnce& made = *found->second;
  std::call_once(made.shared_once,
                 [&] { made.shared = std::make_shared<const GameDefinition>(*definition); });
  auto game = rules->second.make(made.shared, std::move(options).value());
  // A factory that makes another class than the one registered is a bug.
  if (game && (*game)->type() != type)
    throw std::logic_error("rules core '" + type.rules + "' made a game of another type");
  return game;
}

std::optional<std::string> GameCatalogue::game_for_path(const std::string& path) const {
  const std::string extension = extension_of(path);
  if (extension.empty()) return std::nullopt;
  return game_for_extension(extension);
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
    if (definition.rules != name) continue;
    auto game = make_game(name, {});
    if (game && (*game)->parse_move(move_text)) names.push_back(name);
  }
  return names;
}

const RecordFormat& GameCatalogue::format_of(const std::string& path, std::string_view head) const {
  const std::string extension = path == "-" ? "" : extension_of(path);
  for (const RecordFormat& format : formats_) {
    if (std::find(format.extensions.begin(), format.extensions.end(), extension) != format.extensions.end())
      return format;
  }
  for (const RecordFormat& format : formats_) {
    if (format.recognises(head)) return format;
  }
  return formats_.back();
}

const RecordFormat& GameCatalogue::format_for_output(const std::string& path) const {
  const std::string extension = extension_of(path);
  for (const RecordFormat& format : formats_) {
    if (std::find(format.extensions.begin(), format.extensions.end(), extension) != format.extensions.end())
      return format;
  }
  return formats_.back();
}

}  // namespace gamerec
