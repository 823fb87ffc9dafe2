#include "games/kalah/search.h"

#include <algorithm>

namespace gamerec::kalah {
namespace {

constexpr int kInfinity = 1000;
constexpr std::int8_t kUnknown = -128;
// Enhanced transposition cut-offs are tried this many seeds above the
// endgame table and higher.
constexpr int kEtcAboveTable = 12;
// Positions up to this many seeds above the endgame table skip the
// transposition table.
constexpr int kNoTableAbove = 3;

}  // namespace

// The ring of a sowing: own pits 0..p-1, own store p, opponent's pits
// p+1..2p (board index slot - 1); the pit opposite own pit i is board
// index 2p - 1 - i. The table holds, for each pit and each count of seeds
// short of a lap, the pits one sowing passes and where its last seed lands
// (a count of 0 is a whole number of laps: the last seed lands in the pit
// the move started from).
Sower::Sower(const SearchRules& rules) : rules_(rules), ring_(2 * rules.pits + 1) {
  const int p = rules.pits;
  for (int i = 0; i < 2 * p; ++i) {
    every_pit_ |= Wide{1} << (8 * i);
    (i < p ? own_ : other_) |= Wide{0xff} << (8 * i);
  }
  for (int pit = 0; pit < p; ++pit) {
    for (int seeds = 0; seeds < ring_; ++seeds) {
      Sowing& sowing = sowings_[static_cast<std::size_t>(pit * ring_ + seeds)];
      int slot = pit;
      for (int k = 0; k < seeds; ++k) {
        if (++slot == ring_) slot = 0;
        if (slot < p) {
          sowing.add += Wide{1} << (8 * slot);
        } else if (slot == p) {
          ++sowing.stored;
        } else {
          sowing.add += Wide{1} << (8 * (slot - 1));
        }
      }
      sowing.last_in = slot < p ? Last::kOwnPit : slot == p ? Last::kStore : Last::kOtherPit;
      sowing.last = slot < p ? slot : slot - 1;
    }
  }
}

int seeds_on(const Board& board, const SearchRules& rules) {
  int seeds = 0;
  for (int i = 0; i < 2 * rules.pits; ++i) seeds += board[static_cast<std::size_t>(i)];
  return seeds;
}

Board board_of(const KalahState& state, int& store_margin) {
  const Side mover = state.is_over() ? kSouth : state.to_move();
  const Row& own = state.row(mover);
  const Row& other = state.row(1 - mover);
  const int p = state.rules().pits;
  Board board{};
  for (int i = 0; i < p; ++i) {
    board[static_cast<std::size_t>(i)] = own.pits[static_cast<std::size_t>(i)];
    board[static_cast<std::size_t>(i + p)] = other.pits[static_cast<std::size_t>(i)];
  }
  store_margin = own.store - other.store;
  return board;
}

// --- the endgame table -------------------------------------------------------

EndgameTable::EndgameTable(const SearchRules& rules, int max_seeds)
    : rules_(rules), sower_(rules), max_seeds_(max_seeds), squares_(2 * rules.pits) {
  const int n = max_seeds;
  // ways[k][r]: fillings of k pits with r seeds.
  std::vector<std::vector<std::uint64_t>> ways(static_cast<std::size_t>(squares_ + 1),
                                               std::vector<std::uint64_t>(static_cast<std::size_t>(n + 1), 0));
  for (int r = 0; r <= n; ++r) ways[1][static_cast<std::size_t>(r)] = 1;
  for (int k = 2; k <= squares_; ++k) {
    for (int r = 0; r <= n; ++r) {
      std::uint64_t sum = 0;
      for (int c = 0; c <= r; ++c) sum += ways[static_cast<std::size_t>(k - 1)][static_cast<std::size_t>(r - c)];
      ways[static_cast<std::size_t>(k)][static_cast<std::size_t>(r)] = sum;
    }
  }
  const std::size_t stride = static_cast<std::size_t>(n + 1);
  below_.assign(static_cast<std::size_t>(squares_ + 1) * stride * stride, 0);
  for (int k = 2; k <= squares_; ++k) {
    for (int r = 0; r <= n; ++r) {
      std::uint64_t sum = 0;
      for (int c = 0; c <= r; ++c) {
        below_[(static_cast<std::size_t>(k) * stride + static_cast<std::size_t>(r)) * stride + static_cast<std::size_t>(c)] = sum;
        sum += ways[static_cast<std::size_t>(k - 1)][static_cast<std::size_t>(r - c)];
      }
    }
  }
  level_start_.assign(static_cast<std::size_t>(n + 2), 0);
  for (int r = 0; r <= n; ++r)
    level_start_[static_cast<std::size_t>(r + 1)] = level_start_[static_cast<std::size_t>(r)] + ways[static_cast<std::size_t>(squares_)][static_cast<std::size_t>(r)];
  values_ = LargeArray<std::int8_t>(level_start_.back());
  std::fill(values_.begin(), values_.end(), kUnknown);

  // Level by level, each position through its children; a child with as
  // many seeds (a sowing that stayed on the mover's side) is solved on the
  // way, since sowing only moves seeds towards the stores.
  // The odometer below runs through the fillings of a level in the order
  // of their index: the index is a count.
  Board board{};
  std::size_t at = 0;
  for (int seeds = 0; seeds <= n; ++seeds) {
    // Every filling of the pits with `seeds` seeds, the last pit taking
    // what the others leave.
    std::array<int, 2 * kMaxPits> counts{};
    counts[static_cast<std::size_t>(squares_ - 1)] = seeds;
    while (true) {
      for (int i = 0; i < squares_; ++i) board[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(counts[static_cast<std::size_t>(i)]);
      if (values_[at] == kUnknown) compute(board, seeds, at);
      ++at;
      // The next filling: an odometer over all pits but the last, whose
      // digits add up to at most `seeds`.
      int i = squares_ - 2;
      int used = seeds - counts[static_cast<std::size_t>(squares_ - 1)];
      while (i >= 0 && used == seeds) {
        used -= counts[static_cast<std::size_t>(i)];
        counts[static_cast<std::size_t>(i)] = 0;
        --i;
      }
      if (i < 0) break;
      ++counts[static_cast<std::size_t>(i)];
      counts[static_cast<std::size_t>(squares_ - 1)] = seeds - used - 1;
    }
  }
}

std::size_t EndgameTable::index(const Board& board, int seeds) const {
  const std::size_t stride = static_cast<std::size_t>(max_seeds_ + 1);
  std::size_t rank = level_start_[static_cast<std::size_t>(seeds)];
  int left = seeds;
  for (int i = 0; i + 1 < squares_ && left > 0; ++i) {
    const int c = board[static_cast<std::size_t>(i)];
    rank += below_[(static_cast<std::size_t>(squares_ - i) * stride + static_cast<std::size_t>(left)) * stride + static_cast<std::size_t>(c)];
    left -= c;
  }
  return rank;
}

// Every child is sown and its slot asked of the memory before any is
// read: the misses of a table far bigger than the caches overlap.
int EndgameTable::compute(const Board& board, int seeds, std::size_t at) {
  struct Child {
    Board board;
    Step step;
    std::size_t at;
  };
  std::array<Child, kMaxPits> children;
  int count = 0;
  for (int pit = 0; pit < rules_.pits; ++pit) {
    if (board[static_cast<std::size_t>(pit)] == 0) continue;
    Child& child = children[static_cast<std::size_t>(count++)];
    child.board = board;
    child.step = sower_.play(child.board, pit);
    if (child.step.over) continue;
    child.at = index(child.board, seeds - child.step.stored);
    __builtin_prefetch(&values_[child.at]);
  }
  int best = -kInfinity;
  for (int k = 0; k < count; ++k) {
    const Child& child = children[static_cast<std::size_t>(k)];
    int value = child.step.margin;
    if (!child.step.over) {
      const std::int8_t known = values_[child.at];
      const int rest = known != kUnknown ? known : compute(child.board, seeds - child.step.stored, child.at);
      value += child.step.again ? rest : -rest;
    }
    best = std::max(best, value);
  }
  // A position with no seeds on the mover's side is never searched (the
  // game is over); it still has a slot, worth the sweep.
  if (best == -kInfinity) best = -seeds;
  values_[at] = static_cast<std::int8_t>(best);
  return best;
}

// --- the search --------------------------------------------------------------

Search::Search(const SearchRules& rules, int table_bits, int table_seeds, Horizon horizon)
    : Search(rules, table_bits,
             table_seeds > 0 ? std::make_shared<const EndgameTable>(rules, table_seeds) : nullptr, horizon) {}

Search::Search(const SearchRules& rules, int table_bits, std::shared_ptr<const EndgameTable> endgame,
               Horizon horizon)
    : rules_(rules),
      sower_(rules),
      table_(std::size_t{1} << (table_bits - 2)),
      mask_((std::size_t{1} << (table_bits - 2)) - 1),
      key_bits_(std::min(8, 64 / (2 * rules.pits))),
      endgame_(std::move(endgame)),
      horizon_(horizon) {
  const int table_seeds = endgame_ ? endgame_->max_seeds() : 0;
  etc_seeds_ = table_seeds + kEtcAboveTable;
  tt_seeds_ = table_seeds > 0 ? table_seeds + kNoTableAbove : 0;
}

bool Search::out_of_time() {
  if (aborted_) return true;
  if (progress_ && (nodes_ & ((1 << 18) - 1)) == 0)
    progress_(SolveProgress{root_depth_ == kExact ? 0 : root_depth_, root_depth_ == kExact ? tests_ : 0, nodes_});
  if (deadline_ && (nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= *deadline_) aborted_ = true;
  return aborted_;
}

// The pits packed key_bits_ bits each, as many as fit in 64 bits (5 on
// the usual board); a board with a pit too full for them gets kNoKey and is
// searched without the table: 32 seeds in a pit on 6 pits or fewer, rare,
// but 16 on 7 or 8 pits (4 bits each), a sixth to a fifth of the positions
// of Kalah(7,6) and Kalah(8,6). All bits set is never a
// board: it would hold more seeds than any game has.
std::uint64_t Search::key_of(const Board& board) const {
  return packed_pits(board, rules_.pits, key_bits_).value_or(kNoKey);
}

std::size_t Search::slot_of(std::uint64_t key) const {
  std::uint64_t hash = key * 0x9E3779B97F4A7C15ULL;
  hash ^= hash >> 31;
  return static_cast<std::size_t>(hash ^ (hash >> 17)) & mask_;
}

const Search::Entry* Search::probe(std::uint64_t key) const {
  if (key == kNoKey) return nullptr;
  for (const Entry& entry : table_[slot_of(key)].ways)
    if (entry.depth != 0 && entry.key == key) return &entry;
  return nullptr;
}

void Search::store(std::uint64_t key, int lower, int upper, int depth, int best, std::uint64_t work) {
  if (key == kNoKey) return;
  const auto cost = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xffffffffu));
  Bucket& bucket = table_[slot_of(key)];
  Entry* target = nullptr;
  for (Entry& entry : bucket.ways)
    if (entry.depth != 0 && entry.key == key) target = &entry;
  if (target != nullptr) {
    if (target->depth > depth) return;  // never trade a deeper result for a shallower one
    // Two searches of one position at one depth: both sets of bounds hold.
    if (target->depth == depth && std::max<int>(lower, target->lower) <= std::min<int>(upper, target->upper)) {
      lower = std::max<int>(lower, target->lower);
      upper = std::min<int>(upper, target->upper);
    }
    target->work = std::max(target->work, cost);
  } else {
    // A free way, else the one that cost least to find.
    target = &bucket.ways[0];
    for (Entry& entry : bucket.ways) {
      if (entry.depth == 0) {
        target = &entry;
        break;
      }
      if (entry.work < target->work) target = &entry;
    }
    target->work = cost;
  }
  target->key = key;
  target->lower = static_cast<std::int8_t>(std::clamp(lower, -127, 127));
  target->upper = static_cast<std::int8_t>(std::clamp(upper, -127, 127));
  target->depth = static_cast<std::uint8_t>(depth);
  target->best = static_cast<std::int8_t>(best);
}

// Move order: the table's move, then sowings that end in the store (the
// one nearest the store first: it leaves the pits before it alone), then
// captures, biggest first, then the rest from the store outward.
int Search::order_moves(const Board& board, int hint, std::array<int, kMaxPits>& order) const {
  const int p = rules_.pits;
  std::array<int, kMaxPits> score{};
  int count = 0;
  for (int pit = p - 1; pit >= 0; --pit) {
    const int s = board[static_cast<std::size_t>(pit)];
    if (s == 0) continue;
    int priority = 0;
    if (pit == hint) {
      priority = 1000;
    } else if (s % (2 * p + 1) == p - pit) {
      priority = 500 + pit;
    } else if (s < 2 * p + 1) {
      const int last = pit + s;
      if (last < p && board[static_cast<std::size_t>(last)] == 0) {
        const int opposite = board[static_cast<std::size_t>(2 * p - 1 - last)];
        if (opposite > 0) priority = 100 + opposite;
      }
    }
    int i = count++;
    while (i > 0 && score[static_cast<std::size_t>(i - 1)] < priority) {
      order[static_cast<std::size_t>(i)] = order[static_cast<std::size_t>(i - 1)];
      score[static_cast<std::size_t>(i)] = score[static_cast<std::size_t>(i - 1)];
      --i;
    }
    order[static_cast<std::size_t>(i)] = pit;
    score[static_cast<std::size_t>(i)] = priority;
  }
  return count;
}

// The margin to come after the mover plays `pit`: the sowing's own margin,
// then the rest of the game from the next side's point of view.
int Search::move_value(const Board& board, int seeds, int pit, int alpha, int beta, int depth, bool& exact) {
  Board child = board;
  const Step step = sower_.play(child, pit);
  return child_value(child, step, seeds, alpha, beta, depth, exact);
}

int Search::child_value(const Board& child, const Step& step, int seeds, int alpha, int beta, int depth,
                        bool& exact) {
  if (step.over) return step.margin;
  const int left = seeds - step.stored;
  const int next_depth = depth == kExact || (step.again && horizon_.free_extra_moves) ? depth : depth - 1;
  if (step.again)
    return step.margin + alpha_beta(child, left, alpha - step.margin, beta - step.margin, next_depth, exact);
  return step.margin - alpha_beta(child, left, step.margin - beta, step.margin - alpha, next_depth, exact);
}

// The horizon's quiescence: the side to move may stop (0: the stores as
// they stand) or play a sowing that gains at once, an extra move or a
// capture, and so on for `left` sowings. Its value stays in [-seeds, seeds].
int Search::quiesce(const Board& board, int seeds, int alpha, int beta, int left) {
  ++nodes_;
  if (endgame_ && seeds <= endgame_->max_seeds()) return endgame_->value(board, seeds);
  int best = 0;
  if (left == 0 || best >= beta) return best;
  alpha = std::max(alpha, best);
  const int p = rules_.pits;
  for (int pit = p - 1; pit >= 0; --pit) {
    const int s = board[static_cast<std::size_t>(pit)];
    if (s == 0) continue;
    bool gains = s % (2 * p + 1) == p - pit;
    if (!gains && s < 2 * p + 1) {
      const int last = pit + s;
      gains = last < p && board[static_cast<std::size_t>(last)] == 0 &&
              (board[static_cast<std::size_t>(2 * p - 1 - last)] > 0 || !rules_.capture_needs_opposite_seeds);
    }
    if (!gains) continue;
    Board child = board;
    const Step step = sower_.play(child, pit);
    int value = step.margin;
    if (!step.over) {
      const int rest = seeds - step.stored;
      value = step.again ? step.margin + quiesce(child, rest, alpha - step.margin, beta - step.margin, left - 1)
                         : step.margin - quiesce(child, rest, step.margin - beta, step.margin - alpha, left - 1);
    }
    if (value > best) {
      best = value;
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
  }
  return std::clamp(best, -seeds, seeds);
}

// Fail-soft alpha-beta. `exact` is cleared when the value depends on a
// horizon (a depth-limited leaf or a table entry found at a depth limit).
int Search::alpha_beta(const Board& board, int seeds, int alpha, int beta, int depth, bool& exact) {
  ++nodes_;
  if (endgame_ && seeds <= endgame_->max_seeds()) return endgame_->value(board, seeds);
  if (depth == 0) {
    exact = false;
    return horizon_.quiescence > 0 ? quiesce(board, seeds, alpha, beta, horizon_.quiescence) : 0;
  }
  if (out_of_time()) {
    exact = false;
    return 0;
  }
  // The margin to come cannot leave [-seeds, seeds].
  if (seeds <= alpha) return seeds;
  if (-seeds >= beta) return -seeds;

  // Just above the endgame table the subtrees are small: searching them
  // again costs less than the cache misses of the table.
  const bool tabled = seeds >= tt_seeds_;
  const std::uint64_t key = tabled ? key_of(board) : kNoKey;
  int hint = -1;
  int lower = -seeds;
  int upper = seeds;
  if (const Entry* entry = probe(key); entry != nullptr) {
    hint = entry->best;
    if (entry->depth >= depth) {
      lower = entry->lower;
      upper = entry->upper;
      if (entry->depth != kExact) exact = false;
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower == upper) return lower;
    }
  }
  const int alpha_in = std::max(alpha, lower);
  alpha = alpha_in;
  beta = std::min(beta, upper);

  std::array<int, kMaxPits> order{};
  const int count = order_moves(board, hint, order);

  // Enhanced transposition cut-off: a child already known (an end, the
  // endgame table, an exact bound in the table) may refute this node before
  // any search. Worth its cost only high in the tree, far from the table.
  if (depth == kExact && seeds >= etc_seeds_) {
    for (int k = 0; k < count; ++k) {
      const int pit = order[static_cast<std::size_t>(k)];
      Board child = board;
      const Step step = sower_.play(child, pit);
      int known = 0;
      if (step.over) {
        known = step.margin;
      } else {
        const int left = seeds - step.stored;
        if (endgame_ && left <= endgame_->max_seeds()) {
          const int value = endgame_->value(child, left);
          known = step.margin + (step.again ? value : -value);
        } else {
          const Entry* entry = probe(key_of(child));
          if (entry == nullptr || entry->depth != kExact) continue;
          known = step.again ? step.margin + entry->lower : step.margin - entry->upper;
        }
      }
      if (known >= beta) {
        store(key, known, seeds, kExact, pit, 1);
        return known;
      }
    }
  }

  const std::uint64_t nodes_before = nodes_;
  bool node_exact = true;
  int value_best = -kInfinity;
  int best = -1;
  for (int k = 0; k < count; ++k) {
    const int pit = order[static_cast<std::size_t>(k)];
    const int value = move_value(board, seeds, pit, alpha, beta, depth, node_exact);
    if (aborted_) {
      exact = false;
      return 0;
    }
    if (value > value_best) {
      value_best = value;
      best = pit;
      if (value > alpha) alpha = value;
      if (alpha >= beta) break;
    }
  }
  if (!node_exact) exact = false;
  if (!tabled) return value_best;
  const int stored_depth = node_exact ? kExact : depth;
  if (value_best >= beta) {
    store(key, value_best, seeds, stored_depth, best, nodes_ - nodes_before);
  } else if (value_best <= alpha_in) {
    store(key, -seeds, value_best, stored_depth, best, nodes_ - nodes_before);
  } else {
    store(key, value_best, value_best, stored_depth, best, nodes_ - nodes_before);
  }
  return value_best;
}

// The root: every move searched (no cut-off from the tables), so that the
// best move is always known.
Search::Result Search::root(const Board& board, int alpha, int beta, int depth) {
  aborted_ = false;
  root_depth_ = depth;
  const int seeds = seeds_on(board, rules_);
  const Entry* entry = probe(key_of(board));
  std::array<int, kMaxPits> order{};
  const int count = order_moves(board, entry != nullptr ? entry->best : root_hint_, order);
  Result result;
  result.exact = true;
  result.value = -kInfinity;
  for (int k = 0; k < count; ++k) {
    const int pit = order[static_cast<std::size_t>(k)];
    const int value = move_value(board, seeds, pit, alpha, beta, depth, result.exact);
    if (aborted_) {
      result.aborted = true;
      result.exact = false;
      return result;
    }
    if (value > result.value) {
      result.value = value;
      result.best = pit;
      if (value > alpha) alpha = value;
      if (alpha >= beta) break;
    }
  }
  root_hint_ = result.best;
  return result;
}

Search::Result Search::search_depth(const Board& board, int depth) {
  return root(board, -kInfinity, kInfinity, depth);
}

Search::Result Search::test(const Board& board, int beta) {
  ++tests_;
  return root(board, beta - 1, beta, kExact);
}

Search::Result Search::solve(const Board& board, int guess) {
  const int seeds = seeds_on(board, rules_);
  int lower = -seeds;
  int upper = seeds;
  // Every margin has the parity of the seeds on the board.
  int g = std::clamp(guess, lower, upper);
  if ((g - seeds) % 2 != 0) g += g < upper ? 1 : -1;
  int best = -1;
  while (lower < upper) {
    // A null-window test: is the margin at least beta?
    const int beta = g == lower ? g + 1 : g;
    const Result test = this->test(board, beta);
    if (test.aborted) return test;
    if (test.value >= beta) {
      lower = test.value;
      best = test.best;  // the move that reached it
    } else {
      upper = test.value;
    }
    g = test.value;
  }
  Result result;
  result.exact = true;
  result.value = lower;
  result.best = best;
  if (result.best < 0) {
    // No test reached above the lowest margin there is: every move gets it.
    std::array<int, kMaxPits> order{};
    order_moves(board, -1, order);
    result.best = order[0];
  }
  return result;
}

// --- the solver ---------------------------------------------------------------

namespace {
constexpr int kGuessDepth = 18;
}  // namespace

// MTD(f) needs as many null-window tests as its first guess is off by
// steps of 2, and each costs nearly a whole proof; depth-limited searches
// to 18 plies (a tenth of a second on Kalah(6,4), whose guess they bring
// from +4 at 8 plies to the true +8) also leave their moves in the table.
int first_guess(Search& search, const Board& board) {
  int guess = 0;
  for (int depth = 2; depth <= kGuessDepth; depth += 2) {
    const Search::Result result = search.search_depth(board, depth);
    guess = result.value;
    if (result.exact) break;
  }
  return guess;
}

// Seeds of the endgame table: its positions number C(n + 2p, 2p). Under the
// default rule up to about 87 million (18 seeds, 86 MB, on the usual board;
// with the search of then, before huge pages and the Sower, Kalah(6,4) took
// 77 s of CPU, 25 s of them building the table, against 107 s with 16 seeds)
// and no more than a third of the seeds or half of those beyond 12,
// whichever is more: a smaller game's search is over before a bigger table
// is built (Kalah(6,3): 12 seeds, 1.8 s of CPU against 2.4 s with 13).
// Captures from an empty opposite pit end games sooner and their search is
// smaller: up to about 32 million positions (16 seeds) and a third of the
// seeds (Kalah(6,4): 45 s of CPU with 18 seeds against 37 s with 16).
int table_seeds_for(const SearchRules& rules, int total) {
  const double most = rules.capture_needs_opposite_seeds ? 8.7e7 : 3.2e7;
  total = rules.capture_needs_opposite_seeds ? std::max(total / 3, (total - 12) / 2) : total / 3;
  int n = 0;
  double positions = 1;
  const int squares = 2 * rules.pits;
  while (n < total) {
    // C(n + 1 + squares, squares) = C(n + squares, squares) * (n + 1 + squares) / (n + 1)
    const double next = positions * (n + 1 + squares) / (n + 1);
    if (next > most) break;
    positions = next;
    ++n;
  }
  return n;
}

// A transposition table that grows with the seeds, up to 2^24 entries
// (256 MB) from 44 seeds on. More is slower on Kalah(6,4): 60 s of CPU with
// 2^25 entries against 55 s, most of the difference the kernel zeroing the
// pages; 2^23 was no better (57 s). Kalah(6,3) takes 0.58 s with 2^20
// entries and 0.73 s with 2^24.
int table_bits_for(int seeds) { return std::clamp(2 + seeds / 2, 12, 24); }

namespace {

class KalahSolver final : public Solver {
 public:
  void on_progress(std::function<void(const SolveProgress&)> report) override { progress_ = std::move(report); }
  Solution solve(const State& state) override {
    const auto& kalah = downcast<KalahState>(state);
    Solution solution;
    int store_margin = 0;
    const Board board = board_of(kalah, store_margin);
    if (kalah.is_over()) {
      solution.value = store_margin;
      solution.side = kSouth;
      return solution;
    }
    solution.side = kalah.to_move();
    const SearchRules rules{kalah.rules().pits, kalah.rules().capture_needs_opposite_seeds};
    const int seeds = seeds_on(board, rules);
    Search search(rules, table_bits_for(seeds), table_seeds_for(rules, seeds));
    search.set_progress(progress_);
    const int guess = first_guess(search, board);
    const Search::Result result = search.solve(board, guess);
    solution.value = store_margin + result.value;
    solution.best = Move{result.best + 1, -1, 0};
    solution.nodes = search.nodes();
    return solution;
  }

 private:
  std::function<void(const SolveProgress&)> progress_;
};

}  // namespace

std::unique_ptr<Solver> make_solver() { return std::make_unique<KalahSolver>(); }

}  // namespace gamerec::kalah
