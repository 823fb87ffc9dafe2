// Chess's computer players. Level 1 is the textbook one: every legal move
// is played on a copy of the board and the position after it scored by
// material and mobility (the number of legal moves, the mover's minus the
// opponent's); the best one is taken. Levels 2 to 5 search alpha-beta
// (negamax) that many plies deep, captures first, with the same score at
// the leaves, deepening one ply at a time until the depth or
// settings.movetime_ms is reached. Ties go to a seeded random pick:
// the same seed replays the same game.
#include <algorithm>
#include <chrono>
#include <random>

#include "games/chess/chess.h"

namespace gamerec::chess {
namespace {

constexpr std::array<int, kPieceTypes> kPieceValue = {0, 900, 500, 330, 320, 100};
constexpr int kMobilityWeight = 4;
constexpr int kMate = 1'000'000;

int material(const Position& p, int color) {
  int score = 0;
  for (int type = kQueen; type <= kPawn; ++type) {
    for (Bitboard b = p.pieces(color, type); b != 0; b &= b - 1) score += kPieceValue[type];
  }
  return score;
}

int count_moves(const Position& p, const Tables& t) {
  int count = 0;
  for_each_legal_move(p, t, [&](ChessMove) {
    ++count;
    return false;
  });
  return count;
}

// The position's score for the side to move.
int evaluate(const Position& p, const Tables& t) {
  const int own_moves = count_moves(p, t);
  if (own_moves == 0) return p.in_check(t) ? -kMate : 0;
  Position other = p;  // the opponent's mobility, as if it were to move
  other.side ^= 1;
  other.ep = -1;
  const int their_moves = other.in_check(t) ? own_moves : count_moves(other, t);
  return material(p, p.side) - material(p, p.side ^ 1) + kMobilityWeight * (own_moves - their_moves);
}

class Clock {
 public:
  explicit Clock(std::optional<std::int64_t> limit_ms)
      : start_(std::chrono::steady_clock::now()), limit_ms_(limit_ms) {}
  bool out_of_time() const {
    return limit_ms_ && std::chrono::steady_clock::now() - start_ >= std::chrono::milliseconds(*limit_ms_);
  }

 private:
  std::chrono::steady_clock::time_point start_;
  std::optional<std::int64_t> limit_ms_;
};

class Search {
 public:
  Search(const Tables& t, const Clock& clock) : t_(t), clock_(clock) {}
  bool stopped() const { return stopped_; }

  int negamax(const Position& p, int depth, int alpha, int beta, int ply) {
    if ((++nodes_ & 1023) == 0 && clock_.out_of_time()) stopped_ = true;
    if (stopped_) return 0;
    if (depth == 0) {
      const int score = evaluate(p, t_);
      return score == -kMate ? score + ply : score;  // a nearer mate is better
    }
    std::array<ChessMove, 256> moves;
    int count = 0;
    for_each_legal_move(p, t_, [&](ChessMove m) {
      moves[static_cast<std::size_t>(count++)] = m;
      return false;
    });
    if (count == 0) return p.in_check(t_) ? -kMate + ply : 0;
    order(p, moves.data(), count);
    int best = -kMate - 1;
    for (int i = 0; i < count; ++i) {
      Position child = p;
      child.make(moves[static_cast<std::size_t>(i)]);
      const int score = -negamax(child, depth - 1, -beta, -alpha, ply + 1);
      best = std::max(best, score);
      alpha = std::max(alpha, score);
      if (alpha >= beta) break;
    }
    return best;
  }

  // Captures of the most valuable piece first.
  static void order(const Position& p, ChessMove* moves, int count) {
    std::stable_sort(moves, moves + count, [&](ChessMove a, ChessMove b) {
      return victim(p, a) > victim(p, b);
    });
  }
  static int victim(const Position& p, ChessMove m) {
    return (p.cells[m.to] == kEmpty ? 0 : kPieceValue[cell_type(p.cells[m.to])]) + (m.promotion != 0 ? 800 : 0);
  }

 private:
  const Tables& t_;
  const Clock& clock_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

class SearchChooser final : public MoveChooser {
 public:
  SearchChooser(int depth, const ChooserSettings& settings)
      : depth_(depth), movetime_ms_(settings.movetime_ms), random_(settings.seed) {}

  std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    const Position& p = downcast<PositionObservation<ChessState>>(seen).position().position();
    const Tables& t = tables();
    const Clock clock(movetime_ms_);
    std::vector<ChessMove> moves;
    for (const Move& move : legal) moves.push_back(to_chess_move(move));
    std::vector<ChessMove> best = moves;
    // Depth 1 is the textbook evaluation; deeper searches refine it while
    // time lasts (the last complete depth decides).
    for (int depth = 1; depth <= depth_; ++depth) {
      Search search(t, clock);
      Search::order(p, moves.data(), static_cast<int>(moves.size()));
      int top = -kMate - 1;
      std::vector<ChessMove> tied;
      for (const ChessMove m : moves) {
        Position child = p;
        child.make(m);
        const int score = depth == 1 ? -evaluate(child, t) : -search.negamax(child, depth - 1, -kMate - 1, -top + 1, 1);
        if (search.stopped()) break;
        if (score > top) {
          top = score;
          tied.clear();
        }
        if (score == top) tied.push_back(m);
      }
      if (search.stopped()) break;
      best = tied;
      if (clock.out_of_time()) break;
    }
    return to_core_move(best[random_() % best.size()]);
  }

 private:
  int depth_;
  std::optional<std::int64_t> movetime_ms_;
  std::mt19937_64 random_;
};

class RandomChooser final : public MoveChooser {
 public:
  explicit RandomChooser(std::uint64_t seed) : random_(seed) {}
  std::optional<Move> choose_move(const Observation&, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    return legal[random_() % legal.size()];
  }

 private:
  std::mt19937_64 random_;
};

}  // namespace

std::unique_ptr<MoveChooser> make_search_chooser(int level, const ChooserSettings& settings) {
  return std::make_unique<SearchChooser>(level, settings);
}

std::unique_ptr<MoveChooser> make_random_chooser(std::uint64_t seed) {
  return std::make_unique<RandomChooser>(seed);
}

}  // namespace gamerec::chess
