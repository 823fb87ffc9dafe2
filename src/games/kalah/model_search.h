#pragma once
// Level 7 against the classic levels: a model of each classic level's
// rule, a watch over the opponent's moves that tells whether it plays like
// one of them, and an expectimax over that level's random choices of the
// chance to win.
//
// Why: a perfect player plays as if its opponent never erred. Kalah(6,4)
// is lost for North, and level 5's greedy opening is South's perfect line
// often enough that a perfect North loses a third of its games to it,
// while a North that plays for level 5's habits wins nearly all of them.
#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "games/kalah/search.h"
#include "rules/large_array.h"

namespace gamerec::kalah {

// A classic level's choice on a board seen from the mover (players.cpp
// has the rules in words).
class ClassicModel {
 public:
  static constexpr int kRandom = -1;
  ClassicModel(int level, const SearchRules& rules) : level_(level), rules_(rules) {}

  int level() const { return level_; }
  // The pit index the level takes, or kRandom when it draws one.
  int choice(const Board& board) const;
  // Whether the last seed of `pit` lands in an own pit that was empty and
  // takes seeds (under the game's capture rule): sown seed by seed, laps
  // included.
  bool captures(const Board& board, int pit) const;

 private:
  int level_;
  SearchRules rules_;
};

// Which classic levels (2-5) the opponent's moves agree with. Level 1 is
// pure chance: no move tells it apart, and a random player can pass for
// level 2 or 3 for a few moves, until one goes against their rule.
//
// The player tells it the board before and after each of its own moves;
// at its next turn the watch finds the opponent's sowings between the two
// (one, or several after extra moves) and checks them against each
// level's rule. One move against a level's rule rules that level out for
// the game. Every other move where the opponent had a choice weighs for or
// against the level by how much likelier it is from the level than from a
// searching player, one that plays level 6's move 7 times in 10 and any
// other move else: a searching player takes the obvious extra moves too,
// and must not be taken for a classic level. While every move is level
// 6's own, no level is believed (level 6 explains them at least as well).
class OpponentWatch {
 public:
  // The log-odds for a level against a searching player at which the
  // level is believed: e to 1. Level 7 has to believe level 5 early, as
  // North's first moves decide the game; a stricter threshold won fewer
  // games (docs/benchmarks.md, "Why some constants are what they are").
  static constexpr double kBelief = 1.0;

  explicit OpponentWatch(const SearchRules& rules);

  // At the player's turn: the board now, from its own view, and the board
  // the game started from (the opponent's view) when the player did not
  // move first and has not moved yet.
  void see(const Board& now, const std::optional<Board>& start_for_opponent);
  // After the player's own sowing of `pit` on `before`.
  void moved(const Board& before, int pit);
  // The highest classic level with enough evidence and no move against it.
  std::optional<int> level() const;
  // Whether a move seen so far goes against `level`'s rule (2-5).
  bool ruled_out(int level) const { return levels_[static_cast<std::size_t>(level - 2)].ruled_out; }

 private:
  // One classic level and what the moves so far say of it.
  struct Candidate {
    ClassicModel model;
    bool ruled_out = false;
    double weight = 0;  // log-odds for the level, against a searching player
  };
  // Every run of the opponent's sowings from `board` (its view) that ends
  // its turn on `target` (the player's view), into `paths`; `budget` caps
  // the positions tried.
  void paths_to(const Board& board, const Board& target, std::vector<int>& path,
                std::vector<std::vector<int>>& paths, int& budget) const;
  // Each level's agreement with the best of the paths from `from`.
  void weigh(const Board& from, const std::vector<std::vector<int>>& paths);

  SearchRules rules_;
  Sower sower_;
  Search short_search_;               // level 6's search: what a searcher would play
  std::vector<Candidate> levels_;      // levels 2..5
  std::optional<Board> opponent_from_;  // the opponent is to move here, in its view
  bool started_ = false;
  bool level_six_ruled_out_ = false;  // a move seen that level 6 would not make
};

// The chance to win (a draw counts half) of the side to move against a
// classic level, by expectimax to a depth, deeper and deeper against the
// clock. Past the depth a position is worth a logistic of the store
// difference, with the endgame table's exact value added where it has one;
// a position the table shows won under perfect play is worth 1.
class ModelSearch {
 public:
  ModelSearch(const SearchRules& rules, std::shared_ptr<const EndgameTable> endgame);

  // The pit index with the best chance. `preferred`, the perfect search's
  // pit, wins ties and is the answer when there is no time for one depth;
  // `total_seeds`: the game's seeds, stores included.
  int choose(const Board& board, int store_margin, int total_seeds, const ClassicModel& model, int preferred,
             std::chrono::steady_clock::time_point deadline);
  // One search to `depth`, without a clock (tests): each pit's chance, -1
  // for an empty pit.
  std::vector<double> chances(const Board& board, int store_margin, int total_seeds, const ClassicModel& model,
                              int depth);

  std::uint64_t nodes() const { return nodes_; }

 private:
  // A memo depth that stands for "exact at any depth".
  static constexpr int kExactDepth = 1000;

  double value(const Board& board, int seeds, bool ours, int margin, int depth, bool& exact);
  double after(const Board& board, int seeds, bool ours, int margin, int pit, int depth, bool& exact);
  double leaf(const Board& board, int seeds, bool ours, int margin) const;
  bool out_of_time();

  // The memo: chances to a depth. A key packs the pits (4 bits each), the
  // store margin and the side to move; 0 when it cannot (a pit of 16 seeds
  // or more, more than 6 pits): such positions are not kept.
  struct Slot {
    std::uint64_t key;  // 0: empty
    float chance;
    int depth;
  };
  struct alignas(64) Bucket {
    Slot ways[4];
  };
  std::uint64_t key_of(const Board& board, bool ours, int margin) const;
  Bucket& bucket_of(std::uint64_t key);

  SearchRules rules_;
  Sower sower_;
  std::shared_ptr<const EndgameTable> endgame_;
  void prepare(int total_seeds, const ClassicModel& model);

  std::optional<ClassicModel> model_;  // the memo holds chances against it
  int total_ = 0;                      // seeds in the game
  LargeArray<Bucket> memo_;
  std::size_t mask_ = 0;
  std::uint64_t nodes_ = 0;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  bool aborted_ = false;
};

}  // namespace gamerec::kalah
