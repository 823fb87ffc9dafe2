#include "games/kalah/model_search.h"

#include <algorithm>
#include <cmath>

namespace gamerec::kalah {
namespace {

// A position past the depth: a store lead of this many seeds is worth a
// chance of 1 / (1 + e^-1), about 0.73.
constexpr double kLeadScale = 3.0;
// The memo: 2^18 buckets of 64 bytes, 16 MB.
constexpr int kMemoBucketBits = 18;
// Positions the watch tries when it looks for the opponent's sowings.
constexpr int kPathBudget = 20000;
// The watch's short search: level 6's, and its table (2^bits entries).
constexpr int kShortSearchDepth = kLevelSixDepth;
constexpr int kShortSearchTableBits = 16;
// How often the searching player the watch weighs a level against plays
// the short search's move; it plays any other move with equal odds.
constexpr double kSearcherShare = 0.7;

int pits_with_seeds(const Board& board, int pits) {  // the mover's
  int count = 0;
  for (int pit = 0; pit < pits; ++pit) count += board[static_cast<std::size_t>(pit)] > 0;
  return count;
}

}  // namespace

// --- the classic levels' rules ---------------------------------------------

int ClassicModel::choice(const Board& board) const {
  const int p = rules_.pits;
  auto seeds = [&](int pit) { return static_cast<int>(board[static_cast<std::size_t>(pit)]); };
  // Pit index i is pit number i + 1: p - i sowings from the store.
  switch (level_) {
    case 2:
      for (int pit = p - 1; pit >= 0; --pit)
        if (seeds(pit) == p - pit) return pit;
      return kRandom;
    case 3:
      for (int pit = 0; pit < p; ++pit)
        if (seeds(pit) == p - pit) return pit;
      return kRandom;
    case 4:
    case 5:
      for (int pit = p - 1; pit >= 0; --pit)
        if (seeds(pit) > 0 && seeds(pit) % (2 * p + 1) == p - pit) return pit;
      if (level_ == 5) {
        for (int pit = p - 1; pit >= 0; --pit)
          if (seeds(pit) > 0 && captures(board, pit)) return pit;
      }
      if (seeds(p - 1) > 0) return p - 1;
      return kRandom;
    default:
      return kRandom;
  }
}

bool ClassicModel::captures(const Board& board, int pit) const {
  const int p = rules_.pits;
  Board after = board;
  int left = after[static_cast<std::size_t>(pit)];
  after[static_cast<std::size_t>(pit)] = 0;
  int slot = pit;  // the ring: own pits 0..p-1, own store p, the other's p+1..2p
  for (; left > 0; --left) {
    if (++slot == 2 * p + 1) slot = 0;
    if (slot != p) ++after[static_cast<std::size_t>(slot < p ? slot : slot - 1)];
  }
  if (slot >= p || after[static_cast<std::size_t>(slot)] != 1) return false;
  return after[static_cast<std::size_t>(2 * p - 1 - slot)] > 0 || !rules_.capture_needs_opposite_seeds;
}

// --- the watch over the opponent -------------------------------------------

OpponentWatch::OpponentWatch(const SearchRules& rules)
    : rules_(rules), sower_(rules), short_search_(rules, kShortSearchTableBits, 0) {
  for (int level = 2; level <= 5; ++level) levels_.push_back(Candidate{ClassicModel(level, rules)});
}

void OpponentWatch::see(const Board& now, const std::optional<Board>& start_for_opponent) {
  std::optional<Board> from = opponent_from_;
  if (!started_) from = start_for_opponent;
  started_ = true;
  opponent_from_.reset();
  if (!from) return;  // our own extra move, or nothing known before it
  if (std::all_of(levels_.begin(), levels_.end(), [](const Candidate& c) { return c.ruled_out; })) return;
  std::vector<std::vector<int>> paths;
  std::vector<int> path;
  int budget = kPathBudget;
  paths_to(*from, now, path, paths, budget);
  // Paths left untried could agree with a level: no evidence either way.
  if (budget < 0) return;
  weigh(*from, paths);
}

void OpponentWatch::moved(const Board& before, int pit) {
  started_ = true;
  Board after = before;
  const Step step = sower_.play(after, pit);
  if (step.over || step.again) {
    opponent_from_.reset();
  } else {
    opponent_from_ = after;
  }
}

std::optional<int> OpponentWatch::level() const {
  // While every move is level 6's, level 6 explains them at least as well
  // as any classic level.
  if (!level_six_ruled_out_) return std::nullopt;
  for (auto it = levels_.rbegin(); it != levels_.rend(); ++it) {
    if (!it->ruled_out && it->weight >= kBelief) return it->model.level();
  }
  return std::nullopt;
}

void OpponentWatch::paths_to(const Board& board, const Board& target, std::vector<int>& path,
                             std::vector<std::vector<int>>& paths, int& budget) const {
  for (int pit = 0; pit < rules_.pits; ++pit) {
    if (board[static_cast<std::size_t>(pit)] == 0) continue;
    if (--budget < 0) return;
    Board child = board;
    const Step step = sower_.play(child, pit);
    if (step.over) continue;  // the player would not be asked to move
    path.push_back(pit);
    if (step.again) {
      paths_to(child, target, path, paths, budget);
    } else if (child == target) {
      paths.push_back(path);
    }
    path.pop_back();
  }
}

// Several paths can end on the same board; a level is ruled out only when
// none of them agrees with it.
void OpponentWatch::weigh(const Board& from, const std::vector<std::vector<int>>& paths) {
  if (paths.empty()) return;  // lost track (an undo, a position typed in): no evidence either way
  // Level 6's move at each step of each path where there was a choice,
  // made once; -1 where there was none.
  std::vector<std::vector<int>> searched(paths.size());
  bool level_six_agrees = false;
  for (std::size_t k = 0; k < paths.size(); ++k) {
    Board board = from;
    bool agrees = true;
    for (const int pit : paths[k]) {
      const bool choice = pits_with_seeds(board, rules_.pits) > 1;
      searched[k].push_back(choice ? short_search_.search_depth(board, kShortSearchDepth).best : -1);
      if (choice && searched[k].back() != pit) agrees = false;
      sower_.play(board, pit);
    }
    level_six_agrees = level_six_agrees || agrees;
  }
  if (!level_six_agrees) level_six_ruled_out_ = true;
  for (Candidate& candidate : levels_) {
    if (candidate.ruled_out) continue;
    std::optional<double> best;
    for (std::size_t k = 0; k < paths.size(); ++k) {
      Board board = from;
      double weight = 0;
      bool agrees = true;
      for (std::size_t step = 0; step < paths[k].size(); ++step) {
        const int pit = paths[k][step];
        const int named = candidate.model.choice(board);
        const int choices = pits_with_seeds(board, rules_.pits);
        if (named != ClassicModel::kRandom && named != pit) {
          agrees = false;
          break;
        }
        if (choices > 1) {
          const double by_level = named == pit ? 1.0 : 1.0 / choices;
          const double by_searcher = pit == searched[k][step] ? kSearcherShare : (1 - kSearcherShare) / (choices - 1);
          weight += std::log(by_level / by_searcher);
        }
        sower_.play(board, pit);
      }
      if (agrees && (!best || weight > *best)) best = weight;
    }
    if (!best) {
      candidate.ruled_out = true;
    } else {
      candidate.weight += *best;
    }
  }
}

// --- the expectimax ----------------------------------------------------------

ModelSearch::ModelSearch(const SearchRules& rules, std::shared_ptr<const EndgameTable> endgame)
    : rules_(rules),
      sower_(rules),
      endgame_(std::move(endgame)),
      mask_((std::size_t{1} << kMemoBucketBits) - 1) {}

void ModelSearch::prepare(int total_seeds, const ClassicModel& model) {
  if (memo_.size() != 0 && model_->level() == model.level() && total_ == total_seeds) return;
  // Chances against another level, or in another game, are no use.
  memo_ = LargeArray<Bucket>(mask_ + 1);
  model_ = model;
  total_ = total_seeds;
}

int ModelSearch::choose(const Board& board, int store_margin, int total_seeds, const ClassicModel& model,
                        int preferred, std::chrono::steady_clock::time_point deadline) {
  prepare(total_seeds, model);
  deadline_ = deadline;
  aborted_ = false;
  int chosen = preferred;  // with no time for even one depth
  const int seeds = seeds_on(board, rules_);
  for (int depth = 1; depth < kExactDepth; ++depth) {
    int best = -1;
    double best_chance = -1;
    bool exact = true;
    for (int pit = 0; pit < rules_.pits && !aborted_; ++pit) {
      if (board[static_cast<std::size_t>(pit)] == 0) continue;
      // As the memo keeps it, so that equal chances compare equal.
      const double chance = static_cast<float>(after(board, seeds, true, store_margin, pit, depth - 1, exact));
      if (chance > best_chance || (chance == best_chance && pit == preferred)) {
        best = pit;
        best_chance = chance;
      }
    }
    if (aborted_) break;
    chosen = best;
    if (exact || best_chance == 1.0) break;  // deeper says the same
  }
  deadline_.reset();
  return chosen;
}

std::vector<double> ModelSearch::chances(const Board& board, int store_margin, int total_seeds,
                                         const ClassicModel& model, int depth) {
  prepare(total_seeds, model);
  std::vector<double> result(static_cast<std::size_t>(rules_.pits), -1.0);
  const int seeds = seeds_on(board, rules_);
  bool exact = true;
  for (int pit = 0; pit < rules_.pits; ++pit) {
    if (board[static_cast<std::size_t>(pit)] > 0)
      result[static_cast<std::size_t>(pit)] = after(board, seeds, true, store_margin, pit, depth - 1, exact);
  }
  return result;
}

bool ModelSearch::out_of_time() {
  if (!aborted_ && deadline_ && (nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= *deadline_)
    aborted_ = true;
  return aborted_;
}

// `margin`: our store minus theirs; `ours`: we are to move. `exact` turns
// false when the value rests on a position past the depth.
double ModelSearch::value(const Board& board, int seeds, bool ours, int margin, int depth, bool& exact) {
  ++nodes_;
  if (out_of_time()) return 0;
  const int stored = total_ - seeds;
  const int our_store = (stored + margin) / 2;
  if (2 * our_store > total_) return 1;
  if (2 * (stored - our_store) > total_) return 0;
  if (endgame_ && seeds <= endgame_->max_seeds()) {
    const int to_come = endgame_->value(board, seeds);
    if (margin + (ours ? to_come : -to_come) > 0) return 1;  // won, and played perfectly from here
  }
  if (depth <= 0) {
    exact = false;
    return leaf(board, seeds, ours, margin);
  }
  const std::uint64_t key = key_of(board, ours, margin);
  if (key != 0) {
    for (const Slot& slot : bucket_of(key).ways) {
      if (slot.key == key && slot.depth >= depth) {
        if (slot.depth != kExactDepth) exact = false;
        return slot.chance;
      }
    }
  }
  bool below_exact = true;
  double result = 0;
  if (ours) {
    for (int pit = 0; pit < rules_.pits; ++pit)
      if (board[static_cast<std::size_t>(pit)] > 0)
        result = std::max(result, after(board, seeds, true, margin, pit, depth - 1, below_exact));
  } else if (const int named = model_->choice(board); named != ClassicModel::kRandom) {
    result = after(board, seeds, false, margin, named, depth, below_exact);  // forced: costs no depth
  } else {
    const int count = pits_with_seeds(board, rules_.pits);
    for (int pit = 0; pit < rules_.pits; ++pit)
      if (board[static_cast<std::size_t>(pit)] > 0)
        result += after(board, seeds, false, margin, pit, depth - 1, below_exact);
    result /= count;
  }
  if (!below_exact) exact = false;
  if (key != 0 && !aborted_) {
    Bucket& bucket = bucket_of(key);
    Slot* target = &bucket.ways[0];
    for (Slot& slot : bucket.ways) {
      if (slot.key == key || slot.key == 0) {
        target = &slot;
        break;
      }
      if (slot.depth < target->depth) target = &slot;
    }
    *target = Slot{key, static_cast<float>(result), below_exact ? kExactDepth : depth};
  }
  return result;
}

double ModelSearch::after(const Board& board, int seeds, bool ours, int margin, int pit, int depth,
                          bool& exact) {
  Board child = board;
  const Step step = sower_.play(child, pit);
  const int next_margin = margin + (ours ? step.margin : -step.margin);
  if (step.over) return next_margin > 0 ? 1.0 : next_margin == 0 ? 0.5 : 0.0;
  return value(child, seeds - step.stored, step.again ? ours : !ours, next_margin, depth, exact);
}

double ModelSearch::leaf(const Board& board, int seeds, bool ours, int margin) const {
  double expected = margin;
  if (endgame_ && seeds <= endgame_->max_seeds()) {
    const int to_come = endgame_->value(board, seeds);
    expected += ours ? to_come : -to_come;
  }
  return 1.0 / (1.0 + std::exp(-expected / kLeadScale));
}

std::uint64_t ModelSearch::key_of(const Board& board, bool ours, int margin) const {
  if (rules_.pits > 6) return 0;
  const auto packed = packed_pits(board, rules_.pits, 4);
  if (!packed) return 0;
  return ((*packed << 9) | (static_cast<std::uint64_t>(margin + 128) << 1) | (ours ? 1 : 0)) + 1;
}

ModelSearch::Bucket& ModelSearch::bucket_of(std::uint64_t key) {
  std::uint64_t hash = key * 0x9E3779B97F4A7C15ULL;
  hash ^= hash >> 29;
  return memo_[static_cast<std::size_t>(hash) & mask_];
}

}  // namespace gamerec::kalah
