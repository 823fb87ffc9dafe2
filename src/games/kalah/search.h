#pragma once
// Kalah search: the board as the searches see it, an endgame table, and one
// alpha-beta search with a transposition table that serves level 6 (fixed
// depth), level 7 (iterative deepening against the clock) and the exact
// solver (MTD(f) to the game's end).
//
// Values are margins still to come: what the side to move will add to its
// store minus what the other side will add to theirs, from here to the end.
// The seeds already in the stores do not matter to the rest of the game, so
// positions are the pits alone, seen from the side to move; the margin of a
// position with n seeds on the board lies in [-n, n] and has n's parity.
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "games/kalah/kalah.h"

namespace gamerec::kalah {

inline constexpr int kLevelSixDepth = 8;
inline constexpr std::int64_t kLevelSevenMovetimeMs = 1000;

// The pits from the side to move's point of view: [0, p) its pits 1..p,
// [p, 2p) the opponent's pits 1..p.
using Board = std::array<std::uint8_t, 2 * kMaxPits>;

struct SearchRules {
  int pits = 6;
  bool capture_needs_opposite_seeds = true;
};

// What one sowing did on a Board.
struct Step {
  int margin = 0;      // seeds to the mover's store minus seeds to the other's
  int stored = 0;      // seeds that left the board
  bool again = false;  // the mover moves again (the board is still its view)
  bool over = false;   // the game ended (the board is empty)
};

// Plays pit index `pit` (0-based) of the side to move. Afterwards the board
// is seen from the side that moves next.
Step play(Board& board, int pit, const SearchRules& rules);
int seeds_on(const Board& board, const SearchRules& rules);
// The board and the store margin (mover's store minus the other's) of a
// position, seen from its side to move.
Board board_of(const KalahState& state, int& store_margin);

// Every position with at most `max_seeds` seeds on the board, solved.
class EndgameTable {
 public:
  EndgameTable(const SearchRules& rules, int max_seeds);
  int max_seeds() const { return max_seeds_; }
  // The exact margin of a position with at most max_seeds() seeds.
  int value(const Board& board, int seeds) const { return values_[index(board, seeds)]; }
  std::size_t size() const { return values_.size(); }

 private:
  std::size_t index(const Board& board, int seeds) const;
  int compute(const Board& board, int seeds, std::size_t at);

  SearchRules rules_;
  int max_seeds_;
  int squares_;  // 2 * pits
  // below_[k][r][c]: how many ways to fill k pits with r seeds come before
  // those whose first pit holds c (the combinatorial number system).
  std::vector<std::uint64_t> below_;
  std::vector<std::uint64_t> level_start_;
  std::vector<std::int8_t> values_;
};

// How a depth-limited search sees its horizon. The defaults are level 6's
// plain search: every sowing is a ply and a horizon is worth 0 (the store
// difference as it stands).
struct Horizon {
  // An extra move costs no depth: the depth counts turns, not sowings.
  bool free_extra_moves = false;
  // At the horizon, a quiescence search of the sowings that gain at once
  // (an extra move or a capture), each side free to stop at 0, up to this
  // many sowings deep (0: none).
  int quiescence = 0;
};

// The search. Not thread-safe; one per player or solve.
class Search {
 public:
  static constexpr int kExact = 255;  // a depth that never reaches a horizon

  // A table of 2^table_bits entries (32 bytes each); an endgame table up
  // to `table_seeds` (0: none).
  Search(const SearchRules& rules, int table_bits, int table_seeds, Horizon horizon = {});
  // The same with an endgame table already built (shared between searches).
  Search(const SearchRules& rules, int table_bits, std::shared_ptr<const EndgameTable> endgame, Horizon horizon);

  struct Result {
    int value = 0;  // the margin to come, for the side to move
    int best = -1;  // pit index
    bool exact = false;  // no horizon was reached: value is the true margin
    bool aborted = false;
  };
  // Alpha-beta `depth` plies deep (kExact: to the end), full window.
  Result search_depth(const Board& board, int depth);
  // The exact margin by MTD(f) from a first guess.
  Result solve(const Board& board, int guess);
  // One of MTD(f)'s null-window tests to the end of the game: a value of at
  // least `beta` is a lower bound of the margin, a smaller one an upper
  // bound (aborted past the deadline).
  Result test(const Board& board, int beta);
  // Stops a search once the clock passes `deadline` (Result::aborted).
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) { deadline_ = deadline; }

  std::uint64_t nodes() const { return nodes_; }
  int tests() const { return tests_; }  // MTD(f)'s null-window tests so far

 private:
  struct Entry {
    std::uint64_t key0 = 0;
    std::uint64_t key1 = 0;
    std::int8_t lower = 0;
    std::int8_t upper = 0;
    std::uint8_t depth = 0;  // 0: empty slot
    std::int8_t best = -1;
    std::uint32_t work = 0;  // nodes below it, to keep the costly entries
  };

  Result root(const Board& board, int alpha, int beta, int depth);
  int alpha_beta(const Board& board, int seeds, int alpha, int beta, int depth, bool& exact);
  int move_value(const Board& board, int seeds, int pit, int alpha, int beta, int depth, bool& exact);
  int child_value(const Board& child, const Step& step, int seeds, int alpha, int beta, int depth, bool& exact);
  int quiesce(const Board& board, int seeds, int alpha, int beta, int left);
  int order_moves(const Board& board, int hint, std::array<int, kMaxPits>& order) const;
  std::size_t slot_of(std::uint64_t key0, std::uint64_t key1) const;
  const Entry* probe(std::uint64_t key0, std::uint64_t key1, std::size_t slot) const;
  void store(std::uint64_t key0, std::uint64_t key1, std::size_t slot, int lower, int upper, int depth,
             int best, std::uint64_t work);
  bool out_of_time();

  SearchRules rules_;
  // Two ways per bucket, in one cache line: a probe costs one miss.
  struct alignas(64) Bucket {
    Entry ways[2];
  };
  std::vector<Bucket> table_;
  std::size_t mask_;
  std::shared_ptr<const EndgameTable> endgame_;
  Horizon horizon_;
  std::uint64_t nodes_ = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  bool aborted_ = false;
  int root_hint_ = -1;
  int etc_seeds_ = 0;
  int tt_seeds_ = 0;
  int tests_ = 0;
};

// The exact solver behind `gamerec solve kalah`.
std::unique_ptr<Solver> make_solver();
// The seeds of the solver's endgame table for `total` seeds on the board.
int table_seeds_for(const SearchRules& rules, int total);
// MTD(f)'s first guess: depth-limited searches, deeper and deeper.
int first_guess(Search& search, const Board& board);

}  // namespace gamerec::kalah
