// Rule options and game definitions: YAML to typed data, overrides,
// unknown keys named with the valid ones.
#include <catch2/catch.hpp>

#include <algorithm>
#include <thread>
#include <type_traits>

#include "app/builtin_games.h"
#include "core/catalogue.h"
#include "core/embedded_definitions.h"
#include "records/yaml_text.h"
#include "test_support.h"

using namespace gamerec;

TEST_CASE("options: the compiled-in chaturanga definition has its options and defaults") {
  const GameDefinition* definition = gamerec::test::catalogue().find("chaturanga");
  REQUIRE(definition != nullptr);
  CHECK(definition->sides == std::vector<std::string>{"yellow", "green", "red", "black"});
  CHECK(definition->extensions == std::vector<std::string>{"chaturanga", "cht"});
  CHECK(definition->piece_letters.at("es") == "RTACP");
  CHECK(definition->side_colors.at("yellow") == 220);  // the UI's colours are data too
  const OptionSpec* castling = definition->find_option("castling");
  REQUIRE(castling != nullptr);
  CHECK(std::get<bool>(castling->default_value) == true);
}

TEST_CASE("options: an unknown --variant key is an error naming the valid options") {
  auto made = gamerec::test::catalogue().make_game("chaturanga", {{"queens", "true"}});
  REQUIRE(!made.ok());
  CHECK_THAT(gamerec::test::english_error(made),
             Catch::Contains("queens") && Catch::Contains("castling, setup"));
}

TEST_CASE("options: values are parsed by type, with ranges") {
  OptionSpec spec;
  spec.name = "seeds";
  spec.type = OptionType::kInt;
  spec.min = 3;
  spec.max = 6;
  CHECK(std::get<int>((parse_option_value(spec, "5")).value()) == 5);
  CHECK_THAT(gamerec::test::english_error(parse_option_value(spec, "7")), Catch::Contains("in 3..6"));
  CHECK(!(parse_option_value(spec, "five")).ok());
  spec.type = OptionType::kIntList;
  spec.min = 1;
  CHECK(std::get<std::vector<int>>((parse_option_value(spec, "4,3,3")).value()) ==
        std::vector<int>{4, 3, 3});
  CHECK(!(parse_option_value(spec, "4,,3")).ok());
  spec.type = OptionType::kBool;
  CHECK(std::get<bool>((parse_option_value(spec, "false")).value()) == false);
  CHECK(!(parse_option_value(spec, "maybe")).ok());
}

TEST_CASE("definitions: a variant extends a game and overrides defaults") {
  GameCatalogue catalogue = make_builtin_catalogue();
  REQUIRE_FALSE(catalogue.add_definition(
      "name: chaturanga-classic\nextends: chaturanga\noptions: {castling: {default: false}}\n", "test.yaml"));
  const GameDefinition* variant = catalogue.find("chaturanga-classic");
  REQUIRE(variant != nullptr);
  CHECK(variant->rules == "chaturanga");
  CHECK(variant->extensions.empty());  // chosen by name, not by file extension
  CHECK(std::get<bool>(variant->find_option("castling")->default_value) == false);
  auto made = catalogue.make_game("chaturanga-classic", {});
  REQUIRE(made.ok());
  CHECK(catalogue.game_for_extension("cht") == "chaturanga");
}

TEST_CASE("definitions: a definition with a known name overrides that game") {
  GameCatalogue catalogue = make_builtin_catalogue();
  REQUIRE_FALSE(
      catalogue.add_definition("name: chaturanga\noptions: {castling: {default: false}}\n", "x.yaml"));
  CHECK(std::get<bool>(catalogue.find("chaturanga")->find_option("castling")->default_value) == false);
}

TEST_CASE("definitions: unknown keys and bad values are errors that say what is valid") {
  GameCatalogue catalogue = make_builtin_catalogue();
  auto error = catalogue.add_definition("name: x\nextends: chaturanga\ncolour: red\n", "x.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error),
             Catch::Contains("x.yaml") && Catch::Contains("colour") && Catch::Contains("extends"));
  error =
      catalogue.add_definition("name: x\nextends: chaturanga\noptions: {queens: {default: 1}}\n", "x.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("valid options: castling, setup"));
  error =
      catalogue.add_definition("name: x\nextends: chaturanga\noptions: {castling: {default: 7}}\n", "x.yaml");
  REQUIRE(error);
  error = catalogue.add_definition("name: y\noptions: {}\n", "y.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("extends"));
  error = catalogue.add_definition("name: [unclosed\n", "z.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("z.yaml"));
  error = catalogue.add_definition("name: x\nextends: chaturanga\ncolors: {red: 300}\n", "c.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("0-255"));
  error = catalogue.add_definition("name: x\nextends: nothing\n", "w.yaml");
  REQUIRE(error);
  // The engine's code relies on its sides and option types.
  error = catalogue.add_definition("name: x\nextends: chaturanga\nsides: [a, b]\n", "s.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("sides"));
  error =
      catalogue.add_definition("name: x\nextends: chaturanga\noptions: {castling: {type: int}}\n", "t.yaml");
  REQUIRE(error);
  error = catalogue.add_definition("name: fresh\nengine: chaturanga\nsides: [a]\n", "e.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("extends"));
  // Piece letters must tell the pieces apart, one letter per piece.
  error = catalogue.add_definition("name: x\nextends: chaturanga\npieces: {en: KKKKK}\n", "p.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("KKKKK") && Catch::Contains("twice"));
  error = catalogue.add_definition("name: x\nextends: chaturanga\npieces: {en: KRB}\n", "p.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("5 letters"));
  CHECK_FALSE(catalogue.add_definition("name: x\nextends: chaturanga\npieces: {fr: RTFCP}\n", "p.yaml"));
  // Deep nesting is named, with its line.
  error = catalogue.add_definition(
      "name: x\ntitle: " + std::string(3000, '[') + std::string(3000, ']') + "\n", "d.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error),
             Catch::Contains("d.yaml:2") && Catch::Contains("nested too deeply"));
}

TEST_CASE("definitions: top-level sections split a document at its column-0 keys") {
  const std::string text = "# a comment\nname: x\nmessages:\n  en:\n    a: 1\n\nsides: [a, b]\n";
  const auto sections = top_level_sections(text);
  REQUIRE(sections.size() == 4);
  CHECK(sections[0].first.empty());
  CHECK(sections[0].second == "# a comment\n");
  CHECK(sections[1].first == "name");
  CHECK(sections[1].second == "name: x\n");
  CHECK(sections[2].first == "messages");
  CHECK(sections[2].second == "messages:\n  en:\n    a: 1\n\n");
  CHECK(sections[3].first == "sides");
  CHECK(sections[3].second == "sides: [a, b]\n");
  std::string joined;
  for (const auto& [key, body] : sections) joined += body;
  CHECK(joined == text);  // nothing lost or doubled
}

TEST_CASE("definitions: built-in texts flattened at build time are the texts a full parse gives") {
  // The reference: every compiled-in file parsed whole, as a user's file is.
  DefinitionMap whole;
  std::vector<Message> warnings;
  for (const EmbeddedFile& file : embedded_definitions()) {
    if (file.name == "messages.yaml") continue;
    REQUIRE_FALSE(load_definition(file.text, file.name, whole, /*may_add_rules=*/true, warnings));
  }
  CHECK(warnings.empty());
  GameCatalogue catalogue = make_builtin_catalogue();
  CHECK(catalogue.definitions().size() == whole.size());
  for (const auto& [name, definition] : whole) {
    INFO(name);
    const GameDefinition* built_in = catalogue.find(name);
    REQUIRE(built_in != nullptr);
    CHECK_FALSE(definition.messages.empty());
    CHECK(built_in->messages == definition.messages);
    CHECK(built_in->side_names == definition.side_names);
    CHECK(built_in->options.size() == definition.options.size());
  }
}

TEST_CASE("definitions: a user's texts go over the built-in ones") {
  GameCatalogue catalogue = make_builtin_catalogue();
  REQUIRE_FALSE(catalogue.add_definition("name: chess\nmessages: {en: {ends: {checkmate: \"mate!\"}}}\n", "x.yaml"));
  const GameDefinition* chess = catalogue.find("chess");
  REQUIRE(chess != nullptr);
  CHECK(chess->messages.at("en").at("ends.checkmate") == "mate!");
  CHECK(chess->messages.at("es").at("ends.checkmate") == "jaque mate");  // the built-in text
}

TEST_CASE("definitions: a user's definition may narrow an option's range, never widen it") {
  // The engines size their boards from the built-in ranges (kalah's pits
  // array, battleship's 26 columns): a wider range would overrun them.
  GameCatalogue catalogue = make_builtin_catalogue();
  auto error = catalogue.add_definition("name: kalah\noptions: {pits: {max: 20}}\n", "wide.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("wide.yaml") && Catch::Contains("'pits'") &&
                                                 Catch::Contains("max 20") && Catch::Contains("its max is 8"));
  error = catalogue.add_definition("name: big\nextends: battleship\noptions: {width: {min: 0}}\n", "v.yaml");
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error), Catch::Contains("min 0"));
  REQUIRE_FALSE(catalogue.add_definition("name: kalah\noptions: {pits: {max: 6}}\n", "narrow.yaml"));
  CHECK(catalogue.find("kalah")->find_option("pits")->max == 6);
  auto made = catalogue.make_game("kalah", {{"pits", "7"}});
  CHECK(!made.ok());
}

TEST_CASE(
    "catalogue: one is read by many threads at once, each definition's shared copy made once, nothing "
    "copied") {
  static_assert(!std::is_copy_constructible_v<GameCatalogue>, "the catalogue is built once and never copied");
  // The reference texts, from a catalogue read by one thread.
  const GameCatalogue reference = make_builtin_catalogue();
  const GameCatalogue catalogue = make_builtin_catalogue();
  // Every thread asks for every game's rules at once: whichever asks first
  // makes the definition's shared copy.
  std::vector<std::string> names;
  for (const auto& [name, definition] : reference.definitions()) names.push_back(name);
  constexpr int kThreads = 8;
  std::vector<std::vector<std::unique_ptr<Game>>> made(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (const std::string& name : names) {
        auto game = catalogue.make_game(name, {});
        if (game) made[static_cast<std::size_t>(t)].push_back(std::move(game).value());
        // What else a thread reads of it while others make games.
        (void)catalogue.game_for_path("x." + name);
        if (t % 2 == 1) (void)catalogue.definitions().size();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) {
    REQUIRE(made[static_cast<std::size_t>(t)].size() == names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
      const GameDefinition& definition = made[static_cast<std::size_t>(t)][i]->definition();
      INFO(names[i]);
      CHECK(definition.messages == reference.find(names[i])->messages);
      // One copy of the definition, shared by every thread's games.
      CHECK(&definition == &made[0][i]->definition());
    }
  }
}
