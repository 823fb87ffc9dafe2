// The board renderer: any game's grids, labels, legend, colour on and off.
#include <catch2/catch.hpp>

#include "test_support.h"
#include "ui/board_view.h"
#include "ui/colors.h"
#include "ui/terminal.h"

using namespace gamerec;

namespace {

const std::vector<std::string> kNames = {"Yellow", "Green", "Red", "Black"};

std::string plain(const BoardView& view, const std::string& language = "en") {
  return ui::render_board(view, *gamerec::test::catalogue().find("chaturanga"), language, ui::Palette{},
                          kNames);
}

}  // namespace

TEST_CASE("board view: chaturanga's start, plain text with side digits and a legend") {
  const auto game = gamerec::test::make("chaturanga");
  const std::string text = plain(game->new_state()->view());
  CHECK_THAT(text, Catch::StartsWith("   A  B  C  D  E  F  G  H \n8  R4 P4 .  .  K3 B3 N3 R3 8\n"));
  CHECK_THAT(text, Catch::Contains("1  R1 N1 B1 K1 .  .  P2 R2 1\n"));
  CHECK_THAT(text, Catch::EndsWith("(1 Yellow, 2 Green, 3 Red, 4 Black)\n"));
  CHECK(text.find('\x1b') == std::string::npos);
  CHECK_THAT(plain(game->new_state()->view(), "es"), Catch::Contains("1  T1 C1 A1 R1"));
}

TEST_CASE("board view: colour draws each side's pieces as tiles of its colour, with a legend") {
  const auto game = gamerec::test::make("chaturanga");
  ui::Palette palette;
  palette.enabled = true;
  const std::string text =
      ui::render_board(game->new_state()->view(), game->definition(), "en", palette, kNames);
  // Yellow's rook: a gold tile, black letter; Red's king: a red tile, white letter.
  CHECK_THAT(text, Catch::Contains("\x1b[48;5;220m\x1b[38;5;16m\x1b[1m R "));
  CHECK_THAT(text, Catch::Contains("\x1b[48;5;160m\x1b[38;5;231m\x1b[1m K "));
  CHECK_THAT(text, !Catch::Contains("R1"));
  CHECK_THAT(text, !Catch::Contains("(1 Yellow"));
  // The legend names each colour on a tile of it.
  CHECK_THAT(text, Catch::EndsWith("\x1b[48;5;220m\x1b[38;5;16m\x1b[1m Yellow \x1b[0m "
                                   "\x1b[48;5;28m\x1b[38;5;231m\x1b[1m Green \x1b[0m "
                                   "\x1b[48;5;160m\x1b[38;5;231m\x1b[1m Red \x1b[0m "
                                   "\x1b[48;5;16m\x1b[38;5;231m\x1b[1m Black \x1b[0m\n"));
}

TEST_CASE("board view: every side of every game reads at 4.5:1 or better, and so do the marks") {
  // The WCAG ratio, from xterm's palette: a piece's letter on its tile.
  for (const auto& [name, definition] : gamerec::test::catalogue().definitions()) {
    for (const std::string& side : definition.sides) {
      INFO(name << " " << side);
      const auto color = definition.side_colors.find(side);
      const int tile = color == definition.side_colors.end() ? 16 : color->second;
      CHECK(ui::contrast_ratio(ui::text_color_on(tile), tile) >= 4.5);
    }
  }
  // Whatever colour a game picks, black or white lettering reaches 4.5:1.
  for (int color = 0; color < 256; ++color) {
    INFO("colour " << color);
    CHECK(ui::contrast_ratio(ui::text_color_on(color), color) >= 4.5);
  }
  // The palette and formula: black on white is 21:1, a colour on itself 1:1.
  CHECK(ui::contrast_ratio(16, 231) == Approx(21.0));
  CHECK(ui::contrast_ratio(144, 144) == Approx(1.0));
}

TEST_CASE("board view: colours only on a terminal, never with NO_COLOR or on TERM=dumb") {
  CHECK(ui::use_color(ui::ColorChoice::kAuto, true, nullptr, "xterm-256color"));
  CHECK_FALSE(ui::use_color(ui::ColorChoice::kAuto, false, nullptr, "xterm-256color"));
  CHECK_FALSE(ui::use_color(ui::ColorChoice::kAuto, true, "1", "xterm-256color"));
  CHECK(ui::use_color(ui::ColorChoice::kAuto, true, "", "xterm"));  // an empty NO_COLOR does not count
  CHECK_FALSE(ui::use_color(ui::ColorChoice::kAuto, true, nullptr, "dumb"));
  CHECK(ui::use_color(ui::ColorChoice::kAlways, false, "1", "dumb"));
  CHECK_FALSE(ui::use_color(ui::ColorChoice::kNever, true, nullptr, "xterm"));
}

TEST_CASE("board view: several titled grids and cells with their own text") {
  BoardGrid seeds{"Pits", 1, 2, {"S"}, {"1", "2"}, {}, {}};
  BoardCell four;
  four.text = "4";
  BoardCell twelve;
  twelve.text = "12";
  seeds.cells = {four, twelve};
  BoardGrid shots{"Shots", 1, 1, {"1"}, {"A"}, {}, {}};
  BoardCell miss;
  miss.mark = '~';
  shots.cells = {miss};
  const std::string text = plain(BoardView{{seeds, shots}});
  CHECK(text.find("Pits\n") == 0);
  CHECK_THAT(text, Catch::Contains("S   4 12 S\n"));
  CHECK_THAT(text, Catch::Contains("\nShots\n"));
  CHECK_THAT(text, Catch::Contains("1  ~  1\n"));
  // A grid whose cells fall short draws empty cells, never reads past them.
  BoardGrid short_grid{"", 2, 2, {"a", "b"}, {"x", "y"}, {four}, {}};
  CHECK_THAT(plain(BoardView{{short_grid}}), Catch::Contains("b  .  .  b\n"));
}

TEST_CASE("board view: a grid may label its bottom edge apart from its top edge") {
  BoardGrid rows{"", 1, 2, {"r"}, {"2", "1"}, {}, {"1", "2"}};
  rows.cells.resize(2);
  const std::string text = plain(BoardView{{rows}});
  CHECK(text.find("   2  1 \n") == 0);
  CHECK_THAT(text, Catch::Contains("r  .  .  r\n   1  2 \n"));
}

TEST_CASE("board view: a highlighted piece is bracketed with colour and without, a cell with its own text is not") {
  BoardGrid grid{"", 1, 3, {"1"}, {"A", "B", "C"}, {}, {}};
  BoardCell stone;
  stone.mark = 'X';
  stone.owner = 0;
  BoardCell marked = stone;
  marked.highlight = true;
  grid.cells = {stone, marked, BoardCell{}};
  CHECK_THAT(plain(BoardView{{grid}}), Catch::Contains("1  X [X] .  1\n"));
  ui::Palette palette;
  palette.enabled = true;
  const std::string text = ui::render_board(BoardView{{grid}}, *gamerec::test::catalogue().find("gomoku"), "en",
                                            palette, {"Black", "White"});
  // Black's tile (16), lettered white (231), with and without the brackets.
  CHECK_THAT(text, Catch::Contains("\x1b[48;5;16m\x1b[38;5;231m\x1b[1m X \x1b[0m"));
  CHECK_THAT(text, Catch::Contains("\x1b[48;5;16m\x1b[38;5;231m\x1b[1m[X]\x1b[0m"));
  BoardCell count;
  count.text = "12";
  count.highlight = true;
  grid.cells = {count, BoardCell{}, BoardCell{}};
  CHECK_THAT(plain(BoardView{{grid}}), Catch::Contains("1  12 .  .  1\n"));
}

TEST_CASE("board view: two grids are drawn side by side when they fit, else one above the other") {
  BoardGrid fleet{"Mine", 1, 2, {"1"}, {"A", "B"}, {BoardCell{}, BoardCell{}}, {}};
  BoardGrid enemy = fleet;
  enemy.title = "Theirs";
  const BoardView view{{fleet, enemy}};
  const auto& game = *gamerec::test::catalogue().find("battleship");
  const std::string wide = ui::render_board(view, game, "en", ui::Palette{}, {"P1", "P2"}, 80);
  CHECK_THAT(wide, Catch::StartsWith("Mine          Theirs\n"));
  CHECK_THAT(wide, Catch::Contains("1  .  .  1    1  .  .  1\n"));
  // The same grids in 20 columns, and with no width given: stacked.
  for (const std::size_t width : {std::size_t{20}, std::size_t{0}}) {
    const std::string narrow = ui::render_board(view, game, "en", ui::Palette{}, {"P1", "P2"}, width);
    CHECK_THAT(narrow, Catch::StartsWith("Mine\n"));
    CHECK_THAT(narrow, Catch::Contains("\nTheirs\n"));
  }
}

TEST_CASE("board view: no tile is the terminal's own white, so light pieces show on a light terminal") {
  // Chess's White is colour 231 in its definition: its tiles are the
  // palest grey (255) instead, still lettered black, and so is its legend.
  const auto game = gamerec::test::make("chess");
  ui::Palette palette;
  palette.enabled = true;
  const std::string text =
      ui::render_board(game->new_state()->view(), game->definition(), "en", palette, {"White", "Black"});
  CHECK_THAT(text, Catch::Contains("\x1b[48;5;255m\x1b[38;5;16m\x1b[1m K "));
  CHECK_THAT(text, Catch::Contains("\x1b[48;5;255m\x1b[38;5;16m\x1b[1m White "));
  CHECK_THAT(text, !Catch::Contains("\x1b[48;5;231m"));
  CHECK_THAT(text, !Catch::Contains("\x1b[48;5;15m"));
  // Black's tiles stay black (16), lettered white.
  CHECK_THAT(text, Catch::Contains("\x1b[48;5;16m\x1b[38;5;231m\x1b[1m K "));
}

TEST_CASE("board view: turned round, rows, columns and their labels run the other way") {
  // Chess from Black's side: rank 1 at the top, the h-file on the left.
  const auto game = gamerec::test::make("chess");
  const std::string text = ui::render_board(ui::turned_round(game->new_state()->view()), game->definition(),
                                            "en", ui::Palette{}, {"White", "Black"});
  CHECK_THAT(text, Catch::StartsWith("   h  g  f  e  d  c  b  a \n1  R  N  B  K  Q  B  N  R  1\n"));
  CHECK_THAT(text, Catch::Contains("8  r  n  b  k  q  b  n  r  8\n   h  g  f  e  d  c  b  a \n"));
  // Turning twice is the board as it was; labels of their own below stay below.
  BoardView view;
  view.grids.push_back(
      BoardGrid{"", 1, 2, {"x"}, {"a", "b"}, {BoardCell{}, BoardCell{.mark = '~', .text = {}}}, {"1", "2"}});
  const BoardView turned = ui::turned_round(view);
  CHECK(turned.grids[0].col_labels == std::vector<std::string>{"2", "1"});
  CHECK(turned.grids[0].bottom_col_labels == std::vector<std::string>{"b", "a"});
  CHECK(turned.grids[0].cells[0].mark == '~');
  const BoardView back = ui::turned_round(turned);
  CHECK(back.grids[0].col_labels == view.grids[0].col_labels);
  CHECK(back.grids[0].bottom_col_labels == view.grids[0].bottom_col_labels);
  CHECK(back.grids[0].cells[1].mark == '~');
}
