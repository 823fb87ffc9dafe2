// replay --format fen (gamerec(1) replay): the position after each move,
// and validate --format json --fen: the final position of each game,
// checked against pgn-extract's own FEN of each position (--fencomments).
// pgn-extract names an en passant square after every double step, gamerec
// only when a capture can use it (gamerec-games(7), CHESS, FEN): that
// field is compared where gamerec gives one.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>

#include "subprocess.h"
#include "support/temp_dir.h"

using namespace gamerec::clitest;
namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

std::vector<std::string> fields(const std::string& fen) {
  std::istringstream in(fen);
  std::vector<std::string> out;
  for (std::string field; in >> field;) out.push_back(field);
  return out;
}

std::vector<std::string> lines(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("replay --format fen: every position agrees with pgn-extract's FEN") {
  const char* pgn_extract = "/usr/games/pgn-extract";
  REQUIRE(::access(pgn_extract, X_OK) == 0);  // .ci/setup installs it
  gamerec::test::TempDir dir("fen");
  {
    Child convert(kBinary, {"convert", kSourceDir + "/samples/chess/valid/special-moves.chess", "special.pgn"},
                  dir.path(), false);
    REQUIRE(convert.finish(30s) == 0);
  }
  int positions = 0;
  for (const std::string& record :
       {kSourceDir + "/samples/chess/valid/opera-game.pgn", dir.path() + "/special.pgn"}) {
    INFO(record);
    Child ours(kBinary, {"replay", "--format", "fen", record}, dir.path(), false);
    REQUIRE(ours.finish(30s) == 0);
    Child theirs(pgn_extract, {"--fencomments", "-s", record}, dir.path(), false);
    REQUIRE(theirs.finish(30s) == 0);
    std::vector<std::string> expected;
    // Its comments wrap with the movetext: one space for any run.
    const std::string text = std::regex_replace(theirs.out(), std::regex("\\s+"), " ");
    const std::regex comment("\\{ ([^}]*) \\}");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), comment); it != std::sregex_iterator(); ++it) {
      // The record's own comments stay: only FENs count.
      const std::string body = (*it)[1];
      if (fields(body).size() == 6 && std::count(body.begin(), body.end(), '/') == 7) expected.push_back(body);
    }
    const auto got = lines(ours.out());
    REQUIRE(got.size() == expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      INFO("after move " << i + 1 << ": " << got[i] << " / " << expected[i]);
      auto a = fields(got[i]);
      auto b = fields(expected[i]);
      REQUIRE(a.size() == 6);
      REQUIRE(b.size() == 6);
      if (a[3] == "-") b[3] = "-";
      CHECK(a == b);
      ++positions;
      // One position alone (--to N) is the same line.
      if (i == got.size() / 2) {
        Child one(kBinary, {"replay", "--format", "fen", "--to", std::to_string(i + 1), record}, dir.path(), false);
        REQUIRE(one.finish(30s) == 0);
        CHECK(one.out() == got[i] + "\n");
      }
    }
  }
  CHECK(positions > 40);
  // A game without a position text says so.
  Child gomoku(kBinary,
               {"replay", "--format", "fen", kSourceDir + "/samples/gomoku/valid/diagonal-win.gomoku"},
               dir.path(), false);
  CHECK(gomoku.finish(30s) == 2);
  CHECK(gomoku.err().find("gomoku has no position text (chaturanga, chess, chess960, kalah have one)") !=
        std::string::npos);
}

TEST_CASE("replay --format fen: kalah and chaturanga write the text a position: header holds") {
  const std::string kalah_record = kSourceDir + "/samples/kalah/valid/full-game.kalah";
  const std::string cwd = kSourceDir;
  Child start(kBinary, {"replay", "--format", "fen", "--to", "0", kalah_record}, cwd, false);
  REQUIRE(start.finish(30s) == 0);
  CHECK(start.out() == "south: 4 4 4 4 4 4 | 0; north: 4 4 4 4 4 4 | 0; to-move: south\n");
  // One line per move, the last the position validate --fen gives.
  Child every(kBinary, {"replay", "--format", "fen", kalah_record}, cwd, false);
  REQUIRE(every.finish(30s) == 0);
  std::vector<std::string> lines;
  std::istringstream in(every.out());
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() > 10);
  Child json(kBinary, {"validate", "--format", "json", "--fen", kalah_record}, cwd, false);
  REQUIRE(json.finish(30s) == 0);
  CHECK(json.out().find("\"fen\":\"" + lines.back() + "\"") != std::string::npos);
  Child chaturanga(
      kBinary,
      {"replay", "--format", "fen", "--to", "0", kSourceDir + "/samples/chaturanga/valid/full-game.cht"}, cwd,
      false);
  REQUIRE(chaturanga.finish(30s) == 0);
  // Yellow's, Green's, Red's and Black's eight pieces each, then who moves.
  CHECK(chaturanga.out().find(" / ") != std::string::npos);
  CHECK(chaturanga.out().find("; to-move: ") != std::string::npos);
}

TEST_CASE("validate --format json --fen: each game's final position agrees with pgn-extract's (-F)") {
  const char* pgn_extract = "/usr/games/pgn-extract";
  REQUIRE(::access(pgn_extract, X_OK) == 0);  // .ci/setup installs it
  gamerec::test::TempDir dir("fen-validate");
  const std::string archive = kSourceDir + "/samples/chess/valid/few-games.pgn";
  Child ours(kBinary, {"validate", "--format", "json", "--fen", archive}, dir.path(), false);
  REQUIRE(ours.finish(30s) == 0);
  Child theirs(pgn_extract, {"-F", "-s", archive}, dir.path(), false);
  REQUIRE(theirs.finish(30s) == 0);
  // -F puts the final FEN in a quoted comment at the end of each game.
  std::vector<std::string> expected;
  const std::string text = std::regex_replace(theirs.out(), std::regex("\\s+"), " ");
  const std::regex final_fen("\\{ \"([^\"]*)\" \\}");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), final_fen); it != std::sregex_iterator();
       ++it)
    expected.push_back((*it)[1]);
  const auto got = lines(ours.out());
  REQUIRE(got.size() == expected.size());
  REQUIRE(got.size() >= 4);
  for (std::size_t i = 0; i < got.size(); ++i) {
    const std::regex fen_field("\"fen\":\"([^\"]*)\"");
    std::smatch match;
    REQUIRE(std::regex_search(got[i], match, fen_field));
    auto a = fields(match[1]);
    auto b = fields(expected[i]);
    INFO("game " << i + 1 << ": " << match[1] << " / " << expected[i]);
    REQUIRE(a.size() == 6);
    REQUIRE(b.size() == 6);
    if (a[3] == "-") b[3] = "-";
    CHECK(a == b);
  }
  // Without --fen there is no "fen"; without JSON, --fen is refused; a game
  // without a position text gives null.
  Child plain(kBinary, {"validate", "--format", "json", archive}, dir.path(), false);
  REQUIRE(plain.finish(30s) == 0);
  CHECK(plain.out().find("\"fen\"") == std::string::npos);
  Child text_only(kBinary, {"validate", "--fen", archive}, dir.path(), false);
  CHECK(text_only.finish(30s) == 2);
  CHECK(text_only.err().find("--format json") != std::string::npos);
  Child kalah(kBinary,
              {"validate", "--format", "json", "--fen", kSourceDir + "/samples/kalah/valid/full-game.kalah"},
              dir.path(), false);
  CHECK(kalah.finish(30s) == 0);
  CHECK(kalah.out().find("\"fen\":\"south: ") != std::string::npos);
  Child gomoku(
      kBinary,
      {"validate", "--format", "json", "--fen", kSourceDir + "/samples/gomoku/valid/diagonal-win.gomoku"},
      dir.path(), false);
  CHECK(gomoku.finish(30s) == 0);
  CHECK(gomoku.out().find("\"fen\":null") != std::string::npos);
}
