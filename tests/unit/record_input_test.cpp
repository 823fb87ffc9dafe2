// Opening records: which game a file holds (gamerec(1), WHICH GAME A FILE HOLDS), file-level errors, and
// the move loop over a record's events.
#include <catch2/catch.hpp>

#include <fstream>

#include "core/record_input.h"
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
