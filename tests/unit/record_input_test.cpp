// Opening records: which game a file holds (SPEC 2), file-level errors, and
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
  RecordInput input;
  OpenedGame game;
};

std::variant<Opened, FileError> open_path(const std::string& path, GameChoice choice = {}) {
  auto input = open_input(path, gamerec::test::catalogue());
  if (auto* error = std::get_if<FileError>(&input)) return *error;
  auto& record = std::get<RecordInput>(input);
  auto header = record.source->next_game();
  REQUIRE(header);
  if (auto* error = std::get_if<RecordError>(&*header)) return header_file_error(*error);
  auto game =
      open_game(std::get<GameHeader>(std::move(*header)), record, path, gamerec::test::catalogue(), choice);
  if (auto* error = std::get_if<FileError>(&game)) return *error;
  return Opened{std::move(record), std::get<OpenedGame>(std::move(game))};
}

std::variant<Opened, FileError> open_text(const gamerec::test::TempDir& dir, const std::string& name,
                                          const std::string& content, GameChoice choice = {}) {
  const std::string path = dir.path() + "/" + name;
  std::ofstream(path, std::ios::binary) << content;
  return open_path(path, std::move(choice));
}

}  // namespace

TEST_CASE("record input: the game is told by --game, header, extension, then first move") {
  gamerec::test::TempDir dir;
  auto by_extension = open_text(dir, "a.cht", "2A-3A\n");
  REQUIRE(std::holds_alternative<Opened>(by_extension));
  CHECK(std::get<Opened>(by_extension).game.game->name() == "chaturanga");
  auto by_move = open_text(dir, "a.txt", "# hello\n2A-3A\n");
  REQUIRE(std::holds_alternative<Opened>(by_move));
  auto by_header = open_text(dir, "b.txt", "---\ngame: chaturanga\n---\n");
  REQUIRE(std::holds_alternative<Opened>(by_header));
  auto unknown = open_text(dir, "c.txt", "\n\nxyz\n");
  REQUIRE(std::holds_alternative<FileError>(unknown));
  CHECK(std::get<FileError>(unknown).code == "unknown-game");
  CHECK(std::get<FileError>(unknown).line == 3);
  auto forced = open_text(dir, "c2.txt", "xyz\n", GameChoice{"chaturanga", {}});
  CHECK(std::holds_alternative<Opened>(forced));
}

TEST_CASE("record input: header problems are 'header' errors on their line, --variant ones 'usage'") {
  gamerec::test::TempDir dir;
  auto unknown_game = open_text(dir, "a.cht", "---\ndate: today\ngame: go\n---\n");
  REQUIRE(std::holds_alternative<FileError>(unknown_game));
  CHECK(std::get<FileError>(unknown_game).code == "header");
  CHECK(std::get<FileError>(unknown_game).line == 3);
  auto bad_variant = open_text(dir, "b.cht", "---\nvariant: {queens: true}\n---\n");
  REQUIRE(std::holds_alternative<FileError>(bad_variant));
  CHECK(std::get<FileError>(bad_variant).code == "header");
  CHECK(std::get<FileError>(bad_variant).line == 2);
  auto bad_cli =
      open_text(dir, "c.cht", "---\ngame: chaturanga\n---\n", GameChoice{{}, {{"queens", "true"}}});
  REQUIRE(std::holds_alternative<FileError>(bad_cli));
  CHECK(std::get<FileError>(bad_cli).code == "usage");
  auto position = open_text(dir, "d.cht", "---\nposition: x\n---\n");
  REQUIRE(std::holds_alternative<FileError>(position));
  CHECK(std::get<FileError>(position).line == 2);
  auto missing = open_path(dir.path() + "/none.cht");
  REQUIRE(std::holds_alternative<FileError>(missing));
  CHECK(std::get<FileError>(missing).code == "io");
  auto directory = open_path(dir.path());
  REQUIRE(std::holds_alternative<FileError>(directory));
  CHECK(std::get<FileError>(directory).code == "io");
}

TEST_CASE("record input: run_moves stops at the first error and at a Q line") {
  gamerec::test::TempDir dir;
  auto opened = open_text(dir, "a.cht", "2A-3A\n\n4G-4F\n  9Z-1A\n7H-6H\n");
  auto& record = std::get<Opened>(opened);
  RunResult run = run_moves(*record.input.source, *record.game.game, *record.game.start);
  REQUIRE(run.error);
  CHECK(run.moves == 2);
  CHECK(run.error->line == 4);
  CHECK(run.error->column == 3);
  CHECK(run.error->move == "9Z-1A");
  CHECK(run.end_offset == 13);  // the valid prefix ends where line 4 starts

  auto quit = open_text(dir, "b.cht", "2A-3A\nQ\n");
  auto& quit_record = std::get<Opened>(quit);
  run = run_moves(*quit_record.input.source, *quit_record.game.game, *quit_record.game.start);
  CHECK_FALSE(run.error);
  CHECK(run.quit_line == 2);
  CHECK_FALSE(run.lines_after_quit);
  CHECK(run.moves == 1);
}
