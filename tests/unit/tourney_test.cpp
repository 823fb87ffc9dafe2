// tourney: the match loop with computer players only, game after game.
// Seats rotate, results are counted per entrant, every record written
// validates, --wins stops the run, and a fixed seed always gives the same
// games: the total move count is the run's fingerprint (like an engine's
// bench signature), so a change to the players or the loop shows.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>

#include "core/tourney.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

// The fingerprint of `tourney chaturanga --players 1,random --games 6
// --seed 7`: its total number of moves. It changes only when the players,
// the rules or the loop do; then check the new games and update it.
constexpr std::int64_t kChaturangaFingerprint = 199;

}  // namespace

TEST_CASE("tourney: a fixed seed gives the same games, and the move count is the fingerprint") {
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"1", "random"};
  options.games = 6;
  options.seed = 7;
  const auto played_first = gamerec::test::played_tourney(*game, options);
  const auto played_again = gamerec::test::played_tourney(*game, options);
  const Tourney& first = *played_first;
  const Tourney& again = *played_again;
  CHECK(first.games_played() == 6);
  CHECK(first.total_moves() == again.total_moves());
  CHECK(first.total_moves() == kChaturangaFingerprint);
}

TEST_CASE("tourney: seats rotate, so each entrant plays every side") {
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"1", "random"};
  options.games = 2;
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  const auto first = tourney.play_next();
  const auto second = tourney.play_next();
  REQUIRE(first);
  REQUIRE(second);
  CHECK(first->seats == std::vector<std::size_t>{0, 1, 0, 1});  // entrant 1 plays Yellow+Red
  CHECK(second->seats == std::vector<std::size_t>{1, 0, 1, 0});
  CHECK_FALSE(tourney.play_next());
  for (const EntrantTally& tally : tourney.tallies()) {
    CHECK(tally.games == 2);
    CHECK(tally.wins + tally.losses + tally.draws == 2);
  }
  // A team game between two entrants: one's win is the other's loss.
  CHECK(tourney.tallies()[0].wins == tourney.tallies()[1].losses);
}

TEST_CASE("tourney: every record written to --out validates, with the moves played") {
  gamerec::test::TempDir dir;
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"greedy", "random"};
  options.games = 4;
  options.seed = 3;
  options.out_dir = dir.path() + "/records";
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  int records = 0;
  while (auto played = tourney.play_next()) {
    INFO(played->record);
    REQUIRE(std::filesystem::exists(played->record));
    const RunResult run = gamerec::test::validate_record(played->record);
    CHECK_FALSE(run.error);
    CHECK(run.moves == played->moves);
    ++records;
  }
  CHECK(records == 4);
  // A second run into the same directory would replace them: refused.
  const std::string first = dir.path() + "/records/chaturanga-0001.chaturanga";
  const auto before = std::filesystem::last_write_time(first);
  Tourney again(gamerec::test::catalogue(), *game, options);
  const auto error = again.prepare();
  REQUIRE(error);
  CHECK(error->key == "tourney.out-has-records");
  CHECK(std::filesystem::last_write_time(first) == before);
}

TEST_CASE("tourney: --wins plays until an entrant has that many wins") {
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"1", "random"};
  options.wins = 3;
  const auto tourney = gamerec::test::played_tourney(*game, options);
  const auto& tallies = tourney->tallies();
  CHECK(std::max(tallies[0].wins, tallies[1].wins) == 3);
  CHECK(tourney->games_played() >= 3);
}

TEST_CASE("tourney: an unknown player is refused before any game") {
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"1", "grandmaster"};
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  const auto error = tourney.prepare();
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error),
             Catch::Contains("grandmaster") && Catch::Contains("1, greedy, random"));
}

TEST_CASE("tourney: an entrant that cannot be made for a later game loses that game, with the reason") {
  // exec: checks its program when the player is made, once per game; the
  // program disappears after the tourney started.
  gamerec::test::TempDir dir("tourney");
  const std::string program = dir.path() + "/player.sh";
  {
    std::FILE* file = std::fopen(program.c_str(), "w");
    REQUIRE(file != nullptr);
    std::fputs("#!/bin/sh\nexit 0\n", file);
    std::fclose(file);
  }
  std::filesystem::permissions(program, std::filesystem::perms::owner_all);
  const auto game = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {"exec:" + program, "random"};
  options.games = 1;
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  std::filesystem::remove(program);
  const auto played = tourney.play_next();
  REQUIRE(played);
  CHECK(played->end.reason == MatchEnd::Reason::kForfeit);
  CHECK(played->end.forfeited == 0);
  REQUIRE(played->end.forfeit_reason);
  CHECK(played->end.forfeit_reason->key == "exec.not-found");
  CHECK(tourney.tallies()[0].forfeits == 1);
  CHECK(tourney.tallies()[1].wins == 1);
}
