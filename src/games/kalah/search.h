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
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "games/kalah/kalah.h"
#include "rules/large_array.h"

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

// Sowing on a Board, with every sowing shorter than a lap worked out once
// per rules: a move is then two wide additions and a few tests, where
// sowing seed by seed cost a quarter of the solver's time.
class Sower {
 public:
  explicit Sower(const SearchRules& rules);
  // Plays pit index `pit` (0-based) of the side to move. Afterwards the
  // board is seen from the side that moves next. Inline, below: a call
  // that returned its Step through memory cost more than the sowing.
  Step play(Board& board, int pit) const;

 private:
  __extension__ typedef unsigned __int128 Wide;  // the 16 pits, one byte each
  enum class Last : std::uint8_t { kOwnPit, kStore, kOtherPit };
  struct Sowing {
    Wide add = 0;    // one seed in each pit it passes
    int stored = 0;  // seeds into the mover's store (0 or 1)
    int last = 0;    // the board index where the last seed lands
    Last last_in = Last::kOwnPit;
  };
  static Wide load(const Board& board);
  static void save(Wide wide, Board& board);

  SearchRules rules_;
  // 2 * pits + 1: the pits and the mover's store.
  int ring_;
  // [pit * ring_ + seeds]: every sowing shorter than a lap.
  static constexpr std::size_t kSowings = kMaxPits * (2 * kMaxPits + 1);
  std::array<Sowing, kSowings> sowings_{};
  Wide every_pit_ = 0;  // a one in each of the 2p pits (a whole lap)
  Wide own_ = 0;        // the mover's pits, all bits
  Wide other_ = 0;      // the opponent's pits, all bits
};

inline Sower::Wide Sower::load(const Board& board) {
  static_assert(sizeof(Wide) == sizeof(Board) && std::endian::native == std::endian::little,
                "board index i is byte i of the wide number");
  Wide wide;
  std::memcpy(&wide, board.data(), sizeof wide);
  return wide;
}

inline void Sower::save(Wide wide, Board& board) { std::memcpy(board.data(), &wide, sizeof wide); }

[[gnu::always_inline]] inline Step Sower::play(Board& board, int pit) const {
  const int p = rules_.pits;
  Step step;
  int seeds = board[static_cast<std::size_t>(pit)];
  Wide wide = load(board) & ~(Wide{0xff} << (8 * pit));
  if (seeds >= ring_) {
    const int laps = seeds / ring_;
    seeds -= laps * ring_;
    wide += every_pit_ * static_cast<unsigned>(laps);
    step.margin = laps;
  }
  const Sowing& sowing = sowings_[static_cast<std::size_t>(pit * ring_ + seeds)];
  wide += sowing.add;
  step.margin += sowing.stored;
  if (sowing.last_in == Last::kStore) {
    step.again = true;
  } else if (sowing.last_in == Last::kOwnPit && ((wide >> (8 * sowing.last)) & 0xff) == 1) {
    const int opposite_at = 2 * p - 1 - sowing.last;
    const int opposite = static_cast<int>((wide >> (8 * opposite_at)) & 0xff);
    if (opposite > 0 || !rules_.capture_needs_opposite_seeds) {
      step.margin += 1 + opposite;
      wide &= ~((Wide{0xff} << (8 * sowing.last)) | (Wide{0xff} << (8 * opposite_at)));
    }
  }
  step.stored = step.margin;
  if ((wide & own_) == 0 || (wide & other_) == 0) {
    save(wide, board);
    int own = 0;
    int other = 0;
    for (int i = 0; i < p; ++i) {
      own += board[static_cast<std::size_t>(i)];
      other += board[static_cast<std::size_t>(i + p)];
    }
    step.over = true;
    step.again = false;
    step.margin += own - other;
    step.stored += own + other;
    board.fill(0);
    return step;
  }
  // The other side's view: the two rows change places.
  if (!step.again) wide = ((wide & own_) << (8 * p)) | ((wide >> (8 * p)) & own_);
  save(wide, board);
  return step;
}

int seeds_on(const Board& board, const SearchRules& rules);
// The 2 * pits pits of `board` packed `bits` bits each (the last pit in
// the highest bits), for table keys; nullopt when a pit holds too many
// seeds for them.
inline std::optional<std::uint64_t> packed_pits(const Board& board, int pits, int bits) {
  std::uint64_t packed = 0;
  unsigned all = 0;
  for (int i = 2 * pits - 1; i >= 0; --i) {
    const unsigned seeds = board[static_cast<std::size_t>(i)];
    all |= seeds;
    packed = (packed << bits) | seeds;
  }
  if ((all >> bits) != 0) return std::nullopt;
  return packed;
}
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
  Sower sower_;
  int max_seeds_;
  int squares_;  // 2 * pits
  // below_[k][r][c]: how many ways to fill k pits with r seeds come before
  // those whose first pit holds c (the combinatorial number system).
  std::vector<std::uint64_t> below_;
  std::vector<std::uint64_t> level_start_;
  LargeArray<std::int8_t> values_;
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

  // A table of 2^table_bits entries (16 bytes each); an endgame table up
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
  // Called every 2^18 nodes or so with the search under way.
  void set_progress(std::function<void(const SolveProgress&)> report) { progress_ = std::move(report); }

  std::uint64_t nodes() const { return nodes_; }
  int tests() const { return tests_; }  // MTD(f)'s null-window tests so far

 private:
  // 16 bytes, four to a cache line. The key is the board itself, packed
  // (see key_of), so that an entry never stands for another position. The
  // table starts as zero bytes: an empty entry is all zeros (depth 0).
  struct Entry {
    std::uint64_t key;
    std::int8_t lower;
    std::int8_t upper;
    std::uint8_t depth;  // 0: empty slot
    std::int8_t best;    // pit index of the best move found
    std::uint32_t work;  // nodes below it, to keep the costly entries
  };
  static constexpr std::uint64_t kNoKey = ~std::uint64_t{0};

  Result root(const Board& board, int alpha, int beta, int depth);
  int alpha_beta(const Board& board, int seeds, int alpha, int beta, int depth, bool& exact);
  int move_value(const Board& board, int seeds, int pit, int alpha, int beta, int depth, bool& exact);
  int child_value(const Board& child, const Step& step, int seeds, int alpha, int beta, int depth, bool& exact);
  int quiesce(const Board& board, int seeds, int alpha, int beta, int left);
  int order_moves(const Board& board, int hint, std::array<int, kMaxPits>& order) const;
  std::uint64_t key_of(const Board& board) const;
  std::size_t slot_of(std::uint64_t key) const;
  const Entry* probe(std::uint64_t key) const;
  void store(std::uint64_t key, int lower, int upper, int depth, int best, std::uint64_t work);
  bool out_of_time();

  SearchRules rules_;
  Sower sower_;
  // Four ways per bucket, in one cache line: a probe costs one miss.
  static constexpr std::size_t kWays = 4;
  struct alignas(64) Bucket {
    Entry ways[kWays];
  };
  LargeArray<Bucket> table_;
  std::size_t mask_;
  int key_bits_;  // bits per pit in a key: as many as fit in 64, at most a byte
  std::shared_ptr<const EndgameTable> endgame_;
  Horizon horizon_;
  std::uint64_t nodes_ = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  bool aborted_ = false;
  int root_hint_ = -1;
  int etc_seeds_ = 0;
  int tt_seeds_ = 0;
  int tests_ = 0;
  int root_depth_ = 0;  // of the search under way
  std::function<void(const SolveProgress&)> progress_;
};

// The exact solver behind `gamerec solve kalah`.
std::unique_ptr<Solver> make_solver();
// The seeds of the solver's endgame table for `total` seeds on the board.
int table_seeds_for(const SearchRules& rules, int total);
// The solver's transposition table: 2^bits entries for `seeds` seeds.
int table_bits_for(int seeds);
// MTD(f)'s first guess: depth-limited searches, deeper and deeper.
int first_guess(Search& search, const Board& board);

}  // namespace gamerec::kalah
