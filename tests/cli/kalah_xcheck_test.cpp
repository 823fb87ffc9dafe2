// An outside check of kalah: a reference of the rules written from the man
// pages alone (gamerec-games(7) KALAH, gamerec-record(5), gamerec(1)
// validate JSON) and the README, never from src/games/kalah/, judges seeded
// random records, legal and corrupted, and `gamerec validate --format json`
// must agree with it on every one. Its worth is its independence: settle a
// disagreement by reading the docs, not the game code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xcheck_support.h"

using namespace gamerec::clitest;
using namespace gamerec::clitest::xcheck;

namespace {

struct Rules {
  int pits = 6;
  int seeds = 4;
  bool capture_needs_opposite_seeds = true;
};

const std::array<std::string, 2> kSideIds = {"south", "north"};
const std::array<std::string, 2> kSideNames = {"South", "North"};
constexpr int kDraw = 2;
constexpr std::size_t kMaxLine = 16 << 20;  // gamerec-record(5), Limits

// Cells 0..p-1 are South's pits from pit 1, p South's store, p+1..2p
// North's pits from pit 1, 2p+1 North's store: the sowing order.
struct Start {
  std::vector<int> cells;
  int to_move = 0;
};

// A move is a pit number from 1 to pits, nothing else (no sign, no 0, no
// leading zero); pits is at most 8, so one digit.
std::optional<int> parse_pit(const std::string& move, int pits) {
  if (move.size() != 1 || move[0] < '1' || move[0] > '0' + pits) return std::nullopt;
  return move[0] - '0';
}

// The game as gamerec-games(7) tells it.
class Kalah {
 public:
  explicit Kalah(const Rules& rules) : rules_(rules), cells_(2 * rules.pits + 2, rules.seeds) {
    cells_[store(0)] = cells_[store(1)] = 0;
  }
  Kalah(const Rules& rules, const Start& start)
      : rules_(rules), cells_(start.cells), to_move_(start.to_move) {
    check_end();  // a position with a side's pits empty is a finished game
  }

  int pits() const { return rules_.pits; }
  int store(int side) const { return side == 0 ? pits() : 2 * pits() + 1; }
  int cell(int side, int pit) const { return side * (pits() + 1) + pit - 1; }
  int seeds_in(int side, int pit) const { return cells_[cell(side, pit)]; }
  bool over() const { return over_; }
  bool extra() const { return extra_ && !over_; }
  int to_move() const { return to_move_; }
  std::array<int, 2> score() const { return {cells_[store(0)], cells_[store(1)]}; }
  int winner() const {
    const auto s = score();
    return s[0] > s[1] ? 0 : s[1] > s[0] ? 1 : kDraw;
  }

  // Plays one move; the error code, or "" when accepted. The checks in the
  // documented order: notation, game-over, empty-pit.
  std::string play(const std::string& move) {
    const auto pit = parse_pit(move, pits());
    if (!pit) return "notation";
    if (over_) return "game-over";
    const int from = cell(to_move_, *pit);
    if (cells_[from] == 0) return "empty-pit";
    const int size = static_cast<int>(cells_.size());
    int at = from;
    for (int seeds = std::exchange(cells_[from], 0); seeds > 0;) {
      at = (at + 1) % size;
      if (at == store(1 - to_move_)) continue;
      ++cells_[at];
      --seeds;
    }
    extra_ = at == store(to_move_);
    const bool own_pit = to_move_ == 0 ? at < pits() : at > pits() && at < 2 * pits() + 1;
    if (own_pit && cells_[at] == 1) {  // it was empty just before the last seed
      const int opposite = 2 * pits() - at;
      if (cells_[opposite] > 0 || !rules_.capture_needs_opposite_seeds) {
        cells_[store(to_move_)] += 1 + cells_[opposite];
        cells_[at] = cells_[opposite] = 0;
      }
    }
    check_end();
    if (!extra_) to_move_ = 1 - to_move_;
    return "";
  }

 private:
  void check_end() {
    std::array<int, 2> left = {0, 0};
    for (int side = 0; side < 2; ++side)
      for (int pit = 1; pit <= pits(); ++pit) left[side] += seeds_in(side, pit);
    if (left[0] > 0 && left[1] > 0) return;
    over_ = true;
    for (int side = 0; side < 2; ++side)
      for (int pit = 1; pit <= pits(); ++pit)
        cells_[store(side)] += std::exchange(cells_[cell(side, pit)], 0);
  }

  Rules rules_;
  std::vector<int> cells_;
  int to_move_ = 0;
  bool over_ = false;
  bool extra_ = false;
};

struct Record {
  Rules rules;
  std::optional<Start> start;
  int header_error = 0;     // the line of a bad variant: or position: key
  std::string header_says;  // what the docs say its message holds
  std::string name;
  std::string text;
  std::string fault;  // what was corrupted, "" for none
};

struct Verdict : Progress {
  bool checked = true;
  bool extra = false;  // at the error, the side to move has an extra move
  bool finished = false;
  int to_move = 0;
  int winner = -1;
  std::array<int, 2> score = {0, 0};
  int q_line = 0;      // a Q line with move lines after it: a warning
  bool q_sure = true;  // false when an earlier error ends the record before that Q
};

// A body line as gamerec-record(5) reads it, but one over 16 MiB is cut
// and never skipped.
std::optional<BodyMove> body_move(std::string_view line) {
  const auto move = move_of(line.substr(0, kMaxLine));
  return !move && line.size() > kMaxLine ? BodyMove{"", 1} : move;
}

// The first Q line from `from` on that has move lines after it, or 0.
int warned_q(const std::vector<std::string_view>& lines, std::size_t from) {
  for (std::size_t i = from; i < lines.size(); ++i) {
    const auto move = body_move(lines[i]);
    if (!move || move->text != "Q" || lines[i].size() > kMaxLine) continue;
    for (std::size_t j = i + 1; j < lines.size(); ++j)
      if (body_move(lines[j])) return static_cast<int>(i) + 1;
    return 0;
  }
  return 0;
}

Verdict judge(const Record& record) {
  Verdict verdict;
  if (record.header_error > 0) {
    verdict.checked = false;
    verdict.fail(record.header_error, 1, "header", "");
    return verdict;
  }
  const auto lines = record_lines(record.text);
  Kalah game = record.start ? Kalah(record.rules, *record.start) : Kalah(record.rules);
  for (std::size_t i = body_start(lines); i < lines.size(); ++i) {
    const auto move = body_move(lines[i]);
    if (!move) continue;
    const bool too_long = lines[i].size() > kMaxLine;
    if (!too_long && move->text == "Q") {
      verdict.q_line = warned_q(lines, i);
      break;
    }
    const bool extra = game.extra();
    const std::string code = too_long ? "notation" : game.play(move->text);
    if (!code.empty()) {
      verdict.fail(static_cast<int>(i) + 1, move->column, code, move->text);
      verdict.extra = extra;
      verdict.q_line = warned_q(lines, i + 1);
      verdict.q_sure = verdict.q_line == 0;
      break;
    }
    ++verdict.moves;
  }
  verdict.finished = game.over();
  verdict.to_move = game.to_move();
  verdict.winner = game.over() ? game.winner() : -1;
  verdict.score = game.score();
  return verdict;
}

// ---- The generator of records --------------------------------------------

std::vector<int> pits_with(const Kalah& game, bool seeds) {
  std::vector<int> found;
  for (int pit = 1; pit <= game.pits(); ++pit)
    if ((game.seeds_in(game.to_move(), pit) > 0) == seeds) found.push_back(pit);
  return found;
}

// Every seed of the game in a random cell; now and then one side's pits
// are left empty, which makes a finished game.
Start random_start(Rng& rng, const Rules& rules) {
  const int size = 2 * rules.pits + 2;
  Start start{std::vector<int>(size, 0), pick(rng, 0, 1)};
  const int empty_side = chance(rng, 0.2) ? pick(rng, 0, 1) : -1;
  for (int seed = 0; seed < 2 * rules.pits * rules.seeds;) {
    const int at = pick(rng, 0, size - 1);
    const bool empty_pit = empty_side >= 0 && at >= empty_side * (rules.pits + 1) &&
                           at < empty_side * (rules.pits + 1) + rules.pits;
    if (!empty_pit) ++start.cells[at], ++seed;
  }
  return start;
}

std::string row_text(const Start& start, int side, int pits) {
  std::string text;
  for (int pit = 1; pit <= pits; ++pit)
    text += (pit > 1 ? " " : "") + std::to_string(start.cells[side * (pits + 1) + pit - 1]);
  return text;
}

const std::vector<std::string> kPositionFaults = {"",
                                                  "position: seeds do not add up",
                                                  "position: a pit short",
                                                  "position: fields out of order",
                                                  "position: no such side",
                                                  "position: no to-move field"};

// The position: value; `fault` 1..5 breaks it in one documented way.
std::string position_text(Rng& rng, const Start& start, int pits, int fault) {
  const std::string bar = pick_of(rng, std::vector<std::string>{" | ", "|", " |", "| "});
  const std::string semi = pick_of(rng, std::vector<std::string>{"; ", ";", " ; "});
  std::string south = row_text(start, 0, pits);
  std::string north = row_text(start, 1, pits);
  int south_store = start.cells[pits];
  if (fault == 1) ++south_store;                                                  // seeds do not add up
  if (fault == 2) north = north.substr(std::min(north.find(' '), north.size()));  // a pit short
  std::string fields[2] = {"south: " + south + bar + std::to_string(south_store),
                           "north: " + north + bar + std::to_string(start.cells[2 * pits + 1])};
  if (fault == 3) std::swap(fields[0], fields[1]);  // out of order
  const std::string side = fault == 4 ? "east" : kSideIds[start.to_move];
  if (fault == 5) return "\"" + fields[0] + semi + fields[1] + "\"";
  return "\"" + fields[0] + semi + fields[1] + semi + "to-move: " + side + "\"";
}

// "\3773" is the byte FF and a 3.
const std::vector<std::string> kJunk = {
    "x",     "three",    "3a",   "3.0",      "1 2", "pit 3", "south 3", "3#x",
    "q",     "\xC3\xA9", "+3",   "-1",       "03",  "0",     "10",      "3 seeds",
    "\3773", "3\t4",     "3\r4", "\xD9\xA3", "S",   "3,",    "north",   "99999999999999999999"};

// One line with a fault, for the position `game` is in; `kind` says which.
std::string fault_text(Rng& rng, const Kalah& game, bool has_header, std::string& kind) {
  if (chance(rng, 0.01))
    return kind = "line over 16 MiB",
           std::to_string(pick(rng, 1, game.pits())) + std::string(kMaxLine + 10, ' ') + "# x";
  if (game.over() && chance(rng, 0.7))
    return kind = "after the end", std::to_string(pick(rng, 1, game.pits()));
  const int roll = pick(rng, 0, 9);
  const auto empty = pits_with(game, false);
  if (roll <= 3 && !empty.empty()) return kind = "empty pit", std::to_string(pick_of(rng, empty));
  if (roll <= 5)
    return kind = "pit out of range", std::to_string(pick_of(rng, std::vector<int>{0, game.pits() + 1, 9}));
  if (roll == 6 && chance(rng, 0.5))
    return kind = "long junk",
           std::string(pick_of(rng, std::vector<int>{pick(rng, 41, 60), pick(rng, 201, 260)}), 'z');
  if (roll == 6 && has_header) return kind = "--- in the body", "---";
  return kind = "junk", pick_of(rng, kJunk);
}

// A lone CR is a blank line too (and may indent a move).
std::string any_blank(Rng& rng) { return pick_of(rng, std::vector<std::string>{"", " \t", "\r"}); }

Record make_record(Rng& rng, bool corrupt, int index) {
  Record record;
  Rules& rules = record.rules;
  if (chance(rng, 0.6)) {
    rules.pits = pick_of(rng, std::vector<int>{6, 6, 6, 1, 2, 3, 4, 5, 7, 8});
    rules.seeds = pick(rng, 3, 6);
    rules.capture_needs_opposite_seeds = chance(rng, 0.6);
  }
  const Rules defaults;
  std::vector<std::pair<std::string, std::string>> options;
  if (rules.pits != defaults.pits || chance(rng, 0.1))
    options.push_back({"pits", std::to_string(rules.pits)});
  if (rules.seeds != defaults.seeds || chance(rng, 0.1))
    options.push_back({"seeds", std::to_string(rules.seeds)});
  if (!rules.capture_needs_opposite_seeds || chance(rng, 0.1))
    options.push_back({"capture_needs_opposite_seeds", rules.capture_needs_opposite_seeds ? "true"
                                                       : chance(rng, 0.5)                 ? "false"
                                                                                          : "no"});
  if (chance(rng, 0.15)) record.start = random_start(rng, rules);
  const bool header_fault = chance(rng, record.start ? 0.25 : 0.015);
  if (header_fault && !record.start) {  // a value out of its documented range
    const auto bad = pick_of(rng, std::vector<std::pair<std::string, std::string>>{
                                      {"seeds", "7"}, {"seeds", "2"}, {"pits", "0"}, {"pits", "9"}});
    std::erase_if(options, [&](const auto& option) { return option.first == bad.first; });
    options.push_back(bad);
    record.fault = "variant: " + bad.first + " " + bad.second;
  }
  std::shuffle(options.begin(), options.end(), rng);

  std::vector<std::string> lines;
  const bool has_game = chance(rng, 0.6);
  if (!options.empty() || record.start || chance(rng, 0.25)) {
    lines.push_back(chance(rng, 0.05) ? "--- " : "---");
    if (has_game) lines.push_back("game: kalah");
    if (chance(rng, 0.2)) lines.push_back("players: {south: Ana, north: Luis}");
    if (!options.empty()) {
      if (header_fault && !record.start) record.header_error = static_cast<int>(lines.size()) + 1;
      std::string flow;
      for (const auto& [key, value] : options) flow += (flow.empty() ? "" : ", ") + key + ": " + value;
      if (chance(rng, 0.5)) {
        lines.push_back("variant: {" + flow + "}");
      } else {
        lines.push_back("variant:");
        for (const auto& [key, value] : options) lines.push_back("  " + key + ": " + value);
      }
    }
    if (record.start) {
      const int fault = header_fault ? pick(rng, 1, 5) : 0;
      if (header_fault) {
        record.header_error = static_cast<int>(lines.size()) + 1;
        record.fault = kPositionFaults[fault];
        record.header_says = fault == 3 ? "is not the field expected here ('south')" : "position: ";
      }
      lines.push_back("position: " + position_text(rng, *record.start, rules.pits, fault));
    }
    lines.push_back("---");
  }
  const bool has_header = !lines.empty();

  // A random legal game, whole or cut short, then perhaps one bad line.
  Kalah game = record.start ? Kalah(rules, *record.start) : Kalah(rules);
  const int stop = chance(rng, 0.25) ? pick(rng, 0, 30) : 1 << 30;
  std::vector<std::string> moves;
  while (!game.over() && static_cast<int>(moves.size()) < stop) {
    moves.push_back(std::to_string(pick_of(rng, pits_with(game, true))));
    REQUIRE(game.play(moves.back()).empty());
  }
  if (corrupt && !header_fault) {
    const int count = static_cast<int>(moves.size());
    const int at = game.over() && chance(rng, 0.3) ? count : pick(rng, 0, count);
    Kalah before = record.start ? Kalah(rules, *record.start) : Kalah(rules);
    for (int i = 0; i < at; ++i) before.play(moves[i]);
    put_fault(rng, moves, at, fault_text(rng, before, has_header, record.fault));
  }
  if (chance(rng, 0.05))
    moves.insert(moves.begin() + pick(rng, 0, static_cast<int>(moves.size())),
                 pick_of(rng, std::vector<std::string>{"Q", " Q", "Q # end"}));
  dress(rng, moves,
        {.blank_line = any_blank,
         .comment_lines = {"# a comment", "  # 3", "#"},
         .indents = {" ", "\t", "   ", "\r"},
         .comments = {" # hm", "\t#", "   # 5 seeds"}},
        lines);
  const bool bom = chance(rng, 0.04);  // drawn before the line end: the seed's records depend on the order
  record.text = join_record(rng, "", lines, line_end(rng, 0.12), bom);
  // The game of a .txt file comes from its header or, without one, from a
  // first move that only kalah reads.
  std::string extension = ".kalah";
  if (chance(rng, 0.15)) {
    const auto body = record_lines(record.text);
    std::optional<BodyMove> first;
    for (std::size_t i = body_start(body); i < body.size() && !first; ++i) first = body_move(body[i]);
    if ((has_header && has_game) || (!has_header && first && parse_pit(first->text, 6))) extension = ".txt";
  }
  record.name = "r" + std::to_string(index) + extension;
  return record;
}

std::string side_id(int side) { return side == kDraw ? "\"draw\"" : "\"" + kSideIds[side] + "\""; }

// The (CONTEXT) of a message: the side to move and the move number, or
// the final status line for game-over.
std::vector<std::string> contexts(const Verdict& v) {
  if (v.finished) {
    const std::string who = v.winner == kDraw ? "draw" : kSideNames[v.winner] + " wins";
    return {"(Game over: " + who + " (one side's pits are empty) after " + std::to_string(v.moves) +
            (v.moves == 1 ? " move)" : " moves)")};
  }
  const std::string number = ", move " + std::to_string(v.moves + 1) + ")";
  std::vector<std::string> found = {"(" + kSideNames[v.to_move] + " to move" + number};
  if (v.extra) found.push_back("(" + kSideNames[v.to_move] + " to move again (extra move)" + number);
  return found;
}

std::string describe(const Verdict& v) {
  if (!v.checked) return "not checked: header error at line " + std::to_string(v.line);
  return v.describe(true) +
         (v.finished ? ", finished, result " + side_id(v.winner) + ", score " + Json(v.score).dump()
                     : ", in progress, to move " + side_id(v.to_move));
}

}  // namespace

TEST_CASE("kalah xcheck: validate agrees with a reference of the documented rules", "[cli][xcheck]") {
  constexpr int kRecords = 900;
  const auto started = std::chrono::steady_clock::now();
  Rng rng(20261201);
  gamerec::test::TempDir dir("kalah-xcheck");
  std::vector<Record> records;
  std::vector<std::string> names;  // relative to dir, where validate runs
  for (int i = 0; i < kRecords; ++i) {
    records.push_back(make_record(rng, i % 8 >= 3, i));
    names.push_back(records.back().name);
    write_file(dir.path() + "/" + names.back(), records.back().text);
  }
  const Validation run = validate_all(dir.path(), names);

  std::map<std::string, int> tally;  // expected verdicts, for the summary
  std::map<std::string, int> faults;
  std::map<std::string, int> outcomes;  // of the records that could be checked
  int capture_sensitive = 0;            // records whose verdict turns on the capture option
  std::map<std::string, int> count = {{"valid", 0}, {"invalid", 0}, {"not checked", 0}};
  std::set<std::string> warnings, optional_warnings;
  int mismatched = 0;
  int extra_contexts = 0;  // errors on an extra move, and how many say "again (extra move)"
  int extra_said = 0;
  for (const auto& got : run.results) {
    const std::string file = got.value("file", "");
    const Record& record = records[run.index_of(file)];
    const Verdict want = judge(record);
    ++count[!want.checked ? "not checked" : want.valid ? "valid" : "invalid"];
    ++tally[want.valid ? "valid" : want.code];
    ++faults[record.fault.empty() ? "none" : record.fault];
    if (want.checked) ++outcomes[want.finished ? side_id(want.winner) : "in progress"];
    Record flipped = record;
    flipped.rules.capture_needs_opposite_seeds = !record.rules.capture_needs_opposite_seeds;
    capture_sensitive += describe(judge(flipped)) != describe(want);
    if (want.q_line > 0)
      (want.q_sure ? warnings : optional_warnings)
          .insert(file + ":" + std::to_string(want.q_line) + ": warning: the lines after Q are ignored");
    INFO("file " << file << " (fault: " << (record.fault.empty() ? "none" : record.fault) << ")\n"
                 << record.text.substr(0, 2000) << "\n--- reference: " << describe(want)
                 << "\n--- gamerec:   " << got.dump());
    const Json error = got.value("error", Json());
    const std::string message = error.is_object() ? error.value("message", "") : "";
    const bool done = want.checked && want.finished;
    // A move's message: MOVE: REASON (CONTEXT); the reasons are not documented.
    std::string message_want = "(any)";
    std::string message_got = "(any)";
    if (want.checked && !want.valid) {
      const std::string prefix = shown(want.move) + ": ";
      const auto ends = contexts(want);
      const auto matched = std::find_if(ends.begin(), ends.end(), [&](const std::string& end) {
        return message.size() >= end.size() &&
               message.compare(message.size() - end.size(), end.size(), end) == 0;
      });
      const bool good = message.rfind(prefix, 0) == 0 && matched != ends.end();
      message_want = prefix + "... " + ends[0];
      message_got = good ? message_want : message;
      if (want.extra) {
        ++extra_contexts;
        extra_said += good && matched != ends.begin();
      }
    } else if (!record.header_says.empty()) {
      message_want = "... " + record.header_says + " ...";
      message_got = message.find(record.header_says) != std::string::npos ? message_want : message;
    }
    // Each field as gamerec printed it and as the reference expects it.
    Fields fields = {
        {"keys in order", keys_of(got),
         std::string("file,game,valid,moves,error,status,to_move,result") + (done ? ",end,score" : "")},
        {"game", field(got, "game"), want.checked ? "\"kalah\"" : "null"},
        {"valid", field(got, "valid"), want.valid ? "true" : "false"},
        {"moves", field(got, "moves"), std::to_string(want.moves)},
        {"error keys in order", keys_of(error), want.valid ? "" : "line,column,code,move,message"},
        {"error.message", message_got, message_want},
        {"status", field(got, "status"),
         !want.checked ? "null"
         : done        ? "\"finished\""
                       : "\"in-progress\""},
        {"to_move", field(got, "to_move"), !want.checked || done ? "null" : side_id(want.to_move)},
        {"result", field(got, "result"), done ? side_id(want.winner) : "null"},
        {"end", field(got, "end"), done ? "\"no-seeds\"" : "(absent)"},
        {"score", field(got, "score"), done ? Json(want.score).dump() : "(absent)"}};
    if (mismatched >= 10) continue;  // enough to read; the tallies go on
    const Fields error_rows =
        error_fields(error, {want.valid, want.line, want.column, want.code,
                             want.checked ? Json(json_move(want.move)).dump() : "null"});
    fields.insert(fields.end(), error_rows.begin(), error_rows.end());
    mismatched += !check_fields(fields);
  }

  if (mismatched >= 10) FAIL_CHECK("stopped comparing at 10 records that disagree");
  // Exit status 2 wins over 1; the summary and the Q warnings on stderr.
  CHECK(run.status == (count["not checked"] > 0 ? 2 : count["invalid"] > 0 ? 1 : 0));
  std::set<std::string> warned;
  std::istringstream err(run.err);
  for (std::string line; std::getline(err, line);)
    if (line.find("warning:") != std::string::npos) warned.insert(line);
  INFO("stderr:\n" << run.err);
  CHECK(run.err.find(summary_line(kRecords, count["valid"], count["invalid"], count["not checked"]) + "\n") !=
        std::string::npos);
  for (const auto& line : warnings) CHECK(warned.count(line) == 1);
  for (const auto& line : warned) CHECK((warnings.count(line) + optional_warnings.count(line)) == 1);

  std::cout << "kalah xcheck: " << kRecords << " records in " << seconds_since(started) << " s:";
  for (const auto& [verdict, number] : tally) std::cout << " " << verdict << " " << number;
  std::cout << "; Q warnings " << warnings.size() << " (+" << optional_warnings.size() << " optional, "
            << warned.size() << " given); errors on an extra move " << extra_contexts << ", " << extra_said
            << " saying 'again (extra move)'; turning on the capture option " << capture_sensitive << "\n";
  std::cout << "kalah xcheck outcomes:";
  for (const auto& [outcome, number] : outcomes) std::cout << " " << outcome << " " << number;
  std::cout << "\nkalah xcheck faults:";
  for (const auto& [fault, number] : faults) std::cout << " [" << fault << "] " << number;
  std::cout << "\n";
}
