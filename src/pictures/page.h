#pragma once
// A replay page: one self-contained HTML file (inline SVG, CSS and
// script, nothing fetched) that shows one or more games of a record, a
// position at a time, with the game's information and its moves.
//
// A page is written as its games are read, in memory that does not grow
// with their number: each game's data is one JSON script element, written
// once the game has been read, and what the games share (every distinct
// SVG item of their pictures, the boards they are drawn on, their status
// lines, the titles of the game selector) is written once, after the last
// game, with the page's own script. The script reads a game's data only
// when the game is shown.
//
// A position is the items that came or went since the one before (a move
// changes a few), and numbers travel as compact text (append_compact), so
// a page is a small multiple of its record.
//
// Every text that comes from a record (tags, names, comments, moves, an
// error) reaches the page as JSON data, with '<', '>' and '&' escaped, and
// is shown as text by the script, never as markup.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pictures/svg.h"
#include "rules/picture.h"

namespace gamerec::pictures {

// What the games of a page share, filled in as they are written: each
// distinct item (an SVG element with its panel and layer), each board
// (size, background, panel titles, glyphs and side colours), each status
// line, by number.
class PageTables {
 public:
  PageTables();
  ~PageTables();
  PageTables(const PageTables&) = delete;
  PageTables& operator=(const PageTables&) = delete;

  int board(const Picture& first, const std::vector<Glyph>& glyphs, const SideColors& colors);
  int item(int board, int panel, const PictureItem& item, const SideColors& colors);
  int status(const std::string& line);

  std::size_t items() const { return items_.size(); }
  // What json_members() will write, near enough (each table's text as
  // escaped, and its comma).
  std::uint64_t bytes() const { return bytes_; }
  // The tables as the page's script reads them (JSON members, no braces).
  std::string json_members() const;

 private:
  struct ItemKey;
  struct ItemKeyHash {
    std::size_t operator()(const ItemKey& key) const;
  };
  struct Item {
    int panel = 0;
    int layer = 0;
    std::string svg;
  };
  std::vector<std::string> boards_;  // each a JSON object's text
  std::map<std::string, int> board_index_;
  std::vector<int> board_colours_;  // per board: its colours' number, part of an item's key
  std::map<std::vector<std::string>, int> colours_index_;
  std::vector<Item> items_;
  std::unordered_map<ItemKey, int, ItemKeyHash> item_index_;
  std::vector<std::string> statuses_;
  std::unordered_map<std::string, int> status_index_;
  std::uint64_t bytes_ = 0;
};

// The pictures of one way of seeing a game (the whole position, or what
// one side saw), added a position at a time.
class PageView {
 public:
  PageView(std::string name, SideColors colors, std::vector<Glyph> glyphs)
      : name_(std::move(name)), colors_(std::move(colors)), glyphs_(std::move(glyphs)) {}

  // The picture of the next position (the start first), its panel titles
  // already in words.
  void add(const Picture& picture, PageTables& tables);

  const std::string& name() const { return name_; }
  int board() const { return board_; }
  std::size_t positions() const { return positions_; }
  // Per position, the items that came or went (append_compact), each
  // position ended by '.'.
  const std::string& frames() const { return frames_; }

 private:
  std::string name_;
  SideColors colors_;
  std::vector<Glyph> glyphs_;
  int board_ = -1;
  std::size_t positions_ = 0;
  std::vector<int> shown_;  // the items of the last position, sorted
  std::vector<int> now_;    // scratch
  std::string frames_;
};

struct PageMove {
  std::string text;  // as the record writes it, or "(hidden)"
  Side side = kNoSide;
  // The number people give it: the moves so far, or in a game that
  // numbers move pairs (MoveNumbers) the pair's, `continued` for its
  // second move ("12...").
  std::int64_t number = 0;
  bool continued = false;
  std::vector<std::string> comments;  // the record's comments after it
};

struct PageGame {
  std::string title;
  std::vector<std::pair<std::string, std::string>> info;  // label, value, in words
  std::vector<std::string> comments;                      // before the first move
  std::vector<PageMove> moves;
  bool numbered_by_pairs = false;  // the moves' numbers are pairs' (MoveNumbers)
  std::vector<std::string> side_names;  // in turn order, in words
  // Per position (the start first): the line that says who moves or how
  // the game ended.
  std::vector<std::string> statuses;
  std::string error;  // the record's error, after its last good move; empty when none
  std::vector<PageView> views;  // the whole position first, or the one side's
};

// The page's own words, in the session's language.
struct PageTexts {
  std::string language = "en";
  std::string first, previous, next, last, flip, game, view, moves, start, move, numbered_move, keys;
  std::string all_games;  // the link of a folder's page to its index; empty: none
};

struct PageSettings {
  PageTexts texts;
  int size = 480;  // the board's width in pixels
  bool flipped = false;
};

// Writes one page through `write`, a game at a time; the page's head waits
// for the first game (a page of one game is titled by it).
class PageWriter {
 public:
  using Sink = std::function<void(std::string_view)>;
  // `title` names a page of several games; a page of one is named by it.
  PageWriter(PageSettings settings, std::string title, Sink write)
      : settings_(std::move(settings)), title_(std::move(title)), write_(std::move(write)) {}

  // The tables the games' pictures go into (PageView::add).
  PageTables& tables() { return tables_; }
  // A game, its views filled in: written (or kept until the next one).
  void add(const PageGame& game);
  // The rest of the page, after the last game.
  void finish();
  // The page's size so far, with what finish() will add: checked against
  // --page-limit as the games come.
  std::uint64_t bytes() const;
  int games() const { return static_cast<int>(titles_.size()); }

 private:
  void put(std::string_view text);
  void head(const std::string& title);

  PageSettings settings_;
  std::string title_;
  Sink write_;
  PageTables tables_;
  std::vector<std::string> titles_;
  std::uint64_t titles_bytes_ = 0;  // the titles' JSON
  std::optional<std::string> first_;  // the first game's data, until the head is written
  bool head_written_ = false;
  std::uint64_t bytes_ = 0;
};

// One row of a folder's index page.
struct IndexRow {
  std::string page;  // the game's page, relative ("game-12.html")
  std::string title;
  std::string result;
  std::int64_t moves = 0;
};
struct IndexTexts {
  std::string language = "en";
  std::string title, heading, number, game, result, moves;
};
// A folder's index page: a table of its games, each linking to its page.
// Static HTML, no script; every text escaped.
std::string index_head(const IndexTexts& texts);
std::string index_row(int number, const IndexRow& row);
std::string index_tail();

// Whole numbers as text a JSON string holds without escapes, one after
// another with no separator: base-32 digits, the last digit of a number
// from "A".."Z", "a".."f" and the others from "g".."z", "0".."9", "+", "/".
void append_compact(std::string& out, std::uint64_t number);

// JSON text that may stand inside a <script> element: '<', '>' and '&'
// written as \u escapes, bytes that are no UTF-8 replaced.
std::string script_safe_json(const std::string& json_text);

}  // namespace gamerec::pictures
