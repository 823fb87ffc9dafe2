// Opening records: which game a file holds (SPEC 2) and file-level errors.
#include <catch2/catch.hpp>

#include <fstream>

#include "core/record_session.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

std::variant<OpenedRecord, FileError> open_text(const gamerec::test::TempDir& dir, const std::string& name,
                                                const std::string& content, GameChoice choice = {}) {
  const std::string path = dir.path() + "/" + name;
  std::ofstream(path, std::ios::binary) << content;
  return open_record(path, gamerec::test::catalogue(), choice);
}

}  // namespace

TEST_CASE("record session: the game is told by --game, header, extension, then first move") {
  gamerec::test::TempDir dir;
  auto by_extension = open_text(dir, "a.cht", "2A-3A\n");
  REQUIRE(std::holds_alternative<OpenedRecord>(by_extension));
  CHECK(std::get<OpenedRecord>(by_extension).game->name() == "chaturanga");
  auto by_move = open_text(dir, "a.txt", "# hello\n2A-3A\n");
  REQUIRE(std::holds_alternative<OpenedRecord>(by_move));
  auto by_header = open_text(dir, "b.txt", "---\ngame: chaturanga\n---\n");
  REQUIRE(std::holds_alternative<OpenedRecord>(by_header));
  auto unknown = open_text(dir, "c.txt", "\n\nxyz\n");
  REQUIRE(std::holds_alternative<FileError>(unknown));
  CHECK(std::get<FileError>(unknown).code == "unknown-game");
  CHECK(std::get<FileError>(unknown).line == 3);
  auto forced = open_text(dir, "c2.txt", "xyz\n", GameChoice{"chaturanga", {}});
  CHECK(std::holds_alternative<OpenedRecord>(forced));
}

TEST_CASE("record session: header problems are 'header' errors on their line; --variant ones 'usage'") {
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
  auto missing = open_record(dir.path() + "/none.cht", gamerec::test::catalogue(), {});
  REQUIRE(std::holds_alternative<FileError>(missing));
  CHECK(std::get<FileError>(missing).code == "io");
  auto directory = open_record(dir.path(), gamerec::test::catalogue(), {});
  REQUIRE(std::holds_alternative<FileError>(directory));
  CHECK(std::get<FileError>(directory).code == "io");
}

TEST_CASE("record session: run_moves stops at the first error and at a Q line") {
  gamerec::test::TempDir dir;
  auto opened = open_text(dir, "a.cht", "2A-3A\n\n4G-4F\n  9Z-1A\n7H-6H\n");
  auto& record = std::get<OpenedRecord>(opened);
  RunResult run =
      run_moves(*record.reader, *record.game, *record.start, [](const auto&, const auto&, const auto&) {});
  REQUIRE(run.error);
  CHECK(run.moves == 2);
  CHECK(run.error->line == 4);
  CHECK(run.error->column == 3);
  CHECK(run.error->move == "9Z-1A");
  CHECK(run.end_offset == 13);  // the valid prefix ends where line 4 starts

  auto quit = open_text(dir, "b.cht", "2A-3A\nQ\n");
  auto& quit_record = std::get<OpenedRecord>(quit);
  run = run_moves(*quit_record.reader, *quit_record.game, *quit_record.start,
                  [](const auto&, const auto&, const auto&) {});
  CHECK_FALSE(run.error);
  CHECK(run.quit_line == 2);
  CHECK(run.moves == 1);
}
