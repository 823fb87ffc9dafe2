// tourney --openings (gamerec(1)): the openings a file holds, read for each
// game in its own format, and the order the games play them in. Expected
// positions and moves are written out by hand from the files.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>

#include "core/openings.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

std::string write(const test::TempDir& dir, const std::string& name, const std::string& text) {
  const std::string path = dir.path() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// The moves of an opening as its game writes them, from its start.
std::vector<std::string> move_texts(const Game& game, const Opening& opening) {
  auto state = std::move(game.new_state_from(opening.position)).value();
  std::vector<std::string> texts;
  for (const Move& move : opening.moves) {
    texts.push_back(game.move_text(move, *state));
    state->apply(move);
  }
  return texts;
}

Result<std::vector<Opening>, Error> read(const Game& game, const std::string& path,
                                         OpeningSettings settings = {}) {
  settings.file = path;
  return read_openings(settings, game, test::catalogue());
}

}  // namespace

TEST_CASE("openings: a chess EPD file gives one start a line, its counters from hmvc and fmvn") {
  const auto chess = test::make("chess");
  const auto read_back = read(*chess, GAMEREC_SOURCE_DIR "/samples/chess/openings/four-openings.epd");
  REQUIRE(read_back.ok());
  const auto& openings = read_back.value();
  REQUIRE(openings.size() == 4);
  CHECK(openings[0].position == "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  // A ';' inside the quoted id ends no operation.
  CHECK(openings[1].position == "rnbqkbnr/ppp2ppp/4p3/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3");
  CHECK(openings[3].position == "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3");
  CHECK(openings[3].line == 4);
  for (const Opening& opening : openings) CHECK(opening.moves.empty());

  test::TempDir dir;
  // A whole FEN is a line too; four fields alone take the FEN's defaults.
  const auto plain =
      read(*chess, write(dir, "plain.epd",
                         "# a comment\n\n4k3/8/8/8/8/8/4P3/4K3 w - - 5 40\r\n  4k3/8/8/8/8/8/4P3/4K3 b - -\n"
                         "4k3/8/8/8/8/8/4P3/4K3 b - - c0 \"x; hmvc 7\"; hmvc 2; fmvn 30;\n"
                         "4k3/8/8/8/8/8/4P3/4K3 b - - 3 12 bm Kd7;\n"));
  REQUIRE(plain.ok());
  REQUIRE(plain.value().size() == 4);
  CHECK(plain.value()[0].position == "4k3/8/8/8/8/8/4P3/4K3 w - - 5 40");
  CHECK(plain.value()[0].line == 3);
  CHECK(plain.value()[1].position == "4k3/8/8/8/8/8/4P3/4K3 b - -");
  // A ';' inside a quoted operand ends no operation; a FEN's counters may
  // come before operations.
  CHECK(plain.value()[2].position == "4k3/8/8/8/8/8/4P3/4K3 b - - 2 30");
  CHECK(plain.value()[3].position == "4k3/8/8/8/8/8/4P3/4K3 b - - 3 12");
  // Bare kings are no opening: the game is over before a move.
  const auto bare = read(*chess, write(dir, "bare.epd", "8/8/8/8/8/8/8/K6k w - -\n"));
  REQUIRE_FALSE(bare.ok());
  CHECK(bare.error().message.key == "openings.ends-game");
  CHECK(bare.error().line == 1);

  // The first bad line is named, with the FEN's own complaint.
  const auto bad =
      read(*chess, write(dir, "bad.epd", "4k3/8/8/8/8/8/4P3/4K3 w - -\n\n4k3/8/8/8/8/8/4P3/4K3 w\n"));
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().code == "opening");
  CHECK(bad.error().line == 3);
  CHECK(test::english(bad.error().message).find("FEN") != std::string::npos);

  const auto none = read(*chess, write(dir, "none.epd", "# nothing here\n"));
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().message.key == "openings.none");

  OpeningSettings past;
  past.start = 5;
  const auto beyond = read(*chess, GAMEREC_SOURCE_DIR "/samples/chess/openings/four-openings.epd", past);
  REQUIRE_FALSE(beyond.ok());
  CHECK(test::english(beyond.error().message) == "start=5, but the file holds 4 openings");
}

TEST_CASE("openings: a PGN archive gives each game's start and moves, cut to plies=N") {
  const auto chess = test::make("chess");
  test::TempDir dir;
  const std::string pgn = write(dir, "book.pgn",
                                "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
                                "[Event \"b\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n"
                                "1. e4 Kd7 *\n");
  const auto all = read(*chess, pgn);
  REQUIRE(all.ok());
  REQUIRE(all.value().size() == 2);
  CHECK(all.value()[0].position.empty());
  CHECK(move_texts(*chess, all.value()[0]) == std::vector<std::string>{"e4", "e5", "Nf3", "Nc6"});
  CHECK(all.value()[1].position == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  CHECK(move_texts(*chess, all.value()[1]) == std::vector<std::string>{"e4", "Kd7"});
  CHECK(all.value()[1].line == 5);

  OpeningSettings three;
  three.plies = 3;
  const auto cut = read(*chess, pgn, three);
  REQUIRE(cut.ok());
  CHECK(move_texts(*chess, cut.value()[0]) == std::vector<std::string>{"e4", "e5", "Nf3"});
  CHECK(move_texts(*chess, cut.value()[1]) == std::vector<std::string>{"e4", "Kd7"});

  // A game that ends is no opening; one that does not validate is named.
  const auto mate = read(*chess, write(dir, "mate.pgn", "[Event \"m\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"));
  REQUIRE_FALSE(mate.ok());
  CHECK(mate.error().message.key == "openings.ends-game");
  CHECK(mate.error().line == 1);
  OpeningSettings two;
  two.plies = 2;
  CHECK(read(*chess, write(dir, "mate2.pgn", "[Event \"m\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"), two).ok());
  const auto illegal = read(*chess, write(dir, "illegal.pgn", "[Event \"i\"]\n\n1. e4 e5\n2. Ke3 *\n"));
  REQUIRE_FALSE(illegal.ok());
  CHECK(illegal.error().message.key == "openings.invalid-record");
  CHECK(illegal.error().line == 4);
  CHECK(test::english(illegal.error().message) ==
        "game 1: its move Ke3 is refused under the tourney's game (error[illegal-move])");
  // A record of other rules is refused, not read under the tourney's.
  const auto gomoku = test::make("gomoku");
  const auto small = read(*gomoku, GAMEREC_SOURCE_DIR "/samples/gomoku/valid/small-board-draw.gomoku");
  REQUIRE_FALSE(small.ok());
  CHECK(small.error().message.key == "openings.other-rules");
  CHECK(small.error().message.arg("option") == "size=5");
}

TEST_CASE("openings: Gomocup's lines are stones around the centre, y downwards, Black first") {
  const auto gomoku = test::make("gomoku");  // 15x15: the centre is H8
  const auto read_back = read(*gomoku, GAMEREC_SOURCE_DIR "/samples/gomoku/openings/gomocup-style.txt");
  REQUIRE(read_back.ok());
  const auto& openings = read_back.value();
  REQUIRE(openings.size() == 4);
  CHECK(openings[0].line == 3);
  CHECK(move_texts(*gomoku, openings[0]) == std::vector<std::string>{"H8", "I8", "I7"});
  CHECK(move_texts(*gomoku, openings[1]) == std::vector<std::string>{"H8", "I9", "J8"});
  CHECK(move_texts(*gomoku, openings[2]) == std::vector<std::string>{"H8", "H7", "J6", "G9"});
  CHECK(move_texts(*gomoku, openings[3]) == std::vector<std::string>{"G8", "I8", "H10"});

  test::TempDir dir;
  // Off the board, or on a stone: the line is named.
  const auto off = read(*gomoku, write(dir, "off.txt", "0,0, 1,1\n0,0, 8,0\n"));
  REQUIRE_FALSE(off.ok());
  CHECK(off.error().line == 2);
  CHECK(off.error().message.key == "openings.refused-stone");
  CHECK(off.error().message.arg("stone") == "8,0");
  const auto twice = read(*gomoku, write(dir, "twice.txt", "0,0, 0,0\n"));
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.error().line == 1);
  // Gomoku has no start positions: a line that is no list of stones is refused.
  const auto words = read(*gomoku, write(dir, "words.txt", "0,0, 1\n"));
  REQUIRE_FALSE(words.ok());
  CHECK(words.error().line == 1);
  CHECK(words.error().message.key == "openings.not-stones");
  // An offset no int holds is no stone either.
  CHECK(read(*gomoku, write(dir, "huge.txt", "2147483647,0\n")).error().message.key == "openings.not-stones");
}

TEST_CASE("openings: kalah positions one to a line, and no openings for a game with secrets") {
  const auto kalah = test::make("kalah");
  const auto read_back = read(*kalah, GAMEREC_SOURCE_DIR "/samples/kalah/openings/positions.txt");
  REQUIRE(read_back.ok());
  REQUIRE(read_back.value().size() == 3);
  CHECK(read_back.value()[1].position == "south: 0 5 5 5 5 4 | 0; north: 4 4 4 4 4 4 | 0; to-move: north");
  CHECK(read_back.value()[1].line == 3);

  const auto battleship = test::make("battleship");
  const auto hidden = read(*battleship, GAMEREC_SOURCE_DIR "/samples/kalah/openings/positions.txt");
  REQUIRE_FALSE(hidden.ok());
  CHECK(hidden.error().message.key == "openings.hidden");
}

TEST_CASE("openings: the order is the file's, or shuffled by the seed, turned to start=K") {
  OpeningSettings settings;
  settings.start = 3;
  CHECK(opening_order(settings, 5, 1) == std::vector<std::size_t>{2, 3, 4, 0, 1});

  settings.start = 1;
  settings.random_order = true;
  const auto shuffled = opening_order(settings, 20, 7);
  CHECK(std::set<std::size_t>(shuffled.begin(), shuffled.end()).size() == 20);  // each opening once
  CHECK(shuffled == opening_order(settings, 20, 7));
  CHECK(shuffled != opening_order(settings, 20, 8));
  std::vector<std::size_t> identity(20);
  for (std::size_t i = 0; i < 20; ++i) identity[i] = i;
  CHECK(shuffled != identity);
  settings.start = 2;
  auto turned = opening_order(settings, 20, 7);
  std::rotate(turned.rbegin(), turned.rbegin() + 1, turned.rend());
  CHECK(turned == shuffled);

  CHECK(opening_settings_text(std::nullopt) == "-");
  OpeningSettings named{"book.epd", true, 8, 2};
  CHECK(opening_settings_text(named) == "book.epd,random,8,2");
}

TEST_CASE("openings: a tourney's games start from them, a pair to an opening, and every record validates") {
  const auto kalah = test::make("kalah");
  test::TempDir dir;
  // A tourney of levels 1 and 2 from the book, its records in `out`.
  const auto play = [&](const Game& game, std::int64_t games, const std::string& book, std::int64_t start,
                        const std::string& out) {
    TourneyOptions options;
    options.players = {"1", "2"};
    options.games = games;
    options.out_dir = dir.path() + out;
    options.opening_settings.emplace();
    options.opening_settings->file = book;
    options.opening_settings->start = start;
    options.openings = read(game, book).value();
    test::played_tourney(game, options);
  };
  const auto text_of = [](const std::string& path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  play(*kalah, 6, GAMEREC_SOURCE_DIR "/samples/kalah/openings/positions.txt", 1, "/games");
  const char* expected[] = {"south: 4 4 0 5 5 5 | 1", "south: 0 5 5 5 5 4 | 0", "south: 4 4 4 4 4 0 | 1"};
  for (int game = 1; game <= 6; ++game) {
    char name[32];
    std::snprintf(name, sizeof name, "/games/kalah-%04d.kalah", game);
    const std::string path = dir.path() + name;
    const std::string text = text_of(path);
    INFO(path << "\n" << text);
    CHECK(text.find(std::string("position: \"") + expected[(game - 1) / 2]) != std::string::npos);
    const RunResult run = test::validate_record(path);
    CHECK_FALSE(run.error);
    CHECK(run.moves > 0);
  }

  // Gomoku: the opening's stones are the record's first moves.
  const auto gomoku = test::make("gomoku");
  play(*gomoku, 2, GAMEREC_SOURCE_DIR "/samples/gomoku/openings/gomocup-style.txt", 3, "/stones");
  for (const char* name : {"/stones/gomoku-0001.gomoku", "/stones/gomoku-0002.gomoku"}) {
    const std::string text = text_of(dir.path() + name);
    INFO(text);
    CHECK(text.find("---\nH8\nH7\nJ6\nG9\n") != std::string::npos);
    CHECK_FALSE(test::validate_record(dir.path() + name).error);
  }
}
