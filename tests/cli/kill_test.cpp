// gamerec-record(5), HOW GAMEREC WRITES RECORDS: every accepted move is written to the record file and flushed
// before the next prompt, so killing `gamerec play` at any moment loses no
// accepted move. These tests drive the real binary through a pipe, kill it
// with SIGKILL (no chance to flush or clean up) and read the file back.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "subprocess.h"

namespace fs = std::filesystem;
using namespace gamerec::clitest;
using namespace std::chrono_literals;

namespace {

const fs::path kSample = fs::path(kSourceDir) / "samples/chaturanga/valid/unfinished.cht";

// Legal moves from the end of unfinished.cht (Yellow to move, move 29),
// one per side in turn order and then two more; none ends the game.
const std::vector<std::string> kMoves = {"3A-4A", "2F-3E", "5H-4G", "8B-7C", "2D-3E", "7F-6F"};

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

std::string joined(const std::vector<std::string>& moves, std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += moves[i] + "\n";
  return text;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// Polls until the file at `path` holds exactly `expected`, keeping the
// child's pipes moving meanwhile.
bool wait_for_file(Child& child, const fs::path& path, const std::string& expected) {
  return child.pump_until(
      [&] {
        std::error_code ec;
        return fs::exists(path, ec) && read_file(path) == expected;
      },
      10s);
}

// The file must be `prefix` followed by whole lines, each the next of
// `moves`, and at least `at_least` of them.
void check_prefix_and_moves(const std::string& contents, const std::string& prefix,
                            const std::vector<std::string>& moves, std::size_t at_least) {
  REQUIRE(contents.size() >= prefix.size());
  CHECK(contents.substr(0, prefix.size()) == prefix);
  const std::string rest = contents.substr(prefix.size());
  INFO("lines after the original record:\n" << rest);
  if (!rest.empty()) CHECK(rest.back() == '\n');  // no torn last line
  const auto lines = lines_of(rest);
  CHECK(lines.size() >= at_least);
  REQUIRE(lines.size() <= moves.size());
  for (std::size_t i = 0; i < lines.size(); ++i) CHECK(lines[i] == moves[i]);
}

}  // namespace

TEST_CASE("kill: SIGKILL after moves fed one at a time loses none of them", "[kill]") {
  gamerec::test::TempDir tmp("kill");
  const fs::path record = fs::path(tmp.path()) / "game.cht";
  fs::copy_file(kSample, record);
  const std::string original = read_file(record);

  Child child(kBinary, {"play", record.string()}, kSourceDir, true);
  REQUIRE(child.pump_until([&] { return child.out().find("Yellow> ") != std::string::npos; }, 10s));

  const std::size_t fed = 4;
  for (std::size_t i = 0; i < fed; ++i) {
    INFO("move " << i + 1 << ": " << kMoves[i] << "\nstdout so far:\n"
                 << child.out() << "\nstderr:\n"
                 << child.err());
    child.send(kMoves[i] + "\n");
    REQUIRE(wait_for_file(child, record, original + joined(kMoves, i + 1)));
    // ... and the program has gone on to the next prompt.
    REQUIRE(child.pump_until([&] { return count(child.out(), "Move accepted") == i + 1; }, 10s));
  }
  // Killed while it waits for the next move, mid-game.
  child.kill(SIGKILL);
  CHECK(child.wait() == 128 + SIGKILL);

  const std::string after = read_file(record);
  CHECK(after == original + joined(kMoves, fed));
  check_prefix_and_moves(after, original, kMoves, fed);
}

TEST_CASE("kill: a move reported accepted is already in the file when the process dies", "[kill]") {
  gamerec::test::TempDir tmp("kill");
  const fs::path record = fs::path(tmp.path()) / "game.cht";
  fs::copy_file(kSample, record);
  const std::string original = read_file(record);

  // All moves at once; kill as soon as the third is reported, while the
  // program may be in the middle of the fourth.
  Child child(kBinary, {"play", record.string()}, kSourceDir, true);
  child.send(joined(kMoves, kMoves.size()));
  REQUIRE(child.pump_until([&] { return count(child.out(), "Move accepted") >= 3; }, 10s));
  child.kill(SIGKILL);
  CHECK(child.wait() == 128 + SIGKILL);
  const std::size_t reported = count(child.out(), "Move accepted");

  check_prefix_and_moves(read_file(record), original, kMoves, reported);
}

TEST_CASE(
    "kill: SIGKILL while continuing an invalid record into -o OUT keeps OUT whole and the input untouched",
    "[kill]") {
  gamerec::test::TempDir tmp("kill");
  const fs::path input = fs::path(tmp.path()) / "bad.cht";
  const fs::path output = fs::path(tmp.path()) / "out.cht";
  fs::copy_file(fs::path(kSourceDir) / "samples/chaturanga/invalid/blocked-path.cht", input);
  const std::string original = read_file(input);
  const std::string valid_prefix = original.substr(0, original.find("8F-5C"));

  // Red to move after the six good moves of blocked-path.cht.
  const std::vector<std::string> moves = {"8G-6F", "6C-6D", "2B-3B"};
  Child child(kBinary, {"play", input.string(), "-o", output.string()}, kSourceDir, true);
  for (std::size_t i = 0; i < 2; ++i) {
    INFO("move " << moves[i] << "\nstdout so far:\n" << child.out() << "\nstderr:\n" << child.err());
    child.send(moves[i] + "\n");
    REQUIRE(wait_for_file(child, output, valid_prefix + joined(moves, i + 1)));
  }
  child.kill(SIGKILL);
  CHECK(child.wait() == 128 + SIGKILL);

  CHECK(read_file(input) == original);
  check_prefix_and_moves(read_file(output), valid_prefix, moves, 2);
  for (const auto& entry : fs::directory_iterator(tmp.path()))
    CHECK(entry.path().filename().string().find(".gamerec-tmp") == std::string::npos);
}
