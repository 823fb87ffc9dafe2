// Gomoku's level 3: a threat-space search for a forced win (fours only,
// then fours and threes), then alpha-beta over the points near the stones,
// deeper and deeper until its budget runs out.
#include <algorithm>
#include <chrono>
#include <limits>

#include "games/gomoku/players.h"

namespace gamerec::gomoku {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::int64_t kWin = std::int64_t{1} << 40;  // minus the plies to it
constexpr std::int64_t kInfinity = kWin * 2;
constexpr int kMaxPly = 60;
// Without --movetime the work is counted, not timed, so that a seed always
// gives the same game.
constexpr std::int64_t kDefaultNodes = 40000;
constexpr int kMaxDepth = 10;
constexpr int kVcfDepth = 12;  // fours in a row
constexpr int kVctDepth = 3;   // threes among them
constexpr std::size_t kRootWidth = 16;
constexpr std::size_t kWidth = 9;

class Search {
 public:
  Search(const GomokuState& position, const ChooserSettings& settings)
      : position_(position), board_(position), me_(position.to_move()), random_(settings.seed) {
    if (settings.movetime_ms) {
      // A margin for drawing the move and passing it on.
      deadline_ = Clock::now() + std::chrono::milliseconds(std::max<std::int64_t>(1, *settings.movetime_ms * 9 / 10));
      node_limit_ = std::numeric_limits<std::int64_t>::max();
    }
  }

  // The point to play (unpadded).
  int choose() { return board_.unpadded(choose_padded()); }

 private:
  int choose_padded() {
    if (board_.stones() == 0) return centre(board_);
    if (auto urgent = urgent_point(position_, board_)) return *urgent;
    // The search below does not know renju's forbidden points: its first
    // move is checked here.
    if (auto win = forced_win(me_); win && !playable(position_, board_, {*win}).empty()) return *win;
    return alpha_beta_root();
  }

  bool out_of_budget() {
    if (stopped_) return true;
    ++nodes_;
    if (nodes_ >= node_limit_) stopped_ = true;
    if (deadline_ && (nodes_ & 255) == 0 && Clock::now() >= *deadline_) stopped_ = true;
    return stopped_;
  }

  // A first move of a forced win for `side`, to move: fours only, then
  // fours and threes.
  std::optional<int> forced_win(int side) {
    first_move_.reset();
    if (vcf(side, kVcfDepth, true)) return first_move_;
    if (stopped_) return std::nullopt;
    first_move_.reset();
    if (vct(side, kVctDepth, true)) return first_move_;
    return std::nullopt;
  }

  // What `attacker` to move must do first when the defender has a five
  // ready: block it with a four of its own, or give up the attack. The
  // block (or -1) is returned; nullopt when there is nothing to block.
  std::optional<int> forced_block(int attacker) const {
    const int defender = 1 - attacker;
    if (board_.count(defender, kWins) == 0) return std::nullopt;
    const auto fives = board_.points_of(defender, kWins);
    if (fives.size() >= 2 || board_.point_class(attacker, fives.front()) < kMakesFour) return -1;
    return fives.front();
  }

  // The four moves of `attacker`, the most valuable first.
  std::vector<int> ordered(std::vector<int> points, int side) const {
    std::stable_sort(points.begin(), points.end(),
                     [&](int a, int b) { return board_.value(side, a) > board_.value(side, b); });
    return points;
  }

  // Victory by continuous fours: every attacking move makes a four, so the
  // defender's answer is forced.
  bool vcf(int attacker, int depth, bool root) {
    if (out_of_budget()) return false;
    if (board_.count(attacker, kWins) > 0) return note(root, board_.points_of(attacker, kWins).front());
    std::vector<int> moves;
    if (auto block = forced_block(attacker)) {
      if (*block < 0) return false;
      moves = {*block};
    } else {
      if (board_.count(attacker, kWinsNext) > 0) return note(root, board_.points_of(attacker, kWinsNext).front());
      if (depth == 0) return false;
      moves = ordered(board_.points_of(attacker, kMakesFour), attacker);
    }
    for (int p : moves) {
      if (four_then(attacker, p, [&] { return vcf(attacker, depth - 1, false); })) return note(root, p);
      if (stopped_) return false;
    }
    return false;
  }

  // Plays the four at p and the defender's forced block, then asks `next`.
  template <typename Next>
  bool four_then(int attacker, int p, Next&& next) {
    board_.place(p, attacker);
    bool won = false;
    const auto fives = board_.points_of(attacker, kWins);
    if (fives.size() >= 2) {
      won = true;
    } else if (fives.size() == 1) {
      board_.place(fives.front(), 1 - attacker);
      won = next();
      board_.remove(fives.front());
    }
    board_.remove(p);
    return won;
  }

  // Victory by continuous threats: fours and open threes. After a three the
  // defender may stop it at any point that leaves no open four to make, or
  // answer with a four (or open four) of its own; every answer must lose.
  bool vct(int attacker, int depth, bool root) {
    if (out_of_budget()) return false;
    if (vcf(attacker, kVcfDepth, root)) return true;
    if (stopped_ || depth == 0 || forced_block(attacker)) return false;
    const int defender = 1 - attacker;
    for (int p : ordered(board_.points_of(attacker, kMakesOpenThree), attacker)) {
      if (board_.point_class(attacker, p) >= kMakesFour) continue;  // vcf tried it
      board_.place(p, attacker);
      bool refuted = false;
      for (int answer : ordered(nearby_points(board_), defender)) {
        const bool counters = board_.point_class(defender, answer) >= kMakesFour;
        board_.place(answer, defender);
        const bool stops = counters || board_.at_least(attacker, kWinsNext) == 0;
        refuted = stops && !vct(attacker, depth - 1, false);
        board_.remove(answer);
        if (refuted || stopped_) break;
      }
      board_.remove(p);
      if (stopped_) return false;
      if (!refuted) return note(root, p);
    }
    return false;
  }

  bool note(bool root, int p) {
    if (root) first_move_ = p;
    return true;
  }

  // The moves worth searching for `side`, best first: when the opponent
  // could make an open four, only the points that stop it and `side`'s own
  // fours; otherwise the points near the stones by their value to both.
  std::vector<int> candidates(int side, std::size_t width) {
    const int other = 1 - side;
    std::vector<int> points = nearby_points(board_);
    if (board_.at_least(other, kWinsNext) > 0) {
      // Only a point close to an open-four point, on a line where the
      // opponent would make a four there, can stop it: those are tried.
      std::vector<bool> in_reach(static_cast<std::size_t>(board_.padded(board_.size() * board_.size() - 1) + 1));
      for (int threat : board_.points_of(other, kWinsNext)) {
        for (int line = 0; line < 4; ++line) {
          if (board_.threat(other, threat, line) < kFour) continue;
          for (int offset = -4; offset <= 4; ++offset) {
            const int q = threat + offset * board_.step(line);
            if (q >= 0 && q < static_cast<int>(in_reach.size())) in_reach[static_cast<std::size_t>(q)] = true;
          }
        }
      }
      std::vector<int> defences;
      for (int p : points) {
        if (board_.point_class(side, p) >= kMakesFour) {
          defences.push_back(p);
          continue;
        }
        if (!in_reach[static_cast<std::size_t>(p)]) continue;
        board_.place(p, side);
        if (board_.at_least(other, kWinsNext) == 0) defences.push_back(p);
        board_.remove(p);
      }
      if (!defences.empty()) points = std::move(defences);
    }
    // Best first; equal scores by point, so that every standard library
    // orders them alike.
    std::vector<std::pair<std::int64_t, int>> scored;
    scored.reserve(points.size());
    for (int p : points)
      scored.emplace_back(-(10 * std::int64_t{board_.value(side, p)} + 9 * std::int64_t{board_.value(other, p)}), p);
    const std::size_t kept = std::min(width, scored.size());
    std::partial_sort(scored.begin(), scored.begin() + static_cast<std::ptrdiff_t>(kept), scored.end());
    points.resize(kept);
    for (std::size_t i = 0; i < kept; ++i) points[i] = scored[i].second;
    return points;
  }

  // The position for `side` to move, seen from its side.
  std::int64_t evaluate(int side) const {
    const int other = 1 - side;
    // A four-three or double three to make, with no four against it, wins.
    // (A double three also needs no open four against it.)
    if (board_.at_least(other, kMakesFour) == 0 &&
        (board_.count(side, kMakesFourThree) > 0 ||
         (board_.count(side, kMakesDoubleThree) > 0 && board_.at_least(other, kWinsNext) == 0)))
      return kWin / 2;
    return board_.total_value(side) * 3 / 2 - board_.total_value(other);
  }

  std::int64_t negamax(int side, int depth, std::int64_t alpha, std::int64_t beta, int ply) {
    if (out_of_budget()) return 0;
    const int other = 1 - side;
    if (board_.count(side, kWins) > 0) return kWin - ply;
    if (board_.full()) return 0;
    const int fives = board_.count(other, kWins);
    if (fives >= 2) return -(kWin - ply - 1);
    if (fives == 1 && ply < kMaxPly) {
      // The block is forced: it costs no depth.
      const int block = board_.points_of(other, kWins).front();
      board_.place(block, side);
      const std::int64_t score = -negamax(other, depth, -beta, -alpha, ply + 1);
      board_.remove(block);
      return score;
    }
    if (board_.count(side, kWinsNext) > 0) return kWin - ply - 2;
    if (depth <= 0 || ply >= kMaxPly) return evaluate(side);
    std::int64_t best = -kInfinity;
    for (int p : candidates(side, kWidth)) {
      board_.place(p, side);
      const std::int64_t score = -negamax(other, depth - 1, -beta, -alpha, ply + 1);
      board_.remove(p);
      if (stopped_) return 0;
      best = std::max(best, score);
      alpha = std::max(alpha, score);
      if (alpha >= beta) break;
    }
    return best;
  }

  // Iterative deepening; the last depth searched to the end decides, ties
  // at random.
  int alpha_beta_root() {
    const int other = 1 - me_;
    std::vector<int> moves = playable(position_, board_, candidates(me_, kRootWidth));
    if (moves.empty()) moves = playable_or_any(position_, board_);
    // A move after which the opponent has a forced win by fours loses.
    std::vector<int> safe;
    for (int p : moves) {
      board_.place(p, me_);
      first_move_.reset();
      const bool loses = vcf(other, kVcfDepth, false);
      board_.remove(p);
      if (!loses) safe.push_back(p);
    }
    if (!safe.empty() && !stopped_) moves = std::move(safe);
    std::vector<int> best_moves = {moves.front()};
    for (int depth = 1; depth <= kMaxDepth && !stopped_; ++depth) {
      std::vector<std::pair<int, std::int64_t>> scored;
      std::int64_t alpha = -kInfinity;
      for (int p : moves) {
        board_.place(p, me_);
        // Equal scores must stay visible for the random choice: a window
        // one wider than alpha.
        const std::int64_t score = -negamax(other, depth - 1, -kInfinity, -(alpha - 1), 1);
        board_.remove(p);
        if (stopped_) break;
        scored.emplace_back(p, score);
        alpha = std::max(alpha, score);
      }
      if (stopped_) break;
      best_moves.clear();
      for (const auto& [p, score] : scored) {
        if (score == alpha) best_moves.push_back(p);
      }
      // The best first at the next depth.
      std::stable_sort(moves.begin(), moves.end(), [&](int a, int b) {
        auto score_of = [&](int p) {
          for (const auto& [q, s] : scored) {
            if (q == p) return s;
          }
          return -kInfinity;
        };
        return score_of(a) > score_of(b);
      });
      if (alpha >= kWin - kMaxPly || alpha <= -(kWin - kMaxPly)) break;  // decided
    }
    return pick(random_, best_moves);
  }

  const GomokuState& position_;
  ThreatBoard board_;
  int me_;
  std::mt19937_64 random_;
  std::optional<Clock::time_point> deadline_;
  std::int64_t node_limit_ = kDefaultNodes;
  std::int64_t nodes_ = 0;
  bool stopped_ = false;
  std::optional<int> first_move_;
};

class SearchChooser final : public MoveChooser {
 public:
  explicit SearchChooser(const ChooserSettings& settings) : settings_(settings) {}

  std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    const GomokuState& position = position_of(seen);
    // Each move its own seed, following from the player's.
    ChooserSettings settings = settings_;
    settings.seed = settings_.seed + 0x9E3779B97F4A7C15ULL * static_cast<std::uint64_t>(++moves_);
    const Move move{-1, Search(position, settings).choose(), 0};
    if (std::find(legal.begin(), legal.end(), move) == legal.end()) return std::nullopt;
    return move;
  }

 private:
  ChooserSettings settings_;
  std::int64_t moves_ = 0;
};

}  // namespace

std::unique_ptr<MoveChooser> make_search_chooser(const ChooserSettings& settings) {
  return std::make_unique<SearchChooser>(settings);
}

}  // namespace gamerec::gomoku
