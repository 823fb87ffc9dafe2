// gamerec solve GAME [--from RECORD]: the exact value of a position (the
// start, or the end of a record) under perfect play, with a best move; any
// game whose rules offer a solver (the Solvable facet).
#include <fmt/format.h>

#include <ostream>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "cli/display.h"
#include "cli/record_opening.h"
#include "rules/facets.h"
#include "ui/progress.h"

namespace gamerec::cli {
namespace {

struct SolveOptions {
  std::string game;
  std::string from;  // a record whose final position is solved; empty: the start
  bool quiet = false;  // no progress line
};

int print_solution(const Context& context, const SolveOptions& options, const Game& game, const State& state) {
  const auto* solvable = game.facet<Solvable>();
  if (solvable == nullptr) return context.usage_error(Message{"solve.no-solver", {{"game", game.name()}}});
  auto solver = solvable->solver();
  // On a terminal: the search under way, its nodes and the time taken.
  ui::ProgressLine progress(context.err(), ui::progress_wanted(options.quiet));
  if (progress.enabled()) {
    solver->on_progress([&](const SolveProgress& at) {
      if (!progress.due()) return;
      const MessageArgs args = {{"depth", std::to_string(at.depth)},
                                {"pass", std::to_string(at.pass)},
                                {"nodes", std::to_string(at.nodes)},
                                {"elapsed", ui::short_duration(progress.elapsed())}};
      progress.show(context.text(at.depth > 0 ? "solve.progress-depth" : "solve.progress-end", args));
    });
  }
  const Solution solution = solver->solve(state);
  progress.clear();
  std::ostream& out = context.out();
  out << context.text(state.is_over() ? "solve.value-over" : "solve.value",
                      {{"side", side_display(context, game, solution.side)},
                       {"value", fmt::format("{:+d}", solution.value)}})
      << '\n';
  if (solution.best)
    out << context.text("solve.best", {{"move", game.move_text(*solution.best, state)}}) << '\n';
  out << context.text("solve.nodes", {{"nodes", std::to_string(solution.nodes)}}) << '\n';
  if (!out.flush()) return context.usage_error(Message{"output.cannot-write"});
  return kExitOk;
}

int run_solve(const Context& context, const SolveOptions& options) {
  if (options.from.empty()) {
    auto made = context.catalogue().make_game(options.game, context.game_choice().overrides);
    if (auto* error = made.if_error()) return context.usage_error(*error);
    const Game& game = *made.value();
    if (game.facet<Solvable>() == nullptr)
      return context.usage_error(Message{"solve.no-solver", {{"game", game.name()}}});
    return print_solution(context, options, game, *game.new_state());
  }
  const std::string file = display_name(options.from);
  auto opened = open_record_game(context, options.from);
  if (!opened) return kExitUsage;
  const Game& game = *opened->game.game;
  if (game.name() != options.game)
    return context.usage_error(
        Message{"solve.other-game", {{"file", file}, {"found", game.name()}, {"game", options.game}}});
  if (game.facet<Solvable>() == nullptr)
    return context.usage_error(Message{"solve.no-solver", {{"game", game.name()}}});
  State& state = *opened->game.start;
  RunResult run = run_moves(*opened->input.source, game, state);
  if (run.read_error) return report_file_error(context, file, *run.read_error);
  if (run.error) {
    context.err() << error_line(file, *run.error, move_error_text(context, game, state, *run.error)) << '\n';
    return kExitInvalid;
  }
  return print_solution(context, options, game, state);
}

}  // namespace

Command add_solve_command(CLI::App& app) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* command = app.add_subcommand(
      "solve", "The exact value of a position under perfect play, with a best move (kalah)");
  command->add_option("game", options->game, "Game (see 'gamerec games')")->required();
  command->add_option("--from", options->from, "Solve the position at the end of this record");
  command->add_flag("-q,--quiet", options->quiet, "No progress line on a terminal");
  return {command, [options](const Context& context) { return run_solve(context, *options); },
          [](const Game& game) { return game.facet<Solvable>() != nullptr; }};
}

}  // namespace gamerec::cli
