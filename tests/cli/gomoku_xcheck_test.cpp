// An outside check of gomoku: a reference of the rules written from the man
// pages alone (gamerec-games(7) GOMOKU, gamerec-record(5), gamerec(1)
// validate JSON and convert), never from src/games/gomoku/ or the .psq
// reader, judges seeded random records, legal and corrupted, move lists and
// Gomocup .psq files, and `gamerec validate --format json` must agree with
// it on every one. Its worth is its independence: settle a disagreement by
// reading the docs, not the game code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "xcheck_support.h"

using namespace gamerec::clitest;
using namespace gamerec::clitest::xcheck;

namespace {

constexpr int kBlack = 0;
constexpr int kDraw = 2;
constexpr int kNone = -1;  // an empty point, or no result yet
constexpr std::array<std::array<int, 2>, 4> kDirections = {{{1, 0}, {0, 1}, {1, 1}, {1, -1}}};

struct Rules {
  int size = 15;
  bool exact_five = false;
};

struct Point {
  int col = 0;
  int row = 0;  // 0 is the bottom row, written 1
  bool operator==(const Point&) const = default;
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }
char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

// Decimal digits only; a long number only needs to be far off the board.
std::optional<int> number(std::string_view digits) {
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), is_digit)) return std::nullopt;
  return digits.size() > 6 ? 1000000 : std::stoi(std::string(digits));
}

// A letter and a row number, in either case. H08 is notation, A0 a point
// off the board (gamerec-games(7)).
std::optional<Point> parse_point(std::string_view text) {
  if (text.size() < 2 || upper(text[0]) < 'A' || upper(text[0]) > 'Z' || (text[1] == '0' && text.size() > 2))
    return std::nullopt;
  const auto row = number(text.substr(1));
  if (!row) return std::nullopt;
  return Point{upper(text[0]) - 'A', *row - 1};
}

// x,y[,time], counted from 1 at the top left.
std::optional<Point> parse_psq_move(std::string_view line, int size) {
  std::vector<std::optional<int>> fields;
  for (std::size_t at = 0;; ++at) {
    const std::size_t comma = std::min(line.find(',', at), line.size());
    fields.push_back(number(line.substr(at, comma - at)));
    if ((at = comma) == line.size()) break;
  }
  if (fields.size() < 2 || fields.size() > 3 ||
      !std::all_of(fields.begin(), fields.end(), [](auto f) { return f; }))
    return std::nullopt;
  return Point{*fields[0] - 1, size - *fields[1]};
}

std::string point_name(Point p) {
  return std::string(1, static_cast<char>('A' + p.col)) + std::to_string(p.row + 1);
}

bool inside(Point p, int size) { return p.col >= 0 && p.row >= 0 && p.col < size && p.row < size; }

// The game as gamerec-games(7) tells it.
class Gomoku {
 public:
  explicit Gomoku(Rules rules) : rules_(rules), stones_(rules.size * rules.size, kNone) {}

  const Rules& rules() const { return rules_; }
  int at(Point p) const { return stones_[p.row * rules_.size + p.col]; }
  bool over() const { return result_ != kNone; }
  int result() const { return result_; }
  int to_move() const { return placed_ % 2; }
  int placed() const { return placed_; }
  const std::array<int, 2>& overlines() const { return overlines_; }

  // The runs of `side` through p, one per direction, if it played there.
  std::array<int, 4> runs_at(Point p, int side) const {
    std::array<int, 4> runs{};
    for (std::size_t d = 0; d < kDirections.size(); ++d) {
      runs[d] = 1;
      for (const int sign : {-1, 1})
        for (Point q{p.col + sign * kDirections[d][0], p.row + sign * kDirections[d][1]};
             inside(q, rules_.size) && at(q) == side;
             q = {q.col + sign * kDirections[d][0], q.row + sign * kDirections[d][1]})
          ++runs[d];
    }
    return runs;
  }

  // Five or more; with exact_five, exactly five in some line (an overline
  // in another does not matter).
  bool wins_at(Point p, int side) const {
    const auto runs = runs_at(p, side);
    return std::any_of(runs.begin(), runs.end(),
                       [&](int run) { return rules_.exact_five ? run == 5 : run >= 5; });
  }

  // The checks after notation, in the documented order; "" when accepted.
  std::string play(Point p) {
    if (!inside(p, rules_.size)) return "off-board";
    if (over()) return "game-over";
    if (at(p) != kNone) return "occupied";
    const int side = to_move();
    const auto runs = runs_at(p, side);
    const bool won = wins_at(p, side);
    if (rules_.exact_five && *std::max_element(runs.begin(), runs.end()) >= 6) ++overlines_[won];
    stones_[p.row * rules_.size + p.col] = side;
    ++placed_;
    if (won)
      result_ = side;
    else if (placed_ == rules_.size * rules_.size)
      result_ = kDraw;
    return "";
  }

 private:
  Rules rules_;
  std::vector<int> stones_;
  int placed_ = 0;
  int result_ = kNone;
  std::array<int, 2> overlines_ = {0, 0};  // exact_five moves making six or more: {no win, win}
};

struct Verdict : Progress {
  int result = kNone;
  int to_move = kBlack;
  int q_line = 0;              // the Q line the record ends on, 0 for none
  bool moves_after_q = false;  // which gives a warning
  std::vector<Point> played;
  std::array<int, 2> overlines = {0, 0};
};

// The lines without BOM and without the CR of a CRLF.
std::vector<std::string_view> split_lines(std::string_view text) { return record_lines(text, true); }

Verdict finish(Verdict verdict, const Gomoku& game) {
  verdict.result = game.result();
  verdict.to_move = game.to_move();
  verdict.overlines = game.overlines();
  return verdict;
}

Verdict play_line(Verdict verdict, Gomoku& game, std::optional<Point> point, std::string move, int line,
                  int column) {
  const std::string code = point ? game.play(*point) : "notation";
  if (code.empty()) {
    ++verdict.moves;
    verdict.played.push_back(*point);
  } else {
    verdict.fail(line, column, code, std::move(move));
  }
  return verdict;
}

// A move list as gamerec-record(5) reads it: BOM, header, blank and
// comment lines, trailing comments, Q.
Verdict judge_move_list(const Rules& rules, std::string_view text) {
  const auto lines = split_lines(text);
  Gomoku game(rules);
  Verdict verdict;
  for (std::size_t i = body_start(lines); i < lines.size() && verdict.valid; ++i) {
    const auto move = move_of(lines[i]);
    if (!move) continue;
    if (verdict.q_line > 0) {
      verdict.moves_after_q = true;
      break;
    }
    if (move->text == "Q")
      verdict.q_line = static_cast<int>(i) + 1;
    else
      verdict = play_line(std::move(verdict), game, parse_point(move->text), move->text,
                          static_cast<int>(i) + 1, move->column);
  }
  return finish(std::move(verdict), game);
}

// A Gomocup record as gamerec-games(7) reads it: the board on line 1, then
// moves up to the first line that does not start with digits, a comma and
// a digit.
Verdict judge_psq(std::string_view text) {
  const auto lines = split_lines(text);
  int width = 0;
  int height = 0;
  REQUIRE(std::sscanf(std::string(lines.at(0)).c_str(), "Piskvorky %dx%d,", &width, &height) == 2);
  Gomoku game(Rules{width, false});
  Verdict verdict;
  for (std::size_t i = 1; i < lines.size() && verdict.valid; ++i) {
    const std::string_view line = lines[i];
    if (trim(line).empty()) continue;
    const std::size_t digits = std::min(line.find_first_not_of("0123456789"), line.size());
    if (digits == 0 || digits + 1 >= line.size() || line[digits] != ',' || !is_digit(line[digits + 1])) break;
    verdict = play_line(std::move(verdict), game, parse_psq_move(line, width), std::string(line),
                        static_cast<int>(i) + 1, 1);
  }
  return finish(std::move(verdict), game);
}

// ---- The generator of records --------------------------------------------

std::string point_text(Rng& rng, Point p) {
  const char letter = static_cast<char>((chance(rng, 0.3) ? 'a' : 'A') + p.col);
  return std::string(1, letter) + std::to_string(p.row + 1);
}

std::string psq_text(Rng& rng, int x, int y) {
  return std::to_string(x) + "," + std::to_string(y) +
         (chance(rng, 0.9) ? "," + std::to_string(pick(rng, 0, 3000)) : "");
}

std::string psq_text(Rng& rng, Point p, int size) { return psq_text(rng, p.col + 1, size - p.row); }

enum class Style { kRandom, kNear, kLines, kCautious };

// A point for the side to move: anywhere (kRandom), near the stones
// (kNear), often extending its own run (kLines, so that games are won),
// or never winning if it can help it (kCautious, so that small boards
// fill up). Points in `avoid` are left alone while possible.
Point choose(Rng& rng, const Gomoku& game, Style style, const std::vector<Point>& avoid) {
  const int size = game.rules().size;
  const int side = game.to_move();
  const auto near = [&](Point p) {
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        if (inside({p.col + dx, p.row + dy}, size) && game.at({p.col + dx, p.row + dy}) != kNone) return true;
    return false;
  };
  const auto fits = [&](Point p, bool strict) {
    return game.at(p) == kNone && std::find(avoid.begin(), avoid.end(), p) == avoid.end() &&
           (style != Style::kCautious || !game.wins_at(p, side)) &&
           (!strict || style == Style::kRandom || game.placed() == 0 || near(p));
  };
  if (style == Style::kLines && chance(rng, 0.7))
    for (int tries = 0; tries < 30; ++tries) {
      Point p{pick(rng, 0, size - 1), pick(rng, 0, size - 1)};
      if (game.at(p) != side) continue;
      const auto [dx, dy] = kDirections[pick(rng, 0, 3)];
      const int sign = chance(rng, 0.5) ? 1 : -1;
      while (inside(p, size) && game.at(p) == side) p = {p.col + sign * dx, p.row + sign * dy};
      if (inside(p, size) && fits(p, false)) return p;
    }
  for (int tries = 0; tries < 60; ++tries) {
    const Point p{pick(rng, 0, size - 1), pick(rng, 0, size - 1)};
    if (fits(p, true)) return p;
  }
  std::vector<Point> pool, empty;  // crowded: look at every point
  for (int row = 0; row < size; ++row)
    for (int col = 0; col < size; ++col)
      if (game.at({col, row}) == kNone) {
        empty.push_back({col, row});
        if (fits({col, row}, false)) pool.push_back({col, row});
      }
  return pick_of(rng, pool.empty() ? empty : pool);
}

// Black stones whose last one fills the gap of XX.XXX, an overline; with
// `cross` 1 a line of exactly five (XX.XX) crosses at the gap, with 2 a
// second overline.
std::vector<Point> overline_plan(Rng& rng, int size, int cross) {
  for (int tries = 0; tries < 50; ++tries) {
    const Point gap{pick(rng, 0, size - 1), pick(rng, 0, size - 1)};
    const int first = pick(rng, 0, 3);
    const int second = (first + pick(rng, 1, 3)) % 4;
    std::vector<Point> plan;
    const auto add = [&](int d, std::vector<int> offsets) {
      for (const int k : offsets)
        plan.push_back({gap.col + k * kDirections[d][0], gap.row + k * kDirections[d][1]});
    };
    add(first, {-2, -1, 1, 2, 3});
    if (cross == 1) add(second, {-2, -1, 1, 2});
    if (cross == 2) add(second, {-3, -2, -1, 1, 2});
    std::shuffle(plan.begin(), plan.end(), rng);
    plan.push_back(gap);
    if (std::all_of(plan.begin(), plan.end(), [&](Point p) { return inside(p, size); })) return plan;
  }
  return {};
}

std::vector<Point> play_game(Rng& rng, const Rules& rules, int stop) {
  Gomoku game(rules);
  const Style style = rules.size <= 7 && chance(rng, 0.6)
                          ? Style::kCautious
                          : pick_of(rng, std::vector<Style>{Style::kRandom, Style::kNear, Style::kLines,
                                                            Style::kLines, Style::kCautious});
  std::vector<Point> plan;
  if (rules.size >= 7 && chance(rng, rules.exact_five ? 0.6 : 0.1))
    plan = overline_plan(rng, rules.size, pick(rng, 0, 2));
  std::vector<Point> moves;
  while (!game.over() && static_cast<int>(moves.size()) < stop) {
    const std::size_t planned = static_cast<std::size_t>(game.placed() / 2);
    const bool in_plan = planned < plan.size();
    const Point p = in_plan && game.to_move() == kBlack && game.at(plan[planned]) == kNone
                        ? plan[planned]
                        : choose(rng, game, in_plan ? Style::kCautious : style, plan);
    REQUIRE(game.play(p).empty());
    moves.push_back(p);
  }
  return moves;
}

// Not points: H08 and A00 have a leading zero; "---" is no header here;
// messages show H<tab>8 and \303\211 (an E acute) with \xNN, and cut long lines.
const std::vector<std::string> kJunk = {
    "8H",  "H08", "A00",  "H-8", "HH8", "10J", "H8#x", "H 8",  "q",   "pass", "H8.",  "h8h",    "1",
    "A-1", "+H8", "H8H8", "@8",  "[8",  "`8",  "{8",   "H8 9", "A01", "---",  "H\t8", "H8\rI9", "\303\2118"};

// One line with a fault, for the position `game` is in; `kind` says which.
std::string fault_text(Rng& rng, const Gomoku& game, bool psq, std::string& kind) {
  const int size = game.rules().size;
  std::vector<Point> taken;
  for (int row = 0; row < size; ++row)
    for (int col = 0; col < size; ++col)
      if (game.at({col, row}) != kNone) taken.push_back({col, row});
  const auto text = [&](Point p) { return psq ? psq_text(rng, p, size) : point_text(rng, p); };
  const int roll = pick(rng, 0, 9);
  if (game.over() && roll < 6)
    return kind = "after the end", text({pick(rng, 0, size - 1), pick(rng, 0, size - 1)});
  if (roll >= 7 && !taken.empty()) return kind = "occupied", text(pick_of(rng, taken));
  if (roll >= 4) {
    kind = "off-board";
    const int far = pick_of(rng, std::vector<int>{0, size + 1, size + pick(rng, 1, 3), 27, 99, 100});
    const int near = pick(rng, 1, size);
    if (psq) return chance(rng, 0.5) ? psq_text(rng, far, near) : psq_text(rng, near, far);
    if (size < 26 && chance(rng, 0.5))
      return std::string(1, static_cast<char>((chance(rng, 0.3) ? 'a' : 'A') + pick(rng, size, 25))) +
             std::to_string(near);
    return point_text(rng, {pick(rng, 0, size - 1), far - 1});
  }
  kind = "notation";
  if (psq) return pick_of(rng, std::vector<std::string>{"8,9,x", "8,9x", "8,9,1.5", "8,9,", "1,2,3,4"});
  if (chance(rng, 0.05))
    return chance(rng, 0.5) ? "this line is not a move at all, it is a remark" : std::string(250, 'x');
  return pick_of(rng, kJunk);
}

struct Variant {
  Rules rules;
  std::string header;  // "" for none
  bool names_game = false;
};

const std::vector<Variant>& variants() {
  static const std::vector<Variant> kVariants = {
      {{}, ""},
      {{}, "---\ngame: gomoku\nplayers: {black: Ana, white: Luis}\n---\n", true},
      {{19}, "---\nvariant: {size: 19}\n---\n"},
      {{15, true}, "---\ngame: gomoku\nvariant: {exact_five: true}\n---\n", true},
      {{5}, "---\nvariant: {size: 5}\n---\n"},
      {{6}, "---\ngame: gomoku\nvariant: {size: 6}\n---\n", true},
      {{7, true}, "---\nvariant: {size: 7, exact_five: true}\n---\n"},
      {{26}, "---\nvariant:\n  size: 26\n  exact_five: false\n---\n"},
      {{10, true}, "  ---\t\ngame: gomoku\nvariant:\n  exact_five: yes\n  size: 10\n---  \n", true},
      {{}, "---\n---\n"},
      {{9}, "---\n# a YAML comment\nvariant: {size: 9}\ndate: 2026-11-29\n---\n"},
      {{19, true}, "---\nvariant: {size: 19, exact_five: true}\n---\n"},
      {{5, true}, "---\nvariant: {size: 5, exact_five: true}\n---\n"},
      {{8}, "---\ngame: gomoku\nvariant: {size: 8}\n---\n", true},
  };
  return kVariants;
}

struct Record {
  Rules rules;
  std::string text;
  std::string fault;  // what was corrupted, "" for none
  std::string extension;
  bool has_q = false;
};

// The moves of a game, perhaps cut short, perhaps with one bad line.
std::vector<std::string> move_lines(Rng& rng, const Rules& rules, bool corrupt, bool psq,
                                    std::string& fault) {
  const int points = rules.size * rules.size;
  const std::vector<Point> game = play_game(rng, rules, chance(rng, 0.25) ? pick(rng, 0, points) : points);
  std::vector<std::string> lines;
  for (const Point p : game) lines.push_back(psq ? psq_text(rng, p, rules.size) : point_text(rng, p));
  if (!corrupt) return lines;
  Gomoku whole(rules);
  for (const Point p : game) whole.play(p);
  const int count = static_cast<int>(game.size());
  const int at = whole.over() && chance(rng, 0.3) ? count : pick(rng, 0, count);
  Gomoku before(rules);
  for (int i = 0; i < at; ++i) before.play(game[i]);
  std::string line = fault_text(rng, before, psq, fault);
  if (line == "---" && at == 0) line = "H-8";  // it could open a header
  put_fault(rng, lines, at, line);
  return lines;
}

Record make_record(Rng& rng, bool corrupt) {
  const Variant& variant = chance(rng, 0.3) ? variants()[0] : pick_of(rng, variants());
  Record record{variant.rules, "", "", variant.names_game && chance(rng, 0.3) ? ".txt" : ".gomoku"};
  auto moves = move_lines(rng, variant.rules, corrupt, false, record.fault);
  if ((record.has_q = chance(rng, 0.05)))
    moves.insert(moves.begin() + pick(rng, 0, static_cast<int>(moves.size())),
                 pick_of(rng, std::vector<std::string>{"Q", "  Q", "Q  # the end", "Q\t"}));
  std::vector<std::string> lines;
  dress(rng, moves,
        {.blank = 0.03,
         .comment_line = 0.03,
         .comment_lines = {"# a comment", "  #H8", "#"},
         .comment = 0.06,
         .comments = {" # hm", "\t#", "   # H8 wins"}},
        lines);
  record.text = join_record(rng, variant.header, lines, 0.1, 0.04);
  return record;
}

Record make_psq(Rng& rng, bool corrupt) {
  const int size = pick_of(rng, std::vector<int>{15, 15, 15, 19, 20, 5, 6, 10, 26});
  Record record{{size, false}, "", "", ".psq"};
  auto lines = move_lines(rng, record.rules, corrupt, true, record.fault);
  for (int blanks = chance(rng, 0.1) ? pick(rng, 1, 2) : 0; blanks > 0; --blanks)
    lines.insert(lines.begin() + pick(rng, 0, static_cast<int>(lines.size())), "");
  // What follows the moves is ignored, even a line like a move after a name.
  const std::string trailer = pick_of(
      rng, std::vector<std::string>{"", "-1", "pbrain-first.exe\npbrain-second.exe\n-1",
                                    "pbrain-level3.exe\npbrain-level2.exe\n0", "somebody\n3,3,0\n-1"});
  for (const std::string_view line : record_lines(trailer)) lines.emplace_back(line);
  record.text = join_record(
      rng, "Piskvorky " + std::to_string(size) + "x" + std::to_string(size) + ", 0:0, 0\n", lines, 0.7, 0.04);
  return record;
}

// ---- Comparing gamerec's JSON with the reference ---------------------------

std::string side(int index) { return index == kBlack ? "\"black\"" : "\"white\""; }

// The message as far as the docs fix it, and whether that is all of it.
std::pair<std::string, bool> expected_message(const Verdict& v, int size, bool psq) {
  const std::string head = shown(v.move) + ": ";
  if (psq) return {v.code == "notation" ? head + "not a Gomocup move: a move line is x,y,time" : head, false};
  // Once the game is over the final status stands in for the side to move;
  // the docs give no gomoku text for it, so only its opening is checked.
  const bool over = v.result != kNone;
  const std::string context = over ? " (Game over: "
                                   : std::string(" (") + (v.to_move == kBlack ? "Black" : "White") +
                                         " to move, move " + std::to_string(v.moves + 1) + ")";
  if (v.code == "notation")
    return {head + "not a move in gomoku notation (a move looks like H8)" + context, !over};
  if (v.code == "occupied") return {head + "that point already holds a stone" + context, !over};
  if (v.code == "off-board")
    return {head + "outside the board (columns A-" + static_cast<char>('A' + size - 1) + ", rows 1-" +
                std::to_string(size) + ")" + context,
            !over};
  return {head, false};  // game-over: the docs give no gomoku text for it
}

std::string describe(const Verdict& v) {
  const std::string text = v.describe();
  if (v.result == kNone) return text + ", in progress, to move " + side(v.to_move);
  return text + ", finished, " + (v.result == kDraw ? "draw" : side(v.result) + " wins");
}

// Every documented field of one JSON line; true when all agree.
bool agrees(const Json& got, const Verdict& want, int size, bool psq) {
  const Json error = got.value("error", Json());
  std::string message = error.is_object() ? error.value("message", "") : "";
  auto [expected, whole] = expected_message(want, size, psq);
  if (!whole) message = message.substr(0, expected.size());
  if (shown(want.move) != want.move) {  // the case of the hex digits is not given
    message = lower(message);
    expected = lower(expected);
  }
  const bool done = want.result != kNone;
  Fields fields = {{"keys in order", keys_of(got),
                    std::string("file,game,valid,moves,error,status,to_move,result") + (done ? ",end" : "")},
                   {"game", field(got, "game"), "\"gomoku\""},
                   {"valid", field(got, "valid"), want.valid ? "true" : "false"},
                   {"moves", field(got, "moves"), std::to_string(want.moves)},
                   {"error", want.valid ? field(got, "error") : "(object)", want.valid ? "null" : "(object)"},
                   {"error.message", message, want.valid ? "" : expected},
                   {"status", field(got, "status"), done ? "\"finished\"" : "\"in-progress\""},
                   {"to_move", field(got, "to_move"), done ? "null" : side(want.to_move)},
                   {"result", field(got, "result"),
                    !done                  ? "null"
                    : want.result == kDraw ? "\"draw\""
                                           : side(want.result)},
                   {"end", field(got, "end"),
                    !done                  ? "(absent)"
                    : want.result == kDraw ? "\"board-full\""
                                           : "\"line-of-five\""}};
  const Fields error_rows =
      error_fields(error, {want.valid, want.line, want.column, want.code, Json(json_move(want.move)).dump()});
  fields.insert(fields.end(), error_rows.begin(), error_rows.end());
  return check_fields(fields);
}

struct Batch {
  std::vector<Record> records;
  std::vector<Verdict> verdicts;
  std::vector<std::string> paths;
};

// Writes the records, runs validate once over all of them and checks each
// line, the exit status and the summary; returns the tally of verdicts.
std::map<std::string, int> check_batch(const Batch& batch, const std::string& dir, bool psq,
                                       std::string& err) {
  for (std::size_t i = 0; i < batch.records.size(); ++i) write_file(batch.paths[i], batch.records[i].text);
  const Validation run = validate_all(dir, batch.paths);
  err = run.err;
  std::map<std::string, int> tally;
  int valid = 0;
  int mismatched = 0;
  for (const auto& got : run.results) {
    const std::string file = got.value("file", "");
    const std::size_t index = run.index_of(file);
    const Record& record = batch.records[index];
    const Verdict& want = batch.verdicts[index];
    valid += want.valid;
    ++tally[want.valid ? (want.result == kNone   ? "in-progress"
                          : want.result == kDraw ? "board-full"
                                                 : "line-of-five")
                       : want.code];
    INFO("file " << file << " (" << record.rules.size << "x" << record.rules.size
                 << (record.rules.exact_five ? ", exact_five" : "")
                 << ", fault: " << (record.fault.empty() ? "none" : record.fault) << ")\n"
                 << record.text << "\n--- reference: " << describe(want)
                 << "\n--- gamerec:   " << got.dump());
    if (!agrees(got, want, record.rules.size, psq) && ++mismatched >= 10)
      FAIL("10 records disagree; stopping here");
  }
  const int count = static_cast<int>(batch.records.size());
  CHECK(run.status == (valid < count ? 1 : 0));
  CHECK(err.find(summary_line(count, valid, count - valid) + "\n") != std::string::npos);
  return tally;
}

void print_tally(const char* what, int count, double seconds, const std::map<std::string, int>& tally,
                 const std::string& extra) {
  std::cout << "gomoku xcheck, " << what << ": " << count << " records in " << seconds << " s:";
  for (const auto& [verdict, n] : tally) std::cout << " " << verdict << " " << n;
  std::cout << extra << "\n";
}

}  // namespace

TEST_CASE("gomoku xcheck: validate agrees with a reference of the documented rules", "[cli][xcheck]") {
  constexpr int kRecords = 800;
  const auto started = std::chrono::steady_clock::now();
  Rng rng(20261201);
  gamerec::test::TempDir dir("gomoku-xcheck");
  Batch batch;
  std::array<int, 2> overlines = {0, 0};
  for (int i = 0; i < kRecords; ++i) {
    batch.records.push_back(make_record(rng, i % 8 >= 3));
    batch.verdicts.push_back(judge_move_list(batch.records.back().rules, batch.records.back().text));
    batch.paths.push_back(dir.path() + "/r" + std::to_string(i) + batch.records.back().extension);
    for (int k : {0, 1}) overlines[k] += batch.verdicts.back().overlines[k] > 0;
  }
  std::string err;
  const auto tally = check_batch(batch, dir.path(), false, err);

  // A Q line with move lines after it warns; without them it does not.
  // (Whether a record with an error before its Q warns is not said.)
  int warned = 0;
  std::istringstream lines(err);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t colon = line.find(':');
    if (line.find(": warning: ") == std::string::npos) continue;
    const auto at = std::find(batch.paths.begin(), batch.paths.end(), line.substr(0, colon));
    REQUIRE(at != batch.paths.end());
    const Verdict& want = batch.verdicts[at - batch.paths.begin()];
    INFO("stderr: " << line << "\nrecord:\n" << batch.records[at - batch.paths.begin()].text);
    if (!want.valid && want.q_line == 0) {  // an error before the Q
      CHECK(batch.records[at - batch.paths.begin()].has_q);
      continue;
    }
    CHECK(line == *at + ":" + std::to_string(want.q_line) + ": warning: the lines after Q are ignored");
    CHECK(want.moves_after_q);
    ++warned;
  }
  const auto expected_warnings = std::count_if(batch.verdicts.begin(), batch.verdicts.end(),
                                               [](const Verdict& v) { return v.moves_after_q; });
  CHECK(warned == expected_warnings);
  print_tally("move lists", kRecords, seconds_since(started), tally,
              ", Q warnings " + std::to_string(warned) +
                  ", exact_five records with an overline: " + std::to_string(overlines[0]) +
                  " that did not win, " + std::to_string(overlines[1]) + " that won through a five");
}

TEST_CASE("gomoku xcheck: .psq records read and convert as documented", "[cli][xcheck]") {
  constexpr int kRecords = 200;
  constexpr int kConverted = 20;
  const auto started = std::chrono::steady_clock::now();
  Rng rng(20261202);
  gamerec::test::TempDir dir("gomoku-psq-xcheck");
  Batch batch;
  for (int i = 0; i < kRecords; ++i) {
    batch.records.push_back(make_psq(rng, i % 8 >= 4));
    batch.verdicts.push_back(judge_psq(batch.records.back().text));
    batch.paths.push_back(dir.path() + "/p" + std::to_string(i) + ".psq");
  }
  std::string err;
  const auto tally = check_batch(batch, dir.path(), true, err);

  // convert both ways: .psq to a move list that keeps the size, and a move
  // list to "Piskvorky NxN, 0:0, 0", one x,y,0 line per move, then -1.
  std::filesystem::create_directory(dir.path() + "/out");
  int from_psq = 0;
  int refused = 0;
  for (std::size_t i = 0; i < batch.records.size() && (from_psq < kConverted || refused < 5); ++i) {
    const Verdict& want = batch.verdicts[i];
    if (want.valid ? from_psq >= kConverted : refused >= 5) continue;
    const std::string out_path = dir.path() + "/out/p" + std::to_string(i) + ".gomoku";
    Child run(kBinary, {"convert", batch.paths[i], out_path}, dir.path(), false);
    const int status = run.finish(std::chrono::seconds(20));
    INFO("convert " << batch.paths[i] << ":\n" << batch.records[i].text << "\n--- stderr: " << run.err());
    if (!want.valid) {  // a game with an error is not converted
      ++refused;
      CHECK(status == 1);
      CHECK(!std::filesystem::exists(out_path));
      CHECK(run.err().find("error[" + want.code + "]") != std::string::npos);
      continue;
    }
    ++from_psq;
    REQUIRE(status == 0);
    CHECK(run.err().find("1 game converted") != std::string::npos);
    const std::string text = read_file(out_path);
    const auto written = split_lines(text);
    INFO("written:\n" << text);
    REQUIRE((written.size() >= 2 && written[0] == "---"));
    const auto close = std::find(written.begin() + 1, written.end(), "---");
    REQUIRE(close != written.end());
    const int size = batch.records[i].rules.size;
    CHECK(std::find(written.begin(), close, "game: gomoku") != close);
    CHECK(std::find(written.begin(), close, "variant: {size: " + std::to_string(size) + "}") != close);
    std::vector<std::string> moves, wanted;  // the case of the points is not given
    for (auto at = close + 1; at != written.end(); ++at) moves.push_back(lower(std::string(*at)));
    for (const Point p : want.played) wanted.push_back(lower(point_name(p)));
    CHECK(moves == wanted);
  }
  int to_psq = 0;
  for (int i = 0; to_psq < kConverted; ++i) {
    const Record record = make_record(rng, false);
    const Verdict want = judge_move_list(record.rules, record.text);
    if (record.rules.exact_five || record.has_q) continue;  // .psq has no exact_five
    const std::string in_path = dir.path() + "/out/m" + std::to_string(i) + record.extension;
    const std::string out_path = dir.path() + "/out/m" + std::to_string(i) + ".psq";
    write_file(in_path, record.text);
    Child run(kBinary, {"convert", in_path, out_path}, dir.path(), false);
    const int status = run.finish(std::chrono::seconds(20));
    INFO("convert " << in_path << ":\n" << record.text << "\n--- stderr: " << run.err());
    ++to_psq;
    REQUIRE(status == 0);
    CHECK(run.err().find("1 game converted") != std::string::npos);
    const std::string size = std::to_string(record.rules.size);
    std::vector<std::string> wanted = {"Piskvorky " + size + "x" + size + ", 0:0, 0"};
    for (const Point p : want.played)
      wanted.push_back(std::to_string(p.col + 1) + "," + std::to_string(record.rules.size - p.row) + ",0");
    wanted.push_back("-1");
    const std::string text = read_file(out_path);
    const auto written = split_lines(text);
    INFO("written:\n" << text);
    CHECK(std::vector<std::string>(written.begin(), written.end()) == wanted);
  }
  print_tally(".psq", kRecords, seconds_since(started), tally,
              ", convert: " + std::to_string(from_psq) + " from .psq, " + std::to_string(to_psq) +
                  " to .psq, " + std::to_string(refused) + " refused");
}

TEST_CASE("gomoku xcheck: a size outside 5 to 26 or a bad .psq first line is a header error",
          "[cli][xcheck]") {
  // The header's variant line, or line 1 of a .psq file whose board is not
  // square, not 5 to 26 a side, or not Piskvork's at all: not checked.
  const std::vector<std::pair<std::string, int>> bad = {
      {"---\nvariant: {size: 4}\n---\nH8\n", 2},
      {"---\ngame: gomoku\nvariant: {size: 27, exact_five: true}\n---\n", 3},
      {"Piskvorky 20x15, 0:0, 0\r\n10,10,0\r\n-1\r\n", 1},
      {"Piskvorky 27x27, 0:0, 0\n1,1\n", 1},
      {"Piskvorky 4x4, 0:0, 0\n", 1},
      {"Gomoku 15x15\n8,8,0\n", 1}};
  gamerec::test::TempDir dir("gomoku-header-xcheck");
  std::vector<std::string> args = {"validate", "--format", "json"};
  for (std::size_t i = 0; i < bad.size(); ++i) {
    args.push_back(dir.path() + "/bad" + std::to_string(i) + (bad[i].second > 1 ? ".gomoku" : ".psq"));
    write_file(args.back(), bad[i].first);
  }
  Child child(kBinary, args, dir.path(), false);
  CHECK(child.finish(std::chrono::seconds(20)) == 2);
  std::istringstream out(child.out());
  std::size_t count = 0;
  for (std::string line; std::getline(out, line) && count < bad.size(); ++count) {
    INFO("record:\n" << bad[count].first << "--- gamerec: " << line);
    const Json got = Json::parse(line);
    CHECK(keys_of(got) == "file,game,valid,moves,error,status,to_move,result");
    CHECK(field(got, "file") == Json(args[3 + count]).dump());
    CHECK(field(got, "valid") == "false");
    CHECK(field(got, "moves") == "0");
    const Json error = got.value("error", Json::object());
    CHECK(field(error, "line") == std::to_string(bad[count].second));
    CHECK(field(error, "column") == "1");
    CHECK(field(error, "code") == "\"header\"");
    for (const char* key : {"game", "status", "to_move", "result"}) CHECK(field(got, key) == "null");
    CHECK(field(error, "move") == "null");
  }
  CHECK(count == bad.size());
  CHECK(child.err().find("6 files: 0 valid, 0 invalid, 6 not checked") != std::string::npos);
}
