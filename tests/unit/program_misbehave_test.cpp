// Programs as players that misbehave: exec:PROGRAM in a game of the
// shared protocol (gamerec-games(7), PLAYERS AS PROGRAMS, "How a program
// loses") and pbrain:PROGRAM Gomocup brains (GOMOKU, "Gomocup brains").
// Each loses with its reason, its whole process group is gone afterwards,
// the record written stays valid, and gamerec never waits out a program.
#include <catch2/catch.hpp>

#include <dirent.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/tourney.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

const std::string kSource = GAMEREC_SOURCE_DIR;
const std::string kMisbehave = "exec:" + kSource + "/tests/data/exec/misbehave.py";
const std::string kBrain = "pbrain:" + kSource + "/tests/data/pbrain/brain.py";

std::string arg(const Message& message, const std::string& name) {
  for (const auto& [key, value] : message.args) {
    if (key == name) return value;
  }
  return "";
}

// Processes of group `group` that still run (zombies, waiting for init to
// reap them, are gone for this purpose).
int live_members(const std::string& group) {
  int live = 0;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return 0;
  while (const dirent* entry = ::readdir(proc)) {
    std::ifstream stat(std::string("/proc/") + entry->d_name + "/stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    // pid (comm) state ppid pgrp ...: comm may hold blanks, so read after ')'.
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    std::string state, ppid, pgrp;
    rest >> state >> ppid >> pgrp;
    if (pgrp == group && state != "Z") ++live;
  }
  ::closedir(proc);
  return live;
}

void check_group_gone(const std::string& pid_file) {
  std::string group;
  std::ifstream(pid_file) >> group;
  REQUIRE_FALSE(group.empty());
  int live = live_members(group);
  for (int tries = 0; tries < 100 && live > 0; ++tries) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    live = live_members(group);
  }
  INFO("process group " << group);
  CHECK(live == 0);
}

struct Played {
  TourneyGame game;
  double seconds = 0;
};

// One game of kalah (or `game_name`): PROGRAM MODE (misbehave.py by
// default) as the first side against level 1; its record validates and
// the program's group is gone.
Played one_game(const std::string& mode, std::int64_t timeout_ms = 10000, const std::string& game_name = "kalah",
                const std::string& program = kMisbehave) {
  gamerec::test::TempDir dir;
  const std::string pid_file = dir.path() + "/group";
  const auto game = gamerec::test::make(game_name);
  TourneyOptions options;
  options.players = {program + " " + mode + " " + pid_file, "1"};
  options.games = 1;
  options.timeout_ms = timeout_ms;
  options.out_dir = dir.path() + "/out";
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  const auto start = std::chrono::steady_clock::now();
  auto played = tourney.play_next();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  REQUIRE(played);
  INFO(mode);
  const RunResult run = gamerec::test::validate_record(played->record);
  CHECK_FALSE(run.error);
  CHECK(run.moves == played->moves);
  check_group_gone(pid_file);
  return Played{*played, took.count()};
}

// A forfeit by the program (side 0), for a breakdown with `key`.
void check_breakdown(const Played& played, const std::string& key) {
  CHECK(played.game.end.reason == MatchEnd::Reason::kForfeit);
  CHECK(played.game.end.forfeited == 0);
  CHECK(played.game.end.outcome.winners == std::vector<Side>{1});
  REQUIRE(played.game.end.forfeit_reason);
  CHECK(played.game.end.forfeit_reason->key == key);
}

}  // namespace

TEST_CASE("misbehaving exec programs: one that crashes or is killed loses, with its exit") {
  const Played crash = one_game("crash");
  check_breakdown(crash, "exec.exited");
  CHECK(arg(*crash.game.end.forfeit_reason, "number") == "3");
  CHECK(arg(*crash.game.end.forfeit_reason, "request").rfind("move ", 0) == 0);
  const Played segv = one_game("segv");
  check_breakdown(segv, "exec.killed");
  CHECK(arg(*segv.game.end.forfeit_reason, "number") == "11");
}

TEST_CASE("misbehaving exec programs: one that exits mid-game loses") {
  const Played exited = one_game("exit");
  check_breakdown(exited, "exec.exited");
  CHECK(arg(*exited.game.end.forfeit_reason, "number") == "0");
  CHECK(exited.game.moves >= 1);  // its first move was played
}

TEST_CASE("misbehaving exec programs: one that hangs loses at the timeout, and is not waited for") {
  // The timeout covers the handshake too: 4 s, not less, so that a slow
  // start of Python on a loaded machine is not taken for the hang.
  const Played hang = one_game("hang", 4000);
  check_breakdown(hang, "exec.timeout");
  CHECK(arg(*hang.game.end.forfeit_reason, "ms") == "4000");
  CHECK(hang.seconds < 10);  // it sleeps for 60
}

TEST_CASE("misbehaving exec programs: a flood loses, in bounded memory and time") {
  const Played flood = one_game("flood");
  check_breakdown(flood, "exec.too-long");
  CHECK(flood.seconds < 10);
  // Endless lines of text that is no move: the first one loses.
  const Played spam = one_game("spam");
  CHECK(spam.game.end.reason == MatchEnd::Reason::kForfeit);
  REQUIRE(spam.game.end.forfeit_error);
  CHECK(spam.game.end.forfeit_error->code == ErrorCode::kNotation);
  CHECK(spam.game.end.forfeit_move == "hello");
  CHECK(spam.seconds < 10);
}

TEST_CASE("misbehaving exec programs: a malformed or illegal move loses, with the rules' reason") {
  const Played garbage = one_game("garbage");
  CHECK(garbage.game.end.reason == MatchEnd::Reason::kForfeit);
  REQUIRE(garbage.game.end.forfeit_error);
  CHECK(garbage.game.end.forfeit_error->code == ErrorCode::kNotation);
  const Played repeat = one_game("repeat", 10000, "gomoku");
  CHECK(repeat.game.end.reason == MatchEnd::Reason::kForfeit);
  REQUIRE(repeat.game.end.forfeit_error);
  CHECK(repeat.game.end.forfeit_error->code == ErrorCode::kOccupied);
  CHECK(repeat.game.end.forfeit_move == "A1");
}

TEST_CASE("misbehaving exec programs: one that closes its output loses at once") {
  const Played closed = one_game("close", 20000);
  check_breakdown(closed, "exec.closed");
  CHECK(closed.seconds < 10);
}

TEST_CASE("misbehaving exec programs: one that ignores the end of its input and SIGTERM is killed") {
  const Played linger = one_game("linger");
  CHECK(linger.game.end.reason == MatchEnd::Reason::kGameOver);
  CHECK(linger.seconds < 20);  // it would sleep for 60 after the game
}

TEST_CASE("misbehaving exec programs: the children a program leaves go with it") {
  const Played children = one_game("children");
  CHECK(children.game.end.reason == MatchEnd::Reason::kGameOver);
}

TEST_CASE("misbehaving exec programs: a missing one is refused before any game, in every game") {
  for (const std::string name : {"chaturanga", "chess", "gomoku", "kalah"}) {
    const auto game = gamerec::test::make(name);
    TourneyOptions options;
    options.players = {"exec:" + kSource + "/no/such/player", "1"};
    Tourney tourney(gamerec::test::catalogue(), *game, options);
    const auto error = tourney.prepare();
    REQUIRE(error);
    CHECK(error->key == "exec.not-found");
  }
}

// ---- Gomocup brains ------------------------------------------------------------

namespace {

Played brain_game(const std::string& mode, std::int64_t timeout_ms = 10000) {
  return one_game(mode, timeout_ms, "gomoku", kBrain);
}

}  // namespace

TEST_CASE("misbehaving brains: one that crashes, exits or is missing loses") {
  const Played crash = brain_game("crash");
  check_breakdown(crash, "exec.exited");
  CHECK(arg(*crash.game.end.forfeit_reason, "number") == "3");
  CHECK(arg(*crash.game.end.forfeit_reason, "request").rfind("TURN ", 0) == 0);
  const Played exited = brain_game("exit");
  check_breakdown(exited, "exec.exited");
  CHECK(arg(*exited.game.end.forfeit_reason, "number") == "0");
  const auto game = gamerec::test::make("gomoku");
  TourneyOptions options;
  options.players = {"pbrain:" + kSource + "/no/such/brain", "1"};
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  const auto error = tourney.prepare();
  REQUIRE(error);
  CHECK(error->key == "pbrain.not-found");
}

TEST_CASE("misbehaving brains: one that hangs, floods or chatters loses at the timeout at most") {
  const Played hang = brain_game("hang", 4000);  // as for exec programs: room for a slow start
  check_breakdown(hang, "exec.timeout");
  CHECK(hang.seconds < 10);
  const Played flood = brain_game("flood");
  check_breakdown(flood, "exec.too-long");
  CHECK(flood.seconds < 10);
  // MESSAGE lines without end: none is an answer.
  const Played chatter = brain_game("chatter", 4000);
  check_breakdown(chatter, "exec.timeout");
  CHECK(chatter.seconds < 10);
}

TEST_CASE("misbehaving brains: a malformed, off-board or illegal move loses, with the reason") {
  const Played garbage = brain_game("garbage");
  check_breakdown(garbage, "pbrain.bad-answer");
  CHECK(arg(*garbage.game.end.forfeit_reason, "answer") == "hello");
  const Played offboard = brain_game("offboard");
  check_breakdown(offboard, "pbrain.off-board");
  CHECK(arg(*offboard.game.end.forfeit_reason, "answer") == "99,99");
  const Played occupied = brain_game("occupied");
  CHECK(occupied.game.end.reason == MatchEnd::Reason::kForfeit);
  REQUIRE(occupied.game.end.forfeit_error);
  CHECK(occupied.game.end.forfeit_error->code == ErrorCode::kOccupied);
  CHECK(occupied.game.end.forfeit_move == "7,7");  // as the brain wrote it: its first move, the centre
}

TEST_CASE("misbehaving brains: ERROR and UNKNOWN in place of a move lose, with the brain's words") {
  const Played error = brain_game("error");
  check_breakdown(error, "pbrain.error");
  CHECK(arg(*error.game.end.forfeit_reason, "message") == "out of ideas");
  const Played unknown = brain_game("unknown");
  check_breakdown(unknown, "pbrain.unknown");
}

TEST_CASE("misbehaving brains: one that ignores END and SIGTERM is killed, with the children it leaves") {
  const Played linger = brain_game("linger");
  CHECK(linger.game.end.reason == MatchEnd::Reason::kGameOver);
  CHECK(linger.seconds < 20);
  const Played children = brain_game("children");
  CHECK(children.game.end.reason == MatchEnd::Reason::kGameOver);
}

TEST_CASE("misbehaving brains: one that refuses the board is refused before any game") {
  const auto game = gamerec::test::make("gomoku");
  TourneyOptions options;
  options.players = {kBrain + " refuse", "1"};
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  const auto error = tourney.prepare();
  REQUIRE(error);
  CHECK(error->key == "pbrain.error");
  CHECK(arg(*error, "request") == "START 15");
  CHECK(arg(*error, "message") == "unsupported size");
}
