// What a tourney spends beyond its games (docs/benchmarks.md, "Tourney
// overhead"): kalah's random player (level 1) against itself, GAMES games,
// timed three ways in one run, each the best of RUNS:
//   games    the games alone: for each game its two players made as the
//            tourney makes them (same seeds) and a Match played with no
//            record, nothing counted;
//   tourney  Tourney::play_next() until it is over (seats, counting, SPRT
//            off, no files);
//   state    the same with --state (a line per game, flushed to disk).
// The move totals must agree (the same games were played) or it fails.
//
//   tourney_overhead [GAMES] [RUNS] [STATE_DIR]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>

#include "app/builtin_games.h"
#include "core/tourney.h"

using namespace gamerec;

namespace {

class NoHooks final : public MatchHooks {};

// Seconds of the fastest of `runs` calls of `work`, and what it returned.
std::pair<double, std::int64_t> best_of(int runs, const std::function<std::int64_t()>& work) {
  double best = 1e100;
  std::int64_t value = 0;
  for (int run = 0; run < runs; ++run) {
    const auto start = std::chrono::steady_clock::now();
    value = work();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return {best, value};
}

}  // namespace

int main(int argc, char** argv) {
  const std::int64_t games = argc > 1 ? std::atoll(argv[1]) : 1000;
  const int runs = argc > 2 ? std::atoi(argv[2]) : 7;
  const std::string state_dir = argc > 3 ? argv[3] : std::filesystem::temp_directory_path().string();
  const GameCatalogue catalogue = make_builtin_catalogue();
  auto made = catalogue.make_game("kalah", {});
  if (!made) return 2;
  const Game& game = *made.value();
  TourneyOptions options;
  options.players = {"1", "1"};
  options.games = games;

  const auto [alone, alone_moves] = best_of(runs, [&] {
    std::int64_t moves = 0;
    for (std::int64_t number = 1; number <= games; ++number) {
      std::vector<std::unique_ptr<Player>> owned;
      std::vector<Player*> players;
      for (std::size_t seat = 0; seat < 2; ++seat) {
        owned.push_back(std::move(
            catalogue
                .make_player(game, "1", PlayerSettings{{seat_seed(options.seed, number, seat), std::nullopt}})
                .value()));
        players.push_back(owned.back().get());
      }
      Match match(game, std::move(game.new_state_from("")).value(), players, nullptr);
      NoHooks hooks;
      match.run(hooks, options.max_moves);
      moves += match.state().moves_played();
    }
    return moves;
  });
  const auto [tourney_time, tourney_moves] = best_of(runs, [&] {
    Tourney tourney(catalogue, game, options);
    if (tourney.prepare()) std::exit(2);
    while (tourney.play_next()) {
    }
    return tourney.total_moves();
  });
  const std::string state = state_dir + "/tourney_overhead.state";
  const auto [state_time, state_moves] = best_of(runs, [&] {
    std::filesystem::remove(state);
    TourneyOptions with_state = options;
    with_state.state = state;
    Tourney tourney(catalogue, game, with_state);
    if (tourney.prepare()) std::exit(2);
    while (tourney.play_next()) {
    }
    return tourney.total_moves();
  });
  std::filesystem::remove(state);
  if (alone_moves != tourney_moves || alone_moves != state_moves) {
    std::fprintf(stderr, "the games differ: %lld, %lld and %lld moves\n", static_cast<long long>(alone_moves),
                 static_cast<long long>(tourney_moves), static_cast<long long>(state_moves));
    return 1;
  }
  std::printf("%lld kalah games (level 1 against level 1), %lld moves, best of %d\n",
              static_cast<long long>(games), static_cast<long long>(alone_moves), runs);
  std::printf("games alone       %8.4f s\n", alone);
  std::printf("tourney           %8.4f s  %.3fx the games alone\n", tourney_time, tourney_time / alone);
  std::printf("tourney --state   %8.4f s  %.3fx the games alone\n", state_time, state_time / alone);
  return 0;
}
