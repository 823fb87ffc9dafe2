// Opening records: which game a file holds (gamerec(1), WHICH GAME A FILE HOLDS), file-level errors, and
// the move loop over a record's events.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "core/record_input.h"
#include "records/move_run.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

// An input and its first game, opened as validate opens them.
struct Opened {
  OpenRecord input;
  RecordGame game;
};

Result<Opened, Error> open_path(const std::string& path, GameChoice choice = {}) {
  auto input = open_input(path, gamerec::test::catalogue());
  if (auto* error = input.if_error()) return *error;
  auto& record = input.value();
  auto header = record.source->next_game();
  REQUIRE(header);
  if (auto* error = header->if_error()) return header_file_error(*error);
  auto game =
      open_game(std::move(*header).value(), record, path, gamerec::test::catalogue(), choice);
  if (auto* error = game.if_error()) return *error;
  return Opened{std::move(record), std::move(game).value()};
}

Result<Opened, Error> open_text(const gamerec::test::TempDir& dir, const std::string& name,
                                const std::string& content, GameChoice choice = {}) {
  const std::string path = dir.path() + "/" + name;
  std::ofstream(path, std::ios::binary) << content;
  return open_path(path, std::move(choice));
}

}  // namespace

TEST_CASE("record input: the game is told by --game, header, extension, then first move") {
  gamerec::test::TempDir dir;
  auto by_extension = open_text(dir, "a.cht", "2A-3A\n");
  REQUIRE(by_extension.ok());
  CHECK(by_extension.value().game.game->name() == "chaturanga");
  auto by_move = open_text(dir, "a.txt", "# hello\n2A-3A\n");
  REQUIRE(by_move.ok());
  auto by_header = open_text(dir, "b.txt", "---\ngame: chaturanga\n---\n");
  REQUIRE(by_header.ok());
  auto unknown = open_text(dir, "c.txt", "\n\nxyz\n");
  REQUIRE(!unknown.ok());
  CHECK(unknown.error().code == "unknown-game");
  CHECK(unknown.error().line == 3);
  auto forced = open_text(dir, "c2.txt", "xyz\n", GameChoice{"chaturanga", {}});
  CHECK(forced.ok());
}

TEST_CASE("record input: header problems are 'header' errors on their line, --variant ones 'usage'") {
  gamerec::test::TempDir dir;
  auto unknown_game = open_text(dir, "a.cht", "---\ndate: today\ngame: go\n---\n");
  REQUIRE(!unknown_game.ok());
  CHECK(unknown_game.error().code == "header");
  CHECK(unknown_game.error().line == 3);
  auto bad_variant = open_text(dir, "b.cht", "---\nvariant: {queens: true}\n---\n");
  REQUIRE(!bad_variant.ok());
  CHECK(bad_variant.error().code == "header");
  CHECK(bad_variant.error().line == 2);
  auto bad_cli =
      open_text(dir, "c.cht", "---\ngame: chaturanga\n---\n", GameChoice{{}, {{"queens", "true"}}});
  REQUIRE(!bad_cli.ok());
  CHECK(bad_cli.error().code == "usage");
  auto position = open_text(dir, "d.cht", "---\nposition: x\n---\n");
  REQUIRE(!position.ok());
  CHECK(position.error().line == 2);
  auto missing = open_path(dir.path() + "/none.cht");
  REQUIRE(!missing.ok());
  CHECK(missing.error().code == "io");
  auto directory = open_path(dir.path());
  REQUIRE(!directory.ok());
  CHECK(directory.error().code == "io");
}

TEST_CASE("record input: run_moves stops at the first error and at a Q line") {
  gamerec::test::TempDir dir;
  auto opened = open_text(dir, "a.cht", "2A-3A\n\n4G-4F\n  9Z-1A\n7H-6H\n");
  auto& record = opened.value();
  RunResult run = run_moves(*record.input.source, *record.game.game, *record.game.start);
  REQUIRE(run.error);
  CHECK(run.moves == 2);
  CHECK(run.error->line == 4);
  CHECK(run.error->column == 3);
  CHECK(run.error->move == "9Z-1A");
  CHECK(run.end_offset == 13);  // the valid prefix ends where line 4 starts

  auto quit = open_text(dir, "b.cht", "2A-3A\nQ\n");
  auto& quit_record = quit.value();
  run = run_moves(*quit_record.input.source, *quit_record.game.game, *quit_record.game.start);
  CHECK_FALSE(run.error);
  CHECK(run.quit_line == 2);
  CHECK_FALSE(run.lines_after_quit);
  CHECK(run.moves == 1);
}

namespace {

// What run_moves found in the record at `path`, as one line: without a
// visitor (validate: batches of moves go to the game at once) and with one
// (replay: event by event), it must be the same.
std::string run_found(const std::string& path, bool with_visitor) {
  auto opened = open_path(path);
  REQUIRE(opened);
  auto& record = opened.value();
  auto before = [](const RecordEvent&, const Move&, const State&) {};
  auto after = [](const RecordEvent&, Side, const Move&, const State&) {};
  MoveCalls calls(before, after);
  const RunResult run =
      run_moves(*record.input.source, *record.game.game, *record.game.start, with_visitor ? &calls : nullptr);
  std::string found = "moves " + std::to_string(run.moves) + ", valid part " + std::to_string(run.end_offset);
  if (run.error) {
    found += ", error " + std::to_string(static_cast<int>(run.error->error.code)) + " " +
             run.error->error.kind + " at " + std::to_string(run.error->line) + ":" +
             std::to_string(run.error->column) + " " + run.error->move;
  }
  if (run.quit_line) found += ", Q at " + std::to_string(*run.quit_line);
  if (run.passed_end) {
    found += ", end passed at move " + std::to_string(run.passed_end->moves) + " (" +
             run.passed_end->outcome.end + "), " + std::to_string(run.passed_end->moves_after) +
             " after, from line " + std::to_string(run.passed_end->first_after.line);
  }
  return found;
}

}  // namespace

TEST_CASE("record input: run_moves finds the same with and without a visitor, wherever a batch ends") {
  gamerec::test::TempDir dir;
  // Knights out and back: legal for ever. Lines in the ways a record may
  // write them, the error at places around the sources' batches of 64.
  const std::vector<std::string> cycle = {"1B-3A", "2H-1F", "8G-6H", "7A-6C",
                                          "3A-1B", "1F-2H", "6H-8G", "6C-7A"};
  const std::vector<std::string> shapes = {"{}\n", "{}\r\n", "  {}\n", "{} # note\n", "\n{}\n", "# a\n{}\n"};
  const std::vector<std::string> wrong = {"4D-4D", "9Z-1A", "Q", "5E-5F"};
  std::size_t cases = 0;
  for (const std::size_t at : {0, 1, 62, 63, 64, 65, 127, 128, 200}) {
    for (std::size_t shape = 0; shape < shapes.size(); ++shape) {
      std::string content;
      // Plain lines, but for one shape of line every seventh line.
      auto line = [&](std::size_t i, const std::string& move) {
        const std::string& form = i % 7 == 3 ? shapes[shape] : shapes[0];
        const std::size_t hole = form.find("{}");
        content += form.substr(0, hole) + move + form.substr(hole + 2);
      };
      for (std::size_t i = 0; i < at; ++i) line(i, cycle[i % cycle.size()]);
      line(at, wrong[(at + shape) % wrong.size()]);
      for (std::size_t i = at + 1; i < at + 70; ++i) line(i, cycle[i % cycle.size()]);
      const std::string path = dir.path() + "/r" + std::to_string(cases++) + ".cht";
      std::ofstream(path, std::ios::binary) << content;
      INFO("error at move " << at << ", shape " << shape);
      CHECK(run_found(path, false) == run_found(path, true));
    }
  }
  // The whole record legal, ending in a batch's middle.
  std::string legal;
  for (std::size_t i = 0; i < 1000; ++i) legal += cycle[i % cycle.size()] + "\n";
  std::ofstream(dir.path() + "/legal.cht", std::ios::binary) << legal;
  CHECK(run_found(dir.path() + "/legal.cht", false) == "moves 1000, valid part 6000");
  CHECK(run_found(dir.path() + "/legal.cht", true) == "moves 1000, valid part 6000");
}

TEST_CASE("record input: past an end the rules reached, and to an error, run_moves agrees with a visitor") {
  gamerec::test::TempDir dir;
  // King and knight against king: dead from the start, so every move is
  // after the end; the ninth is illegal. The moves have a line of their
  // own (the result on the next), which the source gives as a batch of
  // moves alone: the end is passed, and the error found, inside it.
  const std::string path = dir.path() + "/dead.pgn";
  std::ofstream(path, std::ios::binary)
      << "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/4k3/8/8/8/4K2N w - - 0 1\"]\n\n"
         "1. Kd2 Kd5 2. Ke3 Ke5 3. Kd3 Kd5 4. Ke3 Ke5 5. Kf5\n*\n";
  const std::string without = run_found(path, false);
  CHECK(without == run_found(path, true));
  CHECK(without.find("end passed at move 0 (insufficient-material), 8 after, from line 5") !=
        std::string::npos);
  CHECK(without.find("at 5:48 Kf5") != std::string::npos);
}
