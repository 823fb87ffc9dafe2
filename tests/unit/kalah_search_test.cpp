// Kalah's move tree and exact values, checked against a reference written
// here from gamerec-games(7), KALAH, alone: a 14-hole board sown one seed at a time, and a
// plain minimax over it with no table, no pruning and no endgame database.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "games/kalah/kalah.h"
#include "games/kalah/search.h"
#include "rules/typed.h"
#include "test_support.h"

using namespace gamerec;
using kalah::KalahState;

namespace {

// Holes 0-5 South's pits 1-6, 6 South's store, 7-12 North's pits 1-6, 13
// North's store; sowing goes up the indices.
struct Naive {
  std::array<int, 14> holes{};
  int mover = 0;
  bool over = false;
  bool needs_opposite = true;

  int store(int side) const { return side == 0 ? 6 : 13; }
  int first(int side) const { return side == 0 ? 0 : 7; }
  void play(int pit) {  // pit 1..6
    int hole = first(mover) + pit - 1;
    int seeds = holes[static_cast<std::size_t>(hole)];
    holes[static_cast<std::size_t>(hole)] = 0;
    while (seeds > 0) {
      hole = (hole + 1) % 14;
      if (hole == store(1 - mover)) continue;
      ++holes[static_cast<std::size_t>(hole)];
      --seeds;
    }
    const bool own_pit = hole >= first(mover) && hole < first(mover) + 6;
    if (own_pit && holes[static_cast<std::size_t>(hole)] == 1) {
      const int opposite = 12 - hole;
      if (holes[static_cast<std::size_t>(opposite)] > 0 || !needs_opposite) {
        holes[static_cast<std::size_t>(store(mover))] += 1 + holes[static_cast<std::size_t>(opposite)];
        holes[static_cast<std::size_t>(hole)] = 0;
        holes[static_cast<std::size_t>(opposite)] = 0;
      }
    }
    const bool again = hole == store(mover);
    int left[2] = {0, 0};
    for (int side = 0; side < 2; ++side)
      for (int i = 0; i < 6; ++i) left[side] += holes[static_cast<std::size_t>(first(side) + i)];
    if (left[0] == 0 || left[1] == 0) {
      for (int side = 0; side < 2; ++side) {
        holes[static_cast<std::size_t>(store(side))] += left[side];
        for (int i = 0; i < 6; ++i) holes[static_cast<std::size_t>(first(side) + i)] = 0;
      }
      over = true;
      return;
    }
    if (!again) mover = 1 - mover;
  }
  bool can_play(int pit) const { return holes[static_cast<std::size_t>(first(mover) + pit - 1)] > 0; }
};

std::uint64_t naive_perft(const Naive& position, int depth) {
  if (depth == 0 || position.over) return 1;  // a game's end is a leaf
  std::uint64_t nodes = 0;
  for (int pit = 1; pit <= 6; ++pit) {
    if (!position.can_play(pit)) continue;
    Naive child = position;
    child.play(pit);
    nodes += naive_perft(child, depth - 1);
  }
  return nodes;
}

// The final store difference for the side to move, by plain minimax
// (memoised, so that positions of a dozen seeds stay quick).
int naive_value(const Naive& position, std::map<std::pair<std::array<int, 14>, int>, int>& memo) {
  const auto key = std::make_pair(position.holes, position.mover);
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  int best = -1000;
  for (int pit = 1; pit <= 6; ++pit) {
    if (!position.can_play(pit)) continue;
    Naive child = position;
    child.play(pit);
    int value = 0;
    if (child.over) {
      const int south = child.holes[6] - child.holes[13];
      value = position.mover == 0 ? south : -south;
    } else {
      value = naive_value(child, memo);
      if (child.mover != position.mover) value = -value;
    }
    best = std::max(best, value);
  }
  memo[key] = best;
  return best;
}

int naive_value(const Naive& position) {
  std::map<std::pair<std::array<int, 14>, int>, int> memo;
  return naive_value(position, memo);
}

Naive naive_of(const KalahState& state, bool needs_opposite) {
  Naive naive;
  naive.needs_opposite = needs_opposite;
  for (int pit = 1; pit <= 6; ++pit) {
    naive.holes[static_cast<std::size_t>(pit - 1)] = state.seeds_in(kalah::kSouth, pit);
    naive.holes[static_cast<std::size_t>(pit + 6)] = state.seeds_in(kalah::kNorth, pit);
  }
  naive.holes[6] = state.row(kalah::kSouth).store;
  naive.holes[13] = state.row(kalah::kNorth).store;
  naive.mover = state.to_move();
  return naive;
}

// A position with `seeds` seeds spread at random, both rows non-empty.
KalahState random_position(std::mt19937_64& random, int seeds, bool needs_opposite) {
  kalah::Rules rules;
  rules.capture_needs_opposite_seeds = needs_opposite;
  while (true) {
    kalah::Row south;
    kalah::Row north;
    for (int i = 0; i < seeds; ++i) {
      const auto hole = random() % 12;
      auto& row = hole < 6 ? south : north;
      ++row.pits[hole % 6];
    }
    south.store = static_cast<int>(random() % 5);
    north.store = static_cast<int>(random() % 5);
    KalahState state(rules, south, north, static_cast<Side>(random() % 2));
    if (!state.is_over()) return state;
  }
}

}  // namespace

TEST_CASE("kalah perft: counts match a reference board sown one seed at a time") {
  for (const char* seeds : {"4", "3"}) {
    for (bool needs_opposite : {true, false}) {
      const auto game = gamerec::test::make(
          "kalah", {{"seeds", seeds}, {"capture_needs_opposite_seeds", needs_opposite ? "true" : "false"}});
      const auto start = game->new_state();
      const Naive naive = naive_of(gamerec::downcast<KalahState>(*start), needs_opposite);
      for (int depth = 1; depth <= 7; ++depth) {
        INFO("seeds " << seeds << " depth " << depth << " capture_needs_opposite_seeds " << needs_opposite);
        CHECK(perft(*start, depth) == naive_perft(naive, depth));
      }
    }
  }
}

TEST_CASE("kalah perft: a move that ends the game is a leaf, whatever the depth") {
  // South's only seed goes to its store and ends the game: one leaf at
  // every depth, and none below it.
  kalah::Row south;
  south.pits[5] = 1;
  kalah::Row north;
  north.pits[0] = 3;
  const KalahState state(kalah::Rules{}, south, north, kalah::kSouth);
  for (int depth = 1; depth <= 4; ++depth) CHECK(perft(state, depth) == 1);
  const auto rows = perft_divide(state, 3);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].second == 1);
}

TEST_CASE("kalah perft: counts match tests/data/perft/kalah.perft") {
  std::ifstream in(GAMEREC_SOURCE_DIR "/tests/data/perft/kalah.perft");
  REQUIRE(in);
  std::unique_ptr<Game> game;
  std::string line;
  int rows = 0;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string keyword;
    if (!(words >> keyword) || keyword[0] == '#') continue;
    if (keyword == "variant") {
      std::vector<OptionOverride> overrides;
      for (std::string pair; words >> pair;) {
        const auto equals = pair.find('=');
        overrides.push_back({pair.substr(0, equals), pair.substr(equals + 1)});
      }
      game = gamerec::test::make("kalah", overrides);
    } else if (keyword == "perft") {
      REQUIRE(game);
      int depth = 0;
      std::uint64_t nodes = 0;
      words >> depth >> nodes;
      INFO(line);
      CHECK(perft(*game->new_state(), depth) == nodes);
      ++rows;
    }
  }
  CHECK(rows > 0);
}

TEST_CASE("kalah search sowing: every move matches the reference board, full laps included") {
  // The searches' Sower on random positions, some with a pit of 13 to 40
  // seeds (one or more laps, the capture from the starting pit after one),
  // against the reference board: the seeds each side gains, whose turn it
  // is next, the end of the game, and the pits afterwards.
  for (bool needs_opposite : {true, false}) {
    const kalah::SearchRules rules{6, needs_opposite};
    const kalah::Sower sower(rules);
    std::mt19937_64 random(needs_opposite ? 31 : 32);
    int laps = 0;
    for (int trial = 0; trial < 3000; ++trial) {
      Naive naive = naive_of(random_position(random, 2 + static_cast<int>(random() % 30), needs_opposite),
                             needs_opposite);
      const int mover = naive.mover;
      const int full = static_cast<int>(random() % 6);
      if (trial % 3 == 0)
        naive.holes[static_cast<std::size_t>(naive.first(mover) + full)] =
            13 + static_cast<int>(random() % 28);
      const Naive start = naive;
      kalah::Board board{};  // the mover's pits, then the other's
      for (int i = 0; i < 6; ++i) {
        board[static_cast<std::size_t>(i)] =
            static_cast<std::uint8_t>(start.holes[static_cast<std::size_t>(start.first(mover) + i)]);
        board[static_cast<std::size_t>(i + 6)] =
            static_cast<std::uint8_t>(start.holes[static_cast<std::size_t>(start.first(1 - mover) + i)]);
      }
      for (int pit = 1; pit <= 6; ++pit) {
        if (!start.can_play(pit)) continue;
        Naive after = start;
        after.play(pit);
        kalah::Board sown = board;
        const kalah::Step step = sower.play(sown, pit - 1);
        if (board[static_cast<std::size_t>(pit - 1)] >= 13) ++laps;
        INFO("trial " << trial << " pit " << pit << " seeds "
                      << int(board[static_cast<std::size_t>(pit - 1)]));
        const int gained = (after.holes[static_cast<std::size_t>(after.store(mover))] -
                            start.holes[static_cast<std::size_t>(start.store(mover))]) -
                           (after.holes[static_cast<std::size_t>(after.store(1 - mover))] -
                            start.holes[static_cast<std::size_t>(start.store(1 - mover))]);
        CHECK(step.margin == gained);
        CHECK(step.over == after.over);
        if (after.over) continue;
        CHECK(step.again == (after.mover == mover));
        const int next = after.mover;
        for (int i = 0; i < 6; ++i) {
          CHECK(sown[static_cast<std::size_t>(i)] ==
                after.holes[static_cast<std::size_t>(after.first(next) + i)]);
          CHECK(sown[static_cast<std::size_t>(i + 6)] ==
                after.holes[static_cast<std::size_t>(after.first(1 - next) + i)]);
        }
      }
    }
    CHECK(laps > 500);
  }
}

TEST_CASE("kalah search sowing: every board size matches the rules core, full laps included") {
  // The Sower against KalahState::apply (the rules the records are checked
  // with, written without tables) on 1 to 8 pits a side: the margin, the
  // seeds that left the board, the extra move, the end, the board after.
  std::mt19937_64 random(41);
  for (int pits = 1; pits <= 8; ++pits) {
    for (bool needs_opposite : {true, false}) {
      kalah::Rules rules;
      rules.pits = pits;
      rules.capture_needs_opposite_seeds = needs_opposite;
      const kalah::SearchRules search_rules{pits, needs_opposite};
      const kalah::Sower sower(search_rules);
      const int ring = 2 * pits + 1;
      int moves = 0;
      for (int trial = 0; trial < 400; ++trial) {
        kalah::Row south;
        kalah::Row north;
        const int seeds = 2 + static_cast<int>(random() % (4 * pits));
        for (int i = 0; i < seeds; ++i) {
          const auto hole = random() % static_cast<unsigned>(2 * pits);
          ++(hole < static_cast<unsigned>(pits) ? south : north).pits[hole % static_cast<unsigned>(pits)];
        }
        if (trial % 3 == 0)
          south.pits[random() % static_cast<unsigned>(pits)] +=
              static_cast<std::uint8_t>(ring + random() % (2 * ring));
        if (trial % 5 == 0)
          north.pits[random() % static_cast<unsigned>(pits)] +=
              static_cast<std::uint8_t>(ring + random() % (2 * ring));
        const KalahState state(rules, south, north, static_cast<Side>(random() % 2));
        if (state.is_over()) continue;
        const Side mover = state.to_move();
        int margin_before = 0;
        const kalah::Board board = kalah::board_of(state, margin_before);
        for (const Move& move : state.legal_moves()) {
          KalahState after = state;
          after.apply(move);
          kalah::Board sown = board;
          const kalah::Step step = sower.play(sown, move.from - 1);
          ++moves;
          INFO("pits " << pits << " trial " << trial << " pit " << move.from);
          const int gained = (after.row(mover).store - state.row(mover).store) -
                             (after.row(1 - mover).store - state.row(1 - mover).store);
          CHECK(step.margin == gained);
          CHECK(step.over == after.is_over());
          CHECK(step.stored ==
                (after.row(0).store + after.row(1).store) - (state.row(0).store + state.row(1).store));
          if (after.is_over()) continue;
          CHECK(step.again == (after.to_move() == mover));
          int ignored = 0;
          CHECK(sown == kalah::board_of(after, ignored));
          CHECK(kalah::seeds_on(sown, search_rules) == kalah::seeds_on(board, search_rules) - step.stored);
        }
      }
      CHECK(moves > 250);
    }
  }
}

TEST_CASE("kalah search table: a pit too full for its key is never taken for another position") {
  // On 8 pits a key holds 4 bits a pit: 16 seeds in a pit would read,
  // packed without the guard, as that pit empty and one more seed in the
  // next. For random pairs of such boards, one search that has seen the
  // first must value the second as a fresh search does.
  //   first:  ... 16  s  ...      second: ...  0  s+1 ...
  const kalah::SearchRules rules{8, true};
  std::mt19937_64 random(51);
  int pairs = 0;
  for (int trial = 0; trial < 60; ++trial) {
    kalah::Board first{};
    for (int i = 0; i < 16; ++i) first[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(random() % 4);
    first[0] = static_cast<std::uint8_t>(1 + random() % 3);  // both rows hold seeds
    first[8] = static_cast<std::uint8_t>(1 + random() % 3);
    const auto full = static_cast<std::size_t>(random() % 15);
    first[full] = 16;
    kalah::Board second = first;
    second[full] = 0;
    ++second[full + 1];
    if (kalah::seeds_on(second, rules) == 0) continue;
    for (int depth : {4, 6}) {
      kalah::Search shared(rules, 14, 0);
      shared.search_depth(first, depth);
      kalah::Search fresh(rules, 14, 0);
      INFO("trial " << trial << " depth " << depth);
      CHECK(shared.search_depth(second, depth).value == fresh.search_depth(second, depth).value);
    }
    ++pairs;
  }
  CHECK(pairs > 40);
}

TEST_CASE("kalah endgame table: every position's value matches plain minimax") {
  for (bool needs_opposite : {true, false}) {
    const kalah::SearchRules rules{6, needs_opposite};
    const kalah::EndgameTable table(rules, 7);
    std::mt19937_64 random(needs_opposite ? 11 : 12);
    for (int trial = 0; trial < 300; ++trial) {
      const int seeds = 2 + static_cast<int>(random() % 6);
      const KalahState state = random_position(random, seeds, needs_opposite);
      int store_margin = 0;
      const kalah::Board board = kalah::board_of(state, store_margin);
      INFO("seeds " << seeds << " trial " << trial);
      CHECK(store_margin + table.value(board, seeds) == naive_value(naive_of(state, needs_opposite)));
    }
  }
}

TEST_CASE("kalah solver: exact values of small positions match plain minimax") {
  // The search without an endgame table and with a small one, and the
  // solver behind `gamerec solve`, on positions of up to 10 seeds.
  for (bool needs_opposite : {true, false}) {
    const kalah::SearchRules rules{6, needs_opposite};
    kalah::Search bare(rules, 16, 0);
    kalah::Search tabled(rules, 12, 5);
    std::mt19937_64 random(needs_opposite ? 21 : 22);
    for (int trial = 0; trial < 40; ++trial) {
      const int seeds = 6 + static_cast<int>(random() % 5);
      const KalahState state = random_position(random, seeds, needs_opposite);
      const int expected = naive_value(naive_of(state, needs_opposite));
      int store_margin = 0;
      const kalah::Board board = kalah::board_of(state, store_margin);
      INFO("seeds " << seeds << " trial " << trial);
      const auto exact = bare.solve(board, 0);
      CHECK(store_margin + exact.value == expected);
      CHECK(store_margin + tabled.solve(board, static_cast<int>(random() % 9) - 4).value == expected);
      // The best move keeps the value.
      REQUIRE(exact.best >= 0);
      KalahState after = state;
      after.apply(Move{exact.best + 1, -1, 0});
      const int after_value = after.is_over() ? (after.outcome().score[static_cast<std::size_t>(state.to_move())] -
                                                 after.outcome().score[static_cast<std::size_t>(1 - state.to_move())])
                                              : naive_value(naive_of(after, needs_opposite)) *
                                                    (after.to_move() == state.to_move() ? 1 : -1);
      CHECK(after_value == expected);
      // A full-depth alpha-beta agrees and says it is exact.
      const auto deep = bare.search_depth(board, kalah::Search::kExact);
      CHECK(deep.exact);
      CHECK(store_margin + deep.value == expected);
    }
  }
}

TEST_CASE("kalah solver: gamerec solve's solver gives the value for the side to move, and nodes") {
  const auto game = gamerec::test::make("kalah");
  auto solver = gamerec::test::solver(*game);
  REQUIRE(solver);
  std::mt19937_64 random(5);
  for (int trial = 0; trial < 8; ++trial) {
    const KalahState state = random_position(random, 10, true);
    const Solution solution = solver->solve(state);
    CHECK(solution.side == state.to_move());
    CHECK(solution.value == naive_value(naive_of(state, true)));
    REQUIRE(solution.best);
    CHECK_FALSE(state.check(*solution.best));
  }
  // Over: the final difference, from South's side, and no move.
  kalah::Row south;
  south.store = 30;
  kalah::Row north;
  north.store = 18;
  const KalahState over(kalah::Rules{}, south, north, kalah::kNorth);
  const Solution final = solver->solve(over);
  CHECK(final.value == 12);
  CHECK(final.side == kalah::kSouth);
  CHECK_FALSE(final.best);
  CHECK_FALSE(gamerec::test::solver(*gamerec::test::make("chaturanga")));
}

TEST_CASE("kalah search horizon: level 7's free extra moves and quiescence see past a plain horizon") {
  // The side to move's view, its store on the right:
  //        opponent  3  0  0  0  0  1
  //        mover     0  0  0  0  2  1
  // Pit 6 (1 seed) and then pit 5 (2 seeds) each end in the store; after
  // both, pit 6 again takes the mover's last seed home and ends the game,
  // the opponent sweeping its 4 seeds.
  kalah::Board board{};
  board[4] = 2;
  board[5] = 1;
  board[6] = 1;
  board[11] = 3;
  const kalah::SearchRules rules{6, true};

  // One ply, a horizon worth 0: either extra move is worth its one seed.
  kalah::Search plain(rules, 12, 0);
  const auto one_ply = plain.search_depth(board, 1);
  CHECK(one_ply.value == 1);
  CHECK_FALSE(one_ply.exact);

  // The quiescence plays on through the extra moves: pit 6, then pit 5,
  // then it stops rather than end the game 4 down.
  kalah::Search quiet(rules, 12, 0, kalah::Horizon{false, 4});
  CHECK(quiet.search_depth(board, 1).value == 2);

  // With extra moves free of depth, one ply reaches the end: pit 6, pit 5,
  // pit 6 gives 3 seeds and the sweep 4 to the opponent; pit 5 first is
  // worse (1 + 1, then 5 swept to the opponent).
  kalah::Search turns(rules, 12, 0, kalah::Horizon{true, 0});
  const auto one_turn = turns.search_depth(board, 1);
  CHECK(one_turn.value == -1);
  CHECK(one_turn.best == 5);
  CHECK(one_turn.exact);
}
