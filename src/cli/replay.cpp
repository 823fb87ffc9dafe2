// gamerec replay FILE: the position after each move (--step shows them one
// at a time, forwards and back; --to N only the position after move N;
// --as SIDE only what that side could see), in the --format asked for: each
// format is a renderer registered in cli/output_formats.cpp that hears the
// game's events; this file opens the game and reports what went wrong.
#include <memory>
#include <ostream>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "cli/number_options.h"
#include "cli/output_format.h"
#include "cli/picture_output.h"
#include "cli/record_opening.h"
#include "cli/replay_steps.h"
#include "rules/text.h"

namespace gamerec::cli {
namespace {

struct ReplayOptions {
  OutputRequest request;  // the file, --game-index, --as, --flip, --size, --to, --page-limit
  bool step = false;
};

// Tells `renderer` of the main line's moves only move --to N, when it is
// given; the rest of the record (comments, NAGs, variations) all of it, as
// it comes.
class MoveChosen final : public RecordVisitor {
 public:
  MoveChosen(RecordRenderer& renderer, std::optional<std::int64_t> to) : renderer_(renderer), to_(to) {}
  void before_move(const RecordEvent& event, const Move& move, const State& position) override {
    if (!to_ || *to_ == position.moves_played() + 1) renderer_.before_move(event, move, position);
  }
  bool after_move(const RecordEvent& event, Side mover, const Move& move, const State& position) override {
    if (to_ && *to_ != position.moves_played()) return true;
    return renderer_.after_move(event, mover, move, position);
  }
  void annotation(const RecordEvent& event) override { renderer_.annotation(event); }
  void variation_move(const RecordEvent& event, const Move* move, const State& position) override {
    renderer_.variation_move(event, move, position);
  }

 private:
  RecordRenderer& renderer_;
  std::optional<std::int64_t> to_;
};

int replay(const Context& context, const OutputFormats& formats, ReplayOptions options) {
  OutputRequest& request = options.request;
  const std::string file = display_name(request.path);
  const OutputFormat* format = find_format(formats, "replay", context.options().format);
  // The command line lets no other through.
  if (format == nullptr) throw std::logic_error("replay: --format names no format of replay");
  if (options.step && !format->steps) return context.usage_error(Message{"usage.step-picture"});
  if (options.step && request.path == "-") return context.usage_error(Message{"usage.step-stdin"});
  if (format->whole_input) return format->whole_input(context, request);
  auto opened = open_record_game(context, request.path, request.game_index.value_or(1));
  if (!opened) return kExitUsage;
  OpenRecord& input = opened->input;
  const Game& game = *opened->game.game;
  State& state = *opened->game.start;
  if (!request.as.empty()) {
    request.viewer = game.definition().side_index(request.as);
    if (request.viewer < 0)
      return context.usage_error(Message{
          "usage.unknown-side",
          {{"side", request.as}, {"game", game.name()}, {"sides", join(game.definition().sides, ", ")}}});
  }
  const GameHeader& header = opened->game.header;
  if (options.step)
    return step_through(context, input, header, game, state, request.viewer, request.flip,
                        request.to.value_or(0), file);
  StreamOutput output(context);
  const std::unique_ptr<RecordRenderer> renderer = format->open(context, output, request);
  if (auto refusal = renderer->refuses(game)) return context.usage_error(*refusal);
  renderer->begin_game(game, header, state);
  MoveChosen chosen(*renderer, request.to);
  RecordVisitor* visitor = &chosen;
  const RunResult run = run_moves(*input.source, game, state, visitor);
  if (run.stopped) return context.usage_error(Message{"output.cannot-write"});
  if (run.read_error) return report_file_error(context, file, *run.read_error);
  // The warning before the end (text: the result line), the error after it.
  if (run.lines_after_quit) context.err() << quit_warning_line(context, file, *run.quit_line) << '\n';
  renderer->end_game(game, run, state);
  if (run.error) {
    context.err() << error_line(file, *run.error, move_error_text(context, game, state, *run.error)) << '\n';
    return kExitInvalid;
  }
  if (request.to && *request.to > run.moves)
    return context.usage_error(Message{"usage.no-such-move",
                                       {{"file", file},
                                        {"moves", context.messages().count("ui.moves", run.moves)},
                                        {"number", std::to_string(*request.to)}}});
  if (!context.out().flush()) return context.usage_error(Message{"output.cannot-write"});
  return kExitOk;
}

}  // namespace

Command add_replay_command(CLI::App& app, std::shared_ptr<const OutputFormats> formats) {
  auto options = std::make_shared<ReplayOptions>();
  options->request.page_limit = kMaxPageMegabytes;
  CLI::App* command = app.add_subcommand("replay", "Print the position after each move of a record");
  command->add_option("file", options->request.path, "Record file ('-' for standard input)")->required();
  command->add_flag("--step", options->step,
                    "Show one position at a time: Enter, Right or n next, Left or p back, a number jumps, q quits");
  command->add_option("--to", options->request.to, "Print only the position after move N (0: the start)")
      ->check(whole_number(0));
  command->add_option("--as", options->request.as,
                      "Show only what SIDE could see (hidden information); a page holds nothing else");
  command
      ->add_option("--game-index", options->request.game_index,
                   "Which game of a file that holds several (1: the first)")
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  command->add_flag("--flip", options->request.flip,
                    "Show the board turned round (seen from the other side)");
  command
      ->add_option("--size", options->request.size, "The picture's width in pixels (--format svg and html)")
      ->check(whole_number(kMinPictureSize, kMaxPictureSize));
  command->add_option("--page-limit", options->request.page_limit, "The largest page in MB (--format html)")
      ->check(whole_number(1, kMaxPageLimit));
  return {command, [options, formats](const Context& context) { return replay(context, *formats, *options); },
          nullptr, format_names(*formats, "replay")};
}

}  // namespace gamerec::cli
