// Lines of an input (records/line_source.h): found with memchr alone when
// the reader does not want them marked plain (PGN), the same lines, numbers
// and offsets as when they are marked; and a file whose size says 0 is
// read whole.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <optional>
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
  // Lines of every length up to 150 bytes, blanks, CR and '#' that make a
  // line not plain, an overlong line, and no last line end.
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
  CHECK(marked[104].plain);       // a long line is plain too
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
  // `size`: the size it says it has (a /proc file says 0), else none.
  // `scribbles`: reads as a decompressor's at their worst: each writes over
  // the buffer past the count it returns (16 bytes, no line end), and the
  // last, finding the input corrupt, fails after writing over all of it.
  TrickleStream(std::string bytes, std::size_t chunk, std::optional<std::uint64_t> size = std::nullopt,
                bool scribbles = false)
      : bytes_(std::move(bytes)), chunk_(chunk), size_(size), scribbles_(scribbles) {}
  std::optional<std::uint64_t> size_hint() const override { return size_; }
  gamerec::Result<std::size_t, gamerec::Error> read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min({size, chunk_, bytes_.size() - used_});
    std::memcpy(buffer, bytes_.data() + used_, n);
    used_ += n;
    if (scribbles_ && n == 0) {
      std::memset(buffer, 'g', size);
      return read_failure("corrupt");
    }
    if (scribbles_) std::memset(buffer + n, 'g', std::min<std::size_t>(size - n, 16));
    return static_cast<std::size_t>(n);
  }

 private:
  std::string bytes_;
  std::size_t chunk_;
  std::optional<std::uint64_t> size_;
  bool scribbles_;
  std::size_t used_ = 0;
};

}  // namespace

TEST_CASE("line source: lines scanned by hand stop at the end of the bytes read, whatever follows them") {
  // The hand scan has no bound per byte: it stops at a NUL put after the
  // bytes read (LineSource::set_end). Reads of every few bytes move the
  // end often (and old bytes stay past it after the buffer is compacted);
  // NULs inside lines, lines of every length up to two small buffers,
  // and a last line with no end that fills the buffer exactly (a stream
  // that says it holds nothing gets the smallest buffer, 4096 bytes).
  std::string input;
  std::uint64_t seed = 7;
  const auto next_random = [&seed](std::uint64_t below) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (seed >> 33) % below;
  };
  const std::string bytes = std::string("abc-19#  \t\r") + '\0';
  for (int line = 0; line < 3000; ++line) {
    const std::size_t length = next_random(10) == 0 ? next_random(9000) : next_random(12);
    for (std::size_t i = 0; i < length; ++i)
      input += next_random(8) == 0 ? bytes[next_random(bytes.size())] : static_cast<char>('a' + i % 26);
    input += '\n';
  }
  for (const std::string& last : {std::string(4096, 'e'), std::string(4095, 'f'), input + "no end"}) {
    for (const std::size_t chunk :
         {std::size_t{1}, std::size_t{7}, std::size_t{4096}, std::size_t{1} << 30}) {
      for (const std::optional<std::uint64_t> size :
           {std::optional<std::uint64_t>(), std::optional<std::uint64_t>(0),
            std::optional<std::uint64_t>(last.size())}) {
        INFO("input of " << last.size() << " bytes, reads of " << chunk << ", size said "
                         << size.value_or(-1));
        std::vector<SeenLine> marked, unmarked;
        for (const bool mark : {true, false}) {
          LineSource source(std::make_unique<TrickleStream>(last, chunk, size));
          source.mark_plain(mark);
          while (auto line = source.next())
            (mark ? marked : unmarked)
                .push_back(SeenLine{std::string(line->text), line->number, line->offset, line->too_long,
                                    line->plain});
        }
        {
          // Bytes past the count a read returns are not lines.
          LineSource scribbled(std::make_unique<TrickleStream>(last, chunk, std::nullopt, true));
          std::size_t at = 0;
          while (auto line = scribbled.next()) {
            REQUIRE(at < unmarked.size());
            CHECK(line->text == unmarked[at++].text);
          }
          CHECK(at == unmarked.size());
          CHECK(scribbled.read_error().has_value());
        }
        REQUIRE(marked.size() == unmarked.size());
        std::size_t plain = 0;
        for (std::size_t i = 0; i < marked.size(); ++i) {
          INFO("line " << i + 1);
          CHECK(marked[i].text == unmarked[i].text);
          CHECK(marked[i].number == unmarked[i].number);
          CHECK(marked[i].offset == unmarked[i].offset);
          if (!marked[i].plain) continue;
          ++plain;
          CHECK_FALSE(marked[i].text.empty());
          CHECK(marked[i].text.find_first_of(std::string(" \t\r#")) == std::string::npos);
        }
        // (a line that came in pieces is given by next_slow, unmarked)
        if (last.size() > input.size() && chunk >= 4096) CHECK(plain > 1000);
        REQUIRE_FALSE(marked.empty());
        CHECK(marked.back().text == std::string_view(last).substr(last.rfind('\n') + 1));
      }
    }
    // Input in memory (validate --jobs's parts): its string's own NUL ends
    // the scan.
    LineSource in_memory{std::string(last)};
    const auto streamed = lines_of(last, false);
    std::size_t at = 0;
    while (auto line = in_memory.next()) {
      REQUIRE(at < streamed.size());
      CHECK(line->text == streamed[at].text);
      CHECK(line->offset == streamed[at++].offset);
    }
    CHECK(at == streamed.size());
  }
}

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

TEST_CASE("line source: input already in memory gives the lines a stream of it gives, its error at the end") {
  // What validate --jobs checks: a part of an archive, read in place.
  std::string input;
  for (std::size_t length = 0; length < 100; ++length)
    input += std::string(length, 'm') + (length % 4 == 0 ? " #c" : "") + (length % 9 == 0 ? "\r\n" : "\n");
  input += std::string(kMaxRecordLine + 3, 'z') + "\nlast";
  for (const bool mark_plain : {true, false}) {
    INFO("marked plain: " << mark_plain);
    LineSource streamed(std::make_unique<BytesStream>(input, read_failure("cut short")));
    LineSource in_place(std::string(input), read_failure("cut short"));
    streamed.mark_plain(mark_plain);
    in_place.mark_plain(mark_plain);
    // As much as a buffer holds, or more: what a format is told by.
    const std::string_view head = in_place.head();
    CHECK(head.size() >= streamed.head().size());
    CHECK((head.substr(0, streamed.head().size()) == streamed.head()));  // no 16 MB line printed
    int count = 0;
    while (true) {
      auto expected = streamed.next();
      auto got = in_place.next();
      REQUIRE(got.has_value() == expected.has_value());
      if (!got) break;
      ++count;
      CHECK((got->text == expected->text));
      CHECK(got->number == expected->number);
      CHECK(got->offset == expected->offset);
      CHECK(got->too_long == expected->too_long);
      CHECK(got->plain == expected->plain);
      // The error shows when a stream's does: with the last line.
      CHECK(in_place.read_error().has_value() == streamed.read_error().has_value());
    }
    CHECK(count == 102);
    REQUIRE(in_place.read_error().has_value());
    CHECK(in_place.read_error()->message.arg("reason") == "cut short");
    CHECK(in_place.ended_with_newline() == streamed.ended_with_newline());
    CHECK(in_place.bytes_read() == streamed.bytes_read());
  }
}

TEST_CASE("line source: input in memory goes back to its pool, and the pool gives it out again") {
  BufferPool pool;
  std::string buffer = pool.take(1 << 16);
  CHECK(buffer.empty());
  CHECK(buffer.capacity() >= (1 << 16));
  buffer.assign("one\ntwo\n");
  const char* const memory = buffer.data();
  {
    LineSource lines(std::move(buffer), std::nullopt, &pool);
    CHECK(lines.next()->text == "one");
  }
  const std::string again = pool.take(16);
  CHECK(again.empty());
  CHECK(again.data() == memory);  // the same memory, not a new buffer
}

TEST_CASE("line source: input in memory cut anywhere shows its read error with the line a stream shows it") {
  // Every cut of a short input, with and without a failure after it: what
  // validate --jobs reads of a compressed archive cut short.
  const std::string whole = "[Event \"x\"]\n\n1. e4 e5 1-0\n\n[Event \"y\"]\n\n1. e4 e5 2. Nf3\n";
  for (std::size_t cut = 0; cut <= whole.size(); ++cut) {
    for (const bool fails : {false, true}) {
      INFO("cut at " << cut << (fails ? ", then a failure" : ""));
      const std::string input = whole.substr(0, cut);
      const auto failure = fails ? std::optional<Error>(read_failure("cut short")) : std::nullopt;
      LineSource streamed(std::make_unique<BytesStream>(input, failure));
      LineSource in_place(std::string(input), failure);
      CHECK(in_place.head() == streamed.head());
      CHECK(in_place.read_error().has_value() == streamed.read_error().has_value());
      while (true) {
        auto expected = streamed.next();
        auto got = in_place.next();
        REQUIRE(got.has_value() == expected.has_value());
        CHECK(in_place.read_error().has_value() == streamed.read_error().has_value());
        if (!got) break;
        CHECK(got->text == expected->text);
      }
      CHECK(in_place.read_error().has_value() == fails);
    }
  }
}
