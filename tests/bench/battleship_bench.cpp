// Strength of battleship's computer players (run by battleship_bench.sh):
// each player shoots at the same N random legal fleets until the whole
// fleet is sunk; prints the mean, median and 95th percentile of the shots
// it needed, the time per game, and head-to-head counts on the same fleets
// (who needed fewer shots on each, and the mean paired difference in shots
// with its 95% confidence interval). The baseline is `random`, whose mean
// has a closed form: for S ship cells among C, the last of them comes at
// S*(C+1)/(S+1) on average (96.19 for 20 of 100).
//
//   battleship_bench [--games N] [--seed S] [--players a,b,...] [--variant K=V ...]
//                    [--sampler-games M]
//
// The sampler, a hundred times slower than the others, shoots at the first
// M of the N fleets only (default: all); head-to-heads with it use those M.
// Every mean comes with its 95% confidence interval (1.96 standard errors).
//
// The fleets are placed the way the computer players place theirs (a
// uniform choice among the legal placements of each ship in turn). Each
// shooter sees only a BattleshipObservation: its shots and their answers.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "app/builtin_games.h"
#include "core/tourney.h"
#include "games/battleship/battleship.h"
#include "rules/typed.h"

using namespace gamerec;
using namespace gamerec::battleship;

namespace {

struct Target {
  std::vector<int> ship_at;  // per cell, -1 for sea
  std::vector<int> left;     // per ship, cells not hit yet
  int afloat = 0;

  Flag shoot(int cell) {
    const int ship = ship_at[static_cast<std::size_t>(cell)];
    if (ship < 0) return kWater;
    if (--left[static_cast<std::size_t>(ship)] > 0) return kHit;
    --afloat;
    return kSunk;
  }
};

std::vector<Ship> random_fleet(const BattleshipGame& game, std::mt19937_64& random) {
  auto state = game.new_state();
  while (state->to_move() == 0) {
    const auto moves = state->legal_moves();
    state->apply(moves[random() % moves.size()]);
  }
  return gamerec::downcast<BattleshipState>(*state).grid(0).ships;
}

Target target_of(const Geometry& geometry, const std::vector<Ship>& fleet) {
  Target target;
  target.ship_at.assign(static_cast<std::size_t>(geometry.cells()), -1);
  for (std::size_t i = 0; i < fleet.size(); ++i) {
    const Ship& ship = fleet[i];
    for (int k = 0; k < ship.length; ++k)
      target.ship_at[static_cast<std::size_t>(geometry.cell(
          ship.row + (ship.vertical ? k : 0), ship.col + (ship.vertical ? 0 : k)))] = static_cast<int>(i);
    target.left.push_back(ship.length);
  }
  target.afloat = static_cast<int>(fleet.size());
  return target;
}

// How a player sank one fleet: its shots, and its misses while hunting for
// ships longer than 1, while hunting for ships of length 1 only, and while
// a ship it had hit was afloat.
struct Sinking {
  int shots = 0;
  int hunt_misses = 0;
  int single_misses = 0;
  int target_misses = 0;
};

// How `level` sinks `fleet`.
Sinking shots_to_sink(const BattleshipGame& game, const std::string& level, std::uint64_t seed,
                      const std::vector<Ship>& fleet) {
  const Geometry& geometry = game.geometry();
  auto chooser = game.make_chooser(level, ChooserSettings{seed, std::nullopt});
  Target target = target_of(geometry, fleet);
  const auto cells = static_cast<std::size_t>(geometry.cells());
  std::vector<std::uint8_t> fired(cells, kNoFlag);
  const std::vector<std::uint8_t> received(cells, kNoFlag);
  Sinking result;
  while (target.afloat > 0) {
    std::vector<Move> legal;
    for (int cell = 0; cell < geometry.cells(); ++cell) {
      if (fired[static_cast<std::size_t>(cell)] == kNoFlag) legal.push_back(Move{-1, cell, kNoFlag});
    }
    // Its own fleet is the same one: a shooter never looks at it.
    const BattleshipObservation seen(0, game.shared_geometry(), fleet, received, fired);
    const auto move = chooser->choose_move(seen, legal);
    if (!move || fired[static_cast<std::size_t>(move->to)] != kNoFlag) {
      std::fprintf(stderr, "%s shot an illegal cell\n", level.c_str());
      std::exit(1);
    }
    bool targeting = false;
    bool long_afloat = false;
    for (std::size_t i = 0; i < fleet.size(); ++i) {
      targeting = targeting || (target.left[i] > 0 && target.left[i] < fleet[i].length);
      long_afloat = long_afloat || (fleet[i].length > 1 && target.left[i] > 0);
    }
    const Flag answer = target.shoot(move->to);
    fired[static_cast<std::size_t>(move->to)] = static_cast<std::uint8_t>(answer);
    ++result.shots;
    if (answer != kWater) continue;
    ++(targeting ? result.target_misses : long_afloat ? result.hunt_misses : result.single_misses);
  }
  return result;
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    items.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return items;
}

// The mean of `values` and the half-width of its 95% confidence interval
// (1.96 standard errors; 0 for fewer than two values).
struct MeanWithCi {
  double mean = 0;
  double ci = 0;
};
template <class T>
MeanWithCi mean_with_ci(const std::vector<T>& values) {
  const double n = static_cast<double>(values.size());
  double sum = 0;
  for (const T v : values) sum += v;
  const double mean = sum / n;
  double squares = 0;
  for (const T v : values) squares += (v - mean) * (v - mean);
  return {mean, values.size() > 1 ? 1.96 * std::sqrt(squares / (n - 1) / n) : 0};
}

}  // namespace

int main(int argc, char** argv) {
  int games = 10000;
  std::uint64_t seed = 1;
  std::vector<std::string> players = {"random", "hunter", "density", "sampler"};
  std::vector<OptionOverride> variants;
  int sampler_games = -1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) {
      std::fprintf(stderr,
                   "usage: battleship_bench [--games N] [--seed S] [--players a,b] [--variant K=V]"
                   " [--sampler-games M]\n");
      return 2;
    }
    const std::string value = argv[++i];
    if (arg == "--games") {
      games = std::atoi(value.c_str());
    } else if (arg == "--seed") {
      seed = std::strtoull(value.c_str(), nullptr, 10);
    } else if (arg == "--sampler-games") {
      sampler_games = std::atoi(value.c_str());
    } else if (arg == "--players") {
      players = split(value);
    } else if (arg == "--variant") {
      const auto equals = value.find('=');
      variants.push_back(
          {value.substr(0, equals), equals == std::string::npos ? "" : value.substr(equals + 1)});
    } else {
      std::fprintf(stderr, "battleship_bench: unknown option %s\n", arg.c_str());
      return 2;
    }
  }
  const GameCatalogue catalogue = make_builtin_catalogue();
  auto made = catalogue.make_game("battleship", variants);
  if (!made.ok()) {
    std::fprintf(stderr, "battleship_bench: bad variant (%s)\n", made.error().key.c_str());
    return 2;
  }
  const auto& game = gamerec::downcast<BattleshipGame>(*made.value());

  std::mt19937_64 random(seed);
  std::vector<std::vector<Ship>> fleets;
  for (int g = 0; g < games; ++g) fleets.push_back(random_fleet(game, random));
  int ship_cells = 0;
  for (const int length : game.geometry().rules().ships) ship_cells += length;
  const int cells = game.geometry().cells();
  std::printf("%d fleets of %zu ships (%d ship cells) on %dx%d, seed %llu\n", games,
              game.geometry().rules().ships.size(), ship_cells, game.geometry().width(),
              game.geometry().height(), static_cast<unsigned long long>(seed));
  std::printf("closed form for random: %d*%d/%d = %.2f\n\n", ship_cells, cells + 1, ship_cells + 1,
              static_cast<double>(ship_cells) * (cells + 1) / (ship_cells + 1));

  std::map<std::string, std::vector<int>> results;
  std::map<std::string, std::array<double, 3>> misses;
  if (sampler_games < 0 || sampler_games > games) sampler_games = games;
  auto games_for = [&](const std::string& level) { return level == "sampler" ? sampler_games : games; };
  std::printf("%-8s  %6s  %7s  %7s  %6s  %4s  %6s  %9s  %8s\n", "player", "fleets", "mean", "95% ci", "median",
              "p95", "worst", "vs random", "ms/game");
  for (const std::string& level : players) {
    if (!game.make_chooser(level, {})) {
      std::fprintf(stderr, "battleship_bench: no player %s\n", level.c_str());
      return 2;
    }
    std::vector<int> shots;
    std::array<double, 3> missed{};
    const int played = games_for(level);
    const auto start = std::chrono::steady_clock::now();
    for (int g = 0; g < played; ++g) {
      const Sinking one =
          shots_to_sink(game, level, seat_seed(seed, g + 1, 0), fleets[static_cast<std::size_t>(g)]);
      shots.push_back(one.shots);
      missed[0] += one.hunt_misses;
      missed[1] += one.single_misses;
      missed[2] += one.target_misses;
    }
    for (double& m : missed) m /= played;
    misses[level] = missed;
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::vector<int> sorted = shots;
    std::sort(sorted.begin(), sorted.end());
    const auto [mean, ci] = mean_with_ci(shots);
    const std::size_t n = sorted.size();
    const double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    const int p95 = sorted[std::min(n - 1, static_cast<std::size_t>(0.95 * static_cast<double>(n)))];
    // Against random on the same fleets.
    char ratio[32] = "-";
    if (results.count("random") != 0 && level != "random") {
      const auto& base = results["random"];
      double base_sum = 0;
      for (int g = 0; g < played; ++g) base_sum += base[static_cast<std::size_t>(g)];
      std::snprintf(ratio, sizeof ratio, "%.3f", mean / (base_sum / played));
    }
    std::printf("%-8s  %6d  %7.2f  %7.2f  %6.1f  %4d  %6d  %9s  %8.3f\n", level.c_str(), played, mean, ci, median,
                p95, sorted.back(), ratio, ms / played);
    std::fflush(stdout);
    results[level] = shots;
  }

  std::printf("\nmisses per game: hunting longer ships / hunting ships of length 1 / finishing a hit ship\n");
  for (const std::string& level : players)
    std::printf("  %-8s  %6.2f  %6.2f  %6.2f\n", level.c_str(), misses[level][0], misses[level][1],
                misses[level][2]);

  std::printf("\nhead-to-head on the same fleets (fewer shots wins; last, the mean paired difference in shots"
              " with its 95%% confidence interval):\n");
  for (std::size_t a = 0; a < players.size(); ++a) {
    for (std::size_t b = a + 1; b < players.size(); ++b) {
      const auto& x = results[players[a]];
      const auto& y = results[players[b]];
      int wins = 0;
      int ties = 0;
      const int both = std::min(games_for(players[a]), games_for(players[b]));
      for (int g = 0; g < both; ++g) {
        const auto i = static_cast<std::size_t>(g);
        wins += x[i] < y[i];
        ties += x[i] == y[i];
      }
      const int losses = both - wins - ties;
      // The paired difference: shots of b minus shots of a on each fleet.
      std::vector<int> differences;
      for (int g = 0; g < both; ++g)
        differences.push_back(y[static_cast<std::size_t>(g)] - x[static_cast<std::size_t>(g)]);
      const auto [mean, ci] = mean_with_ci(differences);
      std::printf(
          "  %-8s vs %-8s  %5d wins  %5d ties  %5d losses  %5.1f%% wins  %5.1f%% with half the ties"
          "  %+6.2f +- %.2f shots\n",
          players[b].c_str(), players[a].c_str(), losses, ties, wins, 100.0 * losses / both,
          100.0 * (losses + 0.5 * ties) / both, mean, ci);
    }
  }
  return 0;
}
