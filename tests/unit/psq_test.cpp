// Gomocup .psq records: read as gomoku games (the header's size becomes the
// `size` option, x,y from the top left become points, the names and result
// code after the moves are ignored), written back by convert's writer, and
// every malformed file gets an error with a line number.
#include <catch2/catch.hpp>

#include <fstream>
#include <random>

#include "formats/psq.h"
#include "gomoku_support.h"
#include "records/record_file.h"
#include "support/temp_dir.h"

using namespace gamerec;

namespace {

// What reading a .psq file found: a file error, or the run of its moves
// with the texts the moves were handed on as.
struct Read {
  std::optional<Error> file_error;
  RunResult run;
  std::vector<std::string> moves;
  std::shared_ptr<const Game> game;
};

Read read_psq(const std::string& content, const std::string& name = "game.psq") {
  gamerec::test::TempDir dir("psq");
  const std::string path = dir.path() + "/" + name;
  std::ofstream(path, std::ios::binary) << content;
  Read result;
  auto opened = open_input(path, gamerec::test::catalogue());
  REQUIRE(opened.ok());
  auto& input = opened.value();
  CHECK(input.format->name == "psq");
  auto next = input.source->next_game();
  REQUIRE(next);
  if (auto* error = next->if_error()) {
    result.file_error = header_file_error(*error);
    return result;
  }
  auto game = open_game(std::move(*next).value(), input, path, gamerec::test::catalogue(), {});
  if (auto* error = game.if_error()) {
    result.file_error = *error;
    return result;
  }
  auto& opened_game = game.value();
  result.run = run_moves(*input.source, *opened_game.game, *opened_game.start,
                         [&](const RecordEvent& event, Side, const Move&, const State&) {
                           result.moves.emplace_back(event.text);
                         });
  result.game = std::move(opened_game.game);
  return result;
}

// A game written through the psq writer, as convert writes it.
std::string write_psq(const Game& game, const std::vector<std::string>& moves) {
  auto writer = gamerec::test::catalogue().format_for_output("out.psq").open_writer();
  auto state = game.new_state();
  std::string text = writer->begin_game(game, GameHeader{}).value();
  for (const std::string& move_text : moves) {
    Move move;
    REQUIRE_FALSE(gamerec::test::check_text(game, *state, move_text, move));
    text += writer->move(game, *state, move, move_text);
    state->apply(move);
  }
  return text + writer->end_game(game, *state);
}

constexpr const char* kHeader = "Piskvorky 15x15, 0:0, 0\n";

}  // namespace

TEST_CASE("psq: the header's size is the board, x,y count from the top left, the tail is ignored") {
  // Piskvork's own shape: CRLF, the players' names and a result code after
  // the moves, and a rule line that holds a comma.
  const Read read = read_psq(
      "Piskvorky 15x15, 11:11, 0\r\n8,8,1000\r\n1,1,500\r\n15,15,20\r\n1,15,0\r\nEmbryo\r\nYixin\r\n-1\r\n"
      "1,Freestyle\r\n");
  REQUIRE_FALSE(read.file_error);
  CHECK_FALSE(read.run.error);
  CHECK(read.moves == std::vector<std::string>{"H8", "A15", "O1", "A1"});
  CHECK(read.game->options().get_int("size") == 15);
}

TEST_CASE("psq: other board sizes, a BOM, blank lines and moves without a time") {
  const Read read = read_psq("\xEF\xBB\xBFPiskvorky 19x19, 0:0, 1\n\n10,10\n 19,1,7 \n\n");
  REQUIRE_FALSE(read.file_error);
  CHECK_FALSE(read.run.error);
  CHECK(read.game->options().get_int("size") == 19);
  CHECK(read.moves == std::vector<std::string>{"J10", "S19"});
}

TEST_CASE("psq: content that starts like a .psq file is read as one whatever its name") {
  const Read read = read_psq(std::string(kHeader) + "8,8,0\n", "record-without-extension");
  REQUIRE_FALSE(read.file_error);
  CHECK(read.moves == std::vector<std::string>{"H8"});
}

TEST_CASE("psq: a random game written as .psq reads back as the same moves") {
  for (const std::string size : {"15", "7", "20"}) {
    const auto game = gamerec::test::gomoku({{"size", size}});
    std::mt19937_64 random(std::stoull(size));
    auto state = game->new_state();
    std::vector<std::string> moves;
    while (!state->is_over()) {
      const auto legal = state->legal_moves();
      const Move move = legal[random() % legal.size()];
      moves.push_back(game->move_text(move, *state));
      state->apply(move);
    }
    INFO("size " << size << ", " << moves.size() << " moves");
    const std::string text = write_psq(*game, moves);
    CHECK(text.rfind("Piskvorky " + size + "x" + size + ", 0:0, 0\n", 0) == 0);
    const Read read = read_psq(text);
    REQUIRE_FALSE(read.file_error);
    CHECK_FALSE(read.run.error);
    CHECK(read.moves == moves);
    CHECK(read.game->options().get_int("size") == std::stoi(size));
    // Read and written again, the file is the same.
    CHECK(write_psq(*read.game, read.moves) == text);
  }
}

TEST_CASE("psq: the writer counts rows from the top and ends with Piskvork's -1") {
  const auto game = gamerec::test::gomoku();
  CHECK(write_psq(*game, {"A1", "O15", "H8"}) == "Piskvorky 15x15, 0:0, 0\n1,15,0\n15,1,0\n8,8,0\n-1\n");
}

TEST_CASE("psq malformed: a missing or wrong first line is a header error on line 1") {
  struct Case {
    std::string content;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"", "the file is empty; a Gomocup record starts with a line like 'Piskvorky 15x15, 0:0, 0'"},
      {"Piskvorky\n8,8,0\n", "not a Gomocup record: the first line must be like 'Piskvorky 15x15, 0:0, 0'"},
      {"Piskvorky 15x15\n", "not a Gomocup record: the first line must be like 'Piskvorky 15x15, 0:0, 0'"},
      {"Piskvorky 15x15, 0:0, 2\n", "not a Gomocup record: the first line must be like 'Piskvorky 15x15, 0:0, 0'"},
      {"Piskvorky 15x15, 0:0, 0 junk\n", "not a Gomocup record: the first line must be like 'Piskvorky 15x15, 0:0, 0'"},
      {"Piskvorky 20x15, 0:0, 0\n", "the Gomocup board is 20x15; gomoku is played on a square board"},
      {"Piskvorky 30x30, 0:0, 0\n", "size takes a whole number in 5..26, not '30'"},
      {"Piskvorky 4x4, 0:0, 0\n", "size takes a whole number in 5..26, not '4'"},
      // A value too large to hold is quoted whole, as written.
      {"Piskvorky 123456789012x123456789012, 0:0, 0\n",
       "size takes a whole number in 5..26, not '123456789012'"},
      {"Piskvorky 99999999x15, 0:0, 0\n", "the Gomocup board is 99999999x15; gomoku is played on a square board"},
  };
  for (const Case& c : cases) {
    INFO(c.content);
    const Read read = read_psq(c.content);
    REQUIRE(read.file_error);
    CHECK(read.file_error->code == "header");
    CHECK(read.file_error->line == 1);
    CHECK(gamerec::test::english(read.file_error->message) == c.message);
  }
}

TEST_CASE("psq malformed: a broken move line, an off-board point, an occupied one, a move after five") {
  struct Case {
    std::string moves;
    std::int64_t line;
    ErrorCode code;
    std::string shown;
  };
  const std::vector<Case> cases = {
      {"8,8,0\n9,9,abc\n", 3, ErrorCode::kNotation, "9,9,abc"},
      {"8,8,0\n9,,0\n", 2, ErrorCode::kNotation, "8,8,0"},  // "9,," does not start like a move: the end
      {"8,8,0\n9,9,0,4\n", 3, ErrorCode::kNotation, "9,9,0,4"},
      {"8,8,0\n16,8,0\n", 3, ErrorCode::kOffBoard, "16,8,0"},
      {"8,8,0\n0,8,0\n", 3, ErrorCode::kOffBoard, "0,8,0"},
      {"8,8,0\n8,99999999999,0\n", 3, ErrorCode::kOffBoard, "8,99999999999,0"},
      {"8,8,0\n8,8,0\n", 3, ErrorCode::kOccupied, "8,8,0"},
      {"1,1,0\n1,2,0\n2,1,0\n2,2,0\n3,1,0\n3,2,0\n4,1,0\n4,2,0\n5,1,0\n6,6,0\n", 11, ErrorCode::kGameOver,
       "6,6,0"},
  };
  for (const Case& c : cases) {
    INFO(c.moves);
    const Read read = read_psq(kHeader + c.moves);
    REQUIRE_FALSE(read.file_error);
    if (c.code == ErrorCode::kNotation && c.shown == "8,8,0") {
      CHECK_FALSE(read.run.error);  // the moves ended before the broken line
      CHECK(read.run.moves == 1);
      continue;
    }
    REQUIRE(read.run.error);
    CHECK(read.run.error->line == c.line);
    CHECK(read.run.error->column == 1);
    CHECK(read.run.error->error.code == c.code);
    if (c.code == ErrorCode::kNotation) CHECK(read.run.error->error.kind == "psq");  // says what a .psq move is
    // The error names the move as the file writes it.
    CHECK(read.run.error->move == c.shown);
  }
}

TEST_CASE("psq malformed: an overlong line is a notation error, not a crash") {
  const Read read = read_psq(kHeader + std::string("8,8,0\n") + std::string(kMaxRecordLine + 1, '7') + "\n");
  REQUIRE_FALSE(read.file_error);
  REQUIRE(read.run.error);
  CHECK(read.run.error->line == 3);
  CHECK(read.run.error->error.code == ErrorCode::kNotation);
}
