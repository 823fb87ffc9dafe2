// Faults a hostile user found, each driven through the real binary: a full
// disk, two sessions on one record, a record changed behind a session's
// back, signals, special files, huge lines at the prompt, control
// characters in file names, standard input given twice.
#include <catch2/catch.hpp>

#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
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

// ---- Second round (truncated archives, file-size limits, signals while a
// program thinks, files with no game) ----

namespace {

// `games` PGN games, each a little different (so that compression does
// not fold them into a few bytes), all valid.
std::string many_pgn_games(int games) {
  std::string text;
  for (int i = 1; i <= games; ++i)
    text += "[Event \"Test\"]\n[Round \"" + std::to_string(i) +
            "\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 " + std::to_string(i % 7 + 5) +
            ". O-O *\n\n";
  return text;
}

Finished run_binary(const std::vector<std::string>& args, const std::string& input = "") {
  Child child(kBinary, args, kSourceDir, !input.empty());
  if (!input.empty()) child.send(input);
  const int status = child.finish(30s);
  return {status, child.out(), child.err()};
}

// Whether process `pid` (or, negative, every process of group -pid) has
// ended and been reaped, waiting up to 2 s for it.
bool process_gone(pid_t pid) {
  for (int i = 0; i < 100; ++i) {
    if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

}  // namespace

TEST_CASE("reliability: a compressed archive cut short is a read error, never valid, file or stdin") {
  gamerec::test::TempDir dir("cut");
  const std::string plain = dir.path() + "/games.pgn";
  // Big enough for several compressed blocks (bzip2 -1: 100 kB, zstd:
  // 128 KiB), so that a cut in the middle falls after whole games.
  write_file(plain, many_pgn_games(3000));
  struct Kind {
    std::string tool;       // the command that compresses (kept: plain stays)
    std::string extension;  // what it writes
    std::size_t cut;        // bytes cut from the end: the trailer or the checksum
    std::string name;       // as the error names the format
  };
  for (const Kind& kind : {Kind{"gzip -k -f", ".gz", 8, "gzip"}, Kind{"bzip2 -1 -k -f", ".bz2", 4, "bzip2"},
                           Kind{"zstd -q -f --check", ".zst", 4, "zstd"}}) {
    INFO(kind.name);
    REQUIRE(std::system((kind.tool + " " + plain).c_str()) == 0);
    const std::string whole = read_file(plain + kind.extension);
    REQUIRE(run_binary({"validate", plain + kind.extension}).status == 0);
    const std::string message = "cannot read: the " + kind.name + " data is cut short";
    // Only the end is missing: every game was read, and still the file is
    // not valid.
    const std::string no_end = dir.path() + "/no-end.pgn" + kind.extension;
    write_file(no_end, whole.substr(0, whole.size() - kind.cut));
    Finished run = run_binary({"validate", no_end});
    CHECK(run.status == 2);
    CHECK_THAT(run.out, Catch::Contains(message));
    CHECK_THAT(run.err, Catch::Contains("3001 games: 3000 valid, 0 invalid"));
    run = run_binary({"validate", "--game", "chess", "-"}, whole.substr(0, whole.size() - kind.cut));
    CHECK(run.status == 2);
    CHECK_THAT(run.out, Catch::Contains(message));
    // Cut in the middle: the games before the cut are still reported.
    const std::string half = dir.path() + "/half.pgn" + kind.extension;
    write_file(half, whole.substr(0, whole.size() / 2));
    run = run_binary({"validate", "--format", "json", half});
    CHECK(run.status == 2);
    CHECK_THAT(run.out, Catch::Contains("\"valid\":true") && Catch::Contains(message));
    CHECK_THAT(run.out, !Catch::Contains("\"code\":\"notation\""));
  }
}

TEST_CASE("reliability: a PGN file with no game is an error, counted in the summary") {
  gamerec::test::TempDir dir("nogame");
  for (const std::string& text : {std::string(), std::string("{only a comment}\n"), std::string("\n\n% escape\n")}) {
    INFO("file: " << text);
    const std::string path = dir.path() + "/empty.pgn";
    write_file(path, text);
    const Finished run = run_binary({"validate", path});
    CHECK(run.status == 2);
    CHECK_THAT(run.out, Catch::Contains("empty.pgn:1:1: error[header]: the file holds no PGN game"));
    CHECK_THAT(run.err, Catch::Contains("1 file: 0 valid, 0 invalid, 1 not checked"));
  }
}

TEST_CASE("reliability: under a file-size limit play and tourney --out stop with status 2, records whole") {
  if (!fs::exists("/usr/bin/prlimit")) {
    WARN("skipped: no prlimit (util-linux)");
    return;
  }
  gamerec::test::TempDir dir("fsize");
  SECTION("play: SIGXFSZ is not left to kill gamerec mid-line") {
    const std::string prefix = cycle_lines(680) + "# 0123456789\n";
    const std::string record = dir.path() + "/game.cht";
    write_file(record, prefix);
    const Finished run = play_cycle(record, 5, {"-c", "exec prlimit --fsize=4100 \"$@\"", "sh"});
    CHECK(run.status == 2);
    CHECK_THAT(run.err, Catch::Contains("cannot write") && Catch::Contains("every move before this one"));
    check_whole_cycle_lines(read_file(record), prefix);
    CHECK(validate(record) == 0);
  }
  SECTION("tourney --out: every record written so far validates") {
    const std::string out = dir.path() + "/records";
    Child child("/usr/bin/prlimit",
                {"--fsize=500", kBinary, "tourney", "chess", "--players", "random,random", "--games", "3",
                 "--out", out},
                kSourceDir, false);
    CHECK(child.finish(60s) == 2);
    CHECK_THAT(child.err(), Catch::Contains("cannot write"));
    int records = 0;
    for (const auto& entry : fs::directory_iterator(out)) {
      ++records;
      INFO(entry.path());
      const std::string text = read_file(entry.path());
      CHECK((text.empty() || text.back() == '\n'));
      CHECK(validate(entry.path().string()) == 0);
    }
    CHECK(records >= 1);
  }
  // The output is written under a temporary name: cut short, it never
  // appears, and the temporary goes too.
  std::string archive;
  for (int game = 1; game <= 100; ++game)
    archive += "[Event \"Game " + std::to_string(game) +
               "\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
  const std::string input = dir.path() + "/games.in.pgn";
  write_file(input, archive);
  const auto no_output = [&](const std::string& output) {
    CHECK_FALSE(fs::exists(output));
    for (const auto& entry : fs::directory_iterator(dir.path()))
      CHECK(entry.path().filename().string().find(".gamerec-tmp") == std::string::npos);
  };
  SECTION("convert: an output that cannot be written whole does not appear") {
    const std::string out = dir.path() + "/games.pgn";
    Child child("/usr/bin/prlimit", {"--fsize=3000", kBinary, "convert", input, out}, kSourceDir, false);
    CHECK(child.finish(60s) == 2);
    CHECK_THAT(child.err(), Catch::Contains("cannot write"));
    no_output(out);
  }
  SECTION("convert to a page: the reading stops at the failed write, and no page appears") {
    const std::string out = dir.path() + "/games.html";
    Child child("/usr/bin/prlimit", {"--fsize=3000", kBinary, "convert", input, out}, kSourceDir, false);
    CHECK(child.finish(60s) == 2);
    CHECK_THAT(child.err(), Catch::Contains("cannot write"));
    no_output(out);
  }
}

TEST_CASE("reliability: a signal while an external player thinks ends play at once, record whole") {
  gamerec::test::TempDir dir("thinking");
  SECTION("a UCI engine that never answers: SIGTERM, status 143") {
    const std::string record = dir.path() + "/game.chess";
    const std::string pid_file = dir.path() + "/engine.pid";
    ::setenv("FAKE_UCI_MODE", "hang", 1);
    ::setenv("FAKE_UCI_PID", pid_file.c_str(), 1);
    Child session(kBinary,
                  {"play", "--ai", std::string("black=uci:") + GAMEREC_FAKE_UCI, "--movetime", "600000", record},
                  kSourceDir, true);
    ::unsetenv("FAKE_UCI_MODE");
    ::unsetenv("FAKE_UCI_PID");
    session.send("e2e4\n");
    REQUIRE(session.pump_until([&] { return fs::exists(record) && read_file(record) == "e2e4\n"; }, 10s));
    std::this_thread::sleep_for(200ms);  // the engine is thinking
    const auto sent = std::chrono::steady_clock::now();
    session.kill(SIGTERM);
    CHECK(session.finish(10s) == 143);
    CHECK(std::chrono::steady_clock::now() - sent < 2s);
    CHECK_THAT(session.out(), !Catch::Contains("forfeit") && Catch::EndsWith("Game session ended\n"));
    CHECK(read_file(record) == "e2e4\n");
    CHECK(process_gone(std::stoi(read_file(pid_file))));
  }
  SECTION("an exec: program that never shoots (within play's 10 s): Ctrl-C, status 130, its group gone") {
    const std::string program = dir.path() + "/slow.sh";
    const std::string pid_file = dir.path() + "/program.pid";
    write_file(program, "#!/bin/sh\necho $$ > " + pid_file +
                            "\nwhile read -r line; do\n  case $line in\n    ship*) echo D4 ;;\n"
                            "    shot) sleep 600 ;;\n  esac\ndone\n");
    fs::permissions(program, fs::perms::owner_all);
    const std::string record = dir.path() + "/game.battleship";
    Child session(kBinary,
                  {"play", "--game", "battleship", "--variant", "width=4", "--variant", "height=4", "--variant",
                   "ships=1", "--ai", "player2=exec:" + program, record},
                  kSourceDir, true);
    session.send("A1\nB2\n");
    REQUIRE(session.pump_until([&] { return fs::exists(record) && read_file(record).find("B2\n") != std::string::npos; },
                               10s));
    std::this_thread::sleep_for(200ms);  // the program sleeps at its shot
    const auto sent = std::chrono::steady_clock::now();
    session.kill(SIGINT);
    CHECK(session.finish(10s) == 130);
    CHECK(std::chrono::steady_clock::now() - sent < 2s);
    CHECK_THAT(session.out(), !Catch::Contains("forfeit") && Catch::EndsWith("Game session ended\n"));
    CHECK_THAT(read_file(record), Catch::EndsWith("A1\nD4\nB2\n"));
    const pid_t group = std::stoi(read_file(pid_file));
    CHECK(process_gone(group));
    CHECK(process_gone(-group));  // nor anything it started (its sleep)
  }
}

TEST_CASE("reliability: names from the command line and definitions never reach the terminal raw") {
  gamerec::test::TempDir dir("names2");
  const std::string escape = "\x1b[31mX";
  auto no_escape = [](const Finished& run) {
    INFO("out: " << run.out << "\nerr: " << run.err);
    CHECK(run.out.find('\x1b') == std::string::npos);
    CHECK(run.err.find('\x1b') == std::string::npos);
    CHECK_THAT(run.out + run.err, Catch::Contains("\\x1B[31mX"));
  };
  no_escape(run_binary({"--game", "go" + escape, "validate", "x.cht"}));
  no_escape(run_binary({"play", "--game", "chess", "--ai", "black=" + escape}));
  no_escape(run_binary({"play", "--game", "chess", "--ai", "bl" + escape + "=1"}));
  no_escape(run_binary({"play", "--game", "chess", "--ai", "black=uci:/none" + escape}));
  no_escape(run_binary({"tourney", "battleship", "--players", "exec:./none" + escape + ",random"}));
  CHECK(run_binary({"tourney", "gomoku", "--players", "1,1", "--games", "1", "--out", dir.path() + "/a" + escape})
            .status == 0);
  // The directory now holds a record: the refusal names it.
  no_escape(run_binary({"tourney", "gomoku", "--players", "1,1", "--games", "1", "--out", dir.path() + "/a" + escape}));
  const std::string definitions = dir.path() + "/defs" + escape;
  fs::create_directories(definitions);
  write_file(definitions + "/x.yaml", "name: \"odd" + escape + "\"\nextends: chess\n");
  no_escape(run_binary({"--formats", definitions, "games"}));
  // The lock message names the record.
  const std::string record = dir.path() + "/game" + escape + ".cht";
  write_file(record, cycle_lines(2));
  Child first(kBinary, {"play", record}, kSourceDir, true);
  REQUIRE(first.pump_until([&] { return first.out().find("Red> ") != std::string::npos; }, 10s));
  no_escape(run_binary({"play", record}, "Q\n"));
  first.send("Q\n");
  CHECK(first.finish(10s) == 0);
  // JSON gives the name itself, JSON-escaped, invalid UTF-8 as U+FFFD.
  const std::string odd = dir.path() + "/n" + escape + "\xff.cht";
  write_file(odd, cycle_lines(1));
  const Finished json = run_binary({"validate", "--format", "json", odd});
  CHECK(json.out.find('\x1b') == std::string::npos);
  CHECK_THAT(json.out, Catch::Contains("n\\u001b[31mX\xEF\xBF\xBD.cht\""));
}

TEST_CASE("reliability: a record edited in place at the same size, its time set back, is not written over") {
  gamerec::test::TempDir dir("sametime");
  const std::string record = dir.path() + "/game.cht";
  write_file(record, cycle_lines(2));
  Child session(kBinary, {"play", record}, kSourceDir, true);
  REQUIRE(session.pump_until([&] { return session.out().find("Red> ") != std::string::npos; }, 10s));
  struct stat before {};
  REQUIRE(::stat(record.c_str(), &before) == 0);
  std::this_thread::sleep_for(20ms);  // a later change time, whatever the clock's grain
  const std::string edited = "2H-3F\n1B-3A\n";  // the same size, other moves
  REQUIRE(edited.size() == cycle_lines(2).size());
  {
    std::fstream file(record, std::ios::in | std::ios::out | std::ios::binary);
    file << edited;
  }
  const struct timespec times[2] = {before.st_atim, before.st_mtim};
  REQUIRE(::utimensat(AT_FDCWD, record.c_str(), times, 0) == 0);
  session.send("8G-6H\nQ\n");
  session.close_stdin();
  CHECK(session.finish(10s) == 2);
  CHECK_THAT(session.err(), Catch::Contains("changed by another program"));
  CHECK(read_file(record) == edited);
}
