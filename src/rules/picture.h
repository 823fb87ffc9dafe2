#pragma once
// A position as a picture, in data: a small drawing vocabulary each game
// fills in (its Pictured facet, rules/facets.h) and the pictures library
// (src/pictures/) writes as SVG, alone or in a replay page. Rules still do
// no drawing: a picture is rectangles, circles, lines, labels and named
// glyphs with colours, never markup.
//
// Coordinates are the game's own units (a board cell is usually 100), y
// downwards; the writer scales the whole picture to the size asked for.
// Items sit in panels: a panel is what turns a half turn about its centre
// when the picture is flipped (a board; each of battleship's grids),
// labels and glyphs staying upright. Items are drawn by layer, lowest first, so that a
// picture can be sent as the differences from the one before.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "rules/view.h"

namespace gamerec {

// A colour: a fixed one, a side's own (the `colors` of the game's
// definition, so a variant with other colours is drawn in them), or black
// or white, whichever reads on a side's colour.
struct Paint {
  enum class Kind : std::uint8_t { kNone, kFixed, kSide, kOnSide };
  Kind kind = Kind::kNone;
  std::uint32_t rgb = 0;  // 0xRRGGBB, for kFixed
  Side side = kNoSide;    // for kSide and kOnSide

  static constexpr Paint none() { return {}; }
  static constexpr Paint fixed(std::uint32_t rgb) { return {Kind::kFixed, rgb, kNoSide}; }
  static constexpr Paint of_side(Side side) { return {Kind::kSide, 0, side}; }
  static constexpr Paint on_side(Side side) { return {Kind::kOnSide, 0, side}; }
  bool operator==(const Paint&) const = default;
};

struct Style {
  Paint fill;
  Paint stroke;
  double stroke_width = 0;
  double opacity = 1;  // the whole item's
  bool operator==(const Style&) const = default;

  static constexpr Style filled(Paint fill, double opacity = 1) { return {fill, Paint::none(), 0, opacity}; }
  static constexpr Style outlined(Paint fill, Paint stroke, double width, double opacity = 1) {
    return {fill, stroke, width, opacity};
  }
};

// The shapes. Labels and glyphs stay upright when their panel turns.
struct Rect {
  double x = 0, y = 0, width = 0, height = 0;
  double corner = 0;  // radius of rounded corners
  bool operator==(const Rect&) const = default;
};
struct Circle {
  double cx = 0, cy = 0, radius = 0;
  bool operator==(const Circle&) const = default;
};
struct Line {
  double x1 = 0, y1 = 0, x2 = 0, y2 = 0;  // drawn with the style's stroke, round ends
  bool operator==(const Line&) const = default;
};
struct Label {
  double x = 0, y = 0;  // the centre of the text
  double size = 0;      // font size
  std::string text;
  bool bold = false;
  bool operator==(const Label&) const = default;
};
// A glyph of the game's (Pictured::glyphs) drawn in the square of side
// `size` whose top-left corner is (x, y): the style's fill is its body,
// the style's stroke paint its lines.
struct GlyphUse {
  std::string glyph;
  double x = 0, y = 0, size = 0;
  bool operator==(const GlyphUse&) const = default;
};
using Shape = std::variant<Rect, Circle, Line, Label, GlyphUse>;

// The usual layers: the board, marks on it, what stands on it, marks over
// that (a winning line).
inline constexpr int kLayerBoard = 0;
inline constexpr int kLayerMarks = 1;
inline constexpr int kLayerPieces = 2;
inline constexpr int kLayerOver = 3;

struct PictureItem {
  Shape shape;
  Style style;
  int layer = 0;
  // What the item shows, one word a page can style and a test can find:
  // "piece", "stone", "seed", "last-move", "check", "win", "hit", "miss",
  // "sunk", "ship", "label"; empty for the board itself.
  std::string role;
  // The cell it stands on, named as the game's text board names it ("e4",
  // "J8", "S3" for kalah's South pit 3, "S" for South's store), or the
  // cells it runs through, separated by spaces (gomoku's winning line);
  // empty for the board itself. Pictures carry it as data-at, so that a
  // test, or a reader's script, can tell what stands where.
  std::string at = {};
  bool operator==(const PictureItem&) const = default;
};

// A part of the picture that turns as one when the picture is flipped.
// Its title, when it has one, is a message key of the game
// ("views.fleet-1"), put into words and drawn above it by the writer: the
// game leaves room for it.
struct Panel {
  double x = 0, y = 0, width = 0, height = 0;
  std::string title;
  std::vector<PictureItem> items;
};

struct Picture {
  double width = 0, height = 0;
  Paint background;
  std::vector<Panel> panels;
};

// A drawing used at many places (a chess piece), in a square of side
// `size`: SVG path data whose fill and stroke come from where it is used
// (kBody: the use's fill, kLines: the use's stroke paint), or black
// (kOutline).
struct GlyphPath {
  enum class Ink : std::uint8_t { kNone, kBody, kLines, kOutline };
  std::string data;  // SVG path data ("M 10 10 L 20 20 Z")
  Ink fill = Ink::kBody;
  Ink stroke = Ink::kLines;
  double stroke_width = 0;  // in the glyph's units
};
struct Glyph {
  std::string name;  // letters, digits and '-' only: it names an SVG id
  double size = 0;
  std::vector<GlyphPath> paths;
};

}  // namespace gamerec
