// The record session's policy (core/play_session.h, core/record_session.h):
// which record a play session writes, in which format, appended or
// rewritten, the lock, a record changed behind the session's back, and what
// undo takes back. No terminal, no players: the layer alone.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/play_session.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;
namespace fs = std::filesystem;

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_all(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

PlayRequest request(std::string file, std::string output = "", std::optional<std::string> game = std::nullopt) {
  PlayRequest asked;
  asked.file = std::move(file);
  asked.output = std::move(output);
  asked.choice.forced_game = std::move(game);
  return asked;
}

std::string refusal_key(const Result<PlayOpening, PlayRefusal>& opened) {
  return opened ? "opened" : opened.error().error.message.key;
}

// Opens, replays and begins, as play does: the session, or why not.
Result<RecordSession, PlayRefusal> begin(PlayRequest asked, RunResult* replayed = nullptr) {
  auto opened = PlayOpening::open(test::catalogue(), std::move(asked));
  if (!opened) return opened.error();
  const RunResult run = opened->replay(nullptr);
  if (replayed != nullptr) *replayed = run;
  return opened->begin(run);
}

}  // namespace

TEST_CASE("play session: what the command line cannot mean is refused before any file is touched") {
  test::TempDir dir("plan");
  const std::string record = dir.path() + "/game.cht";
  write_all(record, "2A-3A\n");
  CHECK(refusal_key(PlayOpening::open(test::catalogue(), request("-"))) == "play.no-stdin");
  PlayRequest with_variant = request(record);
  with_variant.choice.overrides = {{"castling", "false"}};
  CHECK(refusal_key(PlayOpening::open(test::catalogue(), with_variant)) == "play.variant-existing");
  PlayRequest with_position = request(record);
  with_position.position = "K1D / K4H / K8E / K5A";
  CHECK(refusal_key(PlayOpening::open(test::catalogue(), with_position)) == "play.position-existing");
  CHECK(refusal_key(PlayOpening::open(test::catalogue(), request(dir.path() + "/none.cht", dir.path() + "/out.cht"))) ==
        "play.missing-file");
  CHECK(refusal_key(PlayOpening::open(test::catalogue(), request(""))) == "play.which-game");
  CHECK(refusal_key(PlayOpening::open(test::catalogue(), request(dir.path() + "/new.txt"))) == "play.which-game");
  CHECK(read_all(record) == "2A-3A\n");
  CHECK_FALSE(fs::exists(dir.path() + "/out.cht"));
}

TEST_CASE("play session: a new game's record names its game when the file name does not, and keeps its options") {
  test::TempDir dir("new");
  // The extension tells the game: no header.
  auto plain = begin(request(dir.path() + "/a.cht"));
  REQUIRE(plain);
  CHECK(read_all(dir.path() + "/a.cht").empty());
  // A name that does not tell it, and a rule option.
  PlayRequest asked = request(dir.path() + "/b.txt", "", "chaturanga");
  asked.choice.overrides = {{"castling", "false"}};
  auto named = begin(asked);
  REQUIRE(named);
  CHECK(read_all(dir.path() + "/b.txt") == "---\ngame: chaturanga\nvariant: {castling: false}\n---\n");
  // A new game never replaces a file: OUT exists.
  write_all(dir.path() + "/c.cht", "");
  auto refused = begin(request("", dir.path() + "/c.cht", "chaturanga"));
  REQUIRE_FALSE(refused);
  CHECK(refused.error().error.message.key == "play.output-exists");
}

TEST_CASE("play session: FILE continued in place is locked, appended to, and loses a final Q at the first move") {
  test::TempDir dir("inplace");
  const std::string record = dir.path() + "/game.cht";
  write_all(record, "2A-3A\nQ\n");
  auto opened = PlayOpening::open(test::catalogue(), request(record));
  REQUIRE(opened);
  // Locked from the opening on: a second session is refused.
  CHECK(refusal_key(PlayOpening::open(test::catalogue(), request(record))) == "write.locked");
  const RunResult run = opened->replay(nullptr);
  CHECK(run.moves == 1);
  auto session = opened->begin(run);
  REQUIRE(session);
  CHECK(read_all(record) == "2A-3A\nQ\n");  // nothing changes before a move
  auto game = opened->take_game();
  auto position = opened->take_position();
  const auto move = read_move(*game, *position, "4G-4F");
  REQUIRE(move);
  CHECK_FALSE(session->write_move(*position, *move, "4G-4F"));
  CHECK(read_all(record) == "2A-3A\n4G-4F\n");
}

TEST_CASE("play session: a record with an error, or moves after Q, is continued only into another file") {
  test::TempDir dir("error");
  const std::string record = dir.path() + "/game.cht";
  const std::string text = "2A-3A\n4G-4F\n9Z-9Z\n";
  write_all(record, text);
  auto no_output = begin(request(record));
  REQUIRE_FALSE(no_output);
  CHECK(no_output.error().error.message.key == "play.needs-output");
  CHECK(test::english(no_output.error().error.message) ==
        record +
            " is not modified because it has an error; give -o OUT to continue its first 2 moves in a new "
            "file");
  auto same = begin(request(record, record));
  REQUIRE_FALSE(same);
  CHECK(same.error().error.message.key == "play.output-same");
  CHECK(read_all(record) == text);
  // Into OUT: the valid part, byte for byte.
  RunResult run;
  auto copied = begin(request(record, dir.path() + "/out.cht"), &run);
  REQUIRE(copied);
  CHECK(run.error);
  CHECK(read_all(dir.path() + "/out.cht") == "2A-3A\n4G-4F\n");
  write_all(dir.path() + "/quit.cht", "2A-3A\nQ\n4G-4F\n");
  auto after_quit = begin(request(dir.path() + "/quit.cht"));
  REQUIRE_FALSE(after_quit);
  CHECK(test::english(after_quit.error().error.message) ==
        dir.path() +
            "/quit.cht is not modified because it has lines after Q; give -o OUT to continue its first 1 "
            "move in a new file");
}

TEST_CASE("play session: a record in another format goes on as a move list in OUT, never in place") {
  test::TempDir dir("foreign");
  const std::string record = dir.path() + "/game.psq";
  write_all(record, "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n-1\n");
  auto in_place = begin(request(record));
  REQUIRE_FALSE(in_place);
  CHECK(in_place.error().error.message.key == "play.not-a-move-list");
  auto converted = begin(request(record, dir.path() + "/out.gomoku"));
  REQUIRE(converted);
  // The .psq header's size becomes the move list's header.
  CHECK(read_all(dir.path() + "/out.gomoku") == "---\ngame: gomoku\nvariant: {size: 15}\n---\nH8\nI7\n");
  CHECK(read_all(record) == "Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n-1\n");
}

TEST_CASE("play session: a record that cannot be read is the record's fault, with its error code") {
  test::TempDir dir("unread");
  write_all(dir.path() + "/bad.cht", "---\ngame: [\n---\n");
  auto opened = PlayOpening::open(test::catalogue(), request(dir.path() + "/bad.cht"));
  REQUIRE_FALSE(opened);
  REQUIRE(opened.error().in_record);
  CHECK(opened.error().error.code == "header");
}

TEST_CASE("play session: a record changed behind the session's back is never written over") {
  test::TempDir dir("changed");
  const std::string record = dir.path() + "/game.cht";
  write_all(record, "2A-3A\n");
  auto opened = PlayOpening::open(test::catalogue(), request(record));
  REQUIRE(opened);
  auto session = opened->begin(opened->replay(nullptr));
  REQUIRE(session);
  write_all(record, "2A-3A\n4G-4F\n");  // another program
  auto game = opened->take_game();
  auto position = opened->take_position();
  const Move move = *read_move(*game, *position, "4G-4F");
  const auto refused = session->write_move(*position, move, "4G-4F");
  REQUIRE(refused);
  CHECK(refused->message == Message{"write.changed", {{"file", record}}});
  CHECK(read_all(record) == "2A-3A\n4G-4F\n");
}

TEST_CASE("play session: undo takes back to a person's move, and what the game will not take back stays") {
  test::TempDir dir("undo");
  SECTION("chaturanga: a person's move and the computers' replies after it") {
    const std::string record = dir.path() + "/game.cht";
    write_all(record, "");
    auto opened = PlayOpening::open(test::catalogue(), request(record));
    REQUIRE(opened);
    auto session = opened->begin(opened->replay(nullptr));
    REQUIRE(session);
    auto game = opened->take_game();
    auto position = opened->take_position();
    const auto computer = [](Side side) { return side != 0; };  // Yellow is the person
    CHECK(session->plan_undo(*game, test::catalogue(), 0, computer)->refused ==
          Message{"ui.nothing-to-undo"});
    for (const char* text : {"2A-3A", "4G-4F", "7H-6H", "5B-5C", "1B-3C"}) {
      const Move move = *read_move(*game, *position, text);
      REQUIRE_FALSE(session->write_move(*position, move, text));
      position->apply(move);
    }
    auto plan = session->plan_undo(*game, test::catalogue(), position->moves_played(), computer);
    REQUIRE(plan);
    REQUIRE_FALSE(plan->refused);
    REQUIRE(plan->moves.size() == 1);  // Yellow's own last move
    CHECK(plan->moves[0].text == "1B-3C");
    CHECK(plan->position->moves_played() == 4);
    REQUIRE_FALSE(session->undo(*plan));
    CHECK(read_all(record) == "2A-3A\n4G-4F\n7H-6H\n5B-5C\n");
    // Only computers moved since the start: nothing of a person's to undo.
    auto only_computers = session->plan_undo(*game, test::catalogue(), 4, [](Side) { return true; });
    REQUIRE(only_computers);
    CHECK(only_computers->refused == Message{"ui.nothing-to-undo"});
  }
  SECTION("battleship: a shot is never taken back") {
    const std::string record = dir.path() + "/game.battleship";
    write_all(record, "---\ngame: battleship\nvariant: {width: 4, height: 4, ships: [1]}\n---\nA1\nD4\nB2\n");
    auto opened = PlayOpening::open(test::catalogue(), request(record));
    REQUIRE(opened);
    auto session = opened->begin(opened->replay(nullptr));
    REQUIRE(session);
    auto game = opened->take_game();
    auto plan = session->plan_undo(*game, test::catalogue(), 3, [](Side side) { return side == 1; });
    REQUIRE(plan);
    REQUIRE(plan->refused);
    CHECK(plan->refused->key == "undo.shot");
    CHECK(read_all(record).size() > 0);
  }
}

TEST_CASE("play session: a comment after the moves, as a move list's line or in a PGN game written whole") {
  test::TempDir dir("comment");
  for (const std::string name : {"game.chess", "game.pgn"}) {
    const std::string path = dir.path() + "/" + name;
    auto opened = PlayOpening::open(test::catalogue(), request(path, "", "chess"));
    REQUIRE(opened);
    auto session = opened->begin(opened->replay(nullptr));
    REQUIRE(session);
    auto game = opened->take_game();
    auto position = opened->take_position();
    const auto move = read_move(*game, *position, "e4");
    REQUIRE(move);
    REQUIRE_FALSE(session->write_move(*position, *move, "e4"));
    position->apply(*move);
    REQUIRE_FALSE(session->write_comment("Black loses by forfeit:\nno move", *position));
    if (name == "game.chess") {
      CHECK(read_all(path) == "e4\n# Black loses by forfeit: no move\n");
    } else {
      CHECK(read_all(path).find("\n1. e4 {Black loses by forfeit: no move} *\n") != std::string::npos);
    }
  }
}
