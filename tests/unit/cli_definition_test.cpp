// The command line as one definition (cli/cli_app.h): "did you mean" by
// edit distance, --help in Spanish for every option, and shell completion
// from the same definition and the catalogue.
#include <catch2/catch.hpp>

#include "cli/cli_app.h"
#include "cli/completion.h"
#include "rules/suggest.h"
#include "test_support.h"

using namespace gamerec;
using Strings = std::vector<std::string>;

TEST_CASE("suggest: edit distance counts insertions, deletions, changes and swaps") {
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(edit_distance("validate", "valdiate") == 1);  // a swap
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("same", "same") == 0);
}

TEST_CASE("suggest: the closest known word, only when close enough") {
  const Strings commands = {"validate", "replay", "play", "games", "convert"};
  CHECK(closest_match("valdate", commands) == std::optional<std::string>("validate"));
  CHECK(closest_match("reply", commands) == std::optional<std::string>("replay"));
  CHECK(closest_match("frobnicate", commands) == std::nullopt);
  CHECK(closest_match("--ga", Strings{"--game", "--game-index", "--format"}) == std::optional<std::string>("--game"));
  CHECK(closest_match("chesss", Strings{"chaturanga", "chess", "kalah"}) == std::optional<std::string>("chess"));
}

TEST_CASE("cli: every subcommand and option has a Spanish help text") {
  cli::CliApp app = cli::make_cli_app("gamerec test");
  const Messages spanish = Messages::load("es").value();
  CHECK(spanish.has("help.gamerec"));
  CHECK(spanish.has("help.footer"));
  CHECK(spanish.has("help.footer-top"));
  for (const CLI::Option* option : app.app->get_options()) {
    INFO(cli::help_key("gamerec", *option));
    CHECK(spanish.has(cli::help_key("gamerec", *option)));
  }
  for (const cli::Command& command : app.commands) {
    const std::string name = command.app->get_name();
    INFO(name);
    CHECK(spanish.has("help." + name));
    for (const CLI::Option* option : command.app->get_options()) {
      INFO(cli::help_key(name, *option));
      CHECK(spanish.has(cli::help_key(name, *option)));
    }
  }
}

TEST_CASE("completion: subcommands, options, games, players and rule options") {
  cli::CliApp app = cli::make_cli_app("gamerec test");
  const GameCatalogue& catalogue = test::catalogue();
  auto complete = [&](Strings words) { return cli::completions(app, catalogue, words); };
  CHECK(complete({"va"}) == Strings{"validate"});
  CHECK(complete({"validate", "--ga"}) == Strings{"--game"});
  CHECK(complete({"validate", "--jo"}) == Strings{"--jobs"});
  CHECK(complete({"--game", "ch"}) == Strings{"chaturanga", "chess", "chess960"});
  CHECK(complete({"play", "x.chess", "--ai", "black="}) ==
        Strings{"black=1", "black=2", "black=3", "black=4", "black=5", "black=random"});
  CHECK(complete({"play", "x.kalah", "--ai", ""}) == Strings{"south=", "north="});
  CHECK(complete({"perft", "kalah", "--variant", "pi"}) == Strings{"pits="});
  CHECK(complete({"tourney", "chaturanga", "--players", "1,gr"}) == Strings{"1,greedy"});
  CHECK(complete({"--lang", ""}) == Strings{"en", "es"});
  CHECK(complete({"--lang=e"}) == Strings{"--lang=en", "--lang=es"});
  CHECK(complete({"validate", ""}) == Strings{":files"});
  CHECK(complete({"perft", "g"}) == Strings{"gomoku"});
  CHECK(complete({"tourney", "kalah", "--out", ""}) == Strings{":dirs"});
}
