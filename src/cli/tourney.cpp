// gamerec tourney GAME --players A,B[,...]: computer players play each
// other (seats rotating, a round robin or a gauntlet, games at once if
// asked); prints each entrant's results, an Elo estimate and a crosstable.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ctime>
#include <exception>
#include <map>
#include <mutex>
#include <ostream>
#include <span>
#include <thread>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "cli/number_options.h"
#include "cli/record_opening.h"
#include "core/elo.h"
#include "core/openings.h"
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
  std::optional<std::int64_t> rounds;
  bool round_robin = false;
  bool gauntlet = false;
  std::uint64_t seed = 1;
  std::optional<std::int64_t> movetime_ms;
  std::optional<std::int64_t> timeout_ms;
  std::optional<std::int64_t> timeout_match_ms;
  std::optional<std::int64_t> max_memory_mb;
  std::string tc;
  std::int64_t max_moves = 1000;
  std::int64_t concurrency = 1;
  std::string out_dir;
  std::string pgn_out;
  std::string trace_dir;
  std::vector<std::string> sprt;  // KEY=VALUE settings of --sprt
  std::vector<std::string> draw;    // ... of --draw
  std::vector<std::string> resign;  // ... of --resign
  bool draw_given = false;          // --draw, with settings or none
  bool resign_given = false;
  std::vector<std::string> openings;  // FILE, then KEY=VALUE settings
  std::optional<std::int64_t> games_per_opening;
  std::string state;
  std::int64_t rating_interval = 0;  // 0: the table once, at the end
  std::int64_t random_plies = 0;
};

// KEY=VALUE settings of one option (--sprt, --draw, --resign, --openings),
// as fastchess takes them: each key at most once, from a known set.
class SettingReader {
 public:
  explicit SettingReader(std::vector<std::string> keys) : keys_(std::move(keys)) {}
  // The key and value of `item`; nullopt when it is no setting (no '=',
  // another key, or a key given before).
  std::optional<std::pair<std::string, std::string>> read(const std::string& item) {
    const auto equals = item.find('=');
    if (equals == std::string::npos) return std::nullopt;
    std::string key = item.substr(0, equals);
    if (std::find(keys_.begin(), keys_.end(), key) == keys_.end() ||
        std::find(seen_.begin(), seen_.end(), key) != seen_.end())
      return std::nullopt;
    seen_.push_back(key);
    return std::pair{std::move(key), item.substr(equals + 1)};
  }

 private:
  std::vector<std::string> keys_;
  std::vector<std::string> seen_;
};

// A setting's whole number from `low` to kMaxCount; nullopt when it is none.
std::optional<std::int64_t> whole_number_of(const std::string& value, std::int64_t low) {
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (value.empty() || error != std::errc() || end != value.data() + value.size() || number < low ||
      number > static_cast<std::int64_t>(kMaxCount))
    return std::nullopt;
  return number;
}

// --sprt elo0=E elo1=E [alpha=P] [beta=P] [model=normalized|logistic], as
// fastchess takes it; elo0 and elo1 must be given.
Result<SprtSettings, Message> parse_sprt(const std::vector<std::string>& items) {
  SprtSettings settings;
  bool elo0 = false;
  bool elo1 = false;
  SettingReader reader({"elo0", "elo1", "alpha", "beta", "model"});
  for (const std::string& item : items) {
    const auto bad = Message{"tourney.sprt-setting", {{"setting", item}}};
    const auto setting = reader.read(item);
    if (!setting) return bad;
    const auto& [key, value] = *setting;
    if (key == "model") {
      if (value != "normalized" && value != "logistic") return bad;
      settings.model = value == "logistic" ? EloModel::kLogistic : EloModel::kNormalized;
      continue;
    }
    double number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (value.empty() || error != std::errc() || end != value.data() + value.size() || !std::isfinite(number))
      return bad;
    if (key == "elo0") {
      settings.elo0 = number;
      elo0 = true;
    } else if (key == "elo1") {
      settings.elo1 = number;
      elo1 = true;
    } else if (key == "alpha") {
      settings.alpha = number;
    } else {
      settings.beta = number;
    }
  }
  if (!elo0 || !elo1) return Message{"tourney.sprt-elo"};
  auto checked = Sprt::make(settings);
  if (!checked) return checked.error().message;
  return settings;
}

// --draw movenumber=N movecount=M score=S and --resign movecount=M score=S
// [twosided=true], as fastchess takes them (its defaults: 0, 1 and 0),
// whole numbers, movecount at least 1.
// Null: the option was not given.
Result<AdjudicationRules, Message> parse_adjudication(const std::vector<std::string>* draw,
                                                      const std::vector<std::string>* resign) {
  AdjudicationRules rules;
  using Values = std::map<std::string, std::string>;  // each key's text
  // Each setting's number, or the message that names the bad one.
  const auto settings = [](const std::vector<std::string>& items, const std::string& option,
                           std::vector<std::string> keys) -> Result<Values, Message> {
    Values values;
    SettingReader reader(std::move(keys));
    for (const std::string& item : items) {
      if (item.empty()) continue;  // the option alone, every setting its default
      const auto bad = Message{"tourney.adjudication-setting", {{"option", option}, {"setting", item}}};
      auto setting = reader.read(item);
      if (!setting) return bad;
      const bool good =
          setting->first == "twosided"
              ? setting->second == "true" || setting->second == "false"
              : whole_number_of(setting->second, setting->first == "movecount" ? 1 : 0).has_value();
      if (!good) return bad;
      values.insert(std::move(*setting));
    }
    return values;
  };
  const auto number = [](const Values& values, const std::string& key, std::int64_t otherwise) {
    const auto found = values.find(key);
    return found == values.end() ? otherwise : std::stoll(found->second);
  };
  if (draw != nullptr) {
    auto values = settings(*draw, "--draw", {"movenumber", "movecount", "score"});
    if (!values) return values.error();
    rules.draw = DrawRule{number(*values, "movenumber", 0), number(*values, "movecount", 1), number(*values, "score", 0)};
  }
  if (resign != nullptr) {
    auto values = settings(*resign, "--resign", {"movecount", "score", "twosided"});
    if (!values) return values.error();
    const auto two_sided = values->find("twosided");
    rules.resign = ResignRule{number(*values, "movecount", 1), number(*values, "score", 0),
                              two_sided != values->end() && two_sided->second == "true"};
  }
  return rules;
}

// --openings FILE [order=random|sequential] [plies=N] [start=K]
// [format=epd|pgn], as fastchess takes them (by default the file's order,
// every ply, the first opening first, the format from the file's name);
// fastchess's file=FILE too.
Result<OpeningSettings, Message> parse_openings(const std::vector<std::string>& items) {
  OpeningSettings settings;
  settings.file = items.front().rfind("file=", 0) == 0 ? items.front().substr(5) : items.front();
  SettingReader reader({"order", "plies", "start", "format"});
  for (std::size_t i = 1; i < items.size(); ++i) {
    const auto bad = Message{"tourney.openings-setting", {{"setting", items[i]}}};
    const auto setting = reader.read(items[i]);
    if (!setting) return bad;
    const auto& [key, value] = *setting;
    if (key == "format") {
      if (value != "epd" && value != "pgn") return bad;
      settings.format = value == "epd" ? OpeningSettings::Format::kLines : OpeningSettings::Format::kRecords;
      continue;
    }
    if (key == "order") {
      if (value != "random" && value != "sequential") return bad;
      settings.random_order = value == "random";
      continue;
    }
    const auto number = whole_number_of(value, key == "start" ? 1 : 0);
    if (!number) return bad;
    if (key == "plies")
      settings.plies = *number;
    else
      settings.start = *number;
  }
  return settings;
}

// Never -0.00 or -0.0: log10(1) may come out as -0.
std::string two_places(double value) { return fmt::format("{:.2f}", value + 0.0 == 0 ? 0.0 : value); }

// An Elo difference as the tables show it: a sign and one decimal, or +inf
// and -inf for a score of 1 or 0; "-" when there is none.
std::string elo_text(const std::optional<double>& difference, const std::optional<double>& score) {
  if (difference) return fmt::format("{:+.1f}", *difference + 0.0 == 0 ? 0.0 : *difference);
  if (score && *score >= 1) return "+inf";
  if (score && *score <= 0) return "-inf";
  return "-";
}

// The half width of an Elo interval, "inf" where it reaches a score of 0 or 1.
std::string margin_text(const std::optional<double>& margin) {
  return margin ? fmt::format("{:.1f}", *margin) : "inf";
}

std::string comma_list(std::span<const std::int64_t> counts) {
  std::string text;
  for (const std::int64_t count : counts) text += (text.empty() ? "" : ", ") + std::to_string(count);
  return text;
}

// The test's last word: its settings and LLR against the bounds, the
// counts it read and the first entrant's Elo on the test's scale.
void print_sprt(const Context& context, const Tourney& tourney, const TourneyStanding& standing,
                const SprtStatus& status) {
  std::ostream& out = context.out();
  const SprtSettings& settings = *tourney.options().sprt;
  const char* verdict = status.verdict == Sprt::Verdict::kAcceptH1   ? "tourney.sprt-h1"
                        : status.verdict == Sprt::Verdict::kAcceptH0 ? "tourney.sprt-h0"
                                                                     : "tourney.sprt-open";
  const std::string model = settings.model == EloModel::kLogistic ? "logistic" : "normalized";
  const std::string first = escape_controls(standing.tallies[0].name);
  const std::string second = escape_controls(standing.tallies[1].name);
  out << '\n'
      << context.text("tourney.sprt-result", {{"model", model},
                                              {"elo0", two_places(settings.elo0)},
                                              {"elo1", two_places(settings.elo1)},
                                              {"alpha", fmt::format("{:g}", settings.alpha)},
                                              {"beta", fmt::format("{:g}", settings.beta)},
                                              {"llr", two_places(status.llr)},
                                              {"lower", two_places(status.lower_bound)},
                                              {"upper", two_places(status.upper_bound)},
                                              {"verdict@", verdict}})
      << '\n';
  if (status.paired)
    out << context.text("tourney.sprt-pairs",
                        {{"player", first}, {"counts", comma_list(status.pairs.counts)}})
        << '\n';
  else
    out << context.text("tourney.sprt-games",
                        {{"player", first}, {"counts", comma_list(status.games.counts)}})
        << '\n';
  const std::string value = elo_text(status.elo.value, status.elo.score);
  const std::string margin = margin_text(status.elo.margin);
  out << context.text(settings.model == EloModel::kLogistic ? "tourney.sprt-elo-logistic"
                                                            : "tourney.sprt-elo-normalized",
                      {{"player", first}, {"other", second}, {"elo", value}, {"margin", margin}})
      << '\n';
}

// A margin has a sign; a score (battleship: shots) has none.
std::string average(double sum, std::int64_t count, bool sign = true) {
  if (count == 0) return "-";
  const double mean = sum / static_cast<double>(count);
  return sign ? fmt::format("{:+.2f}", mean) : fmt::format("{:.2f}", mean);
}

std::string points(std::int64_t wins, std::int64_t draws) {
  return fmt::format("{:.1f}", static_cast<double>(wins) + static_cast<double>(draws) / 2);
}

// Today in UTC, written as 2026-12-03; SOURCE_DATE_EPOCH (the reproducible
// builds convention) fixes it.
std::string today() {
  std::time_t now = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch != nullptr && *epoch != '\0')
    now = static_cast<std::time_t>(std::strtoll(epoch, nullptr, 10));
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
  return text;
}

// The entrants best first: by points, then wins, then in --players order
// (a score column says nothing of rank: battleship's loser fires fewer).
std::vector<std::size_t> ranking(const std::vector<EntrantTally>& tallies) {
  std::vector<std::size_t> order(tallies.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const std::int64_t twice_a = 2 * tallies[a].wins + tallies[a].draws;
    const std::int64_t twice_b = 2 * tallies[b].wins + tallies[b].draws;
    return twice_a != twice_b ? twice_a > twice_b : tallies[a].wins > tallies[b].wins;
  });
  return order;
}

void print_crosstable(const Context& context, const TourneyStanding& standing,
                      const std::vector<std::size_t>& order, std::size_t width) {
  std::ostream& out = context.out();
  const auto& tallies = standing.tallies;
  out << '\n' << context.text("tourney.crosstable") << '\n';
  out << fmt::format("{:>3}  {:<{}}", "", "", width);
  for (std::size_t column = 0; column < order.size(); ++column) out << fmt::format("  {:>7}", column + 1);
  out << '\n';
  for (std::size_t row = 0; row < order.size(); ++row) {
    out << fmt::format("{:>3}  {:<{}}", row + 1, escape_controls(tallies[order[row]].name), width);
    for (std::size_t column = 0; column < order.size(); ++column) {
      const PairTally& pair = standing.pairs[order[row]][order[column]];
      const std::string cell =
          row == column || pair.games() == 0 ? "-" : points(pair.wins, pair.draws) + "/" + std::to_string(pair.games());
      out << fmt::format("  {:>7}", cell);
    }
    out << '\n';
  }
}

// Columns on a terminal: a UTF-8 text's code points (an accented letter is
// one column, as the tables' headers in Spanish have them).
std::size_t columns(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// One line of the results table: each cell right-aligned in its column,
// the first (the name) left-aligned.
std::string table_row(const std::vector<std::string>& cells, const std::vector<std::size_t>& widths) {
  std::string line = cells[0] + std::string(widths[0] - std::min(widths[0], columns(cells[0])), ' ');
  for (std::size_t i = 1; i < cells.size(); ++i)
    line += "  " + std::string(widths[i] - std::min(widths[i], columns(cells[i])), ' ') + cells[i];
  return line;
}

void print_results(const Context& context, const Game& game, const TourneyStanding& standing) {
  std::ostream& out = context.out();
  const bool scored = std::any_of(standing.tallies.begin(), standing.tallies.end(),
                                  [](const EntrantTally& tally) { return tally.scored_games > 0; });
  const GameDefinition* definition = &game.definition();
  std::vector<std::string> header = {context.text("tourney.player"), context.text("tourney.games"),
                                     context.text("tourney.wins"),   context.text("tourney.losses"),
                                     context.text("tourney.draws"),  context.text("tourney.points"),
                                     context.text("tourney.elo"),    context.text("tourney.error"),
                                     context.text("tourney.los")};
  std::vector<std::size_t> widths = {6, 6, 6, 6, 6, 6, 7, 6, 6};
  if (scored) {
    for (const char* key : {"tourney.score", "tourney.margin", "tourney.per-win"})
      header.push_back(context.text(key, {}, definition));
    widths.insert(widths.end(), {8, 8, 8});
  }
  const std::vector<std::size_t> order = ranking(standing.tallies);
  std::vector<std::vector<std::string>> rows;
  for (const std::size_t entrant : order) {
    const EntrantTally& tally = standing.tallies[entrant];
    const EloEstimate elo = estimate_elo(tally.wins, tally.losses, tally.draws);
    std::string difference = "-";
    std::string error = "-";
    std::string los = "-";
    if (tally.games > 0) {
      difference = elo_text(elo.difference, elo.score);
      error = margin_text(elo.margin);
      los = fmt::format("{:.1f}%", elo.superiority * 100);
    }
    std::vector<std::string> row = {escape_controls(tally.name),  std::to_string(tally.games),
                                    std::to_string(tally.wins),   std::to_string(tally.losses),
                                    std::to_string(tally.draws),  points(tally.wins, tally.draws),
                                    difference, error, los};
    if (scored) {
      row.push_back(average(tally.score_sum, tally.scored_games, false));
      row.push_back(average(tally.margin_sum, tally.scored_games));
      row.push_back(average(tally.score_in_wins, tally.scored_wins, false));
    }
    rows.push_back(std::move(row));
  }
  // A column is as wide as its header or its widest cell.
  for (std::size_t i = 0; i < widths.size(); ++i) {
    widths[i] = std::max(widths[i], columns(header[i]));
    for (const auto& row : rows) widths[i] = std::max(widths[i], columns(row[i]));
  }
  out << table_row(header, widths) << '\n';
  for (const auto& row : rows) out << table_row(row, widths) << '\n';
  const std::size_t width = widths[0];
  if (scored && context.messages().has("tourney.score-means", definition))
    out << context.text("tourney.score-means", {}, definition) << '\n';
  for (const std::size_t entrant : order) {
    const EntrantTally& tally = standing.tallies[entrant];
    if (tally.forfeits == 0) continue;
    out << context.messages().count("tourney.forfeits", tally.forfeits,
                                    {{"player", escape_controls(tally.name)}});
    // Those lost to a limit, by kind: "...: 1 on time, 1 over --max-memory".
    std::vector<std::string> kinds;
    if (tally.time_forfeits > 0)
      kinds.push_back(
          context.text("tourney.forfeits-on-time", {{"count", std::to_string(tally.time_forfeits)}}));
    if (tally.memory_forfeits > 0)
      kinds.push_back(
          context.text("tourney.forfeits-memory", {{"count", std::to_string(tally.memory_forfeits)}}));
    if (!kinds.empty()) out << ": " << join(kinds, ", ");
    out << '\n';
  }
  out << context.text("tourney.total",
                      {{"games", context.messages().count("tourney.game-count", standing.games_played)},
                       {"moves", context.messages().count("ui.moves", standing.total_moves)}})
      << '\n';
  if (standing.tallies.size() > 2) print_crosstable(context, standing, order, width);
}

// The progress line: games counted, and with two entrants the first's
// points and Elo against the other; under --sprt the LLR first.
std::string progress_text(const Context& context, const Tourney& tourney, const TourneyStanding& standing) {
  const std::string games = std::to_string(standing.games_played);
  std::string text =
      standing.sprt
          ? context.text("tourney.sprt-progress", {{"number", games},
                                                   {"llr", two_places(standing.sprt->llr)},
                                                   {"lower", two_places(standing.sprt->lower_bound)},
                                                   {"upper", two_places(standing.sprt->upper_bound)}})
          : context.text("tourney.progress",
                         {{"number", games}, {"limit", std::to_string(tourney.game_limit())}});
  if (standing.tallies.size() != 2 || standing.tallies[0].games == 0) return text;
  const EntrantTally& first = standing.tallies[0];
  const EloEstimate elo = estimate_elo(first.wins, first.losses, first.draws);
  return text + ", " +
         context.text("tourney.progress-score", {{"player", escape_controls(first.name)},
                                                 {"points", points(first.wins, first.draws)},
                                                 {"games", std::to_string(first.games)},
                                                 {"elo", elo_text(elo.difference, elo.score)},
                                                 {"margin", margin_text(elo.margin)}});
}

int run_tourney(const Context& context, const TourneyCommandOptions& options) {
  auto made = context.catalogue().make_game(options.game, context.game_choice().overrides);
  if (auto* error = made.if_error()) return context.usage_error(*error);
  const Game& game = *made.value();
  TourneyOptions settings;
  settings.players = options.players;
  settings.pairing = options.round_robin ? Pairing::kRoundRobin
                     : options.gauntlet  ? Pairing::kGauntlet
                                         : Pairing::kRotate;
  settings.games = options.games;
  settings.wins = options.wins;
  settings.rounds = options.rounds;
  settings.seed = options.seed;
  settings.movetime_ms = options.movetime_ms;
  settings.timeout_ms = options.timeout_ms;
  settings.max_memory_mb = options.max_memory_mb;
  {
    auto rules = parse_adjudication(options.draw_given ? &options.draw : nullptr,
                                    options.resign_given ? &options.resign : nullptr);
    if (auto* error = rules.if_error()) return context.usage_error(*error);
    settings.adjudication = rules.value();
  }
  // "game 3: X loses by forfeit: why", "game 4: X resigns by adjudication:
  // why", on standard error and as the last line of the game's record.
  const auto end_line = [&context, &game](const TourneyGame& played, const std::vector<std::string>& names) {
    const std::string number = std::to_string(played.number);
    if (played.end.reason == MatchEnd::Reason::kAdjudicated) {
      const auto& winners = played.end.outcome.winners;
      const std::string why = context.text(*played.end.adjudication);
      if (winners.empty()) return context.text("tourney.adjudicated-draw", {{"number", number}, {"why", why}});
      const std::size_t loser = winners.front() == 0 ? 1 : 0;  // games of two sides only
      return context.text("tourney.adjudicated-resign",
                          {{"number", number}, {"player", escape_controls(names.at(loser))}, {"why", why}});
    }
    ForfeitText why = forfeit_text(context, game, played.end);
    why.args.insert(why.args.begin(),
                    {{"number", number},
                     {"player", escape_controls(names.at(static_cast<std::size_t>(played.end.forfeited)))}});
    return context.text(why.refused_move ? "tourney.forfeit" : "tourney.forfeit-failure", why.args);
  };
  settings.end_note = end_line;
  if (!options.tc.empty()) {
    auto control = parse_time_control(options.tc);
    if (auto* error = control.if_error()) return context.usage_error(*error);
    settings.time_control = control.value();
  }
  // Gomocup's time for the game: a clock of that much, no increment.
  if (options.timeout_match_ms) {
    if (settings.time_control) return context.usage_error(Message{"tourney.timeout-match-tc"});
    settings.time_control = TimeControl{0, *options.timeout_match_ms, 0};
  }
  settings.max_moves = options.max_moves;
  settings.out_dir = options.out_dir;
  settings.archive = options.pgn_out;
  settings.trace_dir = options.trace_dir;
  settings.date = today();
  if (options.games_per_opening) settings.games_per_opening = *options.games_per_opening;
  settings.state = options.state;
  settings.random_plies = options.random_plies;
  if (!options.openings.empty()) {
    auto parsed = parse_openings(options.openings);
    if (auto* error = parsed.if_error()) return context.usage_error(*error);
    auto read = read_openings(parsed.value(), game, context.catalogue());
    if (auto* error = read.if_error())
      return report_file_error(context, display_name(parsed.value().file), *error);
    settings.opening_settings = parsed.value();
    settings.openings = std::move(read).value();
  }
  if (!options.sprt.empty()) {
    auto sprt = parse_sprt(options.sprt);
    if (auto* error = sprt.if_error()) return context.usage_error(*error);
    settings.sprt = sprt.value();
  }
  Tourney tourney(context.catalogue(), game, settings);
  if (auto error = tourney.prepare()) return context.usage_error(*error);

  if (tourney.resumed_games() > 0)
    context.err() << context.text(
                         "tourney.resumed",
                         {{"file", escape_controls(options.state)},
                          {"games", context.messages().count("tourney.game-count", tourney.resumed_games())}})
                  << '\n';

  // A progress line on a terminal only: a pipe or file gets the results.
  const bool progress = ui::stderr_is_terminal();
  std::mutex report_mutex;  // one game's lines at a time
  // --rating-interval: the table after every N games counted (the games a
  // state file held count: a continued run goes on from its next N).
  std::int64_t tables_printed = tourney.resumed_games() / std::max<std::int64_t>(1, options.rating_interval);
  auto report = [&](const TourneyGame& played) {
    std::lock_guard lock(report_mutex);
    if (played.end.reason == MatchEnd::Reason::kForfeit || played.end.reason == MatchEnd::Reason::kAdjudicated) {
      std::vector<std::string> names;
      for (const std::size_t entrant : played.seats) names.push_back(tourney.tallies()[entrant].name);
      if (progress) context.err() << "\r\x1b[K";
      context.err() << end_line(played, names) << '\n';
    }
    if (!progress && options.rating_interval == 0) return;
    const TourneyStanding standing = tourney.standing();
    if (options.rating_interval > 0 && standing.games_played / options.rating_interval > tables_printed) {
      tables_printed = standing.games_played / options.rating_interval;
      if (progress) context.err() << "\r\x1b[K" << std::flush;
      context.out() << context.text(
                           "tourney.after",
                           {{"games", context.messages().count("tourney.game-count", standing.games_played)}})
                    << '\n';
      print_results(context, game, standing);
      if (standing.sprt) print_sprt(context, tourney, standing, *standing.sprt);
      context.out() << '\n' << std::flush;
    }
    if (progress)
      context.err() << '\r' << progress_text(context, tourney, standing) << "\x1b[K" << std::flush;
  };
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    try {
      while (true) {
        {
          std::lock_guard lock(failure_mutex);
          if (failure) return;
        }
        const auto number = tourney.claim_next();
        if (!number) return;
        const auto played = tourney.play(*number);
        if (!played) return;  // a record not written: tourney.failure()
        report(*played);
      }
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::thread> workers;
  for (std::int64_t i = 1; i < options.concurrency; ++i) workers.emplace_back(work);
  work();
  for (std::thread& worker : workers) worker.join();
  if (progress) context.err() << '\n';
  if (failure) std::rethrow_exception(failure);  // a programmer's error, or memory gone
  if (const auto failed = tourney.failure()) return context.usage_error(failed->message);
  const TourneyStanding standing = tourney.standing();
  print_results(context, game, standing);
  if (standing.sprt) print_sprt(context, tourney, standing, *standing.sprt);
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
  auto* round_robin =
      command->add_flag("--round-robin", options->round_robin, "Every pair of entrants meets, in both seat orders");
  command->add_flag("--gauntlet", options->gauntlet, "The first entrant meets each other one, in both seat orders")
      ->excludes(round_robin);
  auto* games = command->add_option("--games", options->games, "Play N games (default 10, or one round)")
                    ->check(whole_number(1, kMaxCount));
  auto* wins = command->add_option("--wins", options->wins, "Play until an entrant has N wins")
                   ->check(whole_number(1, kMaxCount))
                   ->excludes(games);
  auto* rounds =
      command
          ->add_option("--rounds", options->rounds, "Play every pairing N times (--round-robin, --gauntlet)")
          ->check(whole_number(1, kMaxCount))
          ->excludes(games)
          ->excludes(wins);
  command->add_option("--seed", options->seed, "Seed for every random choice (default 1)")
      ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
  command->add_option("--movetime", options->movetime_ms, "Time per move for searching players, in ms")
      ->check(whole_number(1, kMaxMilliseconds));
  command->add_option("--tc", options->tc, "Clocks for every player: [MOVES/]SECONDS[+INCREMENT], as 40/60+0.5");
  command
      ->add_option(
          "--timeout,--timeout-turn", options->timeout_ms,
          "How long an external player (exec:PROGRAM) may take to answer each move, in ms (default 10000; "
          "Gomocup's timeout_turn)")
      ->check(whole_number(1, kMaxMilliseconds));
  command
      ->add_option(
          "--timeout-match", options->timeout_match_ms,
          "Each player's time for the whole game, in ms: a clock without increment (Gomocup's timeout_match)")
      ->check(whole_number(1, kMaxMilliseconds));
  command
      ->add_option("--max-memory", options->max_memory_mb,
                   "Memory a Gomocup brain (pbrain:PROGRAM) may use, in MB; more loses")
      ->check(whole_number(1, 1 << 20));
  command
      ->add_option("--max-moves", options->max_moves, "Stop a game unfinished after N moves (default 1000)")
      ->check(whole_number(1, kMaxCount));
  command->add_option("--concurrency", options->concurrency, "Play N games at once (default 1)")
      ->check(whole_number(1, 64));
  command->add_option("--out", options->out_dir, "Write each game's record into DIR");
  command->add_option("--pgn-out", options->pgn_out, "Write every game into one PGN archive FILE (chess)");
  command->add_option("--trace", options->trace_dir, "Write each external player's dialogue into DIR");
  command
      ->add_option("--sprt", options->sprt,
                   "Stop when an SPRT decides: elo0=E elo1=E [alpha=P] [beta=P] [model=normalized|logistic]")
      ->expected(1, 5)
      ->excludes(wins)
      ->excludes(rounds);
  CLI::Option* draw =
      command
          ->add_option("--draw", options->draw,
                       "Adjudicate a draw from the players' scores: [movenumber=N] [movecount=M] [score=CP]")
          ->expected(0, 3);
  CLI::Option* resign =
      command
          ->add_option("--resign", options->resign,
                       "Adjudicate a loss from the players' scores: [movecount=M] [score=CP] [twosided=true]")
          ->expected(0, 3);
  command
      ->add_option("--games-per-opening", options->games_per_opening,
                   "Games in a row from one opening, the seats rotating (default 2: a pair)")
      ->check(whole_number(1, 1000));
  command
      ->add_option("--openings", options->openings,
                   "Start the games from FILE's openings: [order=random|sequential] [plies=N] [start=K] "
                   "[format=epd|pgn]")
      ->expected(1, 5);
  command
      ->add_option("--random-plies", options->random_plies,
                   "Start each opening with N random moves, the same for its games (default 0)")
      ->check(whole_number(0, 1000));
  command->add_option("--state", options->state,
                      "Keep every game counted in FILE; the same command run again continues from it");
  command->add_option("--rating-interval", options->rating_interval, "Print the table every N games")
      ->check(whole_number(1, kMaxCount));
  return {command, [options, draw, resign](const Context& context) {
            options->draw_given = draw->count() > 0;
            options->resign_given = resign->count() > 0;
            return run_tourney(context, *options);
          }};
}

}  // namespace gamerec::cli
