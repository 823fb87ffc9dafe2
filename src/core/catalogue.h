#pragma once
// The games gamerec knows: definitions (from formats/, compiled in, plus
// --formats DIR) and the rules engines that run them. Built once in main and
// passed down; nothing here is global.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/definition_loader.h"
#include "core/game.h"

namespace gamerec {

using GameFactory =
    std::function<std::variant<std::unique_ptr<Game>, std::string>(GameDefinition, RuleOptions)>;

class GameCatalogue {
 public:
  void register_engine(std::string engine, GameFactory factory);
  // Adds the definitions compiled in from formats/ (messages.yaml excluded).
  std::optional<std::string> add_embedded_definitions();
  // Adds every *.yaml in `directory` (--formats), in name order.
  std::optional<std::string> add_directory(const std::string& directory);
  // A user's definition (a variant or an override of a known game).
  std::optional<std::string> add_definition(std::string_view yaml_text, std::string_view source) {
    return load_definition(yaml_text, source, definitions_, /*may_add_engine=*/false);
  }

  const DefinitionMap& definitions() const { return definitions_; }
  const GameDefinition* find(std::string_view name) const;
  std::string game_names() const;  // "chaturanga, chess" for messages

  // A game with its options resolved; an error sentence on unknown game,
  // unknown option or bad value.
  std::variant<std::unique_ptr<Game>, std::string> make_game(
      std::string_view name, const std::vector<OptionOverride>& overrides) const;

  // The game whose definition claims this file extension (no dot), or the
  // extension of `path`.
  std::optional<std::string> game_for_extension(std::string_view extension) const;
  std::optional<std::string> game_for_path(const std::string& path) const;
  // Games (with default options) whose notation accepts `move_text`.
  std::vector<std::string> games_accepting(std::string_view move_text) const;

 private:
  std::map<std::string, GameFactory, std::less<>> engines_;
  DefinitionMap definitions_;
};

// The catalogue of every built-in game: its one line per game lives in
// src/games/builtin_games.cpp.
GameCatalogue make_builtin_catalogue();

}  // namespace gamerec
