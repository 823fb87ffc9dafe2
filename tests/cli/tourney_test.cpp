// tourney as engine testers run it, with the real binary: Stockfish under
// clocks with its settings, every game in one PGN archive that gamerec and
// pgn-extract both read, each engine's dialogue in a trace, and games
// played at once giving the table games played one by one give.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>

#include "subprocess.h"
#include "support/temp_dir.h"

using namespace gamerec::clitest;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

const char* kStockfish = "/usr/games/stockfish";
const char* kPgnExtract = "/usr/games/pgn-extract";

int count_of(const std::string& text, const std::string& what) {
  int count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++count;
  return count;
}

// Every move's score as an engine's trace shows it: the last "score cp N"
// (or mate, as +-100000) it sent before each bestmove.
std::vector<long> scores_before_each_move(const std::string& trace) {
  std::vector<long> scores;
  long last = 0;
  std::istringstream lines(trace);
  const std::regex score(R"re(< info .* score (cp|mate) (-?\d+))re");
  for (std::string line; std::getline(lines, line);) {
    std::smatch found;
    if (std::regex_search(line, found, score))
      last = found[1] == "cp" ? std::stol(found[2]) : (std::stol(found[2]) < 0 ? -100000 : 100000);
    if (line.find("< bestmove ") != std::string::npos) scores.push_back(last);
  }
  return scores;
}

}  // namespace

TEST_CASE("tourney chess: Stockfish with settings under a clock, one PGN archive, a trace per engine") {
  // .ci/setup installs both.
  REQUIRE(::access(kStockfish, X_OK) == 0);
  REQUIRE(::access(kPgnExtract, X_OK) == 0);
  gamerec::test::TempDir dir("tourney");
  Child run(kBinary,
            {"tourney", "chess", "--players",
             std::string("uci:") + kStockfish + ";depth=1;option.Skill Level=0;option.Threads=1;option.Hash=16,1",
             "--games", "2", "--tc", "30+0.1", "--max-moves", "60", "--pgn-out", "games.pgn", "--trace", "trace"},
            dir.path(), false);
  REQUIRE(run.finish(120s) == 0);
  INFO(run.out() << run.err());
  // The table names the engine as it names itself.
  CHECK(std::regex_search(run.out(), std::regex("\nStockfish[^\n]* 2 ")));

  const std::string pgn = read_file(dir.path() + "/games.pgn");
  INFO(pgn);
  CHECK(count_of(pgn, "[Event \"gamerec tourney\"]") == 2);
  CHECK(std::regex_search(pgn, std::regex(R"re(\[Date "\d{4}\.\d\d\.\d\d"\])re")));
  CHECK(pgn.find("[Round \"1\"]") != std::string::npos);
  CHECK(pgn.find("[Round \"2\"]") != std::string::npos);
  // Seats rotate: the engine is White in game 1, Black in game 2.
  CHECK(std::regex_search(pgn, std::regex(R"re(\[Round "1"\]\n\[White "Stockfish[^"]*"\]\n\[Black "gamerec level 1"\])re")));
  CHECK(std::regex_search(pgn, std::regex(R"re(\[Round "2"\]\n\[White "gamerec level 1"\]\n\[Black "Stockfish[^"]*"\])re")));
  CHECK(count_of(pgn, "[TimeControl \"30+0.1\"]") == 2);
  CHECK(std::regex_search(pgn, std::regex(R"re(\[Termination "(normal|unterminated)"\])re")));

  // gamerec reads its own archive: both games valid.
  Child validate(kBinary, {"validate", "games.pgn"}, dir.path(), false);
  CHECK(validate.finish(30s) == 0);
  CHECK(validate.err().find("2 games: 2 valid") != std::string::npos);  // the summary goes to standard error
  // pgn-extract reads both games without a complaint and writes them back.
  Child extract(kPgnExtract, {"-s", "games.pgn"}, dir.path(), false);
  CHECK(extract.finish(30s) == 0);
  CHECK(extract.err().empty());
  CHECK(count_of(extract.out(), "[Event ") == 2);

  // The engine's dialogue, with times: its clock goes with each move.
  const std::string trace = read_file(dir.path() + "/trace/chess-0001-white.log");
  INFO(trace);
  CHECK(trace.rfind("# uci:", 0) == 0);
  CHECK(std::regex_search(trace, std::regex(R"re(\n +\d+\.\d{3} > uci\n)re")));
  CHECK(std::regex_search(trace, std::regex(R"re(\n +\d+\.\d{3} < uciok\n)re")));
  CHECK(trace.find("> setoption name Skill Level value 0\n") != std::string::npos);
  CHECK(std::regex_search(trace, std::regex(R"re(> go wtime \d+ btime \d+ winc 100 binc 100 depth 1\n)re")));
  CHECK(std::regex_search(trace, std::regex(R"re(< bestmove )re")));
  CHECK(fs::exists(dir.path() + "/trace/chess-0002-black.log"));
  // Level 1 is no program: no trace.
  CHECK_FALSE(fs::exists(dir.path() + "/trace/chess-0001-black.log"));
}

namespace {

struct FakeRun {
  std::string out;
  std::string err;
  std::string pgn;
};

// Two games of level 1 against the fake engine in `mode` (a copy named
// fake-MODE behaves so), into games.pgn in `dir`.
FakeRun against_fake(const std::string& dir, const std::string& mode) {
  fs::copy_file(GAMEREC_FAKE_UCI, dir + "/fake-" + mode);
  Child run(kBinary, {"tourney", "chess", "--players", "1,uci:./fake-" + mode, "--games", "2", "--pgn-out", "games.pgn"},
            dir, false);
  REQUIRE(run.finish(60s) == 0);
  return {run.out(), run.err(), read_file(dir + "/games.pgn")};
}

}  // namespace

TEST_CASE("tourney chess --pgn-out: a forfeit's result and Termination, and an archive is never replaced") {
  gamerec::test::TempDir dir("tourney");
  // The engine crashes when asked for a move.
  const std::string pgn = against_fake(dir.path(), "crash").pgn;
  INFO(pgn);
  // Game 1: level 1 is White, the engine crashes at its first move.
  CHECK(std::regex_search(pgn, std::regex(R"re(\[Round "1"\]\n\[White "gamerec level 1"\]\n\[Black "fake"\]\n\[Result "1-0"\]\n\[Termination "abandoned"\])re")));
  CHECK(std::regex_search(pgn, std::regex(R"re(\[Round "2"\]\n\[White "fake"\]\n\[Black "gamerec level 1"\]\n\[Result "0-1"\])re")));
  // Each game's moves end with why, as a comment.
  CHECK(std::regex_search(
      pgn, std::regex(R"re(\n1\. \S+\s+\{game 1:\s+fake\s+loses\s+by\s+forfeit:\s[^}]*\}\s+1-0\n)re")));
  CHECK(std::regex_search(pgn,
                          std::regex(R"re(\n\{game 2:\s+fake\s+loses\s+by\s+forfeit:\s[^}]*\}\s+0-1\n)re")));
  Child validate(kBinary, {"validate", "games.pgn"}, dir.path(), false);
  CHECK(validate.finish(30s) == 0);

  Child again(kBinary, {"tourney", "chess", "--players", "1,random", "--games", "1", "--pgn-out", "games.pgn"},
              dir.path(), false);
  CHECK(again.finish(60s) == 2);
  CHECK(again.err().find("the file exists") != std::string::npos);
  CHECK(read_file(dir.path() + "/games.pgn") == pgn);
}

TEST_CASE("tourney --concurrency: games at once give the table and the records games one by one give") {
  gamerec::test::TempDir dir("tourney");
  auto table = [&](const std::string& concurrency, const std::string& out) {
    Child run(kBinary,
              {"tourney", "kalah", "--players", "1,2,3", "--round-robin", "--rounds", "2", "--seed", "9",
               "--concurrency", concurrency, "--out", out},
              dir.path(), false);
    REQUIRE(run.finish(120s) == 0);
    return run.out();
  };
  const std::string one = table("1", "one");
  const std::string three = table("3", "three");
  CHECK(one == three);
  for (int game = 1; game <= 12; ++game) {
    char name[32];
    std::snprintf(name, sizeof name, "/kalah-%04d.kalah", game);
    CHECK(read_file(dir.path() + "/one" + name) == read_file(dir.path() + "/three" + name));
  }
}

namespace {

// What a terminal or a PGN reader must never get raw from a name: ESC, BEL,
// NUL and a right-to-left override (U+202E).
bool holds_raw_controls(const std::string& text) {
  return text.find('\x1b') != std::string::npos || text.find('\x07') != std::string::npos ||
         text.find('\0') != std::string::npos || text.find("\xE2\x80\xAE") != std::string::npos;
}

// FAKE_UCI_NAME for one test.
class FakeName {
 public:
  explicit FakeName(const char* name) { ::setenv("FAKE_UCI_NAME", name, 1); }
  ~FakeName() { ::unsetenv("FAKE_UCI_NAME"); }
  FakeName(const FakeName&) = delete;
  FakeName& operator=(const FakeName&) = delete;
};

}  // namespace

TEST_CASE("tourney: an engine's name with escapes, NUL and direction marks reaches no file and no terminal raw") {
  REQUIRE(::access(kPgnExtract, X_OK) == 0);
  gamerec::test::TempDir dir("tourney");
  // "\0" is sent as a NUL byte (tests/support/fake_uci_engine.cpp).
  FakeName name("Evil\x1b[31mRed\x07\\0\xE2\x80\xAEkcatta");
  Child run(kBinary,
            {"tourney", "chess", "--players", std::string("1,uci:") + GAMEREC_FAKE_UCI, "--games", "2",
             "--pgn-out", "games.pgn", "--out", "records"},
            dir.path(), false);
  REQUIRE(run.finish(60s) == 0);
  INFO(run.out() << run.err());
  CHECK_FALSE(holds_raw_controls(run.out()));
  CHECK_FALSE(holds_raw_controls(run.err()));
  // The visible escapes of gamerec(1), OUTPUT: \xNN, and \uNNNN for a direction mark.
  CHECK(run.out().find("Evil\\x1B[31mRed\\x07\\x00\\u202Ekcatta") != std::string::npos);
  const std::string pgn = read_file(dir.path() + "/games.pgn");
  INFO(pgn);
  CHECK_FALSE(holds_raw_controls(pgn));
  CHECK(pgn.find("[Black \"Evil\\\\x1B[31mRed\\\\x07\\\\x00\\\\u202Ekcatta\"]") != std::string::npos);
  CHECK_FALSE(holds_raw_controls(read_file(dir.path() + "/records/chess-0001.chess")));
  // pgn-extract reads the archive without a complaint.
  Child extract(kPgnExtract, {"-s", "games.pgn"}, dir.path(), false);
  CHECK(extract.finish(30s) == 0);
  CHECK(extract.err().empty());
  CHECK(count_of(extract.out(), "[Event ") == 2);
}

TEST_CASE("tourney chess: an engine that answers bestmove (none) with moves to make loses by forfeit") {
  gamerec::test::TempDir dir("tourney");
  // The engine answers "bestmove (none)" to every go.
  const FakeRun run = against_fake(dir.path(), "none");
  INFO(run.out << run.err);
  // Two losses, not two unfinished games counted as draws.
  CHECK(std::regex_search(run.out, std::regex("\nfake +2 +0 +2 +0 ")));
  CHECK(run.out.find("fake: 2 of its losses by forfeit") != std::string::npos);
  CHECK(run.err.find("game 1: fake loses by forfeit: uci:./fake-none: the engine answered 'bestmove (none)' (no move), "
                     "though the position has legal moves") != std::string::npos);
  const std::string& pgn = run.pgn;
  INFO(pgn);
  CHECK(std::regex_search(pgn, std::regex(R"re(\[Round "1"\]\n\[White "gamerec level 1"\]\n\[Black "fake"\]\n\[Result "1-0"\]\n\[Termination "rules infraction"\])re")));
  CHECK(std::regex_search(pgn, std::regex(R"re(\[Round "2"\]\n\[White "fake"\]\n\[Black "gamerec level 1"\]\n\[Result "0-1"\]\n\[Termination "rules infraction"\])re")));
  CHECK(pgn.find("[Result \"*\"]") == std::string::npos);
}

namespace {

// The counts after "): " on the line that starts with `prefix`.
std::vector<long> counts_after(const std::string& out, const std::string& prefix) {
  const auto at = out.find(prefix);
  if (at == std::string::npos) return {};
  const auto line_end = out.find('\n', at);
  std::string line = out.substr(at, line_end - at);
  line = line.substr(line.rfind("): ") + 3);
  std::vector<long> counts;
  for (std::size_t start = 0; start < line.size();) {
    counts.push_back(std::stol(line.substr(start)));
    const auto comma = line.find(", ", start);
    if (comma == std::string::npos) break;
    start = comma + 2;
  }
  return counts;
}

}  // namespace

TEST_CASE("tourney --sprt: a clearly stronger entrant is accepted as H1 and the test stops there") {
  gamerec::test::TempDir dir("sprt");
  Child run(kBinary,
            {"tourney", "kalah", "--players", "3,1", "--sprt", "elo0=0", "elo1=200", "model=logistic",
             "--games", "400"},
            dir.path(), false);
  REQUIRE(run.finish(120s) == 0);
  INFO(run.out() << run.err());
  CHECK(run.out().find(": H1 accepted") != std::string::npos);
  CHECK(run.out().find("bounds -2.94, 2.94") != std::string::npos);
  // Pairs by the first entrant's points; every game played is in a pair,
  // and the test stopped long before the 400 games --games allows.
  const std::vector<long> pairs = counts_after(run.out(), "pairs by 3's points");
  REQUIRE(pairs.size() == 5);
  long paired = 0;
  for (const long count : pairs) paired += count;
  const std::regex total(R"(\n(\d+) games, \d+ moves in all)");
  std::smatch found;
  REQUIRE(std::regex_search(run.out(), found, total));
  CHECK(std::stol(found[1]) == 2 * paired);
  CHECK(2 * paired < 100);
}

TEST_CASE("tourney --sprt: a weaker entrant is accepted as H0, unpaired games counted as a trinomial") {
  // Level 1 against level 3 loses nearly every game.
  gamerec::test::TempDir dir("sprt-h0");
  Child run(kBinary,
            {"tourney", "kalah", "--players", "1,3", "--sprt", "elo0=0", "elo1=200", "model=logistic",
             "--games-per-opening", "1"},
            dir.path(), false);
  REQUIRE(run.finish(120s) == 0);
  INFO(run.out() << run.err());
  CHECK(run.out().find(": H0 accepted") != std::string::npos);
  const std::vector<long> games = counts_after(run.out(), "games by 1's result");
  REQUIRE(games.size() == 3);
  CHECK(games[0] > games[2]);  // more losses than wins
  CHECK(games[0] + games[1] + games[2] < 50);
  CHECK(run.out().find("1 against 3: Elo ") != std::string::npos);
}

TEST_CASE("tourney --sprt: settings that make no test, and more than two entrants, are usage errors") {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--players", "1,2", "--sprt", "elo2=1"}, "--sprt elo2=1: not a setting"},
      {{"--players", "1,2", "--sprt", "elo0=x", "elo1=5"}, "--sprt elo0=x: not a setting"},
      {{"--players", "1,2", "--sprt", "elo0=0", "elo1=5", "model=bayesian"},
       "--sprt model=bayesian: not a setting"},
      {{"--players", "1,2", "--sprt", "alpha=0.1"}, "--sprt needs elo0=E and elo1=E"},
      {{"--players", "1,2", "--sprt", "elo0=5", "elo1=0"}, "elo0 must be below elo1"},
      {{"--players", "1,2", "--sprt", "elo0=0", "elo1=5", "alpha=0.6", "beta=0.5"}, "alpha + beta below 1"},
      {{"--players", "1,2,3", "--sprt", "elo0=0", "elo1=5"}, "name exactly two in --players"},
      {{"--players", "1,2", "--sprt", "elo0=0", "elo1=5", "elo1=6"}, "--sprt elo1=6: not a setting"},
      {{"--players", "1,2", "--round-robin", "--rounds", "2", "--sprt", "elo0=0", "elo1=5"}, "excludes"},
  };
  for (const auto& [arguments, message] : cases) {
    std::vector<std::string> command = {"tourney", "kalah"};
    command.insert(command.end(), arguments.begin(), arguments.end());
    Child run(kBinary, command, ".", false);
    INFO(message);
    CHECK(run.finish(30s) == 2);
    CHECK_THAT(run.err(), Catch::Contains(message));
  }
}

TEST_CASE("tourney --games-per-opening: that many games in a row share a chess960 start") {
  gamerec::test::TempDir dir("openings");
  Child run(kBinary,
            {"tourney", "chess960", "--players", "random,random", "--games", "6", "--games-per-opening", "3",
             "--max-moves", "4", "--out", "games"},
            dir.path(), false);
  REQUIRE(run.finish(60s) == 0);
  std::vector<std::string> starts;
  for (int game = 1; game <= 6; ++game) {
    char name[64];
    std::snprintf(name, sizeof name, "/games/chess960-%04d.chess960", game);
    const std::string text = read_file(dir.path() + name);
    const auto at = text.find("position: ");
    REQUIRE(at != std::string::npos);
    starts.push_back(text.substr(at, text.find('\n', at) - at));
  }
  CHECK(starts[0] == starts[1]);
  CHECK(starts[1] == starts[2]);
  CHECK(starts[3] == starts[4]);
  CHECK(starts[4] == starts[5]);
  CHECK(starts[2] != starts[3]);
}

namespace {

std::vector<std::string> with(std::vector<std::string> arguments, const std::vector<std::string>& more) {
  arguments.insert(arguments.end(), more.begin(), more.end());
  return arguments;
}

long lines_in(const std::string& path) {
  std::ifstream in(path);
  return std::count(std::istreambuf_iterator<char>(in), {}, '\n');
}

}  // namespace

TEST_CASE(
    "tourney --state: killed with SIGKILL and run again, it ends with the table and records of a run never "
    "killed",
    "[kill]") {
  gamerec::test::TempDir dir("state-kill");
  // A deterministic external player (the first legal move) against a
  // seeded random one: a game takes a few tens of milliseconds.
  const std::vector<std::string> tourney = {
      "tourney", "kalah", "--players", "exec:" + std::string(kSourceDir) + "/tests/data/exec/talker.py,1",
      "--games", "10",    "--seed",    "4"};
  Child whole(kBinary, with(tourney, {"--state", "whole.state", "--out", "whole"}), dir.path(), false);
  REQUIRE(whole.finish(120s) == 0);

  const auto killed_run = with(tourney, {"--state", "run.state", "--out", "run"});
  Child killed(kBinary, killed_run, dir.path(), false);
  const std::string state = dir.path() + "/run.state";
  killed.pump_until([&] { return fs::exists(state) && lines_in(state) >= 4; }, 60s);
  killed.kill(SIGKILL);
  CHECK(killed.wait() == 128 + SIGKILL);
  const long counted = lines_in(state) - 1;
  INFO("games counted when killed: " << counted);
  REQUIRE(counted >= 3);
  REQUIRE(counted < 10);  // else the run was not stopped

  Child resumed(kBinary, killed_run, dir.path(), false);
  REQUIRE(resumed.finish(120s) == 0);
  CHECK_THAT(resumed.err(), Catch::Contains("continuing the tourney of --state run.state: " +
                                            std::to_string(counted) + " games counted already"));
  CHECK(resumed.out() == whole.out());
  CHECK(lines_in(state) == 11);
  int records = 0;
  for (const auto& entry : fs::directory_iterator(dir.path() + "/whole")) {
    INFO(entry.path());
    CHECK(read_file(dir.path() + "/run/" + entry.path().filename().string()) == read_file(entry.path()));
    ++records;
  }
  CHECK(records == 10);
  CHECK(std::distance(fs::directory_iterator(dir.path() + "/run"), fs::directory_iterator()) == 10);
}

TEST_CASE("tourney --rating-interval: the table after every N games, each the table of a tourney that long") {
  gamerec::test::TempDir dir("interval");
  const std::vector<std::string> tourney = {"tourney", "kalah", "--players", "3,1", "--seed", "2"};
  const auto table_of = [&](int games) {
    Child run(kBinary, with(tourney, {"--games", std::to_string(games)}), dir.path(), false);
    REQUIRE(run.finish(60s) == 0);
    return run.out();
  };
  Child run(kBinary, with(tourney, {"--games", "7", "--rating-interval", "3"}), dir.path(), false);
  REQUIRE(run.finish(60s) == 0);
  const std::string expected =
      "after 3 games:\n" + table_of(3) + "\nafter 6 games:\n" + table_of(6) + "\n" + table_of(7);
  CHECK(run.out() == expected);
  // A continued run goes on from the next N: the tables of games the state
  // file held are not printed again.
  Child whole(kBinary, with(tourney, {"--games", "7", "--state", "whole.state"}), dir.path(), false);
  REQUIRE(whole.finish(60s) == 0);
  const std::string state = read_file(dir.path() + "/whole.state");
  std::size_t fifth = 0;
  for (int line = 0; line < 5; ++line) fifth = state.find('\n', fifth) + 1;  // the settings and 4 games
  write_file(dir.path() + "/stopped.state", state.substr(0, fifth));
  Child resumed(kBinary,
                with(tourney, {"--games", "7", "--rating-interval", "3", "--state", "stopped.state"}),
                dir.path(), false);
  REQUIRE(resumed.finish(60s) == 0);
  CHECK(resumed.out() == "after 6 games:\n" + table_of(6) + "\n" + table_of(7));
}

TEST_CASE(
    "tourney gomoku: a brain over --timeout-match or --max-memory loses, the reason in the table and the "
    "record") {
  gamerec::test::TempDir dir("tourney");
  const std::string brain = "pbrain:" + kSourceDir + "/tests/data/pbrain/brain.py";
  SECTION("--timeout-match: a brain that takes 0.2 s a move has 0.3 s for the game") {
    Child tourney(kBinary,
                  {"tourney", "gomoku", "--players", brain + " slow;name=slow,1", "--games", "1",
                   "--timeout-match", "300", "--out", "records"},
                  dir.path(), false);
    REQUIRE(tourney.finish(60s) == 0);
    INFO(tourney.out() << tourney.err());
    CHECK(tourney.out().find("slow: 1 of its losses by forfeit: 1 on time\n") != std::string::npos);
    CHECK(std::regex_search(
        tourney.err(),
        std::regex(
            R"(game 1: slow loses by forfeit: ran out of time \(took \d+ ms with \d+ ms on its clock\))")));
    // The record ends with the same words, as a comment, and validates.
    const std::string record = read_file(dir.path() + "/records/gomoku-0001.gomoku");
    CHECK(std::regex_search(
        record,
        std::regex(
            R"(\n# game 1: slow loses by forfeit: ran out of time \(took \d+ ms with \d+ ms on its clock\)\n$)")));
    Child validate(kBinary, {"validate", "records/gomoku-0001.gomoku"}, dir.path(), false);
    CHECK(validate.finish(30s) == 0);
  }
  SECTION("--max-memory: a brain that holds 64 MB more from its second move, against a limit of 48 MB") {
    Child tourney(kBinary,
                  {"tourney", "gomoku", "--players", brain + " hog;name=hog," + brain + ";name=plain",
                   "--games", "2", "--max-memory", "48", "--out", "records"},
                  dir.path(), false);
    REQUIRE(tourney.finish(60s) == 0);
    INFO(tourney.out() << tourney.err());
    CHECK(tourney.out().find("hog: 2 of its losses by forfeit: 2 over --max-memory\n") != std::string::npos);
    CHECK(tourney.out().find("plain:") == std::string::npos);  // the plain brain stays under the limit
    CHECK(std::regex_search(
        tourney.err(),
        std::regex(
            R"(game 1: hog loses by forfeit: \S+brain.py used \d+ MB of memory, more than --max-memory 48)")));
    const std::string record = read_file(dir.path() + "/records/gomoku-0002.gomoku");
    CHECK(std::regex_search(
        record,
        std::regex(
            R"(\n# game 2: hog loses by forfeit: \S+brain.py used \d+ MB of memory, more than --max-memory 48\n$)")));
    Child validate(kBinary, {"validate", "records/gomoku-0001.gomoku", "records/gomoku-0002.gomoku"},
                   dir.path(), false);
    CHECK(validate.finish(30s) == 0);
  }
  SECTION("--timeout-match and --tc together are a usage error") {
    Child tourney(kBinary, {"tourney", "gomoku", "--players", "1,2", "--timeout-match", "1000", "--tc", "10"},
                  dir.path(), false);
    CHECK(tourney.finish(30s) == 2);
    CHECK(tourney.err().find("--timeout-match gives every player a clock for the game, as --tc does") !=
          std::string::npos);
  }
}

TEST_CASE("tourney chess --draw and --resign: Stockfish's own scores end the games, said in the PGN and the records") {
  REQUIRE(::access(kStockfish, X_OK) == 0);  // .ci/setup installs it
  gamerec::test::TempDir dir("tourney");
  const std::string engine = std::string("uci:") + kStockfish + ";depth=6;option.Threads=1;option.Hash=16";
  SECTION(
      "--draw: the game ends at the first move where each side's last 2 scores are within 150 cp, from move "
      "3") {
    Child run(kBinary,
              {"tourney", "chess", "--players", engine + ";name=A," + engine + ";name=B", "--games", "1",
               "--draw", "movenumber=3", "movecount=2", "score=150", "--pgn-out", "games.pgn", "--out",
               "records", "--trace", "trace"},
              dir.path(), false);
    REQUIRE(run.finish(120s) == 0);
    INFO(run.out() << run.err());
    CHECK(count_of(run.err(),
                   "game 1: a draw by adjudication: every score within 150 cp of even for the last 2 moves "
                   "of each side\n") == 1);
    // The engines' own words, read back from their traces: the scores of
    // every ply, White's and Black's in turn.
    const auto white = scores_before_each_move(read_file(dir.path() + "/trace/chess-0001-white.log"));
    const auto black = scores_before_each_move(read_file(dir.path() + "/trace/chess-0001-black.log"));
    std::vector<long> plies;
    for (std::size_t i = 0; i < white.size(); ++i) {
      plies.push_back(white[i]);
      if (i < black.size()) plies.push_back(black[i]);
    }
    // The record's moves: a pawn move or a capture (SAN: a file letter
    // first, or an x) starts the quiet count again, as chess's half-move
    // clock does.
    const std::string record = read_file(dir.path() + "/records/chess-0001.chess");
    std::vector<bool> irreversible;
    {
      std::istringstream lines(record.substr(record.find("---\n", 4) + 4));
      for (std::string move; std::getline(lines, move);)
        if (!move.empty() && move[0] != '#')
          irreversible.push_back((move[0] >= 'a' && move[0] <= 'h') || move.find('x') != std::string::npos);
    }
    REQUIRE(irreversible.size() == plies.size());
    // The first ply after which 3 full moves are played and the last 4
    // scores are within 150 cp with no irreversible move among them.
    std::size_t first = 0;
    for (std::size_t ply = 1, quiet = 0; ply <= plies.size(); ++ply) {
      if (irreversible[ply - 1]) quiet = 0;
      quiet = std::labs(plies[ply - 1]) <= 150 ? quiet + 1 : 0;
      if (ply / 2 >= 3 && quiet >= 4) {
        first = ply;
        break;
      }
    }
    INFO("plies scored: " << plies.size());
    CHECK(first == plies.size());  // the game went no further than the first ply the rule met
    CHECK(run.out().find("1 game, " + std::to_string(first) + " moves in all") != std::string::npos);
    const std::string pgn = read_file(dir.path() + "/games.pgn");
    CHECK(count_of(pgn, "[Termination \"adjudication\"]") == 1);
    CHECK(count_of(pgn, "[Result \"1/2-1/2\"]") == 1);
    CHECK(record.find("\n# game 1: a draw by adjudication: every score within 150 cp") != std::string::npos);
    Child validate(kBinary, {"validate", "games.pgn", "records/chess-0001.chess"}, dir.path(), false);
    CHECK(validate.finish(30s) == 0);
  }
  SECTION("--resign: White without its queen resigns; twosided waits for Black to agree") {
    const std::string queenless = "start=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
    Child one(kBinary,
              {"tourney", "chess", "--variant", queenless, "--players", engine + ";name=A,1", "--games", "1",
               "--resign", "movecount=2", "score=500", "--pgn-out", "one.pgn"},
              dir.path(), false);
    REQUIRE(one.finish(120s) == 0);
    INFO(one.out() << one.err());
    // A is White: its second move scored -500 or worse ends the game at ply 3.
    CHECK(one.err().find("game 1: A resigns by adjudication: its own score 500 cp or more below even") !=
          std::string::npos);
    CHECK(one.out().find("1 game, 3 moves in all") != std::string::npos);
    const std::string pgn = read_file(dir.path() + "/one.pgn");
    CHECK(pgn.find("[Result \"0-1\"]") != std::string::npos);
    CHECK(pgn.find("[Termination \"adjudication\"]") != std::string::npos);
    // The moves end with why, as a comment (the writer breaks long lines).
    std::string one_line = pgn;
    std::replace(one_line.begin(), one_line.end(), '\n', ' ');
    CHECK(one_line.find(
              "{game 1: A resigns by adjudication: its own score 500 cp or more below even (or a mate "
              "against it) for its last 2 moves} 0-1") != std::string::npos);

    Child both(kBinary,
               {"tourney", "chess", "--variant", queenless, "--players", engine + ";name=A," + engine + ";name=B",
                "--games", "1", "--resign", "movecount=2", "score=500", "twosided=true"},
               dir.path(), false);
    REQUIRE(both.finish(120s) == 0);
    INFO(both.out() << both.err());
    // Plies 1-4 are all 500 or more from even, Black's up: White resigns
    // on its own next move, ply 5, as fastchess adjudicates.
    CHECK(both.err().find(
              "game 1: A resigns by adjudication: every score of the last 2 moves of each side 500 cp "
              "or more away from even (or a mate), its own below") != std::string::npos);
    CHECK(both.out().find("1 game, 5 moves in all") != std::string::npos);
  }
  SECTION("--state keeps an adjudicated game: the same command again prints the same table") {
    const std::vector<std::string> args = {
        "tourney",   "chess",
        "--variant", "start=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
        "--players", engine + ";name=A," + engine + ";name=B",
        "--games",   "2",
        "--resign",  "movecount=2",
        "score=500", "--state",
        "run.state"};
    Child first(kBinary, args, dir.path(), false);
    REQUIRE(first.finish(120s) == 0);
    INFO(first.out() << first.err());
    CHECK(count_of(read_file(dir.path() + "/run.state"), " end=adjudicated ") == 2);
    CHECK(first.out().find("A            2       1       1       0") != std::string::npos);
    Child again(kBinary, args, dir.path(), false);
    REQUIRE(again.finish(120s) == 0);
    CHECK(again.out() == first.out());
  }
  SECTION("a setting that is none is a usage error") {
    Child bad(kBinary, {"tourney", "chess", "--players", "1,2", "--draw", "movecount=0"}, dir.path(), false);
    CHECK(bad.finish(30s) == 2);
    CHECK(bad.err().find("--draw movecount=0: not a setting") != std::string::npos);
    // Either option alone takes fastchess's defaults.
    Child alone(kBinary,
                {"tourney", "chess", "--players", "1,2", "--games", "1", "--max-moves", "6", "--resign"},
                dir.path(), false);
    CHECK(alone.finish(30s) == 0);
    CHECK(alone.out().find("1 game, 6 moves in all") != std::string::npos);  // levels give no scores
  }
}

TEST_CASE(
    "tourney --openings: EPD and PGN starts, Chess960 too, in every record and the PGN archive, a bad book "
    "stops it") {
  gamerec::test::TempDir dir("tourney");
  const std::string book = kSourceDir + "/samples/chess/openings/four-openings.epd";
  SECTION("an EPD book in the file's order, a pair to an opening") {
    Child run(kBinary,
              {"tourney", "chess", "--players", "1,random", "--games", "4", "--max-moves", "30", "--openings",
               book, "--out", "records", "--pgn-out", "games.pgn"},
              dir.path(), false);
    REQUIRE(run.finish(120s) == 0);
    INFO(run.out() << run.err());
    const char* sicilian = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    const char* french = "rnbqkbnr/ppp2ppp/4p3/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3";
    CHECK(read_file(dir.path() + "/records/chess-0001.chess").find(std::string("position: ") + sicilian) !=
          std::string::npos);
    CHECK(read_file(dir.path() + "/records/chess-0002.chess").find(std::string("position: ") + sicilian) !=
          std::string::npos);
    CHECK(read_file(dir.path() + "/records/chess-0003.chess").find(std::string("position: ") + french) !=
          std::string::npos);
    const std::string pgn = read_file(dir.path() + "/games.pgn");
    CHECK(count_of(pgn, "[SetUp \"1\"]") == 4);
    CHECK(count_of(pgn, std::string("[FEN \"") + sicilian + "\"]") == 2);
    CHECK(count_of(pgn, std::string("[FEN \"") + french + "\"]") == 2);
    Child validate(kBinary,
                   {"validate", "games.pgn", "records/chess-0001.chess", "records/chess-0002.chess",
                    "records/chess-0003.chess", "records/chess-0004.chess"},
                   dir.path(), false);
    CHECK(validate.finish(30s) == 0);
    // pgn-extract reads the archive's starts as well.
    REQUIRE(::access(kPgnExtract, X_OK) == 0);
    Child extract(kPgnExtract, {"-s", "--quiet", "-r", "games.pgn"}, dir.path(), false);
    CHECK(extract.finish(30s) == 0);
    CHECK(extract.err().find("rror") == std::string::npos);
  }
  SECTION("a PGN book's moves, cut to plies=2, shuffled by the seed and the same for the same seed") {
    std::ofstream(dir.path() + "/book.pgn")
        << "[Event \"a\"]\n\n1. d4 d5 2. c4 *\n\n[Event \"b\"]\n\n1. e4 c5 2. Nf3 *\n\n"
           "[Event \"c\"]\n\n1. c4 e5 2. Nc3 *\n";
    const auto run_into = [&](const std::string& out) {
      Child run(kBinary,
                {"tourney", "chess", "--players", "1,random", "--games", "6", "--max-moves", "10", "--seed",
                 "5", "--openings", "book.pgn", "order=random", "plies=2", "--out", out},
                dir.path(), false);
      REQUIRE(run.finish(120s) == 0);
    };
    run_into("first");
    run_into("second");
    // A record's first two moves: the two lines after its header.
    const auto first_two = [](const std::string& text) {
      const auto moves = text.find("---\n", 4) + 4;
      return text.substr(moves, text.find('\n', text.find('\n', moves) + 1) - moves);
    };
    std::set<std::string> openings;
    std::vector<std::string> order;  // the opening of games 1, 3 and 5
    int third_from_book = 0;  // games whose third move is the book's (plies=2 leaves it to the players)
    for (int game = 1; game <= 6; ++game) {
      const std::string name = "/chess-000" + std::to_string(game) + ".chess";
      const std::string text = read_file(dir.path() + "/first" + name);
      INFO(text);
      CHECK(text == read_file(dir.path() + "/second" + name));
      const std::string opening = first_two(text);
      CHECK((opening == "d4\nd5" || opening == "e4\nc5" || opening == "c4\ne5"));
      openings.insert(opening);
      if (game % 2 == 1) order.push_back(opening);
      const auto moves = text.find("---\n", 4) + 4;
      const auto third = text.find('\n', text.find('\n', moves) + 1) + 1;
      const std::string third_move = text.substr(third, text.find('\n', third) - third);
      if (third_move == (opening == "d4\nd5" ? "c4" : opening == "e4\nc5" ? "Nf3" : "Nc3")) ++third_from_book;
      // A pair shares its opening.
      if (game % 2 == 0)
        CHECK(first_two(read_file(dir.path() + "/first/chess-000" + std::to_string(game - 1) + ".chess")) ==
              opening);
    }
    CHECK(openings.size() == 3);  // each once before any again
    CHECK(order != std::vector<std::string>{"d4\nd5", "e4\nc5", "c4\ne5"});  // shuffled, not the file's
    CHECK(third_from_book < 6);
  }
  SECTION("Chess960: Shredder-FEN starts from the published perft positions") {
    std::ofstream(dir.path() + "/960.epd")
        << "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - hmvc 2; fmvn 9;\n"
           "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9\n";
    Child run(kBinary,
              {"tourney", "chess960", "--players", "1,random", "--games", "4", "--max-moves", "30",
               "--openings", "960.epd", "--out", "records", "--pgn-out", "games.pgn"},
              dir.path(), false);
    REQUIRE(run.finish(120s) == 0);
    INFO(run.out() << run.err());
    const std::string pgn = read_file(dir.path() + "/games.pgn");
    CHECK(count_of(pgn, "[Variant \"Chess960\"]") == 4);
    CHECK(count_of(pgn, "[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w ") == 2);
    Child validate(kBinary, {"validate", "games.pgn", "records/chess960-0003.chess960"}, dir.path(), false);
    CHECK(validate.finish(30s) == 0);
  }
  SECTION("a bad line, a bad setting, or an opening as long as --max-moves: nothing is played") {
    std::ofstream(dir.path() + "/bad.epd") << "4k3/8/8/8/8/8/4P3/4K3 w - -\n4k3/8/8/8/8/8/4P3/4K3 w\n";
    Child bad(kBinary, {"tourney", "chess", "--players", "1,2", "--openings", "bad.epd", "--out", "records"},
              dir.path(), false);
    CHECK(bad.finish(30s) == 2);
    CHECK(bad.err().rfind("bad.epd:2:", 0) == 0);
    CHECK(bad.err().find("error[opening]: FEN: needs 6 fields") != std::string::npos);
    CHECK_FALSE(fs::exists(dir.path() + "/records"));
    Child setting(kBinary, {"tourney", "chess", "--players", "1,2", "--openings", book, "order=alphabetical"},
                  dir.path(), false);
    CHECK(setting.finish(30s) == 2);
    CHECK(setting.err().find("--openings order=alphabetical: not a setting") != std::string::npos);
    std::ofstream(dir.path() + "/long.pgn") << "[Event \"l\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    Child long_one(kBinary,
                   {"tourney", "chess", "--players", "1,2", "--openings", "long.pgn", "--max-moves", "4"},
                   dir.path(), false);
    CHECK(long_one.finish(30s) == 2);
    CHECK(long_one.err().find("an opening of 4 moves must be shorter than --max-moves (4)") !=
          std::string::npos);
  }
  SECTION("--state names the book: the same command continues, and prints the same table") {
    const std::vector<std::string> args = {
        "tourney",      "kalah",   "--players",  "2,1",
        "--games",      "6",       "--openings", kSourceDir + "/samples/kalah/openings/positions.txt",
        "order=random", "--state", "run.state"};
    Child first(kBinary, args, dir.path(), false);
    REQUIRE(first.finish(60s) == 0);
    CHECK(read_file(dir.path() + "/run.state")
              .find(" openings=" + kSourceDir + "/samples/kalah/openings/positions.txt,random,all,1") !=
          std::string::npos);
    Child again(kBinary, args, dir.path(), false);
    REQUIRE(again.finish(60s) == 0);
    CHECK(again.out() == first.out());
  }
}
