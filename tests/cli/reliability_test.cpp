// Faults a hostile user found, each driven through the real binary: a full
// disk, two sessions on one record, a record changed behind a session's
// back, signals, special files, huge lines at the prompt, control
// characters in file names, standard input given twice.
#include <catch2/catch.hpp>

#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "subprocess.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace gamerec::clitest;
using namespace std::chrono_literals;

namespace {

// Eight knight moves that bring the four knights home: legal again and
// again from the start position.
const std::vector<std::string> kCycle = {"1B-3A", "2H-3F", "8G-6H", "7A-6C",
                                         "3A-1B", "3F-2H", "6H-8G", "6C-7A"};

std::string cycle_lines(std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) text += kCycle[i % kCycle.size()] + "\n";
  return text;
}

// Whole lines only, each a move of the cycle in order.
void check_whole_cycle_lines(const std::string& record, const std::string& prefix) {
  REQUIRE(record.substr(0, prefix.size()) == prefix);
  REQUIRE((record.empty() || record.back() == '\n'));
  const std::string rest = record.substr(prefix.size());
  CHECK(rest.size() % 6 == 0);
  CHECK(rest == cycle_lines(rest.size() / 6).substr(0, rest.size()));
}

int validate(const std::string& path) {
  Child child(kBinary, {"validate", path}, kSourceDir, false);
  return child.finish(30s);
}

// Where a tmpfs of `size` bytes could be mounted (root, and a kernel that
// lets us), or "" when it cannot.
class SmallFilesystem {
 public:
  SmallFilesystem(const std::string& dir, std::size_t size) : dir_(dir) {
    if (::geteuid() != 0) return;
    fs::create_directories(dir_);
    const std::string options = "size=" + std::to_string(size);
    mounted_ = ::mount("tmpfs", dir_.c_str(), "tmpfs", 0, options.c_str()) == 0;
  }
  ~SmallFilesystem() {
    if (mounted_) ::umount2(dir_.c_str(), MNT_DETACH);
  }
  bool mounted() const { return mounted_; }

 private:
  std::string dir_;
  bool mounted_ = false;
};

struct Finished {
  int status;
  std::string out;
  std::string err;
};

// Runs play on `record` with `moves` of the cycle typed, then Q, under
// `wrapper` (nothing, or a shell that sets a file-size limit).
Finished play_cycle(const std::string& record, std::size_t moves, const std::vector<std::string>& wrapper) {
  std::vector<std::string> args = wrapper;
  if (!wrapper.empty()) args.push_back(kBinary);
  args.insert(args.end(), {"play", record});
  Child child(wrapper.empty() ? kBinary : "/bin/sh", args, kSourceDir, true);
  child.send(cycle_lines(moves) + "Q\n");
  child.close_stdin();
  const int status = child.finish(30s);
  return {status, child.out(), child.err()};
}

}  // namespace

TEST_CASE("reliability: a full disk never tears a record, and play stops with status 2") {
  gamerec::test::TempDir dir("full");
  // 4,093 bytes: the next lines cross into a second 4 KiB page.
  const std::string prefix = cycle_lines(680) + "# 0123456789\n";
  REQUIRE(prefix.size() == 4093);

  SECTION("a small tmpfs, when we may mount one") {
    SmallFilesystem small(dir.path() + "/tmpfs", 8192);
    if (!small.mounted()) {
      WARN(
          "skipped: cannot mount a tmpfs here (not root, or no permission); the file-size limit case covers "
          "it");
      return;
    }
    const std::string record = dir.path() + "/tmpfs/game.cht";
    write_file(record, prefix);
    write_file(dir.path() + "/tmpfs/filler", std::string(4096, 'x'));  // the other page
    const Finished run = play_cycle(record, 40, {});
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains("cannot write") && Catch::Contains("every move before this one"));
    const std::string after = read_file(record);
    CHECK(after.size() < prefix.size() + 40 * 6);  // the disk did fill
    check_whole_cycle_lines(after, prefix);
    CHECK(validate(record) == 0);
  }
  SECTION("a file-size limit, which fails a write part-way the same way") {
    const std::string record = dir.path() + "/game.cht";
    write_file(record, prefix);
    // SIGXFSZ ignored, so the write fails with EFBIG instead of killing us.
    const std::vector<std::string> limited = {"-c", "trap '' XFSZ; exec prlimit --fsize=4100 \"$@\"", "sh"};
    if (!fs::exists("/usr/bin/prlimit")) {
      WARN("skipped: no prlimit");
      return;
    }
    const Finished run = play_cycle(record, 5, limited);
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains("cannot write") && Catch::Contains("every move before this one"));
    const std::string after = read_file(record);
    CHECK(after.size() == prefix.size() + 6);  // 4,099 bytes fit; the next line would not
    check_whole_cycle_lines(after, prefix);
    CHECK(validate(record) == 0);
  }
}

TEST_CASE("reliability: a second play session on a record is refused, naming the file") {
  gamerec::test::TempDir dir("lock");
  const std::string record = dir.path() + "/game.cht";
  write_file(record, cycle_lines(2));
  Child first(kBinary, {"play", record}, kSourceDir, true);
  REQUIRE(first.pump_until([&] { return first.out().find("Red> ") != std::string::npos; }, 10s));
  Child second(kBinary, {"play", record}, kSourceDir, true);
  second.send("8G-6H\n");
  second.close_stdin();
  CHECK(second.finish(10s) == 2);
  CHECK_THAT(second.err(), Catch::Contains(record) && Catch::Contains("another gamerec session"));
  // The first goes on, and its moves are the only ones written.
  first.send("8G-6H\nQ\n");
  first.close_stdin();
  CHECK(first.finish(10s) == 0);
  CHECK(read_file(record) == cycle_lines(3));
  // The lock goes with the session: a new one may start.
  Child third(kBinary, {"play", record}, kSourceDir, true);
  third.send("7A-6C\nQ\n");
  third.close_stdin();
  CHECK(third.finish(10s) == 0);
  CHECK(read_file(record) == cycle_lines(4));
}

TEST_CASE("reliability: a record changed behind a session's back is not written over") {
  gamerec::test::TempDir dir("changed");
  const std::string record = dir.path() + "/game.cht";
  write_file(record, cycle_lines(2));
  Child session(kBinary, {"play", record}, kSourceDir, true);
  REQUIRE(session.pump_until([&] { return session.out().find("Red> ") != std::string::npos; }, 10s));
  // Another program (an editor, say) rewrites the file meanwhile.
  write_file(record, cycle_lines(3));
  session.send("8G-6H\nQ\n");
  session.close_stdin();
  CHECK(session.finish(10s) == 2);
  CHECK_THAT(session.err(), Catch::Contains("changed by another program"));
  CHECK(read_file(record) == cycle_lines(3));  // what the other program wrote, untouched
}

TEST_CASE("reliability: SIGINT, SIGTERM and SIGHUP end play as Q does, with status 130, 143 and 129") {
  gamerec::test::TempDir dir("signal");
  for (const auto& [signal_number, expected] :
       {std::pair{SIGINT, 130}, std::pair{SIGTERM, 143}, std::pair{SIGHUP, 129}}) {
    INFO("signal " << signal_number);
    const std::string record = dir.path() + "/game-" + std::to_string(signal_number) + ".cht";
    write_file(record, cycle_lines(2));
    Child session(kBinary, {"play", record}, kSourceDir, true);
    session.send("8G-6H\n");
    REQUIRE(session.pump_until([&] { return session.out().find("Black> ") != std::string::npos; }, 10s));
    session.kill(signal_number);
    CHECK(session.finish(10s) == expected);
    CHECK_THAT(session.out(), Catch::EndsWith("Game session ended\n"));
    CHECK(read_file(record) == cycle_lines(3));
  }
}

TEST_CASE("reliability: play refuses a record that is not a regular file, before the first prompt") {
  gamerec::test::TempDir dir("fifo");
  const std::string fifo = dir.path() + "/game.cht";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  Child session(kBinary, {"play", fifo}, kSourceDir, true);
  session.send("2A-3A\n");
  session.close_stdin();
  CHECK(session.finish(10s) == 2);
  CHECK_THAT(session.err(), Catch::Contains("not a regular file"));
  CHECK(session.out().find("> ") == std::string::npos);  // never prompted
  // -o naming a directory says so.
  Child directory(kBinary, {"play", "--game", "chaturanga", "-o", dir.path()}, kSourceDir, false);
  CHECK(directory.finish(10s) == 2);
  CHECK_THAT(directory.err(), Catch::Contains("is a directory"));
}

TEST_CASE(
    "reliability: a huge line at the prompt is refused like an overlong record line, in bounded memory") {
  // The same session with a short bad line is the baseline: a sanitizer
  // build alone takes more memory than the huge line would. The peak is
  // read once the move after the bad line is on disk, before quitting.
  gamerec::test::TempDir dir("bigline");
  const std::string record = dir.path() + "/game.cht";
  auto play_after = [&](const std::string& bad_line) {
    write_file(record, cycle_lines(2));
    Child session(kBinary, {"play", record}, kSourceDir, true);
    session.send(bad_line + "\n8G-6H\n");
    CHECK(session.pump_until([&] { return read_file(record) == cycle_lines(3); }, 60s));
    const long peak = session.peak_kib();
    session.send("Q\n");
    CHECK(session.finish(60s) == 0);
    return std::pair{session.out(), peak};
  };
  const auto [baseline_out, baseline_kib] = play_after("AAAA");
  CHECK_THAT(baseline_out, Catch::Contains("AAAA"));
  const auto [huge_out, huge_kib] = play_after(std::string(20 * 1024 * 1024, 'A'));
  CHECK_THAT(huge_out, Catch::Contains("the line is too long to be a move"));
  INFO("peak KiB: huge line " << huge_kib << ", short line " << baseline_kib);
  CHECK(baseline_kib > 0);
  CHECK(huge_kib < baseline_kib + 4 * 1024);  // far below the 20 MiB line
}

TEST_CASE("reliability: control characters in file names and header values are escaped") {
  gamerec::test::TempDir dir("names");
  const std::string name = dir.path() + "/bad\nname\x1b[31m.cht";
  write_file(name, "---\ngame: \"\x1b[2Jchess-ish\"\n---\n2A-3A\n");
  Child child(kBinary, {"validate", name}, kSourceDir, false);
  CHECK(child.finish(10s) == 2);
  const std::string line = child.out();
  CHECK(line.find('\x1b') == std::string::npos);
  CHECK(std::count(line.begin(), line.end(), '\n') == 1);  // one line per problem
  CHECK_THAT(line, Catch::Contains("bad\\x0Aname\\x1B[31m.cht:2:1: error[header]") &&
                       Catch::Contains("\\x1B[2Jchess-ish"));
}

TEST_CASE("reliability: standard input cannot be given twice") {
  Child child(kBinary, {"validate", "-", "-"}, kSourceDir, true);
  child.send("2A-3A\n");
  child.close_stdin();
  CHECK(child.finish(10s) == 2);
  CHECK_THAT(child.err(), Catch::Contains("standard input can be read only once"));
}

TEST_CASE("reliability: each accepted move and each undo reach the disk (fdatasync) at once") {
  // strace shows the system calls in order: each move's write is followed
  // by a sync of the same file before play reads its next line.
  if (::access("/usr/bin/strace", X_OK) != 0) {
    WARN("strace is not installed: skipped");
    return;
  }
  gamerec::test::TempDir dir("sync");
  const std::string record = dir.path() + "/game.cht";
  const std::string trace = dir.path() + "/trace";
  write_file(record, cycle_lines(2));
  // A sanitizer build's leak check cannot run under ptrace: turn it off.
  Child session("/usr/bin/strace",
                {"-o", trace, "-E", "ASAN_OPTIONS=detect_leaks=0", "-e", "trace=write,fdatasync,ftruncate",
                 kBinary, "play", record},
                kSourceDir, true);
  session.send("8G-6H\n7A-6C\nundo\nQ\n");
  session.close_stdin();
  REQUIRE(session.finish(30s) == 0);
  CHECK(read_file(record) == cycle_lines(3));
  // The record's descriptor is the one that gets written "8G-6H\n".
  const std::string calls = read_file(trace);
  const auto first_move = calls.find("\"8G-6H\\n\"");
  REQUIRE(first_move != std::string::npos);
  const auto line_start = calls.rfind('\n', first_move) + 1;
  const std::string fd = calls.substr(line_start + 6, calls.find(',', line_start) - line_start - 6);
  const std::string sync = "fdatasync(" + fd + ")";
  const auto second_move = calls.find("\"7A-6C\\n\"", first_move);
  REQUIRE(second_move != std::string::npos);
  const auto first_sync = calls.find(sync, first_move);
  CHECK(first_sync < second_move);
  const auto cut = calls.find("ftruncate(" + fd, second_move);
  REQUIRE(cut != std::string::npos);
  CHECK(calls.find(sync, second_move) < cut);
  CHECK(calls.find(sync, cut) != std::string::npos);
}
