// The ceiling of any North against a classic level as South: a North that
// knows the level's rules (kalah::ClassicModel, which the classic players
// use too, so the check at the start of every run confirms that the player
// draws at random exactly where the model says; the model's own captures
// are checked against the game's sowing in the unit tests) and plays the
// best reply to them, an expectimax over the level's random choices of North's
// chance to win (a draw counts as no win). It answers "can any North win
// at least a fraction T of the games?" exactly, for Kalah(6,4) in a few
// minutes: a minimax-perfect player (kalah_perfect_bench) plays for the
// worst case, this one for the opponent it faces. ctest runs only its
// checks (--check without chances: the model against the player, the
// cut-offs against the plain search), so that a change to the classic
// levels shows here.
//
//   kalah_ceiling_bench [--seeds N] [--level L] [--from MOVES] [--table S]
//                       [--bucket-bits B] [--check N] [T... | full]
//     T: a chance between 0 and 1, tested in turn (each test keeps what the
//     ones before proved); full: the exact chance, without cut-offs (small
//     games only). --seeds: seeds a pit (default 4); --level: the classic
//     level as South, 1-5 (default 5); --from: pit digits played first from
//     the start; --table: seeds of the endgame table (default 18; 0 none);
//     --bucket-bits: the memo's 2^B buckets of 64 bytes (default 27: 8 GB).
//     --check N: first compare the cut-offs with the plain expectimax on N
//     positions of random games with at most 20 seeds left. With no T,
//     only the checks run (the model's always does).
//
// The search: North's turns take the best child, the level's turns its own
// pit or the average over its legal pits when it draws one at random, with
// Ballard's Star1 cut-offs there, all in a window around T. The memo keeps
// bounds on each position's chance (its key: the pits, North's store and
// the side to move). The endgame table ends the search where North wins
// under perfect play from then on; a store past half the seeds ends it too.
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "app/builtin_games.h"
#include "games/kalah/kalah.h"
#include "games/kalah/model_search.h"
#include "games/kalah/search.h"
#include "rules/large_array.h"
#include "rules/typed.h"

using namespace gamerec;
using kalah::Board;

namespace {

constexpr int kPits = 6;

using kalah::ClassicModel;

class Ceiling {
 public:
  Ceiling(const kalah::SearchRules& rules, int total_seeds, const ClassicModel& model,
          std::shared_ptr<const kalah::EndgameTable> table, int bucket_bits)
      : sower_(rules),
        model_(model),
        table_(std::move(table)),
        total_(total_seeds),
        bucket_bits_(bucket_bits),
        memo_(std::size_t{1} << bucket_bits) {}

  // North's best chance to win, the board seen from the mover, in the
  // window (alpha, beta): a result at most alpha is an upper bound, one at
  // least beta a lower bound.
  double chance(const Board& board, int seeds, bool north, int north_store, double alpha, double beta) {
    const int south_store = total_ - seeds - north_store;
    if (2 * north_store > total_) return 1.0;
    if (2 * south_store >= total_) return 0.0;
    if (table_ && seeds <= table_->max_seeds()) {
      const int to_come = table_->value(board, seeds);  // the mover's, under perfect play
      if (north_store - south_store + (north ? to_come : -to_come) > 0) return 1.0;
    }
    const std::uint64_t key = key_of(board, north, north_store);
    double lower = 0;
    double upper = 1;
    if (const Slot* known = probe(key); known != nullptr) {
      lower = known->lower;
      upper = known->upper;
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower == upper) return lower;
      alpha = std::max(alpha, lower);
      beta = std::min(beta, upper);
    }
    ++nodes_;
    const double alpha_in = alpha;
    const double beta_in = beta;
    double result = 0;
    const int pit = north ? -1 : model_.choice(board);
    if (north) {
      for (int move : north_order(board)) {
        result =
            std::max(result, after(board, seeds, true, north_store, move, std::max(alpha, result), beta));
        if (result >= beta) break;
      }
    } else if (pit >= 0) {
      result = after(board, seeds, false, north_store, pit, alpha, beta);
    } else {
      // Star1: each pit's window is what it must reach for the average to
      // leave (alpha, beta) whatever the pits after it give (0 to 1).
      int left = 0;
      for (int p = 0; p < kPits; ++p) left += board[static_cast<std::size_t>(p)] > 0;
      const double weight = 1.0 / left;
      double sum = 0;
      for (int p = 0; p < kPits; ++p) {
        if (board[static_cast<std::size_t>(p)] == 0) continue;
        --left;
        const double low = (alpha - sum - left * weight) / weight;
        const double high = (beta - sum) / weight;
        const double value = after(board, seeds, false, north_store, p, low, high);
        sum += weight * value;
        if (value >= high) break;  // at least beta, whatever follows
        if (value <= low) {        // at most alpha, whatever follows
          sum += left * weight;
          break;
        }
      }
      result = sum;
    }
    if (result <= alpha_in) {
      upper = std::min(upper, result);
    } else if (result >= beta_in) {
      lower = std::max(lower, result);
    } else {
      lower = upper = result;
    }
    save(key, seeds, lower, upper);
    return result;
  }

  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t stored() const { return stored_; }

 private:
  double after(const Board& board, int seeds, bool north, int north_store, int pit, double alpha,
               double beta) {
    Board child = board;
    const kalah::Step step = sower_.play(child, pit);
    // step.stored seeds left the board, step.margin more to the mover.
    const int to_mover = (step.stored + step.margin) / 2;
    const int to_north = north_store + (north ? to_mover : step.stored - to_mover);
    if (step.over) return 2 * to_north > total_ ? 1.0 : 0.0;
    return chance(child, seeds - step.stored, step.again ? north : !north, to_north, alpha, beta);
  }

  // Extra moves first, then captures, then the rest, each from the store
  // outward: the best move early gives the cut-offs.
  std::vector<int> north_order(const Board& board) const {
    std::vector<int> order;
    for (int pass = 0; pass < 3; ++pass) {
      for (int pit = kPits - 1; pit >= 0; --pit) {
        const int s = board[static_cast<std::size_t>(pit)];
        if (s == 0) continue;
        const bool extra = s % (2 * kPits + 1) == kPits - pit;
        const bool capture = !extra && model_.captures(board, pit);
        if ((pass == 0 && extra) || (pass == 1 && capture) || (pass == 2 && !extra && !capture))
          order.push_back(pit);
      }
    }
    return order;
  }

  // 4 bits a pit, North's store, the side to move; 0 (not kept) when a pit
  // holds 16 seeds or more.
  static std::uint64_t key_of(const Board& board, bool north, int north_store) {
    const auto packed = kalah::packed_pits(board, kPits, 4);
    if (!packed) return 0;
    return ((*packed << 7) | static_cast<std::uint64_t>(2 * north_store + (north ? 1 : 0))) + 1;
  }
  static int seeds_of(std::uint64_t key) {
    int seeds = 0;
    for (std::uint64_t packed = (key - 1) >> 7; packed != 0; packed >>= 4)
      seeds += static_cast<int>(packed & 15);
    return seeds;
  }

  struct Slot {
    std::uint64_t key;  // 0: empty
    float lower;
    float upper;
  };
  struct alignas(64) Bucket {
    Slot ways[4];
  };
  std::size_t bucket_of(std::uint64_t key) const {
    std::uint64_t hash = key * 0x9E3779B97F4A7C15ULL;
    hash ^= hash >> 29;
    return static_cast<std::size_t>(hash) & ((std::size_t{1} << bucket_bits_) - 1);
  }
  const Slot* probe(std::uint64_t key) const {
    if (key == 0) return nullptr;
    for (const Slot& slot : memo_[bucket_of(key)].ways)
      if (slot.key == key) return &slot;
    return nullptr;
  }
  // A full bucket keeps the positions with the most seeds (the biggest
  // subtrees).
  void save(std::uint64_t key, int seeds, double lower, double upper) {
    if (key == 0) return;
    Bucket& bucket = memo_[bucket_of(key)];
    Slot* target = nullptr;
    for (Slot& slot : bucket.ways)
      if (slot.key == key) target = &slot;
    if (target == nullptr) {
      int fewest = 1000;
      for (Slot& slot : bucket.ways) {
        if (slot.key == 0) {
          target = &slot;
          ++stored_;
          break;
        }
        if (seeds_of(slot.key) < fewest) {
          fewest = seeds_of(slot.key);
          target = &slot;
        }
      }
      if (target->key != 0 && fewest > seeds) return;
    }
    // Rounded outwards to floats: a bound stays a bound.
    float low = static_cast<float>(lower);
    if (low > lower) low = std::nextafter(low, 0.0f);
    float high = static_cast<float>(upper);
    if (high < upper) high = std::nextafter(high, 2.0f);
    *target = Slot{key, low, high};
  }

  kalah::Sower sower_;
  ClassicModel model_;
  std::shared_ptr<const kalah::EndgameTable> table_;
  int total_;
  int bucket_bits_;
  LargeArray<Bucket> memo_;
  std::uint64_t nodes_ = 0;
  std::uint64_t stored_ = 0;
};

// The model against the real player on positions of random games: where
// the model names a pit, the player takes it under every seed; where it
// says "at random", the player's choice varies with the seed (so the
// player draws exactly where the model says it does).
bool model_matches_player(const Game& game, const ClassicModel& model, const std::string& level) {
  std::mt19937_64 random(7);
  int checked = 0;
  for (int g = 0; g < 300; ++g) {
    auto state = game.new_state();
    while (!state->is_over()) {
      const auto legal = state->legal_moves();
      int store_margin = 0;
      const Board board = kalah::board_of(gamerec::downcast<kalah::KalahState>(*state), store_margin);
      const int predicted = model.choice(board);
      bool varied = false;
      int first = -1;
      for (std::uint64_t seed = 1; seed <= 24; ++seed) {
        auto player = game.make_chooser(level, ChooserSettings{seed, std::nullopt});
        const int pit = player->choose_move(*state->observe(state->to_move()), legal)->from - 1;
        if (predicted >= 0 && pit != predicted) {
          std::fprintf(stderr, "kalah_ceiling_bench: the model of level %s says pit %d, the player %d\n",
                       level.c_str(), predicted + 1, pit + 1);
          return false;
        }
        if (first >= 0 && pit != first) varied = true;
        first = pit;
      }
      if (predicted < 0 && legal.size() > 1 && !varied) {
        std::fprintf(stderr, "kalah_ceiling_bench: the model of level %s says random, the player does not\n",
                     level.c_str());
        return false;
      }
      ++checked;
      state->apply(legal[random() % legal.size()]);
    }
  }
  std::printf("the model of level %s agrees with the player on %d positions of 300 random games\n",
              level.c_str(), checked);
  return true;
}

// The cut-offs against the plain expectimax: on `count` positions of
// random games with at most 20 seeds left, North to move, the tests at
// chances just below and above the exact one must say "at least" and
// "below". Each position gets fresh memos.
bool cutoffs_match_plain(const Game& game, const kalah::SearchRules& rules, const ClassicModel& model,
                         int total, int count) {
  std::mt19937_64 random(11);
  int checked = 0;
  int strict = 0;  // chances neither 0 nor 1
  double sum = 0;
  while (checked < count) {
    auto state = game.new_state();
    int store_margin = 0;
    Board board{};
    while (!state->is_over()) {
      board = kalah::board_of(gamerec::downcast<kalah::KalahState>(*state), store_margin);
      if (state->to_move() == kalah::kNorth && kalah::seeds_on(board, rules) <= 20) break;
      const auto legal = state->legal_moves();
      state->apply(legal[random() % legal.size()]);
    }
    if (state->is_over()) continue;
    const int seeds = kalah::seeds_on(board, rules);
    const int north_store = gamerec::downcast<kalah::KalahState>(*state).row(kalah::kNorth).store;
    Ceiling plain(rules, total, model, nullptr, 16);
    const double exact = plain.chance(board, seeds, true, north_store, -1, 2);
    for (const double t : {exact - 0.01, exact + 0.01}) {
      if (t <= 0 || t > 1) continue;
      Ceiling cut(rules, total, model, nullptr, 16);
      const bool at_least = cut.chance(board, seeds, true, north_store, t - 1e-9, t) >= t;
      if (at_least != (exact >= t)) {
        std::fprintf(stderr, "kalah_ceiling_bench: the test at %.4f disagrees with the exact chance %.6f\n",
                     t, exact);
        return false;
      }
    }
    sum += exact;
    strict += exact > 0 && exact < 1;
    ++checked;
  }
  std::printf(
      "the cut-offs agree with the plain expectimax on %d positions (%d of them neither won nor lost; "
      "average chance %.3f)\n",
      checked, strict, sum / checked);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int per_pit = 4;
  std::string level = "5";
  std::string from;
  int table_seeds = 18;
  int bucket_bits = 27;
  int check = 0;
  std::vector<std::string> tests;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--seeds" && has_value)
      per_pit = std::atoi(argv[++i]);
    else if (arg == "--level" && has_value)
      level = argv[++i];
    else if (arg == "--from" && has_value)
      from = argv[++i];
    else if (arg == "--table" && has_value)
      table_seeds = std::atoi(argv[++i]);
    else if (arg == "--bucket-bits" && has_value)
      bucket_bits = std::atoi(argv[++i]);
    else if (arg == "--check" && has_value)
      check = std::atoi(argv[++i]);
    else
      tests.push_back(arg);
  }
  if (per_pit < 1 || per_pit > 6 || level.size() != 1 || level[0] < '1' ||
      level[0] > '5' || bucket_bits < 10 || bucket_bits > 32) {
    std::fprintf(stderr,
                 "usage: kalah_ceiling_bench [--seeds N] [--level 1-5] [--from MOVES] [--table S] "
                 "[--bucket-bits B] [--check N] [T... | full]\n");
    return 2;
  }
  const GameCatalogue catalogue = make_builtin_catalogue();
  auto made = catalogue.make_game("kalah", {{"seeds", std::to_string(per_pit)}});
  if (!made.ok()) return 2;
  const Game& game = *made.value();
  const kalah::SearchRules rules{kPits, true};
  const ClassicModel model(level[0] - '0', rules);
  if (!model_matches_player(game, model, level)) return 1;
  const int total = 2 * kPits * per_pit;
  if (check > 0 && !cutoffs_match_plain(game, rules, model, total, check)) return 1;
  if (tests.empty()) return 0;
  std::fflush(stdout);

  auto state = game.new_state();
  for (const char digit : from) {
    const Move move{digit - '0', -1, 0};
    if (state->is_over() || state->check(move)) {
      std::fprintf(stderr, "kalah_ceiling_bench: '%c' of --from is not a legal pit\n", digit);
      return 2;
    }
    state->apply(move);
  }
  if (state->is_over()) {
    std::fprintf(stderr, "kalah_ceiling_bench: --from ends the game\n");
    return 2;
  }
  const auto& kalah_state = gamerec::downcast<kalah::KalahState>(*state);
  int store_margin = 0;
  const Board board = kalah::board_of(kalah_state, store_margin);
  const bool north = kalah_state.to_move() == kalah::kNorth;
  const int north_store = kalah_state.row(kalah::kNorth).store;

  auto table = table_seeds > 0 ? std::make_shared<const kalah::EndgameTable>(rules, table_seeds) : nullptr;
  Ceiling ceiling(rules, total, model, table, bucket_bits);
  const auto started = std::chrono::steady_clock::now();
  for (const std::string& test : tests) {
    const bool full = test == "full";
    const double t = full ? 0 : std::atof(test.c_str());
    const double value =
        full ? ceiling.chance(board, kalah::seeds_on(board, rules), north, north_store, -1, 2)
             : ceiling.chance(board, kalah::seeds_on(board, rules), north, north_store, t - 1e-9, t);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (full) {
      std::printf("North's best chance against level %s: %.6f", level.c_str(), value);
    } else {
      std::printf("North's best chance against level %s: %s %.4f (%s %.6f)", level.c_str(),
                  value >= t ? "at least" : "below", t, value >= t ? "a lower bound" : "an upper bound",
                  value);
    }
    std::printf(" [Kalah(6,%d)%s%s, %llu positions searched, %llu kept, %.0f s]\n", per_pit,
                from.empty() ? "" : " after ", from.c_str(), static_cast<unsigned long long>(ceiling.nodes()),
                static_cast<unsigned long long>(ceiling.stored()), seconds);
    std::fflush(stdout);
  }
  return 0;
}
