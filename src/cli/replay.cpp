// gamerec replay FILE: the position after each move (--step waits for Enter
// between moves; --to N prints only the position after move N; --as SIDE
// shows only what that side could see).
#include <fmt/format.h>

#include <istream>
#include <ostream>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "cli/number_options.h"
#include "cli/position_text.h"
#include "cli/record_opening.h"
#include "rules/facets.h"
#include "rules/text.h"

namespace gamerec::cli {
namespace {

struct ReplayOptions {
  std::string file;
  bool step = false;
  std::optional<std::int64_t> to;
  std::string as;  // a side id; empty: the whole position
  int game_index = 1;
};

int replay(const Context& context, const ReplayOptions& options) {
  const std::string file = display_name(options.file);
  if (options.step && options.file == "-") return context.usage_error(Message{"usage.step-stdin"});
  auto opened = open_record_game(context, options.file, options.game_index);
  if (!opened) return kExitUsage;
  RecordInput& input = opened->input;
  const Game& game = *opened->game.game;
  State& state = *opened->game.start;
  Side viewer = kNoSide;
  if (!options.as.empty()) {
    viewer = game.definition().side_index(options.as);
    if (viewer < 0)
      return context.usage_error(Message{
          "usage.unknown-side",
          {{"side", options.as}, {"game", game.name()}, {"sides", join(game.definition().sides, ", ")}}});
  }
  auto show = [&](const State& position) {
    const BoardView view = viewer == kNoSide ? position.view() : position.observe(viewer)->view();
    context.out() << position_text(context, game, position, view) << '\n';
  };
  if (!options.to || *options.to == 0) {
    context.out() << context.text("ui.start") << '\n';
    show(state);
  }
  RunResult run = run_moves(*input.source, game, state,
                            [&](const RecordEvent& event, Side mover, const Move&, const State& after) {
                              const std::int64_t number = after.moves_played();
                              if (options.to && *options.to != number) return true;
                              const bool seen = viewer == kNoSide || last_move_seen_by(game, after, viewer);
                              context.out() << move_line(context, game, number,
                                                         seen ? event.text : context.text("ui.hidden-move"), mover)
                                            << '\n';
                              show(after);
                              if (options.step) wait_for_enter(context);
                              // A full disk or a closed pipe: stop now, not at the end.
                              return static_cast<bool>(context.out());
                            });
  if (run.stopped) return context.usage_error(Message{"output.cannot-write"});
  if (run.read_error) return report_file_error(context, file, read_failure(*run.read_error));
  if (run.lines_after_quit) context.err() << quit_warning_line(context, file, *run.quit_line) << '\n';
  if (run.error) {
    context.err() << error_line(file, *run.error, move_error_text(context, game, state, *run.error)) << '\n';
    return kExitInvalid;
  }
  if (options.to && *options.to > run.moves)
    return context.usage_error(Message{"usage.no-such-move",
                                       {{"file", file},
                                        {"moves", context.messages().count("ui.moves", run.moves)},
                                        {"number", std::to_string(*options.to)}}});
  if (!context.out().flush()) return context.usage_error(Message{"output.cannot-write"});
  return kExitOk;
}

}  // namespace

Command add_replay_command(CLI::App& app) {
  auto options = std::make_shared<ReplayOptions>();
  CLI::App* command = app.add_subcommand("replay", "Print the position after each move of a record");
  command->add_option("file", options->file, "Record file ('-' for standard input)")->required();
  command->add_flag("--step", options->step, "Wait for Enter between moves");
  command->add_option("--to", options->to, "Print only the position after move N (0: the start)")
      ->check(whole_number(0));
  command->add_option("--as", options->as, "Show only what SIDE could see (hidden information)");
  command
      ->add_option("--game-index", options->game_index,
                   "Which game of a file that holds several (1: the first)")
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  return {command, [options](const Context& context) { return replay(context, *options); }};
}

}  // namespace gamerec::cli
