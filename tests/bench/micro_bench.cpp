// Google Benchmark of one chaturanga move through the library, the per-line
// work of `gamerec validate` without the I/O: parse ("1B-3A" -> Move), check
// (State::check) and apply (State::apply, which also finds the next side
// that can move). The moves are the knight hops of make_records' long file,
// an 8-move cycle that returns to the start, so the loop runs forever.
//
//   micro_bench [--benchmark_filter=...]    (see bench.sh)
#include <benchmark/benchmark.h>

#include <array>
#include <cstdlib>
#include <memory>
#include <string_view>

#include "app/builtin_games.h"
#include "rules/game.h"

namespace {

constexpr std::array<std::string_view, 8> kCycle = {"1B-3A", "2H-3F", "8G-6H", "7A-6C",
                                                    "3A-1B", "3F-2H", "6H-8G", "6C-7A"};

std::unique_ptr<gamerec::Game> make_chaturanga() {
  static const gamerec::GameCatalogue catalogue = gamerec::make_builtin_catalogue();
  auto made = catalogue.make_game("chaturanga", {});
  return std::move(made).value();
}

gamerec::Move parse(const gamerec::Game& game, std::string_view text) {
  auto written = game.parse_move(text);
  if (!written) std::abort();
  return written->move;
}

void BM_Parse(benchmark::State& bench) {
  auto game = make_chaturanga();
  std::size_t i = 0;
  for (auto _ : bench) {
    auto written = game->parse_move(kCycle[i++ & 7]);
    benchmark::DoNotOptimize(written);
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_Parse);

void BM_Check(benchmark::State& bench) {
  auto game = make_chaturanga();
  auto state = game->new_state();
  const gamerec::Move move = parse(*game, kCycle[0]);
  for (auto _ : bench) {
    auto error = state->check(move);
    benchmark::DoNotOptimize(error);
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_Check);

void BM_CheckApply(benchmark::State& bench) {
  auto game = make_chaturanga();
  auto state = game->new_state();
  std::array<gamerec::Move, 8> moves;
  for (std::size_t k = 0; k < 8; ++k) moves[k] = parse(*game, kCycle[k]);
  std::size_t i = 0;
  for (auto _ : bench) {
    const gamerec::Move& move = moves[i++ & 7];
    auto error = state->check(move);
    if (error) bench.SkipWithError("a cycle move was rejected");
    state->apply(move);
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_CheckApply);

void BM_ParseCheckApply(benchmark::State& bench) {
  auto game = make_chaturanga();
  auto state = game->new_state();
  std::size_t i = 0;
  for (auto _ : bench) {
    auto move = gamerec::read_move(*game, *state, kCycle[i++ & 7]);
    if (!move) {
      bench.SkipWithError("a cycle move was rejected");
      break;
    }
    state->apply(*move);
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_ParseCheckApply);

}  // namespace

BENCHMARK_MAIN();
