// exec:PROGRAM battleship players: the example player of samples/ plays a
// whole tourney, and a player that crashes, hangs, closes its streams,
// answers nonsense or cheats loses that game with the right reason, while
// the tourney goes on.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/match.h"
#include "core/tourney.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

const std::string kSource = GAMEREC_SOURCE_DIR;
const std::string kExample = "exec:" + kSource + "/samples/battleship/players/simple.sh";
const std::string kMisbehave = "exec:" + kSource + "/tests/data/battleship/misbehave.sh";

// One game of `spec` (player 1) against random (player 2).
TourneyGame one_game(const std::string& spec, std::int64_t timeout_ms = 10000) {
  const auto game = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {spec, "random"};
  options.games = 1;
  options.timeout_ms = timeout_ms;
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  auto played = tourney.play_next();
  REQUIRE(played);
  return *played;
}

std::string arg(const Message& message, const std::string& name) {
  for (const auto& [key, value] : message.args) {
    if (key == name) return value;
  }
  return "";
}

}  // namespace

TEST_CASE("exec players: the example player completes a tourney, and every record validates") {
  gamerec::test::TempDir dir;
  const auto game = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {kExample, "random"};
  options.games = 4;
  options.out_dir = dir.path() + "/out";
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  while (auto played = tourney.play_next()) {
    INFO(played->record);
    CHECK(played->end.reason == MatchEnd::Reason::kGameOver);
    const RunResult run = gamerec::test::validate_record(played->record);
    CHECK_FALSE(run.error);
    CHECK(run.moves == played->moves);
  }
  CHECK(tourney.games_played() == 4);
  CHECK(tourney.tallies()[0].forfeits == 0);
  CHECK(tourney.tallies()[0].wins + tourney.tallies()[1].wins == 4);
}

TEST_CASE("exec players: a program that crashes loses, with its exit status") {
  const TourneyGame played = one_game(kMisbehave + " crash");
  CHECK(played.end.reason == MatchEnd::Reason::kForfeit);
  CHECK(played.end.forfeited == 0);
  CHECK(played.end.outcome.winners == std::vector<Side>{1});
  REQUIRE(played.end.forfeit_reason);
  CHECK(played.end.forfeit_reason->key == "exec.exited");
  CHECK(arg(*played.end.forfeit_reason, "number") == "3");
  CHECK(arg(*played.end.forfeit_reason, "request") == "shot");
  CHECK(played.moves == 20);  // both fleets were placed
}

TEST_CASE("exec players: a program that does not answer in time loses, and is not waited for") {
  const auto start = std::chrono::steady_clock::now();
  const TourneyGame played = one_game(kMisbehave + " hang", 300);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));  // it sleeps for 30
  REQUIRE(played.end.forfeit_reason);
  CHECK(played.end.forfeit_reason->key == "exec.timeout");
  CHECK(arg(*played.end.forfeit_reason, "ms") == "300");
}

TEST_CASE("exec players: a program that closes its streams loses") {
  const TourneyGame played = one_game(kMisbehave + " close");
  REQUIRE(played.end.forfeit_reason);
  CHECK(played.end.forfeit_reason->key == "exec.closed");
}

TEST_CASE("exec players: a program that closes only its output loses at once, not by the clock") {
  // Its input stays open: on a stream shared by both, this went unseen.
  const TourneyGame played = one_game(kMisbehave + " closeout", 20000);
  REQUIRE(played.end.forfeit_reason);
  CHECK(played.end.forfeit_reason->key == "exec.closed");
}

TEST_CASE("exec players: what a program started goes with it, and its exit is its reason") {
  // A background child keeps the program's output open after it exits,
  // for 30 s: longer than the time the program has to answer.
  gamerec::test::TempDir dir;
  const std::string pid_file = dir.path() + "/sleep.pid";
  const TourneyGame played = one_game(kMisbehave + " orphan " + pid_file, 20000);
  REQUIRE(played.end.forfeit_reason);
  CHECK(played.end.forfeit_reason->key == "exec.exited");
  CHECK(arg(*played.end.forfeit_reason, "number") == "0");
  std::string pid;
  std::ifstream(pid_file) >> pid;
  REQUIRE_FALSE(pid.empty());
  // Killed: gone, or a zombie until init reaps it (SIGKILL takes a moment).
  auto state_of = [&] {
    std::string state = "gone";
    if (std::ifstream stat("/proc/" + pid + "/stat"); stat) {
      std::string skip;
      stat >> skip >> skip >> state;
    }
    return state;
  };
  std::string state = state_of();
  for (int tries = 0; tries < 100 && state != "gone" && state != "Z"; ++tries) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    state = state_of();
  }
  INFO("sleep " << pid << " state " << state);
  CHECK((state == "gone" || state == "Z"));
}

TEST_CASE("exec players: a line too long or not a move breaks the protocol") {
  const TourneyGame long_line = one_game(kMisbehave + " long");
  REQUIRE(long_line.end.forfeit_reason);
  CHECK(long_line.end.forfeit_reason->key == "exec.too-long");
  const TourneyGame garbage = one_game(kMisbehave + " garbage");
  CHECK(garbage.end.reason == MatchEnd::Reason::kForfeit);
  CHECK(garbage.end.forfeit_error->code == ErrorCode::kNotation);
  CHECK(garbage.end.forfeit_move == "hello");
}

TEST_CASE("exec players: cheating loses: an illegal fleet, a repeated shot, a false answer") {
  const TourneyGame overlap = one_game(kMisbehave + " overlap");
  CHECK(overlap.end.reason == MatchEnd::Reason::kForfeit);
  CHECK(overlap.end.forfeit_error ==
        MoveError{ErrorCode::kShipPlacement,
                  "overlap",
                  {{"ship", "2"}, {"length", "3"}, {"other", "1"}, {"other_length", "4"}}});
  CHECK(overlap.end.forfeit_move == "B1 down");
  const TourneyGame repeat = one_game(kMisbehave + " repeat");
  CHECK(repeat.end.forfeit_error->code == ErrorCode::kRepeatedShot);
  const TourneyGame lie = one_game(kMisbehave + " lie");
  CHECK(lie.end.forfeit_error->code == ErrorCode::kResponseMismatch);
  CHECK(lie.end.forfeit_move == "A1 sunk");
}

TEST_CASE("exec players: a missing program is refused before any game") {
  const auto game = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {"exec:" + kSource + "/no/such/player", "random"};
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  const auto error = tourney.prepare();
  REQUIRE(error);
  CHECK(error->key == "exec.not-found");
  options.players = {"exec:", "random"};
  Tourney empty(gamerec::test::catalogue(), *game, options);
  CHECK(empty.prepare()->key == "exec.no-program");
}

TEST_CASE("exec players: a tourney goes on after a forfeit, and counts it") {
  const auto game = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {kMisbehave + " crash", kExample};
  options.games = 4;
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  while (tourney.play_next()) {
  }
  CHECK(tourney.games_played() == 4);
  CHECK(tourney.tallies()[0].forfeits == 4);
  CHECK(tourney.tallies()[1].wins == 4);
}

TEST_CASE("exec players: a game continued from a record tells the program what its side did and saw") {
  // Both fleets placed (those of samples/battleship/valid/full-game), then
  // player 1 shot A1 (water) and player 2 E7 (water). The example player,
  // started only now, would shoot A1 again, its first cell, and lose, had
  // it not been told "answer A1 water".
  const auto game = gamerec::test::make("battleship");
  auto state = game->new_state();
  gamerec::test::play_all(
      *game, *state,
      {"B2 down", "D6 down", "J7 down",  "F7 down", "A10 right", "E3 right", "H7",      "B8",
       "F1",      "J1",      "B7 right", "H7 down", "D10 right", "D2 right", "J1 down", "J4 down",
       "A5",      "C5",      "J9",       "H4",      "A1 water",  "E7 water"});
  REQUIRE(state->to_move() == 0);
  auto made =
      gamerec::test::catalogue().make_player(*game, kExample, PlayerSettings{{1, std::nullopt}, 10000});
  auto opponent = gamerec::test::catalogue().make_player(*game, "random", PlayerSettings{{2, std::nullopt}});
  REQUIRE(made.ok());
  REQUIRE(opponent.ok());
  Match match(
      *game, std::move(state),
      {made.value().get(), opponent.value().get()},
      nullptr);
  MatchHooks hooks;
  const MatchEnd end = match.run(hooks);
  INFO((end.forfeit_reason ? gamerec::test::english(*end.forfeit_reason) : std::string("no forfeit")));
  CHECK(end.reason == MatchEnd::Reason::kGameOver);
}
