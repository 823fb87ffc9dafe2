// The record file: appends reach the file at once, undo cuts exactly, new
// files appear whole, and a record is never replaced or cut short.
#include <sys/resource.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "records/record_file.h"
#include "support/temp_dir.h"

using namespace gamerec;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("record file: each appended line is in the file before append returns") {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/game.cht";
  std::ofstream(path) << "2A-3A";  // no final newline
  RecordFile file = RecordFile::open_for_append(path).value();
  CHECK(slurp(path) == "2A-3A");  // nothing changes until a move is written
  const auto start = file.append_line("4G-4F");
  REQUIRE(start);
  CHECK(*start == 6);
  CHECK(slurp(path) == "2A-3A\n4G-4F\n");  // read by another handle, before close
  REQUIRE_FALSE(file.truncate(*start));
  CHECK(slurp(path) == "2A-3A\n");
  REQUIRE(file.append_line("4G-4E"));
  CHECK(slurp(path) == "2A-3A\n4G-4E\n");
}

TEST_CASE("record file: create copies a prefix of the source and adds a line end") {
  gamerec::test::TempDir dir;
  const std::string source = dir.path() + "/in.cht";
  const std::string output = dir.path() + "/out.cht";
  std::ofstream(source) << "# c\n2A-3A\n9Z-9Z\n";
  RecordFile file = RecordFile::create(output, source, 10, "").value();
  CHECK(slurp(output) == "# c\n2A-3A\n");
  REQUIRE(file.append_line("4G-4F"));
  CHECK(slurp(output) == "# c\n2A-3A\n4G-4F\n");
  CHECK(slurp(source) == "# c\n2A-3A\n9Z-9Z\n");  // the source is untouched

  RecordFile cut = RecordFile::create(dir.path() + "/cut.cht", source, 7, "").value();
  CHECK(slurp(dir.path() + "/cut.cht") == "# c\n2A-\n");
}

TEST_CASE("record file: a new record starts with the given header") {
  gamerec::test::TempDir dir;
  const std::string output = dir.path() + "/new.txt";
  RecordFile file = RecordFile::create(output, "", 0, "---\ngame: chaturanga\n---\n").value();
  REQUIRE(file.append_line("2A-3A"));
  CHECK(slurp(output) == "---\ngame: chaturanga\n---\n2A-3A\n");
}

TEST_CASE("record file: a CRLF record gets CRLF lines") {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/crlf.cht";
  std::ofstream(path, std::ios::binary) << "2A-3A\r\n";
  RecordFile file = RecordFile::open_for_append(path).value();
  REQUIRE(file.append_line("4G-4F"));
  CHECK(slurp(path) == "2A-3A\r\n4G-4F\r\n");
  std::ofstream(path, std::ios::binary) << "2A-3A\r\n4G-4F";  // unterminated: CRLF from line 1
  RecordFile again = RecordFile::open_for_append(path).value();
  REQUIRE(again.append_line("7H-6H"));
  CHECK(slurp(path) == "2A-3A\r\n4G-4F\r\n7H-6H\r\n");
}

TEST_CASE("record file: cutting a record keeps the file itself (links, mode)") {
  gamerec::test::TempDir dir;
  const std::string target = dir.path() + "/real.cht";
  const std::string link = dir.path() + "/link.cht";
  std::ofstream(target, std::ios::binary) << "2A-3A\nQ\n";
  std::filesystem::create_symlink(target, link);
  RecordFile file = RecordFile::open_for_append(link).value();
  REQUIRE_FALSE(file.truncate(6));
  REQUIRE(file.append_line("4G-4F"));
  CHECK(std::filesystem::is_symlink(link));
  CHECK(slurp(target) == "2A-3A\n4G-4F\n");
}

TEST_CASE("record file: failures are errors naming the file and the system's reason, not silence") {
  const auto opened = RecordFile::open_for_append("/nonexistent/dir/x.cht");
  REQUIRE_FALSE(opened);
  CHECK(opened.error().code == "io");
  CHECK(opened.error().message.key == "write.cannot-open");
  CHECK(opened.error().message.arg("file") == "/nonexistent/dir/x.cht");
  CHECK(opened.error().message.arg("reason") == "No such file or directory");
  const auto created = RecordFile::create("/nonexistent/dir/x.cht", "", 0, "");
  REQUIRE_FALSE(created);
  CHECK(created.error().message.key == "write.cannot-create");
}

TEST_CASE("record file: a line that cannot be written whole fails, and the file is as it was") {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/limit.cht";
  std::ofstream(path) << "2A-3A\n";
  RecordFile file = RecordFile::open_for_append(path).value();
  // A file-size limit just past the record: the next line fits only in
  // part (write(2) takes 4 bytes, then fails with EFBIG).
  struct sigaction ignore {};
  struct sigaction old {};
  ignore.sa_handler = SIG_IGN;
  REQUIRE(::sigaction(SIGXFSZ, &ignore, &old) == 0);
  rlimit before{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &before) == 0);
  rlimit limited = before;
  limited.rlim_cur = 10;
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &limited) == 0);
  const auto appended = file.append_line("4G-4F 4G-4F");
  ::setrlimit(RLIMIT_FSIZE, &before);
  ::sigaction(SIGXFSZ, &old, nullptr);
  REQUIRE_FALSE(appended);
  CHECK(appended.error().message.key == "write.cannot-write");
  CHECK(appended.error().message.arg("file") == path);
  CHECK(slurp(path) == "2A-3A\n");
  // The next line goes where the failed one would have.
  const auto next = file.append_line("4G-4F");
  REQUIRE(next);
  CHECK(*next == 6);
  CHECK(slurp(path) == "2A-3A\n4G-4F\n");
}

TEST_CASE("record file: create never replaces a file, and never keeps a short copy") {
  gamerec::test::TempDir dir;
  const std::string existing = dir.path() + "/there.cht";
  std::ofstream(existing) << "2A-3A\n";
  CHECK_FALSE(RecordFile::create(existing, "", 0, ""));
  CHECK(slurp(existing) == "2A-3A\n");
  // The source is shorter than the prefix asked for (it changed since it
  // was read): no output file at all, and no temporary left behind.
  const std::string output = dir.path() + "/out.cht";
  CHECK_FALSE(RecordFile::create(output, existing, 100, ""));
  CHECK_FALSE(std::filesystem::exists(output));
  // A source that cannot be read: the same.
  CHECK_FALSE(RecordFile::create(output, dir.path(), 10, ""));
  CHECK_FALSE(std::filesystem::exists(output));
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    CHECK(entry.path().filename().string().find(".gamerec-tmp") == std::string::npos);
}

TEST_CASE("record file: the temporary file is new, never one that someone else has") {
  // A file (or a symbolic link to one) where a temporary might go is left
  // as it is: the record is written under another name and linked into place.
  gamerec::test::TempDir dir;
  const std::string output = dir.path() + "/new.cht";
  const std::string victim = dir.path() + "/victim.txt";
  std::ofstream(victim) << "keep me\n";
  const std::string taken = output + ".gamerec-tmp-" + std::to_string(::getpid()) + "-0";
  std::filesystem::create_symlink(victim, taken);
  { RecordFile file = RecordFile::create(output, "", 0, "2A-3A\n").value(); }
  CHECK(slurp(output) == "2A-3A\n");
  CHECK(slurp(victim) == "keep me\n");
  CHECK(std::filesystem::is_symlink(taken));
}

TEST_CASE("record file: only a regular file can be a record") {
  gamerec::test::TempDir dir;
  CHECK_FALSE(RecordFile::open_for_append(dir.path()));
  CHECK_FALSE(RecordFile::open_for_append("/dev/null"));
}

TEST_CASE("record file: undo back to the first move keeps a byte-order mark") {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/bom.cht";
  std::ofstream(path, std::ios::binary) << "\xEF\xBB\xBF"
                                           "2A-3A\n";
  RecordFile file = RecordFile::open_for_append(path).value();
  REQUIRE_FALSE(file.truncate(3));  // where move 1's text starts
  REQUIRE(file.append_line("2B-3B"));
  CHECK(slurp(path) ==
        "\xEF\xBB\xBF"
        "2B-3B\n");
}
