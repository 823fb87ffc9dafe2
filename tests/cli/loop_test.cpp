// play and tourney run one match loop (core/match.h) and seed their
// computer players the same way: `play` with the computer on every side and
// `tourney` with one entrant, given the same --seed, play the same game
// move for move, and both records validate.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "subprocess.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace gamerec::clitest;
using namespace std::chrono_literals;

namespace {

// The move lines of a record: everything after its header, if any.
std::vector<std::string> moves_of(const std::string& record) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  bool in_header = record.rfind("---\n", 0) == 0;
  if (in_header) start = 4;
  while (start < record.size()) {
    const std::size_t end = record.find('\n', start);
    const std::string line = record.substr(start, end - start);
    start = end == std::string::npos ? record.size() : end + 1;
    if (in_header) {
      if (line == "---") in_header = false;
      continue;
    }
    lines.push_back(line);
  }
  return lines;
}

int run(const std::vector<std::string>& args, const std::string& cwd) {
  Child child(kBinary, args, cwd, false);
  return child.finish(30s);
}

}  // namespace

TEST_CASE("loop: play with the computer on every side and tourney play the same game from one seed") {
  gamerec::test::TempDir dir("loop");
  for (const char* seed : {"5", "11", "2026"}) {
    INFO("seed " << seed);
    const std::string played = "play-" + std::string(seed) + ".cht";
    const std::string out = "tourney-" + std::string(seed);
    REQUIRE(run({"play", "--game", "chaturanga", "-o", played, "--ai", "yellow", "--ai", "green", "--ai",
                 "red", "--ai", "black", "--seed", seed},
                dir.path()) == 0);
    REQUIRE(run({"tourney", "chaturanga", "--players", "1", "--games", "1", "--seed", seed, "--out", out},
                dir.path()) == 0);
    const auto by_play = moves_of(read_file(fs::path(dir.path()) / played));
    const auto by_tourney = moves_of(read_file(fs::path(dir.path()) / out / "chaturanga-0001.chaturanga"));
    CHECK_FALSE(by_play.empty());
    CHECK(by_play == by_tourney);
    CHECK(run({"validate", played, out + "/chaturanga-0001.chaturanga"}, dir.path()) == 0);
  }
}
