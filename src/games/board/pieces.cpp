#include "games/board/pieces.h"

namespace gamerec::board {
namespace {

using Ink = GlyphPath::Ink;

// A body part: filled with the side's colour, outlined in black.
GlyphPath body(std::string data) { return GlyphPath{std::move(data), Ink::kBody, Ink::kOutline, 3}; }
// A line inside the body, in black or white, whichever reads on it.
GlyphPath detail(std::string data) { return GlyphPath{std::move(data), Ink::kNone, Ink::kLines, 2.5}; }
// A small dot inside the body (an eye), in the lines' colour.
GlyphPath dot(std::string data) { return GlyphPath{std::move(data), Ink::kLines, Ink::kNone, 0}; }

// The base every piece stands on.
const char* const kBase = "M26 88L74 88L74 83Q74 79 70 79L30 79Q26 79 26 83Z";

std::string circle_path(int cx, int cy, int r) {
  const std::string x0 = std::to_string(cx - r);
  const std::string x1 = std::to_string(cx + r);
  const std::string y = std::to_string(cy);
  const std::string radius = std::to_string(r);
  return "M" + x0 + " " + y + "A" + radius + " " + radius + " 0 1 0 " + x1 + " " + y + "A" + radius + " " +
         radius + " 0 1 0 " + x0 + " " + y + "Z";
}

}  // namespace

std::vector<Glyph> piece_glyphs() {
  std::vector<Glyph> glyphs;
  glyphs.push_back(Glyph{"king",
                         100,
                         {body(kBase),
                          body("M29 79C13 62 17 37 36 40C43 41 47 47 50 53C53 47 57 41 64 40C83 37 87 62 71 79Z"),
                          body("M50 53C45 44 44 34 50 27C56 34 55 44 50 53Z"),
                          body("M47 7L53 7L53 13L59 13L59 19L53 19L53 27L47 27L47 19L41 19L41 13L47 13Z"),
                          detail("M30 70C43 65 57 65 70 70")}});
  glyphs.push_back(Glyph{"queen",
                         100,
                         {body(kBase),
                          body("M29 79L17 33L35 56L34 24L45 54L50 19L55 54L66 24L65 56L83 33L71 79Z"),
                          body(circle_path(17, 30, 5)), body(circle_path(34, 21, 5)), body(circle_path(50, 16, 5)),
                          body(circle_path(66, 21, 5)), body(circle_path(83, 30, 5)),
                          detail("M30 70C43 65 57 65 70 70")}});
  glyphs.push_back(Glyph{"rook",
                         100,
                         {body(kBase), body("M29 79L29 73L71 73L71 79Z"), body("M33 73L35 38L65 38L67 73Z"),
                          body("M28 38L28 15L38 15L38 22L45 22L45 15L55 15L55 22L62 22L62 15L72 15L72 38Z"),
                          detail("M36 46L64 46"), detail("M36 66L64 66")}});
  glyphs.push_back(Glyph{"bishop",
                         100,
                         {body(kBase), body("M38 65C40 71 36 76 30 79L70 79C64 76 60 71 62 65Z"),
                          body("M36 59L64 59L64 65L36 65Z"),
                          body("M50 17C38 29 32 43 37 59L63 59C68 43 62 29 50 17Z"), body(circle_path(50, 13, 5)),
                          detail("M57 30L46 43"), detail("M44 36L56 36")}});
  glyphs.push_back(Glyph{"knight",
                         100,
                         {body(kBase),
                          body("M32 79C32 68 42 62 46 54C40 56 32 60 26 60C20 60 16 56 18 50C20 42 26 36 30 30"
                               "C32 24 38 18 44 12L48 21C57 20 68 24 74 36C80 50 78 66 72 79Z"),
                          detail("M50 24C61 29 68 41 70 57"), dot(circle_path(34, 36, 3)),
                          dot(circle_path(22, 52, 2))}});
  glyphs.push_back(Glyph{"pawn",
                         100,
                         {body(kBase), body("M32 79C34 65 42 57 44 49L56 49C58 57 66 65 68 79Z"),
                          body("M37 48A13 4 0 1 0 63 48A13 4 0 1 0 37 48Z"), body(circle_path(50, 33, 12))}});
  return glyphs;
}

Picture square_board(const BoardLook& look, const SquareNames& names) {
  const std::vector<std::string>& files = names.files;
  const std::vector<std::string>& ranks = names.ranks;
  const double side = 8 * kSquareUnits + 2 * kMarginUnits;
  Picture picture{side, side, Paint::fixed(look.light), {}};
  Panel panel{0, 0, side, side, {}, {}};
  panel.items.push_back(PictureItem{Rect{0, 0, side, side, 0}, Style::filled(Paint::fixed(look.light)), kLayerBoard, ""});
  for (int row = 0; row < 8; ++row) {
    for (int col = 0; col < 8; ++col) {
      if ((row + col) % 2 != 0) continue;  // a1 is dark
      panel.items.push_back(PictureItem{Rect{square_x(col), square_y(row), kSquareUnits, kSquareUnits, 0},
                                        Style::filled(Paint::fixed(look.dark)), kLayerBoard, ""});
    }
  }
  const Style label_style = Style::filled(Paint::fixed(look.labels));
  const double near = kMarginUnits / 2;
  const double far = side - kMarginUnits / 2;
  for (int col = 0; col < 8 && col < static_cast<int>(files.size()); ++col) {
    const double x = square_x(col) + kSquareUnits / 2;
    for (const double y : {near, far})
      panel.items.push_back(PictureItem{Label{x, y, 26, files[static_cast<std::size_t>(col)], true}, label_style,
                                        kLayerBoard, "label"});
  }
  for (int row = 0; row < 8 && row < static_cast<int>(ranks.size()); ++row) {
    const double y = square_y(row) + kSquareUnits / 2;
    for (const double x : {near, far})
      panel.items.push_back(PictureItem{Label{x, y, 26, ranks[static_cast<std::size_t>(row)], true}, label_style,
                                        kLayerBoard, "label"});
  }
  picture.panels.push_back(std::move(panel));
  return picture;
}

PictureItem last_move_mark(int row, int col, std::string at) {
  return PictureItem{Rect{square_x(col), square_y(row), kSquareUnits, kSquareUnits, 0},
                     Style::filled(Paint::fixed(0xcdd26a), 0.75), kLayerMarks, "last-move", std::move(at)};
}

PictureItem check_mark(int row, int col, std::string at) {
  return PictureItem{Circle{square_x(col) + kSquareUnits / 2, square_y(row) + kSquareUnits / 2, 46},
                     Style::filled(Paint::fixed(0xe0201a), 0.7), kLayerMarks, "check", std::move(at)};
}

PictureItem piece_on(const std::string& glyph, int row, int col, Side side, std::string at) {
  return PictureItem{GlyphUse{glyph, square_x(col), square_y(row), kSquareUnits},
                     Style::outlined(Paint::of_side(side), Paint::on_side(side), 0), kLayerPieces, "piece",
                     std::move(at)};
}

}  // namespace gamerec::board
