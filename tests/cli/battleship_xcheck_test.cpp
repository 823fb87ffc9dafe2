// An outside check of battleship: a reference of the rules written from the
// man pages alone (gamerec-games(7) BATTLESHIP, gamerec-record(5),
// gamerec(1) validate JSON), never from src/games/battleship/, judges
// seeded random records, legal and corrupted, and `gamerec validate
// --format json` must agree with it on every one. Its worth is its
// independence: fix a disagreement by reading the docs, not the game code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xcheck_support.h"

using namespace gamerec::clitest;
using namespace gamerec::clitest::xcheck;

namespace {

struct Rules {
  int width = 10;
  int height = 10;
  std::vector<int> ships = {4, 3, 3, 2, 2, 2, 1, 1, 1, 1};
  int first = 0;  // the player who shoots first, 0 or 1
  bool extra_shot = true;
};

enum Direction { kRight, kDown, kLeft, kUp };
constexpr int kDx[] = {1, 0, -1, 0};
constexpr int kDy[] = {0, 1, 0, -1};
const std::vector<std::vector<std::string>> kDirectionWords = {
    {"right", "r", "derecha"}, {"down", "d", "abajo"}, {"left", "l", "izquierda"}, {"up", "u", "arriba"}};
enum Answer { kWater, kHit, kSunk };
const std::vector<std::vector<std::string>> kAnswerWords = {
    {"water", "agua"}, {"hit", "tocado"}, {"sunk", "hundido"}};
constexpr int kFree = -1;
constexpr int kScratch = 1000;  // a ship placed while looking for room

int word_index(const std::vector<std::vector<std::string>>& table, const std::string& word) {
  for (std::size_t i = 0; i < table.size(); ++i)
    for (const auto& spelling : table[i])
      if (spelling == lower(word)) return static_cast<int>(i);
  return -1;
}

// The cells of a ship, or nothing when it leaves the board.
std::optional<std::vector<int>> cells_of(const Rules& rules, int col, int row, int dir, int length) {
  std::vector<int> cells;
  for (int k = 0; k < length; ++k) {
    const int c = col + kDx[dir] * k;
    const int r = row + kDy[dir] * k;
    if (c < 0 || r < 0 || c >= rules.width || r >= rules.height) return std::nullopt;
    cells.push_back(r * rules.width + c);
  }
  return cells;
}

// No cell of the ship on or next to (corners included) another ship.
bool fits(const Rules& rules, const std::vector<int>& owner, const std::vector<int>& cells) {
  for (const int cell : cells)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int c = cell % rules.width + dx;
        const int r = cell / rules.width + dy;
        if (c >= 0 && r >= 0 && c < rules.width && r < rules.height && owner[r * rules.width + c] != kFree)
          return false;
      }
  return true;
}

// Whether `lengths` (longest first) can all still be placed. Equal ships
// are placed in increasing order, so each set of places is tried once.
bool room_for(const Rules& rules, std::vector<int>& owner, const std::vector<int>& lengths, std::size_t k = 0,
              int from = 0) {
  if (k == lengths.size()) return true;
  const int start = k > 0 && lengths[k - 1] == lengths[k] ? from : 0;
  for (int place = start; place < rules.width * rules.height * 2; ++place) {
    if (lengths[k] == 1 && place % 2 == 1) continue;
    const int cell = place / 2;
    const auto cells = cells_of(rules, cell % rules.width, cell / rules.width, place % 2, lengths[k]);
    if (!cells || !fits(rules, owner, *cells)) continue;
    for (const int c : *cells) owner[c] = kScratch;
    const bool found = room_for(rules, owner, lengths, k + 1, place + 1);
    for (const int c : *cells) owner[c] = kFree;
    if (found) return true;
  }
  return false;
}

struct Fleet {
  std::vector<int> owner;  // ship index per cell, or kFree
  std::vector<std::vector<int>> ships;
  std::vector<int> hits;
  int afloat = 0;
};

struct ParsedMove {
  int col = 0;
  int row = 0;
  int direction = -1;
  int answer = -1;
};

// A cell is a letter and a row number. The docs leave forms such as A0,
// A01 or A100 open, so the generator never writes them.
std::optional<ParsedMove> parse_move(const std::string& move) {
  std::vector<std::string> words;
  std::size_t at = 0;
  while ((at = move.find_first_not_of(" \t", at)) != std::string::npos) {
    const std::size_t end = std::min(move.find_first_of(" \t", at), move.size());
    words.push_back(move.substr(at, end - at));
    at = end;
  }
  if (words.empty() || words.size() > 2) return std::nullopt;
  const std::string& cell = words[0];
  if (cell.size() < 2 || cell.size() > 4 || !std::isalpha(static_cast<unsigned char>(cell[0])) ||
      !std::all_of(cell.begin() + 1, cell.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  ParsedMove parsed{std::toupper(static_cast<unsigned char>(cell[0])) - 'A', std::stoi(cell.substr(1)) - 1};
  if (words.size() == 2) {
    parsed.direction = word_index(kDirectionWords, words[1]);
    parsed.answer = word_index(kAnswerWords, words[1]);
    if (parsed.direction < 0 && parsed.answer < 0) return std::nullopt;
  }
  return parsed;
}

// The game as gamerec-games(7) tells it: placements, then shots.
class Battle {
 public:
  explicit Battle(Rules rules) : rules_(std::move(rules)), count_(static_cast<int>(rules_.ships.size())) {
    for (auto& fleet : fleets_) fleet.owner.assign(rules_.width * rules_.height, kFree);
    for (auto& shots : shot_) shots.assign(rules_.width * rules_.height, false);
    shooter_ = rules_.first;
  }

  const Rules& rules() const { return rules_; }
  bool placing() const { return placed_ < 2 * count_; }
  bool over() const { return winner_ >= 0; }
  int winner() const { return winner_; }
  int to_move() const { return placing() ? placed_ / count_ : shooter_; }
  int ship_length() const { return rules_.ships[placed_ % count_]; }
  const Fleet& fleet(int player) const { return fleets_[player]; }
  bool has_shot(int player, int cell) const { return shot_[player][cell]; }
  const std::array<int, 2>& shots() const { return shots_fired_; }

  // Whether the next ship may start at (col, row); direction -1 is none.
  bool can_place(int col, int row, int direction) const {
    const int length = ship_length();
    if (direction < 0 && length > 1) return false;
    const auto cells = cells_of(rules_, col, row, std::max(direction, 0), length);
    std::vector<int> owner = fleets_[to_move()].owner;
    if (!cells || !fits(rules_, owner, *cells)) return false;
    for (const int c : *cells) owner[c] = kScratch;
    std::vector<int> rest(rules_.ships.begin() + placed_ % count_ + 1, rules_.ships.end());
    std::sort(rest.rbegin(), rest.rend());
    return room_for(rules_, owner, rest);
  }

  // What a shot at `cell` by the player to move finds.
  int answer_at(int cell) const {
    const Fleet& target = fleets_[1 - shooter_];
    const int ship = target.owner[cell];
    if (ship == kFree) return kWater;
    return target.hits[ship] + 1 == static_cast<int>(target.ships[ship].size()) ? kSunk : kHit;
  }

  // Plays one move; the error code, or "" when it is accepted. The order
  // of the checks is the documented precedence: notation, off-board,
  // game-over, and only then the wrong kind of move for the phase (also
  // notation), since which kind is wanted depends on the position.
  std::string play(const std::string& move) {
    const auto parsed = parse_move(move);
    if (!parsed) return "notation";
    if (parsed->col >= rules_.width || parsed->row < 0 || parsed->row >= rules_.height) return "off-board";
    if (over()) return "game-over";
    if ((parsed->direction >= 0 && !placing()) || (parsed->answer >= 0 && placing())) return "notation";
    const int cell = parsed->row * rules_.width + parsed->col;
    if (placing()) {
      if (!can_place(parsed->col, parsed->row, parsed->direction)) return "ship-placement";
      Fleet& fleet = fleets_[to_move()];
      const auto cells =
          *cells_of(rules_, parsed->col, parsed->row, std::max(parsed->direction, 0), ship_length());
      for (const int c : cells) fleet.owner[c] = static_cast<int>(fleet.ships.size());
      fleet.ships.push_back(cells);
      fleet.hits.push_back(0);
      ++fleet.afloat;
      ++placed_;
      return "";
    }
    if (shot_[shooter_][cell]) return "repeated-shot";
    const int found = answer_at(cell);
    if (parsed->answer >= 0 && parsed->answer != found) return "response-mismatch";
    Fleet& target = fleets_[1 - shooter_];
    shot_[shooter_][cell] = true;
    ++shots_fired_[shooter_];
    if (found != kWater) ++target.hits[target.owner[cell]];
    if (found == kSunk && --target.afloat == 0) winner_ = shooter_;
    if (found == kWater || !rules_.extra_shot) shooter_ = 1 - shooter_;
    return "";
  }

 private:
  Rules rules_;
  int count_;
  int placed_ = 0;
  int shooter_;
  int winner_ = -1;
  std::array<Fleet, 2> fleets_;
  std::array<std::vector<bool>, 2> shot_;
  std::array<int, 2> shots_fired_ = {0, 0};
};

struct Verdict : Progress {
  bool finished = false;
  int to_move = 0;
  int winner = -1;
  std::array<int, 2> score = {0, 0};
};

// The record as gamerec-record(5) reads it: BOM, header, blank and comment
// lines, trailing comments, Q.
Verdict judge(const Rules& rules, std::string_view text) {
  const auto lines = record_lines(text);
  Battle game(rules);
  Verdict verdict;
  for (std::size_t i = body_start(lines); i < lines.size(); ++i) {
    const auto move = move_of(lines[i]);
    if (!move) continue;
    if (move->text == "Q") break;
    const std::string code = game.play(move->text);
    if (!code.empty()) {
      verdict.fail(static_cast<int>(i) + 1, move->column, code, move->text);
      break;
    }
    ++verdict.moves;
  }
  verdict.finished = game.over();
  verdict.to_move = game.to_move();
  verdict.winner = game.winner();
  verdict.score = game.shots();
  return verdict;
}

// ---- The generator of records --------------------------------------------

// Any case: as written, upper, capitalised or mixed letter by letter.
std::string any_case(Rng& rng, std::string word) {
  const int style = pick(rng, 0, 3);
  for (std::size_t i = 0; i < word.size(); ++i) {
    const bool up = style == 1 || (style == 2 && i == 0) || (style == 3 && chance(rng, 0.5));
    if (up) word[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(word[i])));
  }
  return word;
}

std::string cell_text(Rng& rng, int col, int row) {
  return any_case(rng, std::string(1, static_cast<char>('a' + col))) + std::to_string(row + 1);
}

std::string separator(Rng& rng) { return chance(rng, 0.05) ? "  " : " "; }

std::string placement_text(Rng& rng, int col, int row, int direction, int length) {
  std::string text = cell_text(rng, col, row);
  if (length > 1 || chance(rng, 0.5))
    text += separator(rng) + any_case(rng, pick_of(rng, kDirectionWords[direction]));
  return text;
}

std::string shot_text(Rng& rng, int cell, const Rules& rules, int answer) {
  std::string text = cell_text(rng, cell % rules.width, cell / rules.width);
  if (answer >= 0) text += separator(rng) + any_case(rng, pick_of(rng, kAnswerWords[answer]));
  return text;
}

struct Place {
  int col, row, direction;
};

// Every start and direction for the next ship whose cells pass `keep`
// (nothing when they leave the board).
template <typename Keep>
std::vector<Place> places(const Battle& game, Keep keep) {
  const Rules& rules = game.rules();
  std::vector<Place> found;
  for (int row = 0; row < rules.height; ++row)
    for (int col = 0; col < rules.width; ++col)
      for (int dir = 0; dir < 4; ++dir)
        if (keep(Place{col, row, dir}, cells_of(rules, col, row, dir, game.ship_length())))
          found.push_back({col, row, dir});
  return found;
}

std::string random_move(Rng& rng, const Battle& game) {
  const Rules& rules = game.rules();
  if (game.placing()) {
    for (int tries = 0; tries < 200; ++tries) {
      const Place p{pick(rng, 0, rules.width - 1), pick(rng, 0, rules.height - 1), pick(rng, 0, 3)};
      if (game.can_place(p.col, p.row, p.direction))
        return placement_text(rng, p.col, p.row, p.direction, game.ship_length());
    }
    const auto legal =
        places(game, [&](Place p, const auto&) { return game.can_place(p.col, p.row, p.direction); });
    REQUIRE(!legal.empty());
    const Place p = pick_of(rng, legal);
    return placement_text(rng, p.col, p.row, p.direction, game.ship_length());
  }
  // Aim at the enemy fleet now and then, so that games end.
  const Fleet& enemy = game.fleet(1 - game.to_move());
  std::vector<int> open, aimed;
  for (int cell = 0; cell < rules.width * rules.height; ++cell)
    if (!game.has_shot(game.to_move(), cell)) (enemy.owner[cell] == kFree ? open : aimed).push_back(cell);
  const int cell =
      aimed.empty() || (chance(rng, 0.6) && !open.empty()) ? pick_of(rng, open) : pick_of(rng, aimed);
  return shot_text(rng, cell, rules, chance(rng, 0.5) ? game.answer_at(cell) : -1);
}

const std::vector<std::string> kBadNotation = {
    "A1 sideways", "A1 right now", "1A",    "hello", "A1-B2",  "A",       "A1#x",
    "q",           "B2 hit sunk",  "right", "A 1",   "A1 D E", "C3 norte"};

// One line with a fault, for the position `game` is in; `kind` says which.
std::string fault_text(Rng& rng, const Battle& game, std::string& kind) {
  const Rules& rules = game.rules();
  const int size = rules.width * rules.height;
  const int me = game.to_move();
  const auto off_board_cell = [&] {
    const bool by_col = rules.height == 26 || (rules.width < 26 && chance(rng, 0.5));
    return std::string(1, static_cast<char>(
                              'A' + (by_col ? pick(rng, rules.width, 25) : pick(rng, 0, rules.width - 1)))) +
           std::to_string(by_col ? pick(rng, 1, rules.height) : pick(rng, rules.height + 1, 26));
  };
  const int roll = pick(rng, 0, 9);
  if (roll == 0) return kind = "notation", pick_of(rng, kBadNotation);
  if (roll == 1 && (rules.width < 26 || rules.height < 26)) {
    // With a direction, an answer or neither: off-board even when the word
    // is the wrong one for the phase.
    const int word = pick(rng, -1, 1);
    kind = word < 0 ? "off-board cell" : word == 0 ? "off-board cell, direction" : "off-board cell, answer";
    return off_board_cell() + (word < 0    ? ""
                               : word == 0 ? " " + pick_of(rng, kDirectionWords[pick(rng, 0, 3)])
                                           : " " + pick_of(rng, kAnswerWords[pick(rng, 0, 2)]));
  }
  if (game.placing()) {
    const Fleet& mine = game.fleet(me);
    const int length = game.ship_length();
    const auto touches = [&](const std::vector<int>& cells, bool diagonal) {
      for (const int cell : cells)
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            const int c = cell % rules.width + dx, r = cell / rules.width + dy;
            if ((dx != 0 && dy != 0) == diagonal && (dx != 0 || dy != 0) && c >= 0 && r >= 0 &&
                c < rules.width && r < rules.height && mine.owner[r * rules.width + c] != kFree)
              return true;
          }
      return false;
    };
    const auto overlaps = [&](const std::vector<int>& cells) {
      return std::any_of(cells.begin(), cells.end(), [&](int c) { return mine.owner[c] != kFree; });
    };
    const std::vector<std::pair<std::string, std::function<bool(const std::vector<int>&)>>> kinds = {
        {"ship off the board", nullptr},
        {"overlap", overlaps},
        {"touch at a side", [&](const auto& cells) { return !overlaps(cells) && touches(cells, false); }},
        {"touch at a corner",
         [&](const auto& cells) {
           return !overlaps(cells) && !touches(cells, false) && touches(cells, true);
         }},
        {"no room", [&](const auto& cells) { return fits(rules, mine.owner, cells); }}};
    if (roll == 2 && length > 1) {
      const int cell = pick(rng, 0, size - 1);
      return kind = "no direction", cell_text(rng, cell % rules.width, cell / rules.width);
    }
    if (roll == 3)
      return kind = "answer while placing", shot_text(rng, pick(rng, 0, size - 1), rules, pick(rng, 0, 2));
    // From a random kind on, the first that this position allows.
    const int first_kind = chance(rng, 0.3) ? 4 : pick(rng, 0, 4);  // "no room" is rare: favour it
    for (int k = 0; k < 5; ++k) {
      const auto& [name, test] = kinds[(first_kind + k) % 5];
      const auto found = places(game, [&](Place p, const std::optional<std::vector<int>>& cells) {
        if (!cells) return test == nullptr;
        return test != nullptr && test(*cells) &&
               (name != "no room" || !game.can_place(p.col, p.row, p.direction));
      });
      if (found.empty()) continue;
      const Place p = pick_of(rng, found);
      return kind = name, placement_text(rng, p.col, p.row, p.direction, length);
    }
    return kind = "notation", pick_of(rng, kBadNotation);
  }
  std::vector<int> shot, open;
  for (int cell = 0; cell < size; ++cell) (game.has_shot(me, cell) ? shot : open).push_back(cell);
  if (game.over() && chance(rng, 0.25))
    return kind = "placement after the end",
           placement_text(rng, pick(rng, 0, rules.width - 1), pick(rng, 0, rules.height - 1), pick(rng, 0, 3),
                          2);
  if (game.over())
    return kind = "after the end", shot_text(rng, pick(rng, 0, size - 1), rules, pick(rng, -1, 2));
  if (roll <= 4 && !shot.empty())
    return kind = "repeated shot", shot_text(rng, pick_of(rng, shot), rules, pick(rng, -1, 2));
  if (roll <= 7 && !open.empty()) {
    const int cell = pick_of(rng, open);
    return kind = "wrong answer", shot_text(rng, cell, rules, (game.answer_at(cell) + pick(rng, 1, 2)) % 3);
  }
  return kind = "direction while shooting",
         cell_text(rng, pick(rng, 0, rules.width - 1), pick(rng, 0, rules.height - 1)) + " " +
             pick_of(rng, kDirectionWords[pick(rng, 0, 3)]);
}

struct Variant {
  Rules rules;
  std::string header;  // "" for none
};

const std::vector<Variant>& variants() {
  static const std::vector<Variant> kVariants = {
      {{}, ""},
      {{}, "---\ngame: battleship\nplayers: {player1: Ana, player2: Luis}\n---\n"},
      {{7, 7, {3, 2, 2, 1}}, "---\nvariant: {width: 7, height: 7, ships: [3, 2, 2, 1]}\n---\n"},
      {{12, 8, {4, 3, 2, 2, 1, 1}},
       "---\ngame: battleship\nvariant:\n  width: 12\n  height: 8\n  ships: \"4,3,2,2,1,1\"\n---\n"},
      {{10, 10, Rules{}.ships, 0, false}, "---\nvariant: {extra_shot_on_hit: false}\n---\n"},
      {{10, 10, Rules{}.ships, 1, true}, "---\ngame: battleship\nvariant: {first: 2}\n---\n"},
      {{6, 6, {3, 2, 1, 1}, 1, false},
       "---\nvariant: {width: 6, height: 6, ships: [3, 2, 1, 1], first: 2, extra_shot_on_hit: false}\n---\n"},
      {{3, 3, {1, 1}}, "---\nvariant: {width: 3, height: 3, ships: [1, 1]}\n---\n"},
      {{5, 4, {2, 2, 1}}, "---\nvariant: {width: 5, height: 4, ships: [2, 2, 1]}\n---\n"},
      {{26, 26, {5, 4, 1}}, "---\nvariant: {width: 26, height: 26, ships: [5, 4, 1]}\n---\n"},
      {{1, 1, {1}}, "---\nvariant: {width: 1, height: 1, ships: [1]}\n---\n"},
      {{10, 10, {4, 4, 4, 4, 4, 4}}, "---\nvariant: {ships: [4, 4, 4, 4, 4, 4]}\n---\n"},
      {{5, 5, {3, 3, 1}}, "---\nvariant: {width: 5, height: 5, ships: [3, 3, 1]}\n---\n"},
      {{4, 4, {2, 1, 1}, 0, false},
       "---\nvariant:\n  width: 4\n  height: 4\n  ships: 2,1,1\n  extra_shot_on_hit: no\n---\n"},
  };
  return kVariants;
}

struct Record {
  Rules rules;
  std::string text;
  std::string fault;  // what was corrupted, "" for none
};

Record make_record(Rng& rng, bool corrupt) {
  const Variant& variant = chance(rng, 0.3) ? variants()[0] : pick_of(rng, variants());
  const int fleet_moves = 2 * static_cast<int>(variant.rules.ships.size());
  // Where the legal game stops: in the placements, mid-game or at its end.
  const int stop = chance(rng, 0.15)   ? pick(rng, 0, fleet_moves)
                   : chance(rng, 0.25) ? fleet_moves + pick(rng, 0, 40)
                                       : 1 << 30;
  std::vector<std::string> moves;
  Battle game(variant.rules);
  while (!game.over() && static_cast<int>(moves.size()) < stop) {
    moves.push_back(random_move(rng, game));
    REQUIRE(game.play(moves.back()).empty());
  }
  Record record{variant.rules, "", ""};
  if (corrupt) {
    // Often inside the placements, sometimes after the end.
    const int count = static_cast<int>(moves.size());
    const int at = game.over() && chance(rng, 0.15) ? count
                   : chance(rng, 0.35)              ? pick(rng, 0, std::min(count, fleet_moves - 1))
                                                    : pick(rng, 0, count);
    Battle before(variant.rules);
    for (int i = 0; i < at; ++i) before.play(moves[i]);
    put_fault(rng, moves, at, fault_text(rng, before, record.fault));
  }
  if (chance(rng, 0.04)) moves.insert(moves.begin() + pick(rng, 0, static_cast<int>(moves.size())), "Q");
  std::vector<std::string> lines;
  dress(rng, moves,
        {.comment_lines = {"# a comment", "  #x", "#"}, .comments = {" # hm", "\t#", "   # A1 hit"}}, lines);
  record.text = join_record(rng, variant.header, lines, 0.1, 0.03);
  return record;
}

std::string player(int index) { return index == 0 ? "\"player1\"" : "\"player2\""; }

std::string describe(const Verdict& v) {
  return v.describe() + (v.finished
                             ? ", finished, winner " + player(v.winner) + ", score " + Json(v.score).dump()
                             : ", in progress, to move " + player(v.to_move));
}

}  // namespace

TEST_CASE("battleship xcheck: validate agrees with a reference of the documented rules", "[cli][xcheck]") {
  constexpr int kRecords = 1000;
  const auto started = std::chrono::steady_clock::now();
  for (const auto& variant : variants()) {  // an impossible fleet would be a usage error
    std::vector<int> owner(variant.rules.width * variant.rules.height, kFree);
    std::vector<int> ships = variant.rules.ships;
    std::sort(ships.rbegin(), ships.rend());
    REQUIRE(room_for(variant.rules, owner, ships));
  }
  Rng rng(20261130);
  gamerec::test::TempDir dir("xcheck");
  std::vector<Record> records;
  std::vector<std::string> paths;
  for (int i = 0; i < kRecords; ++i) {
    records.push_back(make_record(rng, i % 8 >= 3));
    paths.push_back(dir.path() + "/r" + std::to_string(i) + ".battleship");
    write_file(paths.back(), records.back().text);
  }
  const Validation run = validate_all(dir.path(), paths);

  std::map<std::string, int> tally;  // expected verdicts, for the summary
  int valid = 0;
  int mismatched = 0;
  for (const auto& got : run.results) {
    const std::string file = got.value("file", "");
    const Record& record = records[run.index_of(file)];
    const Verdict want = judge(record.rules, record.text);
    valid += want.valid;
    ++tally[want.valid ? "valid" : want.code];
    INFO("file " << file << " (fault: " << (record.fault.empty() ? "none" : record.fault) << ")\n"
                 << record.text << "\n--- reference: " << describe(want)
                 << "\n--- gamerec:   " << got.dump());
    const Json error = got.value("error", Json());
    const std::string message = error.is_object() ? error.value("message", "") : "";
    const bool done = want.finished;
    // Each field as gamerec printed it and as the reference expects it.
    Fields fields = {
        {"keys in order", keys_of(got),
         std::string("file,game,valid,moves,error,status,to_move,result") + (done ? ",end,score" : "")},
        {"game", field(got, "game"), "\"battleship\""},
        {"valid", field(got, "valid"), want.valid ? "true" : "false"},
        {"moves", field(got, "moves"), std::to_string(want.moves)},
        {"error", want.valid ? field(got, "error") : "(object)", want.valid ? "null" : "(object)"},
        {"error.message starts with the move", message.substr(0, want.move.size() + 2),
         want.valid ? "" : want.move + ": "},
        {"status", field(got, "status"), done ? "\"finished\"" : "\"in-progress\""},
        {"to_move", field(got, "to_move"), done ? "null" : player(want.to_move)},
        {"result", field(got, "result"), done ? player(want.winner) : "null"},
        {"end", field(got, "end"), done ? "\"fleet-sunk\"" : "(absent)"},
        {"score", field(got, "score"), done ? Json(want.score).dump() : "(absent)"}};
    const Fields error_rows =
        error_fields(error, {want.valid, want.line, want.column, want.code, Json(want.move).dump()});
    fields.insert(fields.end(), error_rows.begin(), error_rows.end());
    if (!check_fields(fields) && ++mismatched >= 10) FAIL("10 records disagree; stopping here");
  }

  const int invalid = kRecords - valid;
  CHECK(run.status == (invalid > 0 ? 1 : 0));
  CHECK(run.err.find(summary_line(kRecords, valid, invalid)) != std::string::npos);
  std::cout << "battleship xcheck: " << kRecords << " records in " << seconds_since(started) << " s:";
  for (const auto& [verdict, count] : tally) std::cout << " " << verdict << " " << count;
  std::cout << "\n";
}
