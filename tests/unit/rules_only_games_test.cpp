// The definitions rules_tests makes its games from (rules_only_games.h)
// are the ones gamerec ships in definitions/: same games, sides and
// options, with the same types, defaults and ranges.
#include <catch2/catch.hpp>

#include "rules_only_games.h"
#include "test_support.h"

using namespace gamerec;

TEST_CASE("rules-only definitions agree with definitions/") {
  CHECK(test::rules_only_games().size() == test::catalogue().definitions().size());
  for (const auto& [name, game] : test::rules_only_games()) {
    INFO(name);
    const GameDefinition* shipped = test::catalogue().find(name);
    REQUIRE(shipped != nullptr);
    CHECK(game.definition.rules == shipped->rules);
    CHECK(game.definition.sides == shipped->sides);
    REQUIRE(game.definition.options.size() == shipped->options.size());
    for (std::size_t i = 0; i < shipped->options.size(); ++i) {
      const OptionSpec& ours = game.definition.options[i];
      const OptionSpec& theirs = shipped->options[i];
      INFO(theirs.name);
      CHECK(ours.name == theirs.name);
      CHECK(ours.type == theirs.type);
      CHECK(ours.default_value == theirs.default_value);
      CHECK(ours.min == theirs.min);
      CHECK(ours.max == theirs.max);
    }
  }
}
