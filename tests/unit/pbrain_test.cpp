// pbrain:PROGRAM, Gomocup brains (gamerec-games(7), GOMOKU, "Gomocup
// brains"): what a brain is told, in what order and with which line ends,
// its name from ABOUT, and a test brain written from the published
// protocol playing whole games whose records validate.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>

#include "core/tourney.h"
#include "players/pbrain.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

const std::string kSource = GAMEREC_SOURCE_DIR;
const std::string kBrain = "pbrain:" + kSource + "/tests/data/pbrain/brain.py";

std::vector<std::string> lines_of(const std::string& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A game from `state` between `first` and `second` (specs), to its end.
MatchEnd play_out(const Game& game, std::unique_ptr<State> state, const std::string& first,
                  const std::string& second) {
  auto one = gamerec::test::catalogue().make_player(game, first, PlayerSettings{{1, std::nullopt}, 10000});
  auto two = gamerec::test::catalogue().make_player(game, second, PlayerSettings{{2, std::nullopt}, 10000});
  REQUIRE(one.ok());
  REQUIRE(two.ok());
  Match match(game, std::move(state), {one.value().get(), two.value().get()}, nullptr);
  MatchHooks hooks;
  return match.run(hooks);
}

}  // namespace

TEST_CASE("pbrain: START for a square board, RECTSTART for another") {
  CHECK(pbrain_start_command(15, 15) == "START 15");
  CHECK(pbrain_start_command(30, 20) == "RECTSTART 30,20");
}

TEST_CASE("pbrain: the name from ABOUT, in the published form or as free text") {
  CHECK(pbrain_about_name(R"(name="SomeBrain", version="1.0", author="Nymand", country="USA")") == "SomeBrain 1.0");
  CHECK(pbrain_about_name(R"(author="A, B", name="pisq 7")") == "pisq 7");
  CHECK(pbrain_about_name("  Old brain by someone  ") == "Old brain by someone");
  CHECK(pbrain_about_name("name=\"evil\x1b[31mred\"") == "evil\\x1B[31mred");  // no escape reaches a terminal
  CHECK(pbrain_about_name("name=\"\xE2\x80\xAEkcatta\"") == "\\u202Ekcatta");   // nor a direction mark
  CHECK(pbrain_about_name(std::string(200, 'x')).size() == 64);
}

TEST_CASE("pbrain: a brain gives its name, and plays whole games whose records validate") {
  const auto game = gamerec::test::make("gomoku");
  auto made = gamerec::test::catalogue().make_player(*game, kBrain, PlayerSettings{{1, std::nullopt}, 10000});
  REQUIRE(made.ok());
  CHECK(made.value()->name() == "testbrain 1.0");
  auto lf = gamerec::test::catalogue().make_player(*game, kBrain + " lf", PlayerSettings{{1, std::nullopt}, 10000});
  REQUIRE(lf.ok());
  CHECK(lf.value()->name() == "testbrain 1.0");  // LF alone is read as well
  auto nameless = gamerec::test::catalogue().make_player(*game, kBrain + " noabout", PlayerSettings{});
  REQUIRE(nameless.ok());
  CHECK(nameless.value()->name().empty());

  gamerec::test::TempDir dir;
  TourneyOptions options;
  options.players = {kBrain, "2", kBrain + " lf"};
  options.games = 3;
  options.out_dir = dir.path() + "/out";
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  while (auto played = tourney.play_next()) {
    INFO(played->record);
    INFO((played->end.forfeit_reason ? gamerec::test::english(*played->end.forfeit_reason) : ""));
    CHECK(played->end.reason == MatchEnd::Reason::kGameOver);
    const RunResult run = gamerec::test::validate_record(played->record);
    CHECK_FALSE(run.error);
    CHECK(run.moves == played->moves);
  }
  CHECK(tourney.games_played() == 3);
  for (const auto& tally : tourney.tallies()) CHECK(tally.forfeits == 0);
}

TEST_CASE("pbrain: what a brain is told: CR LF, START, ABOUT, INFO, BEGIN or TURN, END") {
  gamerec::test::TempDir dir;
  const std::string log = dir.path() + "/black.log";
  const std::string white_log = dir.path() + "/white.log";
  const auto game = gamerec::test::make("gomoku", {{"exact_five", "true"}});
  const MatchEnd end =
      play_out(*game, game->new_state(), kBrain + " log " + log, kBrain + " log " + white_log);
  CHECK(end.reason == MatchEnd::Reason::kGameOver);
  const auto black = lines_of(log);
  REQUIRE(black.size() > 10);
  CHECK(black[0] == "START 15<CR><LF>");
  CHECK(black[1] == "ABOUT<CR><LF>");
  CHECK(black[2] == "INFO timeout_turn 10000<CR><LF>");
  CHECK(black[3] == "INFO timeout_match 0<CR><LF>");
  CHECK(black[4] == "INFO max_memory 0<CR><LF>");
  CHECK(black[5] == "INFO game_type 1<CR><LF>");
  CHECK(black[6] == "INFO rule 1<CR><LF>");  // exact five
  CHECK(black[7] == "INFO time_left 2147483647<CR><LF>");
  CHECK(black[8] == "BEGIN<CR><LF>");
  CHECK(black[9] == "INFO time_left 2147483647<CR><LF>");
  CHECK(black[10].rfind("TURN ", 0) == 0);
  CHECK(black.back() == "END<CR><LF>");
  const auto white = lines_of(white_log);
  REQUIRE(white.size() > 8);
  CHECK(white[6] == "INFO rule 1<CR><LF>");
  CHECK(white[8] == "TURN 7,7<CR><LF>");  // black's opening move: the centre, x then y from 0
  CHECK(white.back() == "END<CR><LF>");
}

TEST_CASE("pbrain: INFO rule is Gomocup's number for each rule: 0 freestyle, 1 exact5, 4 renju, 8 caro") {
  for (const auto& [rule, told] : std::vector<std::pair<std::string, std::string>>{
           {"freestyle", "0"}, {"exact5", "1"}, {"renju", "4"}, {"caro", "8"}}) {
    INFO("rule " << rule);
    gamerec::test::TempDir dir;
    const std::string log = dir.path() + "/white.log";
    const auto game = gamerec::test::make("gomoku", {{"rule", rule}});
    play_out(*game, game->new_state(), "2", kBrain + " log " + log);
    const auto white = lines_of(log);
    REQUIRE(white.size() > 6);
    CHECK(white[6] == "INFO rule " + told + "<CR><LF>");
  }
}

TEST_CASE("pbrain: a game resumed from a record is told as BOARD ... DONE, x the column and y the row from the top") {
  gamerec::test::TempDir dir;
  const std::string log = dir.path() + "/white.log";
  const auto game = gamerec::test::make("gomoku");
  auto state = game->new_state();
  gamerec::test::play_all(*game, *state, {"H8", "A15", "O1"});  // black, white, black
  const MatchEnd end = play_out(*game, std::move(state), "2", kBrain + " log " + log);
  CHECK(end.reason == MatchEnd::Reason::kGameOver);
  const auto white = lines_of(log);
  REQUIRE(white.size() > 12);
  CHECK(white[6] == "INFO rule 0<CR><LF>");  // freestyle
  CHECK(white[8] == "BOARD<CR><LF>");
  // In point order: O1 (x 14, bottom row y 14), H8 (7,7), A15 (0, top row 0).
  CHECK(white[9] == "14,14,2<CR><LF>");
  CHECK(white[10] == "7,7,2<CR><LF>");
  CHECK(white[11] == "0,0,1<CR><LF>");
  CHECK(white[12] == "DONE<CR><LF>");
}

TEST_CASE("pbrain: only a game with a board of cells and Gomocup rules takes a brain") {
  const auto chess = gamerec::test::make("chess");
  auto made = gamerec::test::catalogue().make_player(*chess, kBrain, PlayerSettings{});
  REQUIRE_FALSE(made.ok());
  CHECK(made.error().key == "players.no-protocol");
}

TEST_CASE(
    "pbrain: Gomocup's limits are told: timeout_match and time_left from the clock, max_memory in bytes") {
  gamerec::test::TempDir dir;
  const std::string log = dir.path() + "/black.log";
  const auto game = gamerec::test::make("gomoku");
  TourneyOptions options;
  options.players = {kBrain + " log " + log, "2"};
  options.games = 1;
  options.time_control = TimeControl{0, 5000, 0};  // --timeout-match 5000
  options.max_memory_mb = 512;
  // 20 ms a move: its clock visibly runs. Unset again however the test ends.
  struct Delay {
    Delay() { ::setenv("PBRAIN_DELAY", "0.02", 1); }
    ~Delay() { ::unsetenv("PBRAIN_DELAY"); }
  } delay;
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  REQUIRE(tourney.play_next());
  // The brain prepare() asked its name ended; the game's starts again.
  const auto logged = lines_of(log);
  const auto restart = std::find(logged.rbegin(), logged.rend(), "START 15<CR><LF>");
  REQUIRE(restart != logged.rend());
  const std::vector<std::string> black(restart.base() - 1, logged.end());
  REQUIRE(black.size() > 10);
  CHECK(black[2] == "INFO timeout_turn 10000<CR><LF>");
  CHECK(black[3] == "INFO timeout_match 5000<CR><LF>");
  CHECK(black[4] == "INFO max_memory 536870912<CR><LF>");  // 512 MB
  // time_left before every move: what its clock holds, never more than before.
  std::vector<std::int64_t> left;
  for (const std::string& line : black) {
    if (line.rfind("INFO time_left ", 0) == 0) left.push_back(std::stoll(line.substr(15)));
  }
  REQUIRE(left.size() >= 3);
  CHECK(left.front() == 5000);
  // Each move took 20 ms or more off it: strictly less each time.
  CHECK(std::adjacent_find(left.begin(), left.end(), std::less_equal<>()) == left.end());
  CHECK(left.back() > 0);
}

TEST_CASE(
    "pbrain: a loss on time or over --max-memory is counted apart, and a continued state counts it again") {
  gamerec::test::TempDir dir;
  const auto game = gamerec::test::make("gomoku");
  TourneyOptions options;
  options.games = 2;
  options.state = dir.path() + "/state";
  SECTION("memory") {
    options.players = {kBrain + " hog", kBrain};  // the hog holds 64 MB more from its second move
    options.max_memory_mb = 48;
  }
  SECTION("time") {
    options.players = {kBrain + " slow", "2"};  // 0.2 s a move
    options.time_control = TimeControl{0, 300, 0};
  }
  const bool memory = options.max_memory_mb.has_value();
  std::vector<EntrantTally> first;
  {
    Tourney tourney(gamerec::test::catalogue(), *game, options);
    REQUIRE_FALSE(tourney.prepare());
    while (auto played = tourney.play_next()) {
      REQUIRE(played->end.reason == MatchEnd::Reason::kForfeit);
      CHECK(forfeit_kind(played->end) == (memory ? ForfeitKind::kMemory : ForfeitKind::kTime));
      if (memory) CHECK(played->end.forfeit_reason->key == "limits.memory");
    }
    first = tourney.tallies();
  }
  CHECK(first[0].forfeits == 2);
  CHECK(first[0].memory_forfeits == (memory ? 2 : 0));
  CHECK(first[0].time_forfeits == (memory ? 0 : 2));
  const auto state_lines = lines_of(options.state);
  CHECK(std::count_if(state_lines.begin(), state_lines.end(), [&](const std::string& line) {
          return line.find(memory ? " end=memory " : " end=time ") != std::string::npos;
        }) == 2);
  // The same tourney again: both games come from the state file, kinds and all.
  Tourney again(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(again.prepare());
  CHECK(again.resumed_games() == 2);
  CHECK_FALSE(again.play_next());
  CHECK(again.tallies()[0].forfeits == 2);
  CHECK(again.tallies()[0].memory_forfeits == first[0].memory_forfeits);
  CHECK(again.tallies()[0].time_forfeits == first[0].time_forfeits);
}
