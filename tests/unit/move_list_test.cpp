// The move-list source (gamerec-record(5)): header, comments, blank lines, BOM, CRLF,
// line and column of each move, Q lines, overlong lines, one game per file.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include "records/move_list.h"
#include "support/temp_dir.h"

using namespace gamerec;

namespace {

struct Read {
  Result<GameHeader, RecordError> header;
  std::vector<RecordEvent> lines;
  std::vector<std::string> texts;  // copies: RecordEvent::text is a view
  bool second_game = false;        // the source offered another game
};

Read read_text(const std::string& content) {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/record";
  std::ofstream(path, std::ios::binary) << content;
  MoveListSource source(std::move(open_lines(path).value()));
  Read result{*source.next_game(), {}, {}, false};
  if (!result.header.ok()) return result;
  while (const RecordEvent* event = source.next_event()) {
    result.texts.emplace_back(event->text);
    result.lines.push_back(*event);
  }
  result.second_game = source.next_game().has_value();
  return result;
}

const GameHeader& header_of(const Read& read) { return read.header.value(); }
const RecordError& error_of(const Read& read) { return read.header.error(); }

}  // namespace

TEST_CASE("move list: blank lines are skipped, # comments are comment events, and line numbers count every line") {
  const Read read = read_text("# a comment\n\n2A-3A\n  4G-4F   # Green opens\n\t\n7H-6H#glued\n");
  REQUIRE(read.texts == std::vector<std::string>{"a comment", "2A-3A", "4G-4F", "Green opens", "7H-6H#glued"});
  CHECK(read.lines[0].kind == RecordEvent::Kind::kComment);
  CHECK(read.lines[0].line == 1);
  CHECK(read.lines[1].line == 3);
  CHECK(read.lines[2].line == 4);
  CHECK(read.lines[2].column == 3);  // the move's own text, after the spaces
  CHECK(read.lines[3].kind == RecordEvent::Kind::kComment);
  CHECK(read.lines[3].line == 4);
  CHECK(read.lines[3].column == 13);
  CHECK(read.lines[4].line == 6);
  CHECK(read.lines[4].kind == RecordEvent::Kind::kMove);
}

TEST_CASE("move list: a BOM and CRLF line ends are accepted") {
  const Read read = read_text(
      "\xEF\xBB\xBF"
      "2A-3A\r\n4G-4F\r\n");
  REQUIRE(read.texts == std::vector<std::string>{"2A-3A", "4G-4F"});
  CHECK(read.lines[0].column == 1);
  CHECK(read.lines[1].line == 2);
}

TEST_CASE("move list: a last line without a line end is read") {
  const Read read = read_text("2A-3A\n4G-4F");
  CHECK(read.texts == std::vector<std::string>{"2A-3A", "4G-4F"});
}

TEST_CASE("move list: the YAML header gives game and variant, and lines count on from it") {
  const Read read = read_text(
      "---\ngame: chaturanga\nvariant: {castling: false, ships: [4, 3]}\nplayers: {yellow: "
      "Ana}\n---\n2A-3A\n");
  REQUIRE(read.header.ok());
  const auto& header = header_of(read);
  CHECK(header.present);
  CHECK(header.game == "chaturanga");
  REQUIRE(header.variant.size() == 2);
  CHECK(header.variant[0].key == "castling");
  CHECK(header.variant[0].value == "false");
  CHECK(header.variant[1].value == "4,3");
  CHECK(header.end_line == 5);
  REQUIRE(read.lines.size() == 1);
  CHECK(read.lines[0].line == 6);
}

TEST_CASE("move list: header errors carry a line and the header code") {
  SECTION("not closed") {
    const Read read = read_text("---\ngame: chaturanga\n2A-3A\n");
    REQUIRE(!read.header.ok());
    CHECK(error_of(read).error.code == ErrorCode::kHeader);
    CHECK(error_of(read).error.kind == "unclosed");
    CHECK(error_of(read).line == 1);
  }
  SECTION("not YAML") {
    const Read read = read_text("---\ngame: [unclosed\n---\n2A-3A\n");
    REQUIRE(!read.header.ok());
    CHECK(error_of(read).error.code == ErrorCode::kHeader);
    CHECK(error_of(read).line >= 2);
  }
  SECTION("not a map") {
    const Read read = read_text("---\n- a\n- b\n---\n");
    REQUIRE(!read.header.ok());
  }
  SECTION("variant not a map") {
    const Read read = read_text("---\nvariant: castling\n---\n");
    REQUIRE(!read.header.ok());
  }
}

TEST_CASE("move list: a Q line ends the record, and says whether move lines follow") {
  const Read read = read_text("2A-3A\nQ\n\n# c\n4G-4F\n");
  REQUIRE(read.lines.size() == 2);
  CHECK(read.lines[1].kind == RecordEvent::Kind::kQuit);
  CHECK(read.lines[1].line == 2);
  CHECK(read.lines[1].more_after);
  const Read last = read_text("2A-3A\nQ\n# the end\n\n");
  REQUIRE(last.lines.size() == 2);
  CHECK_FALSE(last.lines[1].more_after);
}

TEST_CASE("move list: an overlong line is cut and flagged, and reading goes on") {
  const std::string huge(3 * kMaxRecordLine + 17, 'x');
  const Read read = read_text("2A-3A\n" + huge + "\n4G-4F\n");
  REQUIRE(read.lines.size() == 3);
  CHECK(read.lines[1].too_long);
  CHECK(read.lines[1].text.size() <= kMaxRecordLine);
  CHECK(read.lines[1].line == 2);
  CHECK(read.texts[2] == "4G-4F");
  CHECK(read.lines[2].line == 3);
  CHECK(read.lines[2].offset == 6 + huge.size() + 1);
}

TEST_CASE("move list: an overlong line of blanks is not skipped as a blank line") {
  const Read read = read_text(std::string(kMaxRecordLine + 100, ' ') + "2D-3D\n2A-3A\n");
  REQUIRE(read.lines.size() == 2);
  CHECK(read.lines[0].too_long);
  CHECK(read.lines[0].line == 1);
}

TEST_CASE("move list: byte offsets point at the start of each move's line") {
  const Read read = read_text("---\ngame: chaturanga\n---\n# c\n2A-3A\n  4G-4F\n");
  REQUIRE(read.lines.size() == 3);  // the comment, then the moves
  CHECK(read.lines[0].offset == 25);
  CHECK(read.lines[1].offset == 29);
  CHECK(read.lines[2].offset == 35);
}

TEST_CASE("move list: lines split across the read buffer are whole") {
  std::string content;
  for (int i = 0; i < 400000; ++i) content += (i % 2 ? "1B-3C\n" : "3C-1B\n");
  const Read read = read_text(content);
  REQUIRE(read.texts.size() == 400000);
  for (std::size_t i = 0; i < read.texts.size(); ++i) {
    if (read.texts[i] != (i % 2 ? "1B-3C" : "3C-1B")) FAIL("line " << i + 1 << ": " << read.texts[i]);
  }
}

TEST_CASE("move list: strip_body_line keeps a # glued to the move") {
  CHECK(strip_body_line("Qxf7#")->first == "Qxf7#");
  CHECK(strip_body_line("Qxf7# mate")->first == "Qxf7# mate");
  CHECK(strip_body_line("Qxf7 # mate")->first == "Qxf7");
  CHECK_FALSE(strip_body_line("   # only a comment").has_value());
  CHECK_FALSE(strip_body_line("  \r").has_value());
}

TEST_CASE("move list: a header's position is read with its line") {
  const Read read = read_text("---\ngame: chaturanga\nposition: start here\n---\n");
  REQUIRE(read.header.ok());
  CHECK(header_of(read).position == "start here");
  CHECK(header_of(read).position_line == 3);
  CHECK(header_of(read).game_line == 2);
}

TEST_CASE("move list: a file holds one game") {
  const Read read = read_text("2A-3A\n4G-4F\n");
  CHECK(read.texts.size() == 2);
  CHECK_FALSE(read.second_game);
}

TEST_CASE("move list: after a byte-order mark the first move starts past it") {
  const Read read = read_text(
      "\xEF\xBB\xBF"
      "2A-3A\n4G-4F\n");
  REQUIRE(read.lines.size() == 2);
  CHECK(read.lines[0].offset == 3);  // cutting back to move 1 keeps the mark
  CHECK(read.lines[0].column == 1);
}

TEST_CASE("move list: a header key given twice is a header error on its line") {
  const Read read = read_text("---\ngame: chaturanga\ndate: 1\ngame: chess\n---\n");
  REQUIRE(!read.header.ok());
  CHECK(error_of(read).error.kind == "duplicate-key");
  CHECK(error_of(read).error.args == MessageArgs{{"key", "game"}});
  CHECK(error_of(read).line == 4);
  const Read in_variant = read_text("---\nvariant: {castling: false, castling: true}\n---\n");
  REQUIRE(!in_variant.header.ok());
  CHECK(error_of(in_variant).error.kind == "duplicate-key");
}

TEST_CASE("move list: events in batches are the same as one at a time, across buffer refills") {
  // Plain lines, indented ones, comments, CRLF, blank lines and a Q at the
  // end, long enough to cross the 1 MiB read buffer many times.
  std::string content = "---\ngame: chaturanga\n---\n";
  for (int i = 0; i < 300000; ++i) {
    switch (i % 5) {
      case 0:
        content += "1B-3C\n";
        break;
      case 1:
        content += "  3C-1B  # back\n";
        break;
      case 2:
        content += "# a note\n\n";
        break;
      case 3:
        content += "2H-3F\r\n";
        break;
      default:
        content += "3F-2H\n";
        break;
    }
  }
  // Then moves alone (CRLF on every other line): batches of moves only.
  for (int i = 0; i < 500; ++i) content += "1B-3C\r\n3C-1B\n";
  content += "Q\n2A-3A\n";
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/record";
  std::ofstream(path, std::ios::binary) << content;

  struct Seen {
    std::string text;
    std::int64_t line, column;
    std::uint64_t offset;
    RecordEvent::Kind kind;
    bool more_after;
    bool operator==(const Seen&) const = default;
  };
  auto seen = [](const RecordEvent& e) {
    return Seen{std::string(e.text), e.line, e.column, e.offset, e.kind, e.more_after};
  };
  std::vector<Seen> one_by_one;
  std::vector<Seen> batched;
  {
    MoveListSource source(std::move(open_lines(path).value()));
    REQUIRE(source.next_game());
    while (const RecordEvent* event = source.next_event()) one_by_one.push_back(seen(*event));
  }
  {
    MoveListSource source(std::move(open_lines(path).value()));
    REQUIRE(source.next_game());
    std::size_t batches = 0;
    std::size_t batches_of_moves = 0;
    for (auto batch = source.next_events(); !batch.empty(); batch = source.next_events(), ++batches) {
      const auto events = batch.events;
      for (const RecordEvent& event : events) batched.push_back(seen(event));
      // A batch of moves alone gives their texts too, for the move loop to
      // hand to the game as they are; any other batch gives none.
      const bool moves_only = std::all_of(events.begin(), events.end(), [](const RecordEvent& event) {
        return event.kind == RecordEvent::Kind::kMove && !event.too_long;
      });
      const auto texts = batch.move_texts;
      if (!moves_only) {
        CHECK(texts.empty());
        continue;
      }
      ++batches_of_moves;
      REQUIRE(texts.size() == events.size());
      for (std::size_t i = 0; i < texts.size(); ++i) CHECK(texts[i] == events[i].text);
    }
    CHECK(batches < batched.size() / 10);  // many events per call
    CHECK(batches_of_moves > 0);
  }
  // Four moves and two comments ("# back" after a move, "# a note") per five
  // lines, 1,000 moves, the Q.
  REQUIRE(one_by_one.size() == 361001);
  CHECK(batched == one_by_one);
  CHECK(one_by_one.back().kind == RecordEvent::Kind::kQuit);
  CHECK(one_by_one.back().more_after);
  CHECK(one_by_one[1] == Seen{"3C-1B", 5, 3, 31, RecordEvent::Kind::kMove, false});
  CHECK(one_by_one[2] == Seen{"back", 5, 12, 31, RecordEvent::Kind::kComment, false});
  CHECK(one_by_one[3] == Seen{"a note", 6, 3, 47, RecordEvent::Kind::kComment, false});
}

TEST_CASE("move list: a byte-order mark alone on the first line is a blank line, not a move") {
  for (const std::string& line_end : {std::string("\n"), std::string("\r\n")}) {
    const Read read = read_text("\xEF\xBB\xBF" + line_end + "2A-3A" + line_end);
    REQUIRE(read.texts == std::vector<std::string>{"2A-3A"});
    CHECK(read.lines[0].line == 2);
  }
}

TEST_CASE(
    "move list: when texts suffice, runs of plain lines come as texts alone, with the events read one by "
    "one") {
  // validate's loop asks for texts alone (next_events(true)) and makes a
  // move's event only for an error (batch_event): each must be the event
  // read one at a time, whatever surrounds the run and wherever the
  // buffer is refilled (a few MB here, the buffer holds about one).
  std::string content = "---\ngame: chaturanga\n---\n";
  // Plain lines (a long one too), and lines that end a run.
  const std::vector<std::string> plain = {"2A-3A", "e4", "Nf3", std::string(200, 'x'), "O-O-O"};
  const std::vector<std::string> other = {"\n",        "2A-3A\r\n",      "# a note\n",
                                          "  2A-3A\n", "1B-3C # back\n", "\t\n"};
  std::uint64_t seed = 12345;
  const auto next_random = [&seed](std::uint64_t below) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (seed >> 33) % below;
  };
  while (content.size() < (3 << 20)) {
    for (std::uint64_t n = next_random(150) + 1; n > 0; --n)
      content += plain[next_random(plain.size())] + "\n";
    content += other[next_random(other.size())];
  }
  content += "2A-3A\nQ\n2A-3A\n";
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/record";
  std::ofstream(path, std::ios::binary) << content;

  const auto seen = [](const RecordEvent& e) {
    return std::to_string(static_cast<int>(e.kind)) + " " + std::to_string(e.line) + ":" +
           std::to_string(e.column) + "@" + std::to_string(e.offset) + " " + std::string(e.text) +
           (e.too_long ? " long" : "") + (e.more_after ? " more" : "");
  };
  std::vector<std::string> one_by_one;
  {
    MoveListSource source(std::move(open_lines(path).value()));
    REQUIRE(source.next_game());
    while (const RecordEvent* event = source.next_event()) one_by_one.push_back(seen(*event));
  }
  std::vector<std::string> from_texts;
  std::size_t texts_alone = 0;
  {
    MoveListSource source(std::move(open_lines(path).value()));
    REQUIRE(source.next_game());
    for (auto batch = source.next_events(true); !batch.empty(); batch = source.next_events(true)) {
      if (!batch.events.empty()) {
        for (const RecordEvent& event : batch.events) from_texts.push_back(seen(event));
        continue;
      }
      ++texts_alone;
      for (std::size_t i = 0; i < batch.move_texts.size(); ++i) {
        from_texts.push_back(seen(source.batch_event(i)));
      }
    }
  }
  CHECK(one_by_one.back() == "3 " + std::to_string(std::count(content.begin(), content.end(), '\n') - 1) +
                                 ":1@" + std::to_string(content.size() - 8) + " Q more");
  CHECK(texts_alone > 500);
  CHECK(from_texts == one_by_one);
}

TEST_CASE("move list: the first move peeked to tell the game keeps its comment, in batches too") {
  // Which game a file holds may be told by its first move (peek_event);
  // the comment on that move's line still comes after it, as it does when
  // nothing was peeked. Batches (next_events: replay, convert) once lost it.
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/record";
  std::ofstream(path, std::ios::binary) << "1B-3C # note\n2H-1F\n# later\n8G-6H\n";
  const std::vector<std::string> expected = {"1B-3C", "note", "2H-1F", "later", "8G-6H"};
  for (const bool batched : {false, true}) {
    for (const bool peeked : {false, true}) {
      INFO((batched ? "batched" : "one by one") << (peeked ? ", peeked" : ""));
      MoveListSource source(std::move(open_lines(path).value()));
      REQUIRE(source.next_game());
      if (peeked) {
        const RecordEvent* first = source.peek_event();
        REQUIRE(first != nullptr);
        CHECK(first->text == "1B-3C");
      }
      std::vector<std::string> texts;
      if (batched) {
        for (auto batch = source.next_events(); !batch.empty(); batch = source.next_events())
          for (const RecordEvent& event : batch.events) texts.emplace_back(event.text);
      } else {
        while (const RecordEvent* event = source.next_event()) texts.emplace_back(event->text);
      }
      CHECK(texts == expected);
    }
  }
}
