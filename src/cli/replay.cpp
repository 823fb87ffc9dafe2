// gamerec replay FILE: the position after each move (--step waits for Enter
// between moves; --to N prints only the position after move N).
#include <fmt/format.h>

#include <istream>
#include <ostream>

#include "cli/commands.h"
#include "cli/report.h"

namespace gamerec::cli {
namespace {

struct ReplayOptions {
  std::string file;
  bool step = false;
  std::optional<int> to;
};

void print_position(const Context& context, const Game& game, const State& state) {
  context.out() << board_text(context, game, state) << status_line(context, game, state) << "\n\n";
}

int replay(const Context& context, const ReplayOptions& options) {
  const std::string file = display_name(options.file);
  auto record = open_or_report(context, options.file);
  if (!record) return kExitUsage;
  const Game& game = *record->game;
  auto state = std::move(record->start);
  if (!options.to || *options.to == 0) {
    context.out() << context.messages().text("ui.start") << '\n';
    print_position(context, game, *state);
  }
  // The side that made a move is known only before it is applied.
  Side mover = state->to_move();
  RunResult run =
      run_moves(*record->reader, game, *state, [&](const RecordLine& line, const Move&, const State& after) {
        const int number = after.moves_played();
        if (!options.to || *options.to == number) {
          context.out() << replay_move_line(context, game, number, line.text, mover) << '\n';
          print_position(context, game, after);
          if (options.step) wait_for_enter(context);
        }
        mover = after.to_move();
      });
  if (report_read_error(context, file, run)) return kExitUsage;
  warn_if_lines_after_quit(context, file, run, *record->reader);
  if (run.error) {
    context.err() << error_line(file, *run.error, error_message(context, game, *state, *run.error)) << '\n';
    return kExitInvalid;
  }
  if (options.to && *options.to > run.moves) {
    context.err() << fmt::format("{}: the record has {} moves; there is no move {}\n", file, run.moves,
                                 *options.to);
    return kExitUsage;
  }
  if (!context.out().flush()) {
    context.err() << "gamerec: cannot write to standard output\n";
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace

Command add_replay_command(CLI::App& app) {
  auto options = std::make_shared<ReplayOptions>();
  CLI::App* command = app.add_subcommand("replay", "Print the position after each move of a record");
  command->add_option("file", options->file, "Record file ('-' for standard input)")->required();
  command->add_flag("--step", options->step, "Wait for Enter between moves");
  command->add_option("--to", options->to, "Print only the position after move N (0: the start)")
      ->check(CLI::NonNegativeNumber);
  return {command, [options](const Context& context) { return replay(context, *options); }};
}

}  // namespace gamerec::cli
