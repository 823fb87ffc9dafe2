// play writing PGN (gamerec(1), play, "Where the moves are written"): a
// record named .pgn holds one whole PGN game after every accepted move and
// every undo, never a YAML header; a kill at any moment leaves a game that
// gamerec and pgn-extract both read; --game-index N continues game N of an
// archive. Driven through a pipe, as a person would type.
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "subprocess.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;
using namespace gamerec::clitest;
using namespace std::chrono_literals;

namespace {

const char* kPgnExtract = "/usr/games/pgn-extract";

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// validate --format json of one file: its one line.
std::string validate_json(const fs::path& file) {
  Child check(kBinary, {"validate", "--format", "json", file.string()}, kSourceDir, false);
  REQUIRE(check.finish(30s) == 0);
  return check.out();
}

// pgn-extract reads `file` without a complaint and finds `games` games in
// it; returns its output (the games as it writes them).
std::string pgn_extract_reads(const fs::path& file, int games) {
  REQUIRE(::access(kPgnExtract, X_OK) == 0);  // .ci/setup installs it
  Child theirs(kPgnExtract, {"-s", file.string()}, kSourceDir, false);
  CHECK(theirs.finish(30s) == 0);
  INFO("pgn-extract's stderr: " << theirs.err());
  CHECK(theirs.err().empty());
  CHECK(static_cast<int>(count(theirs.out(), "[Event ")) == games);
  return theirs.out();
}

// The file is one PGN game that both readers accept, with `moves` moves.
void check_whole_game(const fs::path& file, int moves) {
  const std::string text = read_file(file);
  INFO(file.string() << ":\n" << text);
  REQUIRE(text.rfind("[Event ", 0) == 0);  // PGN from the first byte: no YAML header
  CHECK(text.find("game:") == std::string::npos);
  const std::string json = validate_json(file);
  CHECK(json.find("\"valid\":true") != std::string::npos);
  CHECK(json.find("\"moves\":" + std::to_string(moves) + ",") != std::string::npos);
  pgn_extract_reads(file, 1);
}

}  // namespace

TEST_CASE("play into a new .pgn: a whole PGN game after every move, and after a SIGKILL", "[kill]") {
  gamerec::test::TempDir tmp("play-pgn");
  const fs::path record = fs::path(tmp.path()) / "new.pgn";
  const std::vector<std::string> moves = {"e4", "e5", "Nf3", "Nc6", "Bb5"};
  Child child(kBinary, {"play", record.string()}, kSourceDir, true);
  REQUIRE(child.pump_until([&] { return child.out().find("White> ") != std::string::npos; }, 10s));
  // The file exists before the first move, as a game of no moves.
  check_whole_game(record, 0);
  for (std::size_t i = 0; i < 4; ++i) {
    INFO("move " << moves[i] << "\nstdout so far:\n" << child.out() << "\nstderr:\n" << child.err());
    child.send(moves[i] + "\n");
    REQUIRE(child.pump_until([&] { return count(child.out(), "Move accepted") == i + 1; }, 10s));
    check_whole_game(record, static_cast<int>(i) + 1);
    CHECK(read_file(record).find(" *\n") != std::string::npos);
    CHECK(read_file(record).find("[Result \"*\"]") != std::string::npos);
  }
  CHECK(read_file(record).find("1. e4 e5 2. Nf3 Nc6 *") != std::string::npos);
  // Killed mid-game, while it waits for White's fifth... and while it may
  // be writing it.
  child.send(moves[4] + "\n");
  child.kill(SIGKILL);
  CHECK(child.wait() == 128 + SIGKILL);
  const std::string json = validate_json(record);
  CHECK(json.find("\"valid\":true") != std::string::npos);
  CHECK(std::regex_search(json, std::regex("\"moves\":(4|5),")));
  pgn_extract_reads(record, 1);
  for (const auto& entry : fs::directory_iterator(tmp.path()))
    CHECK(entry.path().filename().string().find(".gamerec-tmp") == std::string::npos);
}

TEST_CASE("play into a .pgn: the result closes the game when the rules end it, and undo writes it again") {
  gamerec::test::TempDir tmp("play-pgn");
  const fs::path record = fs::path(tmp.path()) / "mate.pgn";
  {
    Child child(kBinary, {"play", record.string()}, kSourceDir, true);
    child.send("f3\ne5\ng4\nQh4#\n");
    REQUIRE(child.finish(30s) == 0);
    const std::string text = read_file(record);
    INFO(text);
    CHECK(text.find("[Result \"0-1\"]") != std::string::npos);
    CHECK(text.find("1. f3 e5 2. g4 Qh4# 0-1") != std::string::npos);
    check_whole_game(record, 4);
  }
  const fs::path undone = fs::path(tmp.path()) / "undo.pgn";
  {
    Child child(kBinary, {"play", undone.string()}, kSourceDir, true);
    child.send("d4\nd5\nc4\nundo\n");
    REQUIRE(child.finish(30s) == 0);
    CHECK(child.out().find("Took back 2. c4") != std::string::npos);
    const std::string text = read_file(undone);
    INFO(text);
    CHECK(text.find("1. d4 d5 *") != std::string::npos);
    CHECK(text.find("c4") == std::string::npos);
    check_whole_game(undone, 2);
  }
}

TEST_CASE("play archive.pgn --game-index N -o next.pgn continues game N, and a bad index is a clear error") {
  gamerec::test::TempDir tmp("play-pgn");
  const std::string archive = kSourceDir + "/samples/chess/valid/few-games.pgn";
  const fs::path next = fs::path(tmp.path()) / "next.pgn";
  // Game 3 of the sample: Queen's Gambit Declined, 8 moves, White to move.
  Child child(kBinary, {"play", archive, "--game-index", "3", "-o", next.string()}, kSourceDir, true);
  child.send("e3\nQ\n");
  REQUIRE(child.finish(30s) == 0);
  const std::string text = read_file(next);
  INFO(text << "\nstdout:\n" << child.out() << "\nstderr:\n" << child.err());
  // Game 3's own tags, comments and variations, then the new move.
  CHECK(text.find("[White \"E\"]") != std::string::npos);
  CHECK(text.find("Queen's") != std::string::npos);
  CHECK(text.find("(2. Nf3") != std::string::npos);
  CHECK(text.find("5. e3 *") != std::string::npos);
  // The declared result no longer stands once the game goes on.
  CHECK(text.find("0-1") == std::string::npos);
  check_whole_game(next, 9);

  // Undo goes back into game 3's own moves (past its variation), and the
  // file is written again without them.
  const fs::path back = fs::path(tmp.path()) / "back.pgn";
  Child undo(kBinary, {"play", archive, "--game-index", "3", "-o", back.string()}, kSourceDir, true);
  undo.send("undo\nundo\nQ\n");
  REQUIRE(undo.finish(30s) == 0);
  INFO(undo.out() << undo.err());
  CHECK(undo.out().find("Took back 4... Be7") != std::string::npos);
  CHECK(undo.out().find("Took back 4. Bg5") != std::string::npos);
  CHECK(read_file(back).find("Declined} *") != std::string::npos);
  CHECK(read_file(back).find("(2. Nf3") != std::string::npos);
  check_whole_game(back, 6);

  Child bad(kBinary, {"play", archive, "--game-index", "9", "-o", (fs::path(tmp.path()) / "no.pgn").string()},
            kSourceDir, true);
  CHECK(bad.finish(30s) == 2);
  CHECK(bad.err().find("there is no game 9 in the file (it holds 4)") != std::string::npos);
  CHECK_FALSE(fs::exists(fs::path(tmp.path()) / "no.pgn"));
}

TEST_CASE("play archive.pgn --game-index N --ai SIDE=uci:ENGINE: the engine's side names the engine, the old players stay in a comment") {
  gamerec::test::TempDir tmp("play-pgn");
  const std::string archive = kSourceDir + "/samples/chess/valid/few-games.pgn";
  const fs::path next = fs::path(tmp.path()) / "next.pgn";
  // Game 3 of the sample, E against F, White to move: the person plays
  // White, the fake engine Black (it castles). The child inherits these.
  ::setenv("FAKE_UCI_MOVE", "e8g8", 1);
  ::setenv("FAKE_UCI_NAME", "Fake Engine", 1);
  Child child(kBinary,
              {"play", archive, "--game-index", "3", "-o", next.string(), "--ai",
               std::string("black=uci:") + GAMEREC_FAKE_UCI},
              kSourceDir, true);
  child.send("e3\nQ\n");
  const int status = child.finish(30s);
  ::unsetenv("FAKE_UCI_MOVE");
  ::unsetenv("FAKE_UCI_NAME");
  REQUIRE(status == 0);
  const std::string text = read_file(next);
  INFO(text << "\nstdout:\n" << child.out() << "\nstderr:\n" << child.err());
  // The roster names who played the new moves: the engine for Black; the
  // person at the prompt keeps White's name.
  CHECK(text.find("[White \"E\"]\n[Black \"Fake Engine\"]") != std::string::npos);
  CHECK(text.find("[Black \"F\"]") == std::string::npos);
  // The record's own players, in a comment where the new moves begin.
  CHECK(text.find("Be7 {played up to here by white: E, black: F} 5. e3 O-O *") != std::string::npos);
  check_whole_game(next, 10);
  // pgn-extract keeps the comment.
  CHECK(pgn_extract_reads(next, 1).find("played up to here by white: E, black: F") != std::string::npos);

  // A level names itself as tourney does; a side nobody renames gives no comment.
  const fs::path level = fs::path(tmp.path()) / "level.pgn";
  Child by_level(kBinary, {"play", archive, "--game-index", "3", "-o", level.string(), "--ai", "white=2"},
                 kSourceDir, true);
  by_level.send("Q\n");
  REQUIRE(by_level.finish(30s) == 0);
  CHECK(read_file(level).find("[White \"gamerec level 2\"]\n[Black \"F\"]") != std::string::npos);
  const fs::path same = fs::path(tmp.path()) / "same.pgn";
  Child person(kBinary, {"play", archive, "--game-index", "3", "-o", same.string()}, kSourceDir, true);
  person.send("e3\nQ\n");
  REQUIRE(person.finish(30s) == 0);
  CHECK(read_file(same).find("played up to here") == std::string::npos);
}

TEST_CASE("play: YAML never goes into a .pgn, and what play cannot write as PGN is refused") {
  gamerec::test::TempDir tmp("play-pgn");
  // A move list continued into a .pgn is written as PGN.
  const fs::path out = fs::path(tmp.path()) / "opera.pgn";
  Child child(kBinary, {"play", kSourceDir + "/samples/chess/valid/special-moves.chess", "-o", out.string()},
              kSourceDir, true);
  child.send("Q\n");
  REQUIRE(child.finish(30s) == 0);
  const std::string moves_json = validate_json(kSourceDir + "/samples/chess/valid/special-moves.chess");
  std::smatch match;
  REQUIRE(std::regex_search(moves_json, match, std::regex("\"moves\":([0-9]+),")));
  check_whole_game(out, std::stoi(match[1].str()));

  // A PGN file is not changed in place.
  const fs::path copy = fs::path(tmp.path()) / "copy.pgn";
  fs::copy_file(kSourceDir + "/samples/chess/valid/opera-game.pgn", copy);
  const std::string before = read_file(copy);
  Child in_place(kBinary, {"play", copy.string()}, kSourceDir, true);
  CHECK(in_place.finish(30s) == 2);
  CHECK(in_place.err().find("which play does not change in place: give -o OUT") != std::string::npos);
  CHECK(read_file(copy) == before);

  // A .pgn for another game, and a format play cannot write move by move.
  Child kalah(kBinary, {"play", "--game", "kalah", (fs::path(tmp.path()) / "kalah.pgn").string()}, kSourceDir,
              true);
  CHECK(kalah.finish(30s) == 2);
  CHECK(kalah.err().find("a pgn file holds chess games, not kalah") != std::string::npos);
  Child psq(kBinary, {"play", "--game", "gomoku", (fs::path(tmp.path()) / "new.psq").string()}, kSourceDir,
            true);
  CHECK(psq.finish(30s) == 2);
  CHECK(psq.err().find("play cannot write a psq file move by move") != std::string::npos);
  CHECK_FALSE(fs::exists(fs::path(tmp.path()) / "kalah.pgn"));
  CHECK_FALSE(fs::exists(fs::path(tmp.path()) / "new.psq"));
}
