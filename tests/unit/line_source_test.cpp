// Lines of an input (records/line_source.h): found with memchr alone when
// the reader does not want them marked plain (PGN), the same lines, numbers
// and offsets as when they are marked; and a file whose size says 0 is
// read whole.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "records/line_source.h"

using namespace gamerec;

namespace {

struct SeenLine {
  std::string text;
  std::int64_t number;
  std::uint64_t offset;
  bool too_long;
  bool plain;
};

std::vector<SeenLine> lines_of(const std::string& input, bool mark_plain) {
  LineSource source(std::make_unique<BytesStream>(input));
  source.mark_plain(mark_plain);
  std::vector<SeenLine> lines;
  while (auto line = source.next())
    lines.push_back(SeenLine{std::string(line->text), line->number, line->offset, line->too_long, line->plain});
  return lines;
}

}  // namespace

TEST_CASE("line source: lines found without marking them plain are the same lines") {
  // Every length around the hand-scanned prefix (64 bytes), blanks, CR and
  // '#' that make a line not plain, an overlong line, and no last line end.
  std::string input;
  for (std::size_t length = 0; length < 150; ++length) {
    input += std::string(length, static_cast<char>('a' + length % 26));
    if (length % 5 == 1) input += " x";
    if (length % 7 == 2) input += "#";
    if (length % 3 == 0) input += "\r";
    input += "\n";
  }
  input += std::string(kMaxRecordLine + 10, 'y') + "\nafter\nlast";
  const auto marked = lines_of(input, true);
  const auto unmarked = lines_of(input, false);
  REQUIRE(marked.size() == 153);
  REQUIRE(unmarked.size() == marked.size());
  for (std::size_t i = 0; i < marked.size(); ++i) {
    INFO("line " << i + 1);
    CHECK(unmarked[i].text == marked[i].text);
    CHECK(unmarked[i].number == marked[i].number);
    CHECK(unmarked[i].offset == marked[i].offset);
    CHECK(unmarked[i].too_long == marked[i].too_long);
    CHECK_FALSE(unmarked[i].plain);  // unmarked says nothing
  }
  CHECK(marked[4].plain);         // "dddd": short and plain
  CHECK_FALSE(marked[3].plain);   // "ccc\r"
  CHECK_FALSE(marked[100].plain);  // longer than the hand-scanned prefix
  CHECK(marked[150].too_long);
  CHECK(marked[152].text == "last");
}

TEST_CASE("line source: a file whose size says 0 (/proc) is read to its end") {
  // A regular file's short read ends it once its size is read; /proc files
  // say 0 and come in short reads, and must still be read whole.
  const std::string path = "/proc/cpuinfo";
  std::ifstream in(path);
  REQUIRE(in);  // Linux, where gamerec runs, always has it
  std::vector<std::string> expected;
  for (std::string line; std::getline(in, line);) expected.push_back(line);
  REQUIRE(expected.size() > 10);
  auto lines = open_lines(path);
  REQUIRE(lines.ok());
  std::vector<std::string> got;
  while (auto line = (*lines)->next()) got.emplace_back(line->text);
  CHECK(got == expected);
}

namespace {

// A pipe's bytes: short reads, and no size known.
class TrickleStream final : public ByteStream {
 public:
  TrickleStream(std::string bytes, std::size_t chunk) : bytes_(std::move(bytes)), chunk_(chunk) {}
  gamerec::Result<std::size_t, gamerec::Error> read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min({size, chunk_, bytes_.size() - used_});
    std::memcpy(buffer, bytes_.data() + used_, n);
    used_ += n;
    return static_cast<std::size_t>(n);
  }

 private:
  std::string bytes_;
  std::size_t chunk_;
  std::size_t used_ = 0;
};

}  // namespace

TEST_CASE("line source: lines longer than the usual buffer are whole up to the limit, and only then cut") {
  // A line of a megabyte and more (a whole game with its clock comments,
  // as a server exports it), one of exactly the limit, one byte over it.
  const std::string long_line(3 << 20, 'l');
  const std::string at_limit(kMaxRecordLine, 'm');
  const std::string over(kMaxRecordLine + 1, 'o');
  const std::string input = "first\n" + long_line + "\n" + at_limit + "\n" + over + "\nlast\n";
  for (const std::size_t chunk : {std::size_t{65536}, std::size_t{1} << 30}) {
    INFO("reads of " << chunk);
    LineSource source(std::make_unique<TrickleStream>(input, chunk));
    source.mark_plain(false);
    std::vector<SeenLine> lines;
    while (auto line = source.next())
      lines.push_back(SeenLine{std::string(line->text), line->number, line->offset, line->too_long, line->plain});
    REQUIRE(lines.size() == 5);
    CHECK(lines[0].text == "first");
    CHECK(lines[1].text == long_line);
    CHECK_FALSE(lines[1].too_long);
    CHECK(lines[2].text.size() == kMaxRecordLine);
    CHECK_FALSE(lines[2].too_long);
    CHECK(lines[3].text.size() == kMaxRecordLine);
    CHECK(lines[3].too_long);
    CHECK(lines[4].text == "last");
    CHECK(lines[4].number == 5);
    CHECK(lines[4].offset == input.size() - 5);
  }
}
