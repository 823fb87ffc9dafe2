#pragma once
// The games gamerec knows: definitions (from definitions/, compiled in, plus
// --definitions DIR), the rules cores that run them, and the record formats
// they are read and written in. Built once in main and passed down; nothing
// here is global.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/definition_loader.h"
#include "core/match.h"
#include "records/record_format.h"
#include "rules/facets.h"
#include "rules/game.h"

namespace gamerec {

using GameFactory =
    std::function<Result<std::unique_ptr<Game>, Message>(SharedDefinition, RuleOptions)>;
// A rules core as the catalogue holds it: its facts, known before any game
// is made (OpenSpiel's REGISTER_SPIEL_GAME), and its factory.
struct RulesCore {
  GameType type;
  GameFactory make;
};
// A kind of player that is not a level of the game's own (exec:PROGRAM,
// uci:ENGINE): made from the text after the colon.
using PlayerFactory = std::function<Result<std::unique_ptr<Player>, Message>(
    const Game& game, std::string_view argument, const PlayerSettings& settings)>;

class GameCatalogue {
 public:
  GameCatalogue();  // knows the move-list format
  // Built once (make_builtin_catalogue, then --definitions) and then only
  // read, by every thread: moved, never copied.
  GameCatalogue(GameCatalogue&&) = default;
  GameCatalogue& operator=(GameCatalogue&&) = default;
  GameCatalogue(const GameCatalogue&) = delete;
  GameCatalogue& operator=(const GameCatalogue&) = delete;
  // A second catalogue like this one, for a test that needs one of its own
  // beside the one it was given.
  GameCatalogue copy() const;

  // The rules core of the game class GameT (whose games the factory
  // makes), under the name its facts give (definitions' `rules:` key).
  template <typename GameT>
  void register_rules(GameFactory factory) {
    register_rules(RulesCore{game_type<GameT>(), std::move(factory)});
  }
  void register_rules(RulesCore core);
  // The facts of the rules core named `rules`; nullptr when none is.
  const GameType* rules_type(std::string_view rules) const;
  // A format besides the move list (PGN, .psq).
  void register_format(RecordFormat format);
  // Players of kind `kind` ("uci") for the games of rules core `rules`;
  // `rules` kEveryGame for a kind every game takes ("exec"), whose factory
  // refuses a game without what it needs.
  static constexpr std::string_view kEveryGame = "*";
  void register_player_kind(std::string rules, std::string kind, PlayerFactory factory);
  // Adds the definitions compiled in from definitions/ (messages.yaml excluded).
  std::optional<Message> add_embedded_definitions();
  // Adds one definition of the composition root's, which may bring a rules
  // core (as the compiled-in files do; a user's file may not).
  std::optional<Message> add_builtin_definition(std::string_view yaml_text, std::string_view source);
  // Adds every *.yaml in `directory` (--definitions), in name order.
  std::optional<Message> add_directory(const std::string& directory);
  // A user's definition (a variant or an override of a known game).
  std::optional<Message> add_definition(std::string_view yaml_text, std::string_view source);
  // What the definitions added so far read but warn about (an old key).
  const std::vector<Message>& warnings() const { return warnings_; }

  // Every definition with its texts.
  const DefinitionMap& definitions() const { return definitions_; }
  // The definition named `name`, with its texts; nullptr when none is.
  const GameDefinition* find(std::string_view name) const;
  std::string game_names() const;  // "chaturanga, chess" for messages
  // "unknown game 'chesss'; known games: ...", with the closest name.
  Message unknown_game(std::string_view name) const;

  // A game with its options resolved; a message on unknown game, unknown
  // option or bad value.
  Result<std::unique_ptr<Game>, Message> make_game(std::string_view name,
                                                         const std::vector<OptionOverride>& overrides) const;

  // The game whose definition claims this file extension (no dot), or the
  // extension of `path`.
  std::optional<std::string> game_for_extension(std::string_view extension) const;
  std::optional<std::string> game_for_path(const std::string& path) const;
  // Games (with default options) whose notation accepts `move_text`.
  std::vector<std::string> games_accepting(std::string_view move_text) const;

  // A computer player for `game` from a --players/--ai spec: a level of the
  // game's own ("1", "random") or KIND:ARGUMENT of a registered kind.
  Result<std::unique_ptr<Player>, Message> make_player(const Game& game, std::string_view spec,
                                                             const PlayerSettings& settings) const;

  const std::vector<RecordFormat>& formats() const { return formats_; }
  // The format of an input: the one that claims its extension, else the
  // first whose content check accepts `head`, else the move list.
  const RecordFormat& format_of(const std::string& path, std::string_view head) const;
  // The format to write `path` in: by its extension, else the move list.
  const RecordFormat& format_for_output(const std::string& path) const;

 private:
  // What the catalogue makes of a definition when it is first needed,
  // once, whichever thread asks first (std::call_once): the copy of the
  // definition the games made from it share. The threads of validate
  // --jobs read one catalogue; nothing here is copied per thread.
  struct MadeOnce {
    std::once_flag shared_once;
    SharedDefinition shared;
  };
  // A definition was added or changed: games made from now on share a new
  // copy. Called only while the catalogue is built, before it is shared.
  void definitions_changed();

  std::map<std::string, RulesCore, std::less<>> rules_cores_;
  DefinitionMap definitions_;          // written only while the catalogue is built
  std::vector<RecordFormat> formats_;  // the move list last: it takes anything
  std::vector<Message> warnings_;
  std::map<std::pair<std::string, std::string>, PlayerFactory> player_kinds_;  // (rules, kind)
  // One for every definition, made with it.
  std::map<std::string, std::unique_ptr<MadeOnce>, std::less<>> made_;
};

}  // namespace gamerec
