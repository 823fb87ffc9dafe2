// tourney as engine testers run it, with the real binary: Stockfish under
// clocks with its settings, every game in one PGN archive that gamerec and
// pgn-extract both read, each engine's dialogue in a trace, and games
// played at once giving the table games played one by one give.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <regex>

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
