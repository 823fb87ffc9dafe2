// Chess960's start (gamerec-games(7), CHESS960; gamerec(1), play and
// tourney): each new game draws one of the 960 starts from --seed, a
// tourney's pair of games (both seat orders) shares one, and the record's
// header names it so that validate and replay start there again.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "subprocess.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace gamerec::clitest;
using namespace std::chrono_literals;

namespace {

const std::string kStandardFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Every FEN tag of a PGN text, in order.
std::vector<std::string> fen_tags(const std::string& pgn) {
  std::vector<std::string> fens;
  const std::regex tag(R"re(\[FEN "([^"]*)"\])re");
  for (auto it = std::sregex_iterator(pgn.begin(), pgn.end(), tag); it != std::sregex_iterator(); ++it)
    fens.push_back((*it)[1].str());
  return fens;
}

// A new chess960 game with `seed`: the computer plays White's first move,
// then the person quits. Returns the record's one FEN tag.
std::string played_start(const fs::path& dir, const std::string& name, const std::string& seed,
                         const std::vector<std::string>& more = {}) {
  std::vector<std::string> args{"play", "--game", "chess960", "--seed", seed, "-o", name, "--ai", "white=random"};
  args.insert(args.end(), more.begin(), more.end());
  Child play(kBinary, args, dir.string(), true);
  play.send("Q\n");
  REQUIRE(play.finish(30s) == 0);
  const std::string pgn = read_file(dir / name);
  INFO(pgn << play.err());
  const auto fens = fen_tags(pgn);
  REQUIRE(fens.size() == 1);
  CHECK(pgn.find("[SetUp \"1\"]") != std::string::npos);
  return fens[0];
}

// Rank 8 of a FEN (White's first move leaves it as it was).
std::string rank8(const std::string& fen) { return fen.substr(0, fen.find('/')); }

}  // namespace

TEST_CASE("play --game chess960: each seed draws its start, the same seed the same, and the record names it") {
  gamerec::test::TempDir tmp("chess960");
  const fs::path dir = tmp.path();
  const std::string one = played_start(dir, "one.pgn", "1");
  const std::string two = played_start(dir, "two.pgn", "2");
  const std::string again = played_start(dir, "again.pgn", "1");
  CHECK(one != two);
  CHECK(one == again);
  CHECK(one != kStandardFen);
  // start=random is the default, and may be named.
  CHECK(played_start(dir, "named.pgn", "1", {"--variant", "start=random"}) == one);
  // A start the user gives is kept: 518 is chess's start, with no FEN tag.
  Child fixed(kBinary, {"play", "--game", "chess960", "--variant", "start=518", "--seed", "1", "-o", "fixed.pgn",
                        "--ai", "white=random"},
              dir.string(), true);
  fixed.send("Q\n");
  REQUIRE(fixed.finish(30s) == 0);
  CHECK(fen_tags(read_file(dir / "fixed.pgn")).empty());

  // validate and replay read the start back from the header.
  Child validate(kBinary, {"validate", "one.pgn"}, dir.string(), false);
  CHECK(validate.finish(30s) == 0);
  Child replay(kBinary, {"replay", "--format", "fen", "one.pgn"}, dir.string(), false);
  REQUIRE(replay.finish(30s) == 0);
  INFO(replay.out());
  CHECK(rank8(replay.out()) == rank8(one));
}

TEST_CASE("tourney chess960: both games of a pair start from one drawn start, and the records name it") {
  gamerec::test::TempDir tmp("chess960");
  const fs::path dir = tmp.path();
  Child run(kBinary, {"tourney", "chess960", "--players", "random,random", "--games", "4", "--max-moves", "4",
                      "--seed", "5", "--out", "games", "--pgn-out", "games.pgn"},
            dir.string(), false);
  REQUIRE(run.finish(60s) == 0);
  const std::string pgn = read_file(dir / "games.pgn");
  INFO(pgn);
  const auto fens = fen_tags(pgn);
  REQUIRE(fens.size() == 4);
  CHECK(fens[0] == fens[1]);
  CHECK(fens[2] == fens[3]);
  CHECK(fens[0] != fens[2]);
  CHECK(fens[0] != kStandardFen);
  // Each game's own record names its start as well.
  for (int game = 1; game <= 4; ++game) {
    const std::string record = read_file(dir / "games" / ("chess960-000" + std::to_string(game) + ".chess960"));
    INFO(record);
    CHECK(record.find("position: " + fens[game - 1] + "\n") != std::string::npos);
  }
  Child validate(kBinary, {"validate", "games.pgn", "games/chess960-0003.chess960"}, dir.string(), false);
  CHECK(validate.finish(30s) == 0);

  // Another seed, other starts; the same seed, the same.
  Child other(kBinary, {"tourney", "chess960", "--players", "random,random", "--games", "2", "--max-moves", "2",
                        "--seed", "6", "--pgn-out", "other.pgn"},
              dir.string(), false);
  REQUIRE(other.finish(60s) == 0);
  const auto others = fen_tags(read_file(dir / "other.pgn"));
  REQUIRE(others.size() == 2);
  CHECK(others[0] != fens[0]);
  Child same(kBinary, {"tourney", "chess960", "--players", "random,random", "--games", "2", "--max-moves", "2",
                       "--seed", "5", "--pgn-out", "same.pgn"},
             dir.string(), false);
  REQUIRE(same.finish(60s) == 0);
  const auto sames = fen_tags(read_file(dir / "same.pgn"));
  REQUIRE(sames.size() == 2);
  CHECK(sames[0] == fens[0]);
}
