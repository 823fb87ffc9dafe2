// convert loses nothing silently (gamerec(1) convert; gamerec-games(7),
// PGN): PGN to PGN keeps tags, comments, NAGs, variations and the result;
// PGN to a move list keeps tags (YAML header), comments (# lines) and the
// glyphs written on a move, and counts what it drops in a warning
// (variations, NAGs apart from a move); a game without variations comes back from the move list to PGN
// exactly as PGN to PGN writes it. Over the chess samples, the test PGNs
// and a file of everything the reader knows.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>

#include "subprocess.h"
#include "support/temp_dir.h"

using namespace gamerec::clitest;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

int run(const std::vector<std::string>& args, const std::string& cwd) {
  Child child(kBinary, args, cwd, false);
  return child.finish(30s);
}

// The games of a PGN text written by gamerec (a blank line after each).
std::vector<std::string> games_of(const std::string& text) {
  std::vector<std::string> games;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find("\n\n[", start);
    end = end == std::string::npos ? text.size() : end + 2;
    games.push_back(text.substr(start, end - start));
    start = end;
  }
  return games;
}

const char* kRich =
    "[Event \"Everything\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"A \\\"Q\\\" B\"]\n"
    "[Black \"C\"]\n[Result \"0-1\"]\n[TimeControl \"180+2\"]\n\n"
    "{Opening words} 1. e4 {[%clk 0:03:00] [%eval 0.2]} e5!? 2. Nf3 $1 Nc6 ; to the line's end\n"
    "3. Bb5 (3. Bc4 {the Italian} Bc5 (3... Nf6 4. Ng5) 4. c3) 3... a6 ?! 4. Ba4 {a comment\nover lines} Nf6 0-1\n\n"
    "[Event \"No variations\"]\n[Result \"1/2-1/2\"]\n\n1. d4 {clock} d5? $2 2. c4!! e6 1/2-1/2\n";

}  // namespace

TEST_CASE("convert: PGN to PGN keeps comments, NAGs, variations and the result") {
  gamerec::test::TempDir dir("roundtrip");
  write_file(fs::path(dir.path()) / "rich.pgn", kRich);
  REQUIRE(run({"convert", "rich.pgn", "out.pgn"}, dir.path()) == 0);
  const std::string out = read_file(fs::path(dir.path()) / "out.pgn");
  // Movetext wraps anywhere between tokens.
  const std::string flat = std::regex_replace(out, std::regex("\n"), " ");
  for (const char* kept : {"[White \"A \\\"Q\\\" B\"]", "[TimeControl \"180+2\"]", "{Opening words}",
                           "{[%clk 0:03:00] [%eval 0.2]}", "1... e5 $5", "2. Nf3 $1", "{to the line's end}",
                           "(3. Bc4 {the Italian} 3... Bc5 (3... Nf6 4. Ng5) 4. c3) 3... a6 $6", "{a comment over lines}",
                           "4... Nf6 0-1", "d5 $2 2. c4 $3 e6"}) {
    INFO(kept << "\nin\n" << out);
    CHECK(flat.find(kept) != std::string::npos);
  }
  // No line longer than the export format's 79 columns; it reads back.
  std::size_t longest = 0;
  for (std::size_t at = 0, end; at < out.size(); at = end + 1) {
    end = out.find('\n', at);
    if (end == std::string::npos) end = out.size();
    longest = std::max(longest, end - at);
  }
  CHECK(longest <= 79);
  REQUIRE(run({"validate", "out.pgn"}, dir.path()) == 0);
  // Writing it again changes nothing.
  REQUIRE(run({"convert", "out.pgn", "again.pgn"}, dir.path()) == 0);
  CHECK(read_file(fs::path(dir.path()) / "again.pgn") == out);
}

TEST_CASE("convert: PGN to a move list and back gives the same game, but for variations, which are counted") {
  gamerec::test::TempDir dir("roundtrip");
  write_file(fs::path(dir.path()) / "rich.pgn", kRich);
  std::vector<fs::path> sources = {fs::path(dir.path()) / "rich.pgn"};
  for (const char* folder : {"samples/chess/valid", "tests/data/chess/archives"}) {
    for (const auto& entry : fs::directory_iterator(fs::path(kSourceDir) / folder)) {
      if (entry.path().extension() == ".pgn") sources.push_back(entry.path());
    }
  }
  int games_compared = 0;
  for (const fs::path& source : sources) {
    INFO(source.string());
    const std::string name = source.stem().string();
    const fs::path work = fs::path(dir.path()) / name;
    fs::create_directories(work);
    fs::copy_file(source, work / "in.pgn");
    // Only the valid games of a file are converted (an invalid one stops a
    // one-file output): compare those.
    if (run({"convert", "in.pgn", "direct.pgn"}, work.string()) != 0) continue;
    const auto direct = games_of(read_file(work / "direct.pgn"));
    REQUIRE(run({"convert", "in.pgn", "list.chess"}, work.string()) == 0);
    for (std::size_t i = 0; i < direct.size(); ++i) {
      INFO("game " << i + 1);
      const std::string list = direct.size() == 1 ? "list.chess" : "list-" + std::to_string(i + 1) + ".chess";
      const std::string back = "back-" + std::to_string(i + 1) + ".pgn";
      REQUIRE(run({"convert", list, back}, work.string()) == 0);
      const std::string again = read_file(work / back);
      // Without variations or NAGs apart from a move, the same text; else
      // the same moves, comments and result once those are taken out.
      std::string expected = direct[i];
      for (std::string previous; previous != expected;) {
        previous = expected;
        expected = std::regex_replace(expected, std::regex(" ?\\([^()]*\\)"), "");
      }
      const bool lost_nags = direct[i].find(" $") != std::string::npos && again != direct[i];
      if (expected == direct[i] && !lost_nags) {
        CHECK(again == expected);
      } else {
        // Numbers and NAGs may differ (a Black move after a variation is
        // numbered); line breaks too.
        auto words = [](std::string text) {
          text = std::regex_replace(text, std::regex("\\d+\\.(\\.\\.)?|\\$\\d+|\\s+"), " ");
          return std::regex_replace(text, std::regex(" +"), " ");
        };
        CHECK(words(again) == words(expected));
      }
      ++games_compared;
    }
  }
  CHECK(games_compared >= 7);
}

TEST_CASE("convert: what a move list cannot hold is named in a warning") {
  gamerec::test::TempDir dir("roundtrip");
  write_file(fs::path(dir.path()) / "rich.pgn", kRich);
  Child child(kBinary, {"convert", "--game-index", "1", "rich.pgn", "one.chess"}, dir.path(), false);
  REQUIRE(child.finish(30s) == 0);
  const std::string warning = child.err();
  CHECK(warning.find("2 variations") != std::string::npos);
  CHECK(warning.find("0 NAGs") != std::string::npos);  // $1 and ?! apart from their moves go on them
  CHECK(warning.find("1 comments") != std::string::npos);
  const std::string list = read_file(fs::path(dir.path()) / "one.chess");
  CHECK(list.find("tags:") != std::string::npos);
  CHECK(list.find("# [%clk 0:03:00] [%eval 0.2]") != std::string::npos);
  CHECK(list.find("e5!?") != std::string::npos);
  CHECK(list.find("Nf3!\n") != std::string::npos);
  CHECK(list.find("a6?!\n") != std::string::npos);
}

TEST_CASE("convert: the glyph NAGs go on their move in a move list, however the record came") {
  gamerec::test::TempDir dir("glyphs");
  const fs::path d(dir.path());
  write_file(d / "in.pgn",
             "[Event \"Glyphs\"]\n[Result \"*\"]\n\n"
             "1. e4 $1 e5 $2 2. Nf3 $3 {a comment between} Nc6 $4 3. Bb5 $5 a6 $6 4. Ba4!? $5 Nf6 $14 *\n");
  const std::string expected_moves = "e4!\ne5?\nNf3!!\n# a comment between\nNc6??\nBb5!?\na6?!\nBa4!?\nNf6\n";
  auto moves_of = [](const std::string& list) { return list.substr(list.rfind("---\n") + 4); };
  // PGN to a move list: each glyph NAG on its move, the one that is no
  // glyph ($14) counted.
  Child direct(kBinary, {"convert", "in.pgn", "direct.chess"}, dir.path(), false);
  REQUIRE(direct.finish(30s) == 0);
  CHECK(direct.err().find("0 variations, 1 NAGs and 0 comments") != std::string::npos);
  CHECK(moves_of(read_file(d / "direct.chess")) == expected_moves);
  // PGN to PGN to a move list: the same (PGN writes every glyph as $N).
  REQUIRE(run({"convert", "in.pgn", "again.pgn"}, dir.path()) == 0);
  CHECK(read_file(d / "again.pgn").find("1. e4 $1 e5 $2 2. Nf3 $3") != std::string::npos);
  REQUIRE(run({"convert", "again.pgn", "via-pgn.chess"}, dir.path()) == 0);
  CHECK(moves_of(read_file(d / "via-pgn.chess")) == expected_moves);
  // A move list to PGN to a move list: the same again.
  REQUIRE(run({"convert", "direct.chess", "back.pgn"}, dir.path()) == 0);
  REQUIRE(run({"convert", "back.pgn", "round.chess"}, dir.path()) == 0);
  CHECK(moves_of(read_file(d / "round.chess")) == expected_moves);
  // To standard output too, the last move's line included.
  Child out(kBinary, {"convert", "--to", "move-list", "in.pgn", "-"}, dir.path(), false);
  REQUIRE(out.finish(30s) == 0);
  CHECK(moves_of(out.out()) == expected_moves);
}

TEST_CASE("convert: a long comment is kept whole, and one too long to keep is an error, not a cut") {
  gamerec::test::TempDir dir("comments");
  const fs::path d(dir.path());
  // 200 KB over many lines (64 KiB were once kept of it).
  std::string words;
  for (int i = 0; i < 20000; ++i) words += (i % 12 == 11 ? "\n" : " ") + std::string("w") + std::to_string(i);
  write_file(d / "long.pgn", "[Event \"Long\"]\n[Result \"*\"]\n\n1. e4 {" + words + " end} e5 *\n");
  REQUIRE(run({"convert", "long.pgn", "long-out.pgn"}, dir.path()) == 0);
  REQUIRE(run({"convert", "long.pgn", "long.chess"}, dir.path()) == 0);
  for (const char* out : {"long-out.pgn", "long.chess"}) {
    INFO(out);
    const std::string text = read_file(d / out);
    CHECK(text.find("w19999 end") != std::string::npos);
    REQUIRE(run({"validate", out}, dir.path()) == 0);
  }
  // The move list holds it on one line of its own, which reads back whole.
  REQUIRE(run({"convert", "long.chess", "long-back.pgn"}, dir.path()) == 0);
  CHECK(read_file(d / "long-back.pgn") == read_file(d / "long-out.pgn"));

  // Over 16 MiB: the game's error at the comment's opening, no output.
  std::string huge = "[Event \"Huge\"]\n[Result \"*\"]\n\n1. e4 {";
  const std::string line(1 << 20, 'c');
  for (int i = 0; i < 17; ++i) huge += line + "\n";
  write_file(d / "huge.pgn", huge + "} e5 *\n");
  Child converting(kBinary, {"convert", "huge.pgn", "huge.chess"}, dir.path(), false);
  CHECK(converting.finish(60s) == 1);
  CHECK(converting.err().find("huge.pgn:4:7: error[notation]") != std::string::npos);
  CHECK(converting.err().find("too long (over 16 MiB) to be kept") != std::string::npos);
  CHECK_FALSE(fs::exists(d / "huge.chess"));
  CHECK(run({"validate", "huge.pgn"}, dir.path()) == 1);
}

TEST_CASE("convert: what PGN is written reads back, whatever a comment or a tag holds") {
  gamerec::test::TempDir dir("written");
  const fs::path d(dir.path());
  // A comment whose words look like tag pairs: wherever the movetext is
  // wrapped, no line starts like one (the reader would take it for the
  // next game's tags).
  std::string comment;
  for (int i = 0; i < 40; ++i) comment += "[Event \"x\"] ";
  write_file(d / "tags.pgn", "[Event \"Words\"]\n[Result \"*\"]\n\n1. e4 {" + comment + "} e5 *\n");
  REQUIRE(run({"convert", "tags.pgn", "tags-out.pgn"}, dir.path()) == 0);
  const std::string out = read_file(d / "tags-out.pgn");
  for (std::size_t at = out.find("\n1. "); at != std::string::npos; at = out.find('\n', at + 1))
    CHECK(out.compare(at + 1, 6, "[Event") != 0);
  Child validate(kBinary, {"validate", "--format", "json", "tags-out.pgn"}, dir.path(), false);
  CHECK(validate.finish(30s) == 0);
  CHECK(validate.out().find("\"moves\":2") != std::string::npos);

  // A tag value over two lines (a move list's header can hold one): one
  // line in PGN, its line break a space.
  write_file(d / "two.chess", "---\ngame: chess\ntags:\n  Event: \"Club\\nchampionship\"\n---\ne4\n");
  REQUIRE(run({"convert", "two.chess", "two.pgn"}, dir.path()) == 0);
  CHECK(read_file(d / "two.pgn").find("[Event \"Club championship\"]\n") != std::string::npos);

  // Tags a move list's header cannot hold (over 1 MiB once written as
  // YAML): refused, no file, never a record gamerec cannot read back.
  write_file(d / "wide.pgn", "[Event \"" + std::string(300 * 1024, '\x01') + "\"]\n[Result \"*\"]\n\n1. e4 *\n");
  REQUIRE(run({"validate", "wide.pgn"}, dir.path()) == 0);
  Child wide(kBinary, {"convert", "wide.pgn", "wide.chess"}, dir.path(), false);
  CHECK(wide.finish(30s) == 2);
  CHECK(wide.err().find("game 1: its header would be longer than a move list's header may be (1 MiB)") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(d / "wide.chess"));
  REQUIRE(run({"convert", "wide.pgn", "wide-out.pgn"}, dir.path()) == 0);  // PGN holds it
}
