// The conformance kit on every game of the built-in catalogue, variants
// too: a game added to the catalogue is checked without being listed here.
#include <catch2/catch.hpp>

#include "app/builtin_games.h"
#include "conformance/conformance.h"
#include "support/temp_dir.h"

using namespace gamerec;

TEST_CASE("conformance: every game of the catalogue passes the kit") {
  const GameCatalogue catalogue = make_builtin_catalogue();
  test::TempDir dir("conformance");
  int games = 0;
  for (const auto& [name, definition] : catalogue.definitions()) {
    INFO(name);
    CHECK(conformance::describe(conformance::check_game(catalogue, name, conformance::kit_options(dir.path()))) == "");
    ++games;
  }
  CHECK(games >= 6);  // the five games and Chess960
}

TEST_CASE("conformance: a definition whose sides the rules core does not play is named") {
  // As a composition root would add it (a user's file may not name a rules core).
  static constexpr std::string_view kThreeSided =
      "name: kalah3\nrules: kalah\ntitle: three-sided kalah\nsides: [south, east, north]\n"
      "names: {en: [South, East, North], es: [Sur, Este, Norte]}\nexample: \"3\"\n";
  GameCatalogue catalogue = make_builtin_catalogue();
  REQUIRE_FALSE(catalogue.add_builtin_definition(kThreeSided, "kalah3.yaml"));
  test::TempDir dir("conformance");
  const auto findings = conformance::check_game(catalogue, "kalah3", conformance::kit_options(dir.path()));
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].check == "definition");
  CHECK(findings[0].detail == "the catalogue cannot make it: catalogue.sides-count");
}

TEST_CASE("conformance: each rules core's type is registered before any game is made, derived from its facets") {
  const GameCatalogue catalogue = make_builtin_catalogue();
  CHECK(catalogue.rules_type("no-such-core") == nullptr);
  const GameType* kalah = catalogue.rules_type("kalah");
  REQUIRE(kalah != nullptr);
  CHECK(kalah->solver);  // KalahGame derives from Solvable
  CHECK_FALSE(kalah->cell_board);
  const GameType* battleship = catalogue.rules_type("battleship");
  REQUIRE(battleship != nullptr);
  CHECK(battleship->information == GameType::Information::kHidden);  // from HiddenInformation
  const GameType* gomoku = catalogue.rules_type("gomoku");
  REQUIRE(gomoku != nullptr);
  CHECK(gomoku->cell_board);  // from CellBoard
  const GameType* chaturanga = catalogue.rules_type("chaturanga");
  REQUIRE(chaturanga != nullptr);
  CHECK(chaturanga->sides == 4);  // stated: no facet tells it
  const GameType* chess = catalogue.rules_type("chess");
  REQUIRE(chess != nullptr);
  CHECK(chess->sides_face);
  // Chess960 is chess's definition with other options: the same core.
  auto chess960 = catalogue.make_game("chess960", {});
  REQUIRE(chess960);
  CHECK((*chess960)->type() == *chess);
}
