// Kalah's computer players: the five classic Bantumi levels, a fixed-depth
// alpha-beta (level 6) and a perfect player against the clock (level 7).
//
// The classic levels, pit numbers as the mover counts them (p = pits):
//   1  a random non-empty pit;
//   2  the first pit, scanning p, p-1, ..., 1 (from the store outward),
//      whose last seed lands in the own store (p + 1 - pit seeds); else 1;
//   3  the same scanning 1, 2, ..., p; else 1;
//   4  the first pit, scanning from the store outward, whose last seed
//      lands in the own store even after whole laps of the board (seeds
//      equal to p + 1 - pit modulo 2p + 1); else pit p if it has seeds;
//      else 1;
//   5  as 4, but before pit p the first pit, scanning from the store
//      outward, whose last seed lands in an own empty pit and captures
//      (under the game's capture rule).
// Random choices come from a std::mt19937_64 seeded with the chooser's seed.
#include <chrono>
#include <map>
#include <random>
#include <tuple>

#include "games/kalah/kalah.h"
#include "games/kalah/model_search.h"
#include "games/kalah/search.h"

namespace gamerec::kalah {
namespace {

const KalahState& position_of(const Observation& seen) {
  return downcast<PositionObservation<KalahState>>(seen).position();
}

SearchRules search_rules(const KalahState& position) {
  return SearchRules{position.rules().pits, position.rules().capture_needs_opposite_seeds};
}

class ClassicChooser final : public MoveChooser {
 public:
  ClassicChooser(int level, std::uint64_t seed) : level_(level), random_(seed) {}

  std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    const KalahState& position = position_of(seen);
    if (auto pit = classic_pit(position)) return Move{*pit, -1, 0};
    // Not std::uniform_int_distribution: its output differs between
    // standard libraries, and a seed must replay the same game everywhere.
    return legal[random_() % legal.size()];
  }

 private:
  std::optional<int> classic_pit(const KalahState& position) const {
    int store_margin = 0;
    const Board board = board_of(position, store_margin);
    const ClassicModel model(level_, search_rules(position));
    const int pit = model.choice(board);
    if (pit == ClassicModel::kRandom) return std::nullopt;
    return pit + 1;
  }

  int level_;
  std::mt19937_64 random_;
};

// The search is made on the first move, when the rules are known.
class SearchChooser : public MoveChooser {
 public:
  std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    const KalahState& position = position_of(seen);
    const SearchRules rules = search_rules(position);
    if (!search_ || rules.pits != rules_.pits ||
        rules.capture_needs_opposite_seeds != rules_.capture_needs_opposite_seeds) {
      rules_ = rules;
      search_ = make_search(rules);
    }
    int store_margin = 0;
    const Board board = board_of(position, store_margin);
    const int pit = choose(board, store_margin, position);
    return Move{pit + 1, -1, 0};
  }

 protected:
  virtual std::unique_ptr<Search> make_search(const SearchRules& rules) const = 0;
  // The pit index to play on `board`, the position seen from its mover.
  virtual int choose(const Board& board, int store_margin, const KalahState& position) = 0;
  Search& search() { return *search_; }
  const SearchRules& rules() const { return rules_; }

 private:
  SearchRules rules_;
  std::unique_ptr<Search> search_;
};

class AlphaBetaChooser final : public SearchChooser {
 public:
  explicit AlphaBetaChooser(int depth) : depth_(depth) {}

 private:
  std::unique_ptr<Search> make_search(const SearchRules& rules) const override {
    return std::make_unique<Search>(rules, 16, 0);
  }
  int choose(const Board& board, int /*store_margin*/, const KalahState& /*position*/) override {
    return search().search_depth(board, depth_).best;
  }

  int depth_;
};

}  // namespace

// One table per rules and size, made on first use; no locking: a game is
// played on one thread.
class LevelSevenTables {
 public:
  std::shared_ptr<const EndgameTable> get(const SearchRules& rules, int seeds) {
    auto& table = tables_[{rules.pits, rules.capture_needs_opposite_seeds, seeds}];
    if (!table) table = std::make_shared<const EndgameTable>(rules, seeds);
    return table;
  }

 private:
  std::map<std::tuple<int, bool, int>, std::shared_ptr<const EndgameTable>> tables_;
};

std::shared_ptr<LevelSevenTables> make_level_seven_tables() { return std::make_shared<LevelSevenTables>(); }

namespace {

// Deeper and deeper until the clock runs out or a search reaches every end
// of the game (then its move is perfect); the endgame table makes every
// position with few seeds left exact at once. The depth counts turns (an
// extra move is free), and the horizon looks on through the sowings that
// gain at once, so that a capture just beyond it is not missed.
//
// Against an opponent whose every move so far is a classic level's
// (OpponentWatch), a quarter of the time goes to that search and the rest
// to the chance to win against the level (ModelSearch), unless the search
// has proven a win: a perfect player loses a third of its games as North
// to level 5, whose greedy line is often South's perfect line, and one
// that plays for level 5's habits wins nearly all of them.
class PerfectChooser final : public SearchChooser {
 public:
  PerfectChooser(std::int64_t movetime_ms, std::shared_ptr<LevelSevenTables> tables)
      : movetime_(movetime_ms), tables_(std::move(tables)) {}

 private:
  // 2.7 million positions on the usual board: a few seconds to build,
  // once per game object (a tourney's 200 games share it).
  static constexpr int kTableSeeds = 12;
  static constexpr Horizon kHorizon{true, 4};

  std::unique_ptr<Search> make_search(const SearchRules& rules) const override {
    return std::make_unique<Search>(rules, 20, tables_->get(rules, kTableSeeds), kHorizon);
  }

  int choose(const Board& board, int store_margin, const KalahState& position) override {
    // The watch's time counts against the move's.
    const auto started = std::chrono::steady_clock::now();
    const auto deadline = started + std::chrono::milliseconds(movetime_);
    if (!watch_) watch_.emplace(rules());
    watch_->see(board, start_for_opponent(position));
    const auto now = std::chrono::steady_clock::now();
    const std::optional<int> level = watch_->level();
    const Search::Result perfect = perfect_search(board, level ? now + (deadline - now) / 4 : deadline);
    int best = perfect.best;
    if (level && !(perfect.exact && store_margin + perfect.value > 0)) {
      if (!model_search_) model_search_ = std::make_unique<ModelSearch>(rules(), tables_->get(rules(), kTableSeeds));
      const int total = 2 * position.rules().pits * position.rules().seeds;
      best = model_search_->choose(board, store_margin, total, ClassicModel(*level, rules()), best, deadline);
    }
    watch_->moved(board, best);
    return best;
  }

  // The start of the game, seen from the side that moved first, when the
  // player did not move first: the watch checks the opponent's opening.
  static std::optional<Board> start_for_opponent(const KalahState& position) {
    if (position.to_move() == kSouth) return std::nullopt;
    int store_margin = 0;
    return board_of(KalahState(position.rules()), store_margin);
  }

  Search::Result perfect_search(const Board& board, std::chrono::steady_clock::time_point deadline) {
    Search& s = search();
    s.set_deadline(deadline);
    Search::Result best;
    for (int depth = 1; depth < Search::kExact; ++depth) {
      const Search::Result result = s.search_depth(board, depth);
      if (result.aborted) break;
      best = result;
      if (result.exact) break;
    }
    s.set_deadline(std::nullopt);
    if (best.best < 0) best = s.search_depth(board, 1);  // no time even for one ply
    return best;
  }

  std::chrono::milliseconds::rep movetime_;
  std::shared_ptr<LevelSevenTables> tables_;
  std::optional<OpponentWatch> watch_;
  std::unique_ptr<ModelSearch> model_search_;
};

}  // namespace

std::unique_ptr<MoveChooser> make_classic_chooser(int level, std::uint64_t seed) {
  return std::make_unique<ClassicChooser>(level, seed);
}

std::unique_ptr<MoveChooser> make_alpha_beta_chooser(int depth) { return std::make_unique<AlphaBetaChooser>(depth); }

std::unique_ptr<MoveChooser> make_perfect_chooser(std::int64_t movetime_ms,
                                                  std::shared_ptr<LevelSevenTables> tables) {
  return std::make_unique<PerfectChooser>(movetime_ms, std::move(tables));
}

}  // namespace gamerec::kalah
