// The ceiling for kalah_bench.sh's "level 7 against level 5": a perfect
// North, which solves every position it moves in exactly, against a
// classic level as South (the side that wins Kalah(6,4) by 8 under perfect
// play). It prints the perfect player's wins, losses and draws and its
// average margin, for comparison with level 7 under a clock. Never run by
// ctest: the first solve takes most of a minute of CPU, and 100 games about
// one minute in all.
//
//   kalah_perfect_bench GAMES [LEVEL] [--hardest]
//     LEVEL: the opponent, default 5. --hardest: among North's moves that
//     keep the exact value, the one that leaves South the fewest replies
//     that keep South's (a perfect player that sets traps).
//   kalah_perfect_bench --line MOVES
//     replays MOVES (pit digits from the start) and prints, at each North
//     position on the way, the exact value of every North move: where only
//     one move keeps the value, every perfect player plays it.
//
// Game g gives South's level the seed g, so runs repeat. North's moves are
// remembered by position (the classic levels' openings repeat), and one
// search, endgame table and transposition table serve every solve.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <variant>

#include "app/builtin_games.h"
#include "games/kalah/kalah.h"
#include "games/kalah/search.h"
#include "rules/typed.h"

using namespace gamerec;

namespace {

int exact_value(kalah::Search& search, const kalah::Board& board) {
  return search.solve(board, kalah::first_guess(search, board)).value;
}

// The margin to come for the mover after playing `pit`.
int move_value(kalah::Search& search, const kalah::Sower& sower, const kalah::Board& board, int pit,
               kalah::Board& child, kalah::Step& step) {
  child = board;
  step = sower.play(child, pit);
  if (step.over) return step.margin;
  const int rest = exact_value(search, child);
  return step.margin + (step.again ? rest : -rest);
}

int hardest_move(kalah::Search& search, const kalah::Sower& sower, const kalah::Board& board, int value,
                 int best) {
  int fewest = 7;
  int choice = best;
  for (int pit = 0; pit < 6; ++pit) {
    if (board[static_cast<std::size_t>(pit)] == 0) continue;
    kalah::Board child;
    kalah::Step step;
    if (move_value(search, sower, board, pit, child, step) != value) continue;
    int keeping = 6;  // an extra move or the end: no reply to count
    if (!step.over && !step.again) {
      const int theirs = exact_value(search, child);
      keeping = 0;
      for (int reply = 0; reply < 6; ++reply) {
        if (child[static_cast<std::size_t>(reply)] == 0) continue;
        kalah::Board after;
        kalah::Step answer;
        if (move_value(search, sower, child, reply, after, answer) == theirs) ++keeping;
      }
    }
    if (keeping < fewest || (keeping == fewest && pit == best)) {
      fewest = keeping;
      choice = pit;
    }
  }
  return choice;
}

// The --line report.
int line_report(const Game& game, kalah::Search& search, const kalah::Sower& sower,
                const std::string& moves) {
  auto state = game.new_state();
  for (std::size_t ply = 0; ply < moves.size() && !state->is_over(); ++ply) {
    if (state->to_move() == kalah::kNorth) {
      int store_margin = 0;
      const kalah::Board board =
          kalah::board_of(gamerec::downcast<kalah::KalahState>(*state), store_margin);
      const int value = exact_value(search, board);
      std::printf("ply %zu, North to move, value %+d:", ply + 1, store_margin + value);
      int keeping = 0;
      for (int pit = 0; pit < 6; ++pit) {
        if (board[static_cast<std::size_t>(pit)] == 0) continue;
        kalah::Board child;
        kalah::Step step;
        const int got = move_value(search, sower, board, pit, child, step);
        std::printf("  %d: %+d", pit + 1, store_margin + got);
        if (got == value) ++keeping;
      }
      std::printf("  (%d keep it; played %c)\n", keeping, moves[ply]);
      std::fflush(stdout);
    }
    const Move move{moves[ply] - '0', -1, 0};
    if (state->check(move)) {
      std::fprintf(stderr, "kalah_perfect_bench: ply %zu: '%c' is not a legal pit\n", ply + 1, moves[ply]);
      return 2;
    }
    state->apply(move);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: kalah_perfect_bench GAMES [LEVEL] [--hardest] | --line MOVES\n");
    return 2;
  }
  const bool line = std::string(argv[1]) == "--line" && argc > 2;
  const int games = line ? 0 : std::atoi(argv[1]);
  if (!line && games <= 0) {
    std::fprintf(stderr, "kalah_perfect_bench: GAMES must be a positive number\n");
    return 2;
  }
  const std::string level = argc > 2 && argv[2][0] != '-' && argv[1][0] != '-' ? argv[2] : "5";
  const bool hardest = std::string(argv[argc - 1]) == "--hardest";
  const GameCatalogue catalogue = make_builtin_catalogue();
  auto made = catalogue.make_game("kalah", {});
  if (!made.ok()) return 2;
  const Game& game = *made.value();

  const kalah::SearchRules rules{6, true};
  const int seeds = 48;
  kalah::Search search(rules, kalah::table_bits_for(seeds), kalah::table_seeds_for(rules, seeds));
  const kalah::Sower sower(rules);
  if (line) return line_report(game, search, sower, argv[2]);
  std::map<kalah::Board, int> perfect_move;
  int wins = 0;
  int losses = 0;
  int draws = 0;
  long margin = 0;
  const std::clock_t started = std::clock();
  for (int g = 1; g <= games; ++g) {
    auto opponent = game.make_chooser(level, ChooserSettings{static_cast<std::uint64_t>(g), std::nullopt});
    auto state = game.new_state();
    std::string moves;
    while (!state->is_over()) {
      Move move;
      if (state->to_move() == kalah::kSouth) {
        const auto legal = state->legal_moves();
        move = *opponent->choose_move(*state->observe(kalah::kSouth), legal);
      } else {
        int store_margin = 0;
        const kalah::Board board =
            kalah::board_of(gamerec::downcast<kalah::KalahState>(*state), store_margin);
        auto known = perfect_move.find(board);
        if (known == perfect_move.end()) {
          const auto result = search.solve(board, kalah::first_guess(search, board));
          const int move =
              hardest ? hardest_move(search, sower, board, result.value, result.best) : result.best;
          known = perfect_move.emplace(board, move).first;
        }
        move = Move{known->second + 1, -1, 0};
      }
      moves += std::to_string(move.from);
      state->apply(move);
    }
    const Outcome outcome = state->outcome();
    const int north_margin = outcome.score[kalah::kNorth] - outcome.score[kalah::kSouth];
    margin += north_margin;
    (north_margin > 0 ? wins : north_margin < 0 ? losses : draws) += 1;
    std::printf("game %d: North %+d  %s\n", g, north_margin, moves.c_str());
    std::fflush(stdout);
  }
  std::printf(
      "perfect North%s against level %s as South: %d wins, %d losses, %d draws of %d (%.1f%% won), "
      "average margin %+.2f, %zu positions solved, %.0f s CPU\n",
      hardest ? " (--hardest)" : "", level.c_str(), wins, losses, draws, games, 100.0 * wins / games,
      static_cast<double>(margin) / games, perfect_move.size(),
      static_cast<double>(std::clock() - started) / CLOCKS_PER_SEC);
  return 0;
}
