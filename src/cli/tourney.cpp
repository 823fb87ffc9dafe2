// gamerec tourney GAME --players A,B[,...]: computer players play each
// other, seats rotating between games; prints each entrant's results.
#include <fmt/format.h>

#include <algorithm>
#include <ostream>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "cli/number_options.h"
#include "core/tourney.h"
#include "records/record_file.h"
#include "ui/terminal.h"

namespace gamerec::cli {
namespace {

struct TourneyCommandOptions {
  std::string game;
  std::vector<std::string> players;
  std::optional<std::int64_t> games;
  std::optional<std::int64_t> wins;
  std::uint64_t seed = 1;
  std::optional<std::int64_t> movetime_ms;
  std::optional<std::int64_t> timeout_ms;
  std::int64_t max_moves = 1000;
  std::string out_dir;
};

// A margin has a sign; a score (battleship: shots) has none.
std::string average(double sum, std::int64_t count, bool sign = true) {
  if (count == 0) return "-";
  const double mean = sum / static_cast<double>(count);
  return sign ? fmt::format("{:+.2f}", mean) : fmt::format("{:.2f}", mean);
}

void print_results(const Context& context, const Tourney& tourney, bool scored) {
  std::ostream& out = context.out();
  std::size_t width = 6;
  for (const EntrantTally& tally : tourney.tallies()) width = std::max(width, tally.name.size());
  out << fmt::format("{:<{}}  {:>6}  {:>6}  {:>6}  {:>6}", context.text("tourney.player"), width,
                     context.text("tourney.games"), context.text("tourney.wins"),
                     context.text("tourney.losses"), context.text("tourney.draws"));
  if (scored)
    out << fmt::format("  {:>8}  {:>8}  {:>8}", context.text("tourney.score"), context.text("tourney.margin"),
                       context.text("tourney.per-win"));
  out << '\n';
  for (const EntrantTally& tally : tourney.tallies()) {
    out << fmt::format("{:<{}}  {:>6}  {:>6}  {:>6}  {:>6}", escape_controls(tally.name), width, tally.games,
                       tally.wins, tally.losses, tally.draws);
    if (scored)
      out << fmt::format("  {:>8}  {:>8}  {:>8}", average(tally.score_sum, tally.scored_games, false),
                         average(tally.margin_sum, tally.scored_games),
                         average(tally.score_in_wins, tally.scored_wins, false));
    out << '\n';
  }
  for (const EntrantTally& tally : tourney.tallies()) {
    if (tally.forfeits > 0)
      out << context.messages().count("tourney.forfeits", tally.forfeits,
                                      {{"player", escape_controls(tally.name)}})
          << '\n';
  }
  out << context.text("tourney.total",
                      {{"games", context.messages().count("tourney.game-count", tourney.games_played())},
                       {"moves", context.messages().count("ui.moves", tourney.total_moves())}})
      << '\n';
}

int run_tourney(const Context& context, const TourneyCommandOptions& options) {
  auto made = context.catalogue().make_game(options.game, context.game_choice().overrides);
  if (auto* error = made.if_error()) return context.usage_error(*error);
  const Game& game = *made.value();
  TourneyOptions settings;
  settings.players = options.players;
  settings.games = options.games;
  settings.wins = options.wins;
  settings.seed = options.seed;
  settings.movetime_ms = options.movetime_ms;
  settings.timeout_ms = options.timeout_ms;
  settings.max_moves = options.max_moves;
  settings.out_dir = options.out_dir;
  Tourney tourney(context.catalogue(), game, settings);
  if (auto error = tourney.prepare()) return context.usage_error(*error);

  // A progress line on a terminal only: a pipe or file gets the results.
  const bool progress = ui::stderr_is_terminal();
  try {
    while (auto played = tourney.play_next()) {
      const std::string loser =
          played->end.reason == MatchEnd::Reason::kForfeit
              ? escape_controls(
                    options.players[played->seats[static_cast<std::size_t>(played->end.forfeited)]])
              : "";
      if (played->end.reason == MatchEnd::Reason::kForfeit) {
        ForfeitText why = forfeit_text(context, game, played->end);
        why.args.insert(why.args.begin(), {{"number", std::to_string(played->number)}, {"player", loser}});
        context.err() << context.text(why.refused_move ? "tourney.forfeit" : "tourney.forfeit-failure",
                                      why.args)
                      << '\n';
      }
      if (progress)
        context.err() << '\r'
                      << context.text("tourney.progress", {{"number", std::to_string(played->number)},
                                                           {"limit", std::to_string(tourney.game_limit())}})
                      << std::flush;
    }
  } catch (const RecordWriteError& e) {
    if (progress) context.err() << '\n';
    return context.usage_error(e.message);
  }
  if (progress) context.err() << '\n';
  const bool scored = std::any_of(tourney.tallies().begin(), tourney.tallies().end(),
                                  [](const EntrantTally& tally) { return tally.scored_games > 0; });
  print_results(context, tourney, scored);
  if (!context.out().flush()) return context.usage_error(Message{"output.cannot-write"});
  return kExitOk;
}

}  // namespace

Command add_tourney_command(CLI::App& app) {
  auto options = std::make_shared<TourneyCommandOptions>();
  CLI::App* command =
      app.add_subcommand("tourney", "Computer players play each other and the results are counted");
  command->add_option("game", options->game, "Game to play (see 'gamerec games')")->required();
  command->add_option("--players", options->players, "The entrants: levels or named players, A,B[,C,D]")
      ->delimiter(',')
      ->required();
  auto* games = command->add_option("--games", options->games, "Play N games (default 10)")
                    ->check(whole_number(1, kMaxCount));
  command->add_option("--wins", options->wins, "Play until an entrant has N wins")
      ->check(whole_number(1, kMaxCount))
      ->excludes(games);
  command->add_option("--seed", options->seed, "Seed for every random choice (default 1)")
      ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
  command->add_option("--movetime", options->movetime_ms, "Time per move for searching players, in ms")
      ->check(whole_number(1, kMaxMilliseconds));
  command
      ->add_option("--timeout", options->timeout_ms,
                   "How long an external player (exec:PROGRAM) may take to answer, in ms (default 10000)")
      ->check(whole_number(1, kMaxMilliseconds));
  command
      ->add_option("--max-moves", options->max_moves, "Stop a game unfinished after N moves (default 1000)")
      ->check(whole_number(1, kMaxCount));
  command->add_option("--out", options->out_dir, "Write each game's record into DIR");
  return {command, [options](const Context& context) { return run_tourney(context, *options); }};
}

}  // namespace gamerec::cli
