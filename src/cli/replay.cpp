// gamerec replay FILE: the position after each move (--step shows them one
// at a time, forwards and back; --to N prints only the position after move
// N; --as SIDE shows only what that side could see; --format svg draws one
// position as an SVG picture, --format html the whole record as a page,
// --format fen the position after each move as its text: a PositionText facet).
// The whole replay opens with the players the header names and ends with
// the result (the record's, with why the game ended, or the rules').
#include <fmt/format.h>

#include <cstdio>
#include <istream>
#include <memory>
#include <ostream>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "cli/number_options.h"
#include "cli/picture_output.h"
#include "cli/display.h"
#include "cli/record_facts.h"
#include "cli/record_opening.h"
#include "cli/replay_steps.h"
#include "rules/facets.h"
#include "rules/text.h"
#include "ui/board_view.h"

namespace gamerec::cli {
namespace {

struct ReplayOptions {
  std::string file;
  bool step = false;
  std::optional<std::int64_t> to;
  std::string as;  // a side id; empty: the whole position
  std::optional<int> game_index;
  bool flip = false;  // the board turned round (text, svg, html)
  int size = 0;       // pixels across (svg, html); 0: the output's default
  int page_limit = kMaxPageMegabytes;  // html: the largest page, in MB
};

// A page, kept until it is whole (a file error part-way gives none): in
// memory, then past a few megabytes in an unnamed temporary file.
class PageSpool {
 public:
  void write(std::string_view text) {
    if (!file_ && memory_.size() + text.size() > kInMemory) {
      file_.reset(std::tmpfile());
      if (file_) {
        put(memory_);
        std::string().swap(memory_);
      }
    }
    if (file_)
      put(text);
    else
      memory_ += text;
  }
  // False when the page could not be kept or written out.
  bool copy_to(std::ostream& out) {
    if (!file_) return static_cast<bool>(out << memory_);
    if (failed_ || std::fflush(file_.get()) != 0) return false;
    std::rewind(file_.get());
    std::string buffer(1 << 16, '\0');
    while (const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), file_.get())) {
      if (!out.write(buffer.data(), static_cast<std::streamsize>(n))) return false;
    }
    return std::ferror(file_.get()) == 0;
  }

 private:
  static constexpr std::size_t kInMemory = 4 << 20;
  void put(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), file_.get()) != text.size()) failed_ = true;
  }
  struct Close {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };
  std::unique_ptr<std::FILE, Close> file_;
  std::string memory_;
  bool failed_ = false;
};

// --format html: the page on standard output; one that would be too large
// for a browser is refused (convert writes a folder instead).
int replay_page(const Context& context, const ReplayOptions& options) {
  PageSpool spool;
  PageRequest request;
  request.game_index = options.game_index;
  request.picture = {options.size, options.flip};
  request.as = options.as;
  request.max_megabytes = options.page_limit;
  const PageOutcome page =
      write_record_page(context, options.file, request, [&](std::string_view text) { spool.write(text); });
  if (page.too_large)
    return context.usage_error(Message{
        "page.too-large", {{"file", display_name(options.file)}, {"limit", std::to_string(request.max_megabytes)}}});
  if (!page.written) return page.status;
  if (!spool.copy_to(context.out()) || !context.out().flush())
    return context.usage_error(Message{"output.cannot-write"});
  return page.status;
}

// "chaturanga, chess, chess960, kalah": the games --format fen can show.
std::string games_with_position_text(const Context& context) {
  std::vector<std::string> names;
  for (const auto& [name, definition] : context.catalogue().definitions()) {
    auto made = context.catalogue().make_game(name, {});
    if (made && made.value()->facet<PositionText>() != nullptr) names.push_back(name);
  }
  return join(names, ", ");
}

int replay(const Context& context, const ReplayOptions& options) {
  const std::string file = display_name(options.file);
  const std::string& format = context.options().format;
  const bool svg = format == "svg";
  const bool fen = format == "fen";
  if (options.step && (svg || fen || format == "html")) return context.usage_error(Message{"usage.step-picture"});
  if (options.step && options.file == "-") return context.usage_error(Message{"usage.step-stdin"});
  if (format == "html") return replay_page(context, options);
  auto opened = open_record_game(context, options.file, options.game_index.value_or(1));
  if (!opened) return kExitUsage;
  OpenRecord& input = opened->input;
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
  const GameHeader& header = opened->game.header;
  if (options.step)
    return step_through(context, input, header, game, state, viewer, options.flip, options.to.value_or(0), file);
  // --format fen: the position after each move, or after move --to N.
  const auto* fen_text = game.facet<PositionText>();
  if (fen && fen_text == nullptr)
    return context.usage_error(
        Message{"usage.no-position-text", {{"game", game.name()}, {"games", games_with_position_text(context)}}});
  if (fen && options.to && *options.to == 0) context.out() << fen_text->position_text(state) << '\n';
  const PictureOptions picture{options.size, options.flip};
  auto show = [&](const State& position) {
    const BoardView view = viewer == kNoSide ? position.view() : position.observe(viewer)->view();
    context.out() << board_and_status(context, game, position, options.flip ? ui::turned_round(view) : view)
                  << '\n';
  };
  if (svg && options.to && *options.to == 0) context.out() << position_svg(context, game, state, viewer, picture);
  // The whole replay opens with the players and ends with the result.
  const bool whole = !svg && !fen && !options.to;
  if (whole) {
    const std::vector<std::string> players = header_players(game, header);
    if (!players.empty())
      context.out() << context.text("replay.players", {{"players", players_text(context, game, players)}}) << '\n';
  }
  if (!svg && !fen && (!options.to || *options.to == 0)) {
    context.out() << context.text("ui.start") << '\n';
    show(state);
  }
  RunResult run = run_moves(*input.source, game, state,
                            [&](const RecordEvent& event, Side mover, const Move&, const State& after) {
                              const std::int64_t number = after.moves_played();
                              if (options.to && *options.to != number) return true;
                              if (fen) {
                                context.out() << fen_text->position_text(after) << '\n';
                                return static_cast<bool>(context.out());
                              }
                              if (svg) {
                                // One picture: the move asked for, or the last (drawn below).
                                if (options.to) context.out() << position_svg(context, game, after, viewer, picture);
                                return static_cast<bool>(context.out());
                              }
                              const bool seen = viewer == kNoSide || last_move_seen_by(game, after, viewer);
                              context.out() << move_line(context, game, number,
                                                         seen ? last_numbered_move(game, after, event.text)
                                                              : context.text("ui.hidden-move"),
                                                         mover)
                                            << '\n';
                              show(after);
                              // A full disk or a closed pipe: stop now, not at the end.
                              return static_cast<bool>(context.out());
                            });
  if (svg && !options.to && !run.stopped && !run.read_error)
    context.out() << position_svg(context, game, state, viewer, picture);
  if (run.stopped) return context.usage_error(Message{"output.cannot-write"});
  if (run.read_error) return report_file_error(context, file, read_failure(*run.read_error));
  if (run.lines_after_quit) context.err() << quit_warning_line(context, file, *run.quit_line) << '\n';
  if (run.error) {
    context.err() << error_line(file, *run.error, move_error_text(context, game, state, *run.error)) << '\n';
    return kExitInvalid;
  }
  if (whole) {
    const std::string result = result_text(context, game, declared_result_of(game, header, run, state), run, state);
    context.out() << context.text("replay.result", {{"result", result}}) << '\n';
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
  command->add_flag("--step", options->step,
                    "Show one position at a time: Enter, Right or n next, Left or p back, a number jumps, q quits");
  command->add_option("--to", options->to, "Print only the position after move N (0: the start)")
      ->check(whole_number(0));
  command->add_option("--as", options->as,
                      "Show only what SIDE could see (hidden information); a page holds nothing else");
  command
      ->add_option("--game-index", options->game_index,
                   "Which game of a file that holds several (1: the first)")
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  command->add_flag("--flip", options->flip, "Show the board turned round (seen from the other side)");
  command->add_option("--size", options->size, "The picture's width in pixels (--format svg and html)")
      ->check(whole_number(kMinPictureSize, kMaxPictureSize));
  command->add_option("--page-limit", options->page_limit, "The largest page in MB (--format html)")
      ->check(whole_number(1, kMaxPageLimit));
  return {command, [options](const Context& context) { return replay(context, *options); }, nullptr,
          {"text", "svg", "html", "fen"}};
}

}  // namespace gamerec::cli
