#include "cli/replay_steps.h"

#include <unistd.h>

#include <algorithm>
#include <ostream>

#include "cli/diagnostics.h"
#include "cli/display.h"
#include "cli/record_facts.h"
#include "cli/record_opening.h"
#include "records/line_source.h"
#include "rules/facets.h"
#include "ui/board_view.h"
#include "ui/step_keys.h"

namespace gamerec::cli {
namespace {

// A copy of the position is kept every so many moves; a position between
// two is played from the copy before it.
constexpr std::int64_t kSnapshotEvery = 64;

struct Step {
  Move move;
  std::string text;  // as people write it (numbered_move)
  Side mover = kNoSide;
  bool seen = true;  // the viewer may know the move
};

class Replay {
 public:
  Replay(const Context& context, const Game& game, Side viewer, bool turned)
      : context_(context), game_(game), viewer_(viewer), turned_(turned) {}

  RunResult read(OpenRecord& input, State& start) {
    snapshots_.push_back(start.clone());
    return run_moves(*input.source, game_, start,
                     [&](const RecordEvent& event, Side mover, const Move& move, const State& after) {
                       steps_.push_back(Step{move, last_numbered_move(game_, after, event.text), mover,
                                             viewer_ == kNoSide || last_move_seen_by(game_, after, viewer_)});
                       if (after.moves_played() % kSnapshotEvery == 0) snapshots_.push_back(after.clone());
                     });
  }
  std::int64_t moves() const { return static_cast<std::int64_t>(steps_.size()); }

  // What replay prints before the start and after the last position.
  void frame(std::string players, std::string result) {
    players_ = std::move(players);
    result_ = std::move(result);
  }

  // The position after `number` moves, as replay prints it.
  std::string shown(std::int64_t number) const {
    const auto snapshot = static_cast<std::size_t>(number / kSnapshotEvery);
    std::unique_ptr<State> position = snapshots_[snapshot]->clone();
    for (std::int64_t i = static_cast<std::int64_t>(snapshot) * kSnapshotEvery; i < number; ++i)
      position->apply(steps_[static_cast<std::size_t>(i)].move);
    std::string out;
    if (number == 0) {
      out = players_ + context_.text("ui.start") + "\n";
    } else {
      const Step& step = steps_[static_cast<std::size_t>(number - 1)];
      out = move_line(context_, game_, number, step.seen ? step.text : context_.text("ui.hidden-move"), step.mover) +
            "\n";
    }
    const BoardView view = viewer_ == kNoSide ? position->view() : position->observe(viewer_)->view();
    out += board_and_status(context_, game_, *position, turned_ ? ui::turned_round(view) : view) + "\n";
    return number == moves() ? out + result_ : out;
  }

 private:
  const Context& context_;
  const Game& game_;
  Side viewer_;
  bool turned_;
  std::vector<Step> steps_;
  std::vector<std::unique_ptr<State>> snapshots_;
  std::string players_;  // a line, or empty
  std::string result_;   // a line, or empty
};

}  // namespace

int step_through(const Context& context, OpenRecord& input, const GameHeader& header, const Game& game,
                 State& start, Side viewer, bool turned, std::int64_t first, const std::string& file) {
  Replay replay(context, game, viewer, turned);
  const RunResult run = replay.read(input, start);
  if (run.read_error) return report_file_error(context, file, *run.read_error);
  {
    const std::vector<std::string> players = header_players(game, header);
    std::string players_line;
    if (!players.empty())
      players_line = context.text("replay.players", {{"players", players_text(context, game, players)}}) + "\n";
    std::string result_line;
    if (!run.error) {
      const std::string result = result_text(context, game, declared_result_of(game, header, run, start), run, start);
      result_line = context.text("replay.result", {{"result", result}}) + "\n";
    }
    replay.frame(std::move(players_line), std::move(result_line));
  }
  const auto error_status = [&] {
    if (!run.error) return kExitOk;
    context.err() << error_line(file, *run.error, move_error_text(context, game, start, *run.error)) << '\n';
    return kExitInvalid;
  };
  if (run.lines_after_quit) context.err() << quit_warning_line(context, file, *run.quit_line) << '\n';
  const auto no_such_move = [&](std::int64_t number) {
    return Message{"usage.no-such-move",
                   {{"file", file},
                    {"moves", context.messages().count("ui.moves", replay.moves())},
                    {"number", std::to_string(number)}}};
  };
  if (first > replay.moves()) return run.error ? error_status() : context.usage_error(no_such_move(first));

  ui::InterruptGuard interrupts;
  ui::InputReader reader(STDIN_FILENO, &interrupts, kMaxLineLength);
  ui::StepKeys keys(reader);
  bool line_ended = false;
  const auto echo = [&](const std::string& text) {
    context.out() << text << std::flush;
    line_ended = text == "\r\n";
  };
  std::int64_t at = first;
  bool show = true;
  while (true) {
    if (show) context.out() << replay.shown(at);
    context.out() << context.text("replay.step-keys") << (keys.raw() ? " " : "\n") << std::flush;
    if (!context.out()) return context.usage_error(Message{"output.cannot-write"});
    line_ended = false;
    const ui::StepCommand command = keys.read(echo);
    if (keys.raw() && !line_ended) context.out() << '\n';
    show = true;
    using Kind = ui::StepCommand::Kind;
    if (command.kind == Kind::kQuit || (command.kind == Kind::kNext && at == replay.moves())) break;
    if (command.kind == Kind::kNext) {
      ++at;
    } else if (command.kind == Kind::kBack) {
      at = std::max<std::int64_t>(0, at - 1);
    } else if (command.kind == Kind::kJump && command.number <= replay.moves()) {
      at = command.number;
    } else {
      if (command.kind == Kind::kJump) context.out() << context.text(no_such_move(command.number)) << '\n';
      show = false;  // the keys again, not the board
    }
  }
  if (!context.out().flush()) return context.usage_error(Message{"output.cannot-write"});
  const int status = error_status();
  // Ended by a signal: the shell's 128+N, as play ends (the keys' terminal
  // settings are put back as `keys` goes).
  if (interrupts.signal() != 0) return 128 + interrupts.signal();
  return status;
}

}  // namespace gamerec::cli
