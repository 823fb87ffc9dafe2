#pragma once
// A replay page: one self-contained HTML file (inline SVG, CSS and
// script, nothing fetched) that shows one or more games of a record, a
// position at a time, with the game's information and its moves.
//
// The positions travel as data, not as one SVG each: every distinct item
// of a game's pictures is written once as an SVG element, and each
// position is the list of items that came and went since the one before
// (a move changes a few), so a long game stays small. The page's script
// puts a position together from them.
//
// Every text that comes from a record (tags, names, comments, moves, an
// error) reaches the page as JSON data, with '<', '>' and '&' escaped, and
// is shown as text by the script, never as markup.
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "pictures/svg.h"
#include "rules/picture.h"

namespace gamerec::pictures {

// The pictures of one way of seeing a game (the whole position, or what
// one side saw), added a position at a time.
class PageView {
 public:
  PageView(std::string name, SideColors colors) : name_(std::move(name)), colors_(std::move(colors)) {}

  // The picture of the next position (the start first), its panel titles
  // already in words.
  void add(const Picture& picture);

  struct Item {
    int panel = 0;
    int layer = 0;
    std::string svg;
  };
  const std::string& name() const { return name_; }
  std::size_t positions() const { return frames_.size(); }
  // The first picture's size, background and panels (without items): the
  // frame the positions are drawn in.
  const Picture& geometry() const { return geometry_; }
  const SideColors& colors() const { return colors_; }
  const std::vector<Item>& items() const { return items_; }
  const std::vector<std::vector<int>>& frames() const { return frames_; }

 private:
  std::string name_;
  SideColors colors_;
  Picture geometry_;  // the first picture's size and panels, without items
  std::map<std::tuple<int, int, std::string>, int> index_;
  std::vector<Item> items_;
  std::vector<int> shown_;                // the items of the last position, sorted
  std::vector<std::vector<int>> frames_;  // per position: +(i+1) came, -(i+1) went
};

struct PageMove {
  std::string number;  // the move's number as the page shows it ("12")
  std::string text;    // as the record writes it, or "(hidden)"
  Side side = kNoSide;
  std::string side_name;
  std::vector<std::string> comments;  // the record's comments after it
};

struct PageGame {
  std::string title;
  std::vector<std::pair<std::string, std::string>> info;  // label, value, in words
  std::vector<std::string> comments;                      // before the first move
  std::vector<PageMove> moves;
  // Per position (the start first): the line that says who moves or how
  // the game ended.
  std::vector<std::string> statuses;
  std::string error;  // the record's error, after its last good move; empty when none
  std::vector<Glyph> glyphs;
  std::vector<PageView> views;  // the whole position first
};

// The page's own words, in the session's language.
struct PageTexts {
  std::string language = "en";
  std::string first, previous, next, last, flip, game, view, moves, start, move, keys;
};

struct Page {
  std::string title;
  PageTexts texts;
  int size = 480;  // the board's width in pixels
  bool flipped = false;
  std::vector<PageGame> games;
};

// The whole HTML document.
std::string page_html(const Page& page);

// JSON text that may stand inside a <script> element: '<', '>' and '&'
// written as \u escapes, bytes that are no UTF-8 replaced.
std::string script_safe_json(const std::string& json_text);

}  // namespace gamerec::pictures
