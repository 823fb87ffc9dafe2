#pragma once
// Games made without the catalogue, for rules_tests: each game's own
// make_game with a definition written out here (name, sides, options and
// their defaults; no YAML, no message texts). That rules_tests links only
// gamerec_rules and the games' libraries proves they stand alone.
// unit_tests' "rules-only definitions agree with definitions/" keeps these
// equal to the definitions gamerec ships.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/battleship/battleship.h"
#include "games/chaturanga/chaturanga.h"
#include "games/chess/chess.h"
#include "games/gomoku/gomoku.h"
#include "games/kalah/kalah.h"
#include "rules/game.h"

namespace gamerec::test {

struct RulesOnlyGame {
  GameDefinition definition;
  Result<std::unique_ptr<Game>, Message> (*make)(SharedDefinition, RuleOptions);
};

inline OptionSpec option(std::string name, OptionType type, OptionValue value, std::optional<int> min = {},
                         std::optional<int> max = {}) {
  OptionSpec spec;
  spec.name = std::move(name);
  spec.type = type;
  spec.default_value = std::move(value);
  spec.min = min;
  spec.max = max;
  return spec;
}

inline GameDefinition definition(std::string name, std::vector<std::string> sides, std::vector<OptionSpec> options,
                                 std::string rules = "") {
  GameDefinition definition;
  definition.rules = rules.empty() ? name : std::move(rules);
  definition.name = std::move(name);
  definition.sides = std::move(sides);
  definition.options = std::move(options);
  return definition;
}

// Every built-in game, by name.
inline const std::map<std::string, RulesOnlyGame>& rules_only_games() {
  static const std::map<std::string, RulesOnlyGame> games = {
      {"battleship",
       {definition(
            "battleship", {"player1", "player2"},
            {option("width", OptionType::kInt, 10, 1, 26), option("height", OptionType::kInt, 10, 1, 26),
             option("ships", OptionType::kIntList, std::vector<int>{4, 3, 3, 2, 2, 2, 1, 1, 1, 1}, 1, 26),
             option("first", OptionType::kInt, 1, 1, 2),
             option("extra_shot_on_hit", OptionType::kBool, true)}),
        battleship::make_game}},
      {"chaturanga",
       {definition(
            "chaturanga", {"yellow", "green", "red", "black"},
            {option("castling", OptionType::kBool, true),
             option("setup", OptionType::kString,
                    std::string("R1A N1B B1C K1D P2A P2B P2C P2D / K4H B3H N2H R1H P1G P2G P3G P4G / "
                                "R8H N8G B8F K8E P7E P7F P7G P7H / R8A N7A B6A K5A P8B P7B P6B P5B"))}),
        chaturanga::make_game}},
      {"chess",
       {definition("chess", {"white", "black"},
                   {option("start", OptionType::kString,
                           std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")),
                    option("chess960", OptionType::kBool, false)}),
        chess::make_game}},
      {"chess960",
       {definition("chess960", {"white", "black"},
                   {option("start", OptionType::kString, std::string("random")),
                    option("chess960", OptionType::kBool, true)},
                   "chess"),
        chess::make_game}},
      {"gomoku",
       {definition("gomoku", {"black", "white"},
                   {option("size", OptionType::kInt, 15, 5, 26),
                    option("rule", OptionType::kString, std::string("freestyle")),
                    option("exact_five", OptionType::kBool, false)}),
        gomoku::make_game}},
      {"kalah",
       {definition("kalah", {"south", "north"},
                   {option("seeds", OptionType::kInt, 4, 3, 6), option("pits", OptionType::kInt, 6, 1, 8),
                    option("capture_needs_opposite_seeds", OptionType::kBool, true)}),
        kalah::make_game}},
  };
  return games;
}

inline std::unique_ptr<Game> make_rules_only(const std::string& name, std::vector<OptionOverride> overrides = {}) {
  const RulesOnlyGame& game = rules_only_games().at(name);
  auto options = resolve_options(game.definition, overrides);
  if (!options) throw std::runtime_error(options.error().key);
  auto made = game.make(std::make_shared<const GameDefinition>(game.definition), std::move(options).value());
  if (!made) throw std::runtime_error(made.error().key);
  return std::move(made).value();
}

}  // namespace gamerec::test
