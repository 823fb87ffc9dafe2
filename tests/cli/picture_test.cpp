// replay --to N --format svg (gamerec(1), PICTURES AND PAGES), for every
// game: each position's picture is checked against the text board that
// `replay --to N` prints for the same N, cell by cell, through the data-at
// attribute every piece, stone, seed count, shot and last-move mark
// carries. The text board is the reference: it is what the terminal has
// always shown and what the golden cases hold.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "subprocess.h"

using namespace gamerec::clitest;

namespace {

struct Run {
  int status = -1;
  std::string out, err;
};

Run run_gamerec(const std::vector<std::string>& args) {
  Child child(kBinary, args, kSourceDir, false);
  Run run;
  run.status = child.finish(std::chrono::seconds(30));
  run.out = child.out();
  run.err = child.err();
  return run;
}

// The words of a line; two bracketed cells side by side ("[R][k]") are two.
std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string word; in >> word;) {
    for (std::size_t cut; (cut = word.find("][")) != std::string::npos; word = word.substr(cut + 1))
      out.push_back(word.substr(0, cut + 1));
    out.push_back(word);
  }
  return out;
}

bool is_number(const std::string& word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

// A text board's cell: what it holds, and whether it is bracketed (the
// last move's squares, a king in check).
struct TextCell {
  std::string symbol;
  bool marked = false;
};
// Grid number -> cell name ("e4") -> cell.
using TextBoard = std::vector<std::map<std::string, TextCell>>;

// The grids of replay's text board: a row is its number, its cells, its
// number again (battleship: twice, one grid beside the other); the column
// letters come from the line above the first row.
TextBoard text_board(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  TextBoard board;
  std::vector<std::string> columns;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::vector<std::string> row = words(lines[i]);
    if (row.size() < 3 || !is_number(row.front())) continue;
    if (columns.empty() && i > 0) columns = words(lines[i - 1]);
    std::vector<std::vector<std::string>> grids;
    for (std::size_t k = 1; k < row.size(); ++k) {
      if (row[k] == row.front()) {  // the row's number closes a grid and may open the next
        if (k + 1 < row.size() && row[k + 1] == row.front()) ++k;
        continue;
      }
      if (grids.empty() || (k >= 2 && row[k - 1] == row.front())) grids.emplace_back();
      grids.back().push_back(row[k]);
    }
    if (board.size() < grids.size()) board.resize(grids.size());
    std::size_t column = 0;
    for (std::size_t g = 0; g < grids.size(); ++g) {
      for (const std::string& cell : grids[g]) {
        REQUIRE(column < columns.size());
        TextCell value;
        value.marked = cell.size() >= 2 && cell.front() == '[' && cell.back() == ']';
        value.symbol = value.marked ? cell.substr(1, cell.size() - 2) : cell;
        board[g][columns[column++] + row.front()] = value;
      }
    }
  }
  return board;
}

// One SVG element: its tag, attributes and text.
struct Element {
  std::string tag;
  std::map<std::string, std::string> attributes;
  std::string text;
  std::string attribute(const std::string& name) const {
    const auto found = attributes.find(name);
    return found == attributes.end() ? "" : found->second;
  }
};

// The elements of each <g> (panel) of a picture, in order.
std::vector<std::vector<Element>> svg_panels(const std::string& svg) {
  static const std::regex kElement(R"re(<(/?)(g|use|circle|rect|line|text)((?:\s+[\w:-]+="[^"]*")*)\s*(/?)>([^<]*))re");
  static const std::regex kAttribute(R"re(([\w:-]+)="([^"]*)")re");
  std::vector<std::vector<Element>> panels;
  bool inside = false;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), kElement); it != std::sregex_iterator(); ++it) {
    const std::smatch& m = *it;
    if (m[2] == "g") {
      inside = m[1].length() == 0;
      if (inside) panels.emplace_back();
      continue;
    }
    if (!inside || m[1].length() != 0) continue;
    Element element;
    element.tag = m[2];
    const std::string attributes = m[3];
    for (auto a = std::sregex_iterator(attributes.begin(), attributes.end(), kAttribute); a != std::sregex_iterator(); ++a)
      element.attributes[(*a)[1]] = (*a)[2];
    if (m[4].length() == 0) element.text = m[5];
    panels.back().push_back(element);
  }
  return panels;
}

// The text boards of every position of a record, from one `replay`: each
// block is a heading ("Start", "Move N: ..."), the board, the status line;
// the line after the last ("Result: ...") is no position.
std::vector<std::string> text_positions(const std::string& record) {
  const Run text = run_gamerec({"replay", record});
  REQUIRE(text.status == 0);
  std::vector<std::string> blocks;
  for (std::size_t at = 0; at < text.out.size();) {
    std::size_t end = text.out.find("\n\n", at);
    if (end == std::string::npos) end = text.out.size();
    blocks.push_back(text.out.substr(at, end - at + 1));
    at = end + 2;
  }
  REQUIRE(!blocks.empty());
  CHECK(blocks.back().rfind("Result: ", 0) == 0);
  blocks.pop_back();
  return blocks;
}

// Checks the picture of positions of a record against their text boards:
// every position of a short record; of a long one the first five, the last,
// and enough between for about kPositionsChecked in all (each is one run
// of the binary, and a sanitizer build starts slowly).
constexpr std::size_t kPositionsChecked = 15;
template <typename Check>
int each_position(const std::string& record, Check check) {
  const std::vector<std::string> blocks = text_positions(record);
  const std::size_t stride = std::max<std::size_t>(1, blocks.size() / kPositionsChecked);
  for (std::size_t n = 0; n < blocks.size(); ++n) {
    if (n >= 5 && n + 1 != blocks.size() && n % stride != 0) continue;
    const Run svg = run_gamerec({"replay", "--to", std::to_string(n), "--format", "svg", record});
    INFO(record << " move " << n);
    REQUIRE(svg.status == 0);
    REQUIRE(svg.err.empty());
    REQUIRE(svg.out.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    check(blocks[n], svg.out);
  }
  return static_cast<int>(blocks.size());
}

}  // namespace

namespace {

// A board game's picture has a piece where replay --to N has one, drawn the
// same way for the same letter.
void check_board_game(const std::vector<std::string>& records) {
  for (const std::string& record : records) {
    // Each letter of the text board (P, R4, X) is drawn one way (glyph and
    // colour), and no two letters the same way.
    std::map<std::string, std::string> look_of_symbol;
    std::map<std::string, std::string> symbol_of_look;
    const int positions = each_position(record, [&](const std::string& text, const std::string& svg) {
      const TextBoard board = text_board(text);
      REQUIRE(board.size() == 1);
      const auto panels = svg_panels(svg);
      REQUIRE(panels.size() == 1);
      std::map<std::string, std::string> drawn;  // cell -> look
      std::set<std::string> marked;
      std::set<std::string> crossed;  // gomoku under renju: Black's forbidden points
      for (const Element& e : panels.front()) {
        const std::string role = e.attribute("class");
        if (role == "forbidden") crossed.insert(e.attribute("data-at"));
        if (role == "piece" || role == "stone") {
          INFO(e.attribute("data-at"));
          CHECK(drawn.emplace(e.attribute("data-at"), e.attribute("href") + " " + e.attribute("fill")).second);
        }
        // The text brackets the last move, a king in check and the stones
        // of a winning line.
        if (role == "last-move" || role == "check" || role == "win") {
          for (const std::string& cell : words(e.attribute("data-at"))) marked.insert(cell);
        }
      }
      std::set<std::string> text_marked;
      std::set<std::string> text_crossed;
      for (const auto& [cell, value] : board.front()) {
        INFO("cell " << cell << " holds '" << value.symbol << "'");
        if (value.marked) text_marked.insert(cell);
        // '!' is an empty point Black may not play: a cross, no stone.
        if (value.symbol == "!") {
          text_crossed.insert(cell);
          CHECK(drawn.count(cell) == 0);
          continue;
        }
        const auto found = drawn.find(cell);
        if (value.symbol == ".") {
          CHECK(found == drawn.end());
          continue;
        }
        REQUIRE(found != drawn.end());
        const auto [look, new_symbol] = look_of_symbol.emplace(value.symbol, found->second);
        CHECK(look->second == found->second);
        const auto [symbol, new_look] = symbol_of_look.emplace(found->second, value.symbol);
        CHECK(symbol->second == value.symbol);
        drawn.erase(found);
      }
      CHECK(drawn.empty());  // nothing drawn off the text board's pieces
      // Chaturanga's text board marks no square: its move ("1B-3A", rank
      // then file) names the two.
      std::smatch move;
      if (text_marked.empty() && std::regex_search(text, move, std::regex(R"re(^Move \d+: (\d)([A-H])-(\d)([A-H]))re")))
        text_marked = {move.str(2) + move.str(1), move.str(4) + move.str(3)};
      CHECK(marked == text_marked);
      CHECK(crossed == text_crossed);
    });
    CHECK(positions > 5);
  }
}

}  // namespace

TEST_CASE("svg: a chess or chaturanga picture has a piece where replay --to N has one, the same for the same letter",
          "[cli][svg]") {
  check_board_game({"samples/chess/valid/opera-game.pgn", "samples/chess/valid/special-moves.chess",
                    "samples/chaturanga/valid/full-game.cht"});
}

TEST_CASE("svg: a gomoku picture has a stone where replay --to N has one, the same for the same letter",
          "[cli][svg]") {
  // Under renju, also a cross where the text shows Black's forbidden point '!'.
  check_board_game({"samples/gomoku/valid/diagonal-win.gomoku",
                    "samples/gomoku/valid/small-board-draw.gomoku",
                    "samples/gomoku/valid/renju-double-three.gomoku"});
  int crossed_positions = 0;
  each_position("samples/gomoku/valid/renju-double-three.gomoku",
                [&](const std::string& text, const std::string& svg) {
                  if (text.find(" ! ") == std::string::npos) return;
                  ++crossed_positions;
                  CHECK(svg.find("class=\"forbidden\"") != std::string::npos);
                });
  CHECK(crossed_positions == 1);  // before move 9, H8
}

TEST_CASE("svg: kalah's picture shows replay --to N's seed counts, its stores and the seeds in each pit",
          "[cli][svg]") {
  for (const std::string record : {"samples/kalah/valid/full-game.kalah", "samples/kalah/valid/small-board.kalah"}) {
    const int positions = each_position(record, [&](const std::string& text, const std::string& svg) {
      // The board: North's pit numbers, North's store and pits, South's
      // pits and store, South's pit numbers.
      std::istringstream in(text);
      std::vector<std::vector<std::string>> rows;
      for (std::string line; std::getline(in, line);) {
        const auto row = words(line);
        if (!row.empty() && is_number(row.front())) rows.push_back(row);
      }
      REQUIRE(rows.size() == 4);
      const auto plain = [](std::string word) {
        if (word.size() >= 2 && word.front() == '[') word = word.substr(1, word.size() - 2);
        return word;
      };
      std::map<std::string, std::string> counts;
      const std::size_t pits = rows[0].size();
      REQUIRE(rows[1].size() == pits + 1);
      REQUIRE(rows[2].size() == pits + 1);
      counts["N"] = plain(rows[1][0]);
      for (std::size_t i = 0; i < pits; ++i) {
        counts["N" + rows[0][i]] = plain(rows[1][i + 1]);
        counts["S" + rows[3][i]] = plain(rows[2][i]);
      }
      counts["S"] = plain(rows[2][pits]);
      const auto panels = svg_panels(svg);
      REQUIRE(panels.size() == 1);
      std::map<std::string, std::string> drawn;
      std::map<std::string, int> seeds;
      for (const Element& e : panels.front()) {
        if (e.attribute("class") == "count") drawn[e.attribute("data-at")] = e.text;
        if (e.attribute("class") == "seed") ++seeds[e.attribute("data-at")];
      }
      CHECK(drawn == counts);
      CHECK(counts.size() >= 8);
      for (const auto& [at, count] : counts) {
        if (at.size() == 1) continue;  // a store shows its count only
        INFO("pit " << at);
        CHECK(seeds[at] == std::min(std::stoi(count), 19));
      }
    });
    CHECK(positions > 3);
  }
}

TEST_CASE("svg: battleship's picture shows replay --to N's ships, hits, misses, sunk ships and last shot",
          "[cli][svg]") {
  const int positions = each_position("samples/battleship/valid/full-game.battleship", [&](const std::string& text,
                                                                                          const std::string& svg) {
    const TextBoard board = text_board(text);
    const auto panels = svg_panels(svg);
    REQUIRE(board.size() == 2);
    REQUIRE(panels.size() == 2);
    for (std::size_t g = 0; g < 2; ++g) {
      INFO("grid " << g);
      std::map<std::string, std::string> shots;  // cell -> "X" hit, "~" miss
      std::set<std::string> marked;
      for (const Element& e : panels[g]) {
        const std::string role = e.attribute("class");
        const std::string at = e.attribute("data-at");
        if (role == "hit") shots[at] = "X";
        if (role == "miss") shots[at] = "~";
        if (role == "last-move") marked.insert(at);
        // A hull starts on a cell of a ship; a sunk one on a sunk ship's.
        if (role == "ship") CHECK(std::string("OX#").find(board[g].at(at).symbol) != std::string::npos);
        if (role == "sunk") CHECK(board[g].at(at).symbol == "#");
      }
      std::map<std::string, std::string> text_shots;
      std::set<std::string> text_marked;
      for (const auto& [cell, value] : board[g]) {
        if (value.symbol == "X" || value.symbol == "#") text_shots[cell] = "X";
        if (value.symbol == "~") text_shots[cell] = "~";
        if (value.marked) text_marked.insert(cell);
      }
      CHECK(shots == text_shots);
      CHECK(marked == text_marked);
    }
  });
  CHECK(positions > 40);
}

TEST_CASE("svg: --flip turns each board a half turn with its labels and pieces upright, --size sets the width",
          "[cli][svg]") {
  for (const std::string record :
       {"samples/chess/valid/opera-game.pgn", "samples/chaturanga/valid/full-game.cht",
        "samples/kalah/valid/full-game.kalah", "samples/gomoku/valid/diagonal-win.gomoku",
        "samples/battleship/valid/full-game.battleship"}) {
    INFO(record);
    const Run plain = run_gamerec({"replay", "--to", "3", "--format", "svg", record});
    const Run flipped = run_gamerec({"replay", "--to", "3", "--format", "svg", "--flip", "--size", "250", record});
    REQUIRE(plain.status == 0);
    REQUIRE(flipped.status == 0);
    std::smatch m;
    REQUIRE(std::regex_search(plain.out, m, std::regex(R"re(viewBox="0 0 ([\d.]+) ([\d.]+)" width="(\d+)" height="(\d+)")re")));
    CHECK(m[3] == "400");  // the default
    const double ratio = std::stod(m[2]) / std::stod(m[1]);
    REQUIRE(std::regex_search(flipped.out, m, std::regex(R"re(width="(\d+)" height="(\d+)")re")));
    CHECK(m[1] == "250");
    CHECK(std::abs(std::stod(m[2]) - 250 * ratio) <= 1);
    CHECK(plain.out.find("rotate(180") == std::string::npos);
    const auto panels = svg_panels(flipped.out);
    const std::regex turned_group(R"re(<g transform="rotate\(180 )re");
    const std::ptrdiff_t turned_groups = std::distance(
        std::sregex_iterator(flipped.out.begin(), flipped.out.end(), turned_group), std::sregex_iterator());
    CHECK(turned_groups == static_cast<std::ptrdiff_t>(panels.size()));
    // Every label and glyph turned back about its own centre.
    for (const auto& panel : panels) {
      for (const Element& e : panel) {
        if (e.tag != "text" && e.tag != "use") continue;
        CHECK(e.attribute("transform").rfind("rotate(180 ", 0) == 0);
      }
    }
    // The same pieces, only turned.
    const auto plain_panels = svg_panels(plain.out);
    REQUIRE(plain_panels.size() == panels.size());
    for (std::size_t p = 0; p < panels.size(); ++p) CHECK(plain_panels[p].size() == panels[p].size());
  }
}

TEST_CASE("svg: --size outside 16..8192 and --format svg with --step are refused", "[cli][svg]") {
  CHECK(run_gamerec({"replay", "--format", "svg", "--size", "8", "samples/chess/valid/opera-game.pgn"}).status == 2);
  const Run step = run_gamerec({"replay", "--format", "svg", "--step", "samples/chess/valid/opera-game.pgn"});
  CHECK(step.status == 2);
  CHECK(step.err.find("--step") != std::string::npos);
}

TEST_CASE("svg: without --to the last position, past the end no picture and status 2", "[cli][svg]") {
  const std::string record = "samples/gomoku/valid/diagonal-win.gomoku";
  const Run last = run_gamerec({"replay", "--format", "svg", record});
  REQUIRE(last.status == 0);
  // The end of the game: its winning line is drawn.
  CHECK(last.out.find("class=\"win\"") != std::string::npos);
  const Run past = run_gamerec({"replay", "--to", "999", "--format", "svg", record});
  CHECK(past.status == 2);
  CHECK(past.out.empty());
}

// The page without a browser (tests/browser/ drives one): what it holds.
TEST_CASE("html: a page holds everything it shows and fetches nothing", "[cli][html]") {
  const Run page = run_gamerec({"replay", "--format", "html", "samples/chess/valid/opera-game.pgn"});
  REQUIRE(page.status == 0);
  CHECK(page.out.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(page.out.find("default-src 'none'") != std::string::npos);  // the browser refuses any fetch
  // SVG's namespace is a name, never fetched.
  std::string text = std::regex_replace(page.out, std::regex("http://www\\.w3\\.org/2000/svg"), "SVG");
  for (const char* outside : {"http:", "https:", "<link", "src=", "@import", "url("}) {
    INFO(outside);
    CHECK(text.find(outside) == std::string::npos);
  }
  CHECK(page.out.find("Rd8#") != std::string::npos);  // the moves in the game's notation
}

TEST_CASE("html: text from a record cannot close the page's script or open markup", "[cli][html]") {
  gamerec::test::TempDir dir("html");
  const std::string record = dir.path() + "/hostile.pgn";
  write_file(record,
             "[Event \"</script><script>alert(1)</script>\"]\n[White \"<img src=x onerror=alert(2)>\"]\n"
             "[Black \"\\\"quoted\\\" & 'single'\"]\n[Result \"*\"]\n\n1. e4 {</script><b>bold</b>} e5 *\n");
  const Run page = run_gamerec({"replay", "--format", "html", record});
  REQUIRE(page.status == 0);
  const auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = page.out.find(what); at != std::string::npos; at = page.out.find(what, at + 1)) ++n;
    return n;
  };
  CHECK(count("<script") == 3);  // the game's data, the page's shared data and its own script
  CHECK(count("</script") == 3);
  CHECK(count("<img") == 0);
  CHECK(count("<b>") == 0);
  CHECK(count("\\u003c/script\\u003e\\u003cb\\u003ebold") == 1);  // the comment, as data
}

TEST_CASE("html: an invalid record's page ends at its last good move, with its error, status 1", "[cli][html]") {
  const std::string record = "samples/chaturanga/invalid/not-your-turn.cht";
  const Run replay = run_gamerec({"replay", record});
  const Run page = run_gamerec({"replay", "--format", "html", record});
  CHECK(page.status == 1);
  CHECK(page.err == replay.err);
  CHECK(page.out.find("error[not-your-turn]") != std::string::npos);
  gamerec::test::TempDir dir("html");
  const Run converted = run_gamerec({"convert", record, dir.path() + "/out.html"});
  CHECK(converted.status == 1);
  CHECK(converted.err == replay.err);
  CHECK(read_file(dir.path() + "/out.html") == page.out);
  // A record that cannot be read at all: no page, status 2.
  const Run missing = run_gamerec({"convert", "no-such-file.pgn", dir.path() + "/none.html"});
  CHECK(missing.status == 2);
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/none.html"));
}

TEST_CASE("html: a 300-move game's page stays under 200 KB", "[cli][html]") {
  // Knights hopping out and back: 300 chaturanga moves.
  const std::vector<std::string> cycle = {"1B-3A", "2H-3F", "8G-6H", "7A-6C", "3A-1B", "3F-2H", "6H-8G", "6C-7A"};
  std::string moves;
  for (std::size_t i = 0; i < 300; ++i) moves += cycle[i % cycle.size()] + "\n";
  gamerec::test::TempDir dir("html");
  write_file(dir.path() + "/long.cht", moves);
  const Run page = run_gamerec({"replay", "--format", "html", dir.path() + "/long.cht"});
  REQUIRE(page.status == 0);
  CHECK(page.out.find("Yellow to move, move 301") != std::string::npos);  // every move is on it
  CHECK(page.out.size() < 200 * 1000);
}

namespace {

// Each game's data on a page (its JSON script elements), as the page's
// script reads it.
std::vector<nlohmann::json> page_games(const std::string& html) {
  static const std::regex kGame("<script type=\"application/json\" class=\"gamerec-game\">([^<]*)</script>");
  std::vector<nlohmann::json> games;
  for (auto m = std::sregex_iterator(html.begin(), html.end(), kGame); m != std::sregex_iterator(); ++m)
    games.push_back(nlohmann::json::parse((*m)[1].str()));
  return games;
}

// The rows of a game's information table labelled `label`.
std::vector<std::string> info_rows(const nlohmann::json& game, const std::string& label) {
  std::vector<std::string> rows;
  for (const auto& row : game.at("info")) {
    if (row.at(0) == label) rows.push_back(row.at(1));
  }
  return rows;
}

// Two battleship records that differ only in Player 2's fleet (and a
// comment after its first ship), with shots that miss both fleets.
std::string fleet_record(const std::string& fleet) {
  return "---\ngame: battleship\nvariant: {height: 7, ships: [3, 2, 2, 1], width: 7}\n---\n"
         "A7 right\nE4 down\nE1 down\nA5\n" +
         fleet + "C3 water\nC3 water\nG7 water\nG7 water\n";
}
const std::string kFleetA = "A5 down\n# the long ship down the side\nD4 down\nG3 down\nA1\n";
const std::string kFleetB = "A7 right\n# the long ship along the top\nE4 down\nE1 down\nA5\n";

}  // namespace

TEST_CASE("html: every game's page shows its players and its result once, as replay does", "[cli][html]") {
  const Run page = run_gamerec({"replay", "--format", "html", "samples/chess/valid/few-games.pgn"});
  REQUIRE(page.status == 0);
  const std::vector<nlohmann::json> games = page_games(page.out);
  REQUIRE(games.size() == 4);
  const std::vector<std::string> results = {"0-1 (checkmate)", "1-0 (checkmate)", "0-1 (resignation)",
                                            "1/2-1/2 (draw agreed)"};
  const std::vector<std::string> players = {"A (White), B (Black)", "C (White), D (Black)", "E (White), F (Black)",
                                            "G (White), H (Black)"};
  for (std::size_t i = 0; i < games.size(); ++i) {
    INFO("game " << i + 1);
    CHECK(info_rows(games[i], "Result") == std::vector<std::string>{results[i]});
    CHECK(info_rows(games[i], "Players") == std::vector<std::string>{players[i]});
    CHECK(info_rows(games[i], "White").empty());  // the Players row names them
    const Run text = run_gamerec({"replay", "--game-index", std::to_string(i + 1), "samples/chess/valid/few-games.pgn"});
    CHECK(text.out.rfind("Players: " + players[i] + "\nStart\n", 0) == 0);
    CHECK(text.out.find("\n\nResult: " + results[i] + "\n") == text.out.size() - results[i].size() - 11);
  }
  // A move list's players: field, and the rules' result when the record states none.
  const Run moves = run_gamerec({"replay", "--format", "html", "samples/battleship/valid/full-game.battleship"});
  const std::vector<nlohmann::json> game = page_games(moves.out);
  REQUIRE(game.size() == 1);
  CHECK(info_rows(game[0], "Players") == std::vector<std::string>{"density (Player 1), hunter (Player 2)"});
  CHECK(info_rows(game[0], "Result") == std::vector<std::string>{"Player 1 wins (a whole fleet sunk)"});
}

TEST_CASE("html: a chess page numbers moves by pairs, as replay does", "[cli][html]") {
  const Run page = run_gamerec({"replay", "--format", "html", "samples/chess/valid/opera-game.pgn"});
  const std::vector<nlohmann::json> games = page_games(page.out);
  REQUIRE(games.size() == 1);
  // One number per move, a pair's: move 17 (White's ninth) is 9, Black's
  // reply 9 continued (tests/browser checks the list's "9. Bg5").
  CHECK(games[0].contains("numbers"));
  const Run kalah = run_gamerec({"replay", "--format", "html", "samples/kalah/valid/full-game.kalah"});
  CHECK_FALSE(page_games(kalah.out).at(0).contains("numbers"));
}

TEST_CASE("html: a page made --as SIDE holds nothing that side could not see", "[cli][html]") {
  gamerec::test::TempDir dir("html");
  std::filesystem::create_directories(dir.path() + "/a");
  std::filesystem::create_directories(dir.path() + "/b");
  const std::string a = dir.path() + "/a/fleets.battleship";
  const std::string b = dir.path() + "/b/fleets.battleship";
  write_file(a, fleet_record(kFleetA));
  write_file(b, fleet_record(kFleetB));
  const auto page = [&](const std::string& record, const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"replay", "--format", "html"};
    args.insert(args.end(), extra.begin(), extra.end());
    args.push_back(record);
    const Run run = run_gamerec(args);
    INFO(run.err);
    CHECK(run.status == 0);
    return run.out;
  };
  // Player 1 never saw Player 2's fleet: the same page, byte for byte.
  CHECK(page(a, {"--as", "player1"}) == page(b, {"--as", "player1"}));
  // The fleets do differ where they may be seen.
  CHECK(page(a, {"--as", "player2"}) != page(b, {"--as", "player2"}));
  CHECK(page(a, {}) != page(b, {}));
  const std::vector<nlohmann::json> games = page_games(page(a, {"--as", "player1"}));
  REQUIRE(games.size() == 1);
  CHECK(games[0].at("views").size() == 1);
  // convert writes the same page.
  const Run converted = run_gamerec({"convert", "--as", "player1", b, dir.path() + "/b.html"});
  CHECK(converted.status == 0);
  CHECK(read_file(dir.path() + "/b.html") == page(a, {"--as", "player1"}));
  // An unknown side, and --as for a record format, are usage errors.
  const Run unknown = run_gamerec({"replay", "--format", "html", "--as", "white", a});
  CHECK(unknown.status == 2);
  CHECK(unknown.out.empty());
  CHECK(unknown.err == "gamerec: battleship has no side 'white'; sides: player1, player2\n");
  const Run record = run_gamerec({"convert", "--as", "player1", a, dir.path() + "/out.battleship"});
  CHECK(record.status == 2);
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/out.battleship"));
}

TEST_CASE("html: a page of one side's view does not tell another side's refused move", "[cli][html]") {
  gamerec::test::TempDir dir("html");
  const std::string record = dir.path() + "/touching.battleship";
  // Player 2's second ship touches its first: refused, in a move Player 1 never sees.
  write_file(record, fleet_record("A5 down\nB4 down\nG3 down\nA1\n"));
  const Run whole = run_gamerec({"replay", "--format", "html", record});
  const Run seen = run_gamerec({"replay", "--format", "html", "--as", "player1", record});
  CHECK(whole.status == 1);
  CHECK(seen.status == 1);
  CHECK(seen.err == whole.err);  // standard error tells whoever made the page
  const nlohmann::json game = page_games(seen.out).at(0);
  CHECK(game.at("error") == record + ":10: the record has an error here; a page of one side's view does not say what it is");
  CHECK(page_games(whole.out).at(0).at("error") == whole.err.substr(0, whole.err.size() - 1));
  CHECK(seen.out.find("B4") == std::string::npos);
}
