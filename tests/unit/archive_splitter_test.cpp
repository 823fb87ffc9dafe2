// Cutting an archive into parts of whole games (validate --jobs): read in
// parts, an input gives the games and events it gives read whole, line for
// line, whatever the part size, for the samples, generated archives and
// corrupted ones; a PGN tag line inside a comment, a variation or after a
// header never becomes a cut; a format of one game a file is never cut.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "formats/pgn.h"
#include "records/move_list.h"
#include "support/split_trace.h"

using namespace gamerec;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Games made of pieces that PGN readers trip over, in a random order.
std::string generated_pgn(std::mt19937& random, int games) {
  static const std::vector<std::string> tags = {
      "[Event \"e\"]\n", "[Site \"quote \\\"[Event \\\"x\\\"]\\\" inside\"]\n", "[White \"a\"] [Black \"b\"]\n",
      "[Round \"1\"]\n\n", "%[Event \"an escape line\"]\n", "; [Event \"a comment line\"]\n"};
  static const std::vector<std::string> moves = {
      "1. e4 e5 2. Nf3 Nc6 ", "{a comment}\n", "{a comment over\n[Event \"a tag line in it\"]\nlines} ",
      "(1. d4 d5\n[Event \"in a variation\"]\n) ", "3. Bb5 a6 $1\n", "12.\n", "; to the end [Event \"x\"]\n",
      "e.p. ", "[Event \"mid-line\"] ", ")\n", "1-0\n", "*\n", "\n\n", "1/2-1/2 extra\n"};
  std::string text;
  for (int game = 0; game < games; ++game) {
    const int tag_count = static_cast<int>(random() % 4);
    for (int i = 0; i < tag_count; ++i) text += tags[random() % tags.size()];
    const int move_count = static_cast<int>(random() % 6);
    for (int i = 0; i < move_count; ++i) text += moves[random() % moves.size()];
    text += random() % 2 == 0 ? "1-0\n\n" : "\n";
  }
  return text;
}

void check_all_part_sizes(const RecordFormat& format, const std::string& bytes) {
  const std::string whole = test::whole_trace(format, bytes);
  for (const std::size_t part_size : {1, 2, 7, 40, 200, 4096}) {
    INFO("part size " << part_size);
    REQUIRE(test::parts_trace(format, bytes, part_size, 1 << 20) == whole);
  }
  // A read error after the last byte, too, and parts that give up on cutting.
  REQUIRE(test::parts_trace(format, bytes, 5, 1 << 20, nullptr, "cut") ==
          test::whole_trace(format, bytes, std::string("cut")));
  REQUIRE(test::parts_trace(format, bytes, 3, 64) == whole);
}

}  // namespace

TEST_CASE("archive splitter: PGN samples read the same in parts") {
  const RecordFormat format = pgn_format();
  for (const char* path : {"samples/chess/valid/few-games.pgn", "samples/chess/valid/opera-game.pgn",
                           "samples/chess/invalid/unclosed-comment.pgn", "tests/data/chess/bad-middle-header.pgn",
                           "tests/fuzz/corpus/pgn/tricky.pgn", "tests/fuzz/corpus/pgn/unclosed-comment.pgn"}) {
    INFO(path);
    check_all_part_sizes(format, read_file(std::string(GAMEREC_SOURCE_DIR) + "/" + path));
  }
}

TEST_CASE("archive splitter: generated and corrupted PGN archives read the same in parts") {
  const RecordFormat format = pgn_format();
  std::mt19937 random(24);
  for (int round = 0; round < 60; ++round) {
    std::string bytes = generated_pgn(random, 1 + static_cast<int>(random() % 12));
    INFO("round " << round << "\n" << bytes);
    check_all_part_sizes(format, bytes);
    // Corrupted: bytes flipped to the characters that matter, and cut.
    for (int flip = 0; flip < 4 && !bytes.empty(); ++flip) {
      static const std::string special = "{}()[]\";%\n\\ 1";
      bytes[random() % bytes.size()] = special[random() % special.size()];
    }
    check_all_part_sizes(format, bytes);
    check_all_part_sizes(format, bytes.substr(0, random() % (bytes.size() + 1)));
  }
}

TEST_CASE("archive splitter: a PGN archive is cut at game starts only") {
  const RecordFormat format = pgn_format();
  std::string bytes;
  for (int game = 0; game < 200; ++game)
    bytes += "[Event \"g" + std::to_string(game) + "\"]\n[Site \"s\"]\n\n1. e4 e5 {a [Event \"x\"] comment} 2. Nf3 *\n\n";
  int parts = 0;
  REQUIRE(test::parts_trace(format, bytes, 1000, 1 << 20, &parts) == test::whole_trace(format, bytes));
  CHECK(parts > 10);  // it did cut
  // Every cut is at an [Event line: the next one after 1000 bytes.
  ArchiveSplitter splitter(std::make_unique<BytesStream>(bytes), format.find_game_start, 1000, 1 << 20);
  std::size_t total = 0;
  while (auto part = splitter.next()) {
    CHECK(part->offset == total);
    if (part->offset > 0) CHECK(part->bytes.rfind("[Event \"g", 0) == 0);
    total += part->bytes.size();
  }
  CHECK(total == bytes.size());
}

TEST_CASE("archive splitter: a tag line where the reader goes on with the same game is no cut") {
  const RecordFormat format = pgn_format();
  // Each [Event "no"] line would split a game: the reader goes on with the
  // same game there.
  // A `[` mid-line is an error of its game, which goes on to the next tag
  // line: there the next game starts, and a cut may be made.
  const std::string text =
      "[Event \"a\"]\n\n[Event \"no\"]\n1. e4 *\n"        // tags after tags: one header
      "[Event \"b\"]\n; c\n[Event \"no\"]\n1. d4 *\n"       // no movetext yet: an error of game b
      "[Event \"c\"]\n1. e4 [Event \"d\"]\n[Event \"e\"]\n"  // an error of game c, then game e
      "1. c4 *\n";
  bool cut_at_e = false;
  for (std::size_t from = 1; from < text.size(); ++from) {
    const auto cut = format.find_game_start(text, from);
    if (cut) CHECK(text.compare(*cut, 12, "[Event \"no\"]") != 0);
    if (cut) CHECK(text.compare(*cut, 11, "[Event \"d\"]") != 0);
    cut_at_e = cut_at_e || (cut && text.compare(*cut, 11, "[Event \"e\"]") == 0);
  }
  CHECK(cut_at_e);
  CHECK(test::parts_trace(format, text, 1, 1 << 20) == test::whole_trace(format, text));
}

TEST_CASE("archive splitter: a move list is one part") {
  const RecordFormat format = move_list_format();
  std::string bytes = "---\ngame: kalah\n---\n";
  for (int i = 0; i < 100000; ++i) bytes += "3\n";
  int parts = 0;
  CHECK(test::parts_trace(format, bytes, 100, 1 << 20, &parts) == test::whole_trace(format, bytes));
  CHECK(parts == 1);
}

TEST_CASE("archive splitter: each part's first line is the whole input's, parts of a megabyte and more") {
  // Lines of every length, and runs of thousands of blank lines (the
  // count takes eight bytes at a time, up to 255 newlines a byte lane).
  const RecordFormat format = pgn_format();
  std::mt19937 random(11);
  std::string bytes;
  for (int game = 0; bytes.size() < 5'000'000; ++game) {
    bytes += "[Event \"g" + std::to_string(game) + "\"]\n\n1. e4 {" + std::string(random() % 120, 'x') + "} e5 *\n";
    if (game % 500 == 0) bytes += std::string(3000 + random() % 5000, '\n');
  }
  ArchiveSplitter splitter(std::make_unique<BytesStream>(bytes), format.find_game_start);
  std::size_t offset = 0;
  std::int64_t line = 1;
  int parts = 0;
  while (auto part = splitter.next()) {
    ++parts;
    CHECK(part->offset == offset);
    CHECK(part->first_line == line);
    offset += part->bytes.size();
    line += std::count(part->bytes.begin(), part->bytes.end(), '\n');
  }
  CHECK(parts >= 4);
  CHECK(offset == bytes.size());
}
