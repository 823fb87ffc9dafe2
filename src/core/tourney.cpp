#include "core/tourney.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>

#include "records/move_list.h"
#include "records/record_file.h"

namespace gamerec {
namespace {

// No person plays in a tourney: there are no commands to handle.
class SilentHooks final : public MatchHooks {};

// The match's moves into a record file, one line each.
class RecordFileSink final : public MoveSink {
 public:
  explicit RecordFileSink(RecordFile& file) : file_(file) {}
  void write_move(const State& /*before*/, const Move& /*move*/, std::string_view text) override {
    file_.append_line(text);
  }

 private:
  RecordFile& file_;
};

// An entrant that could not be made for this game (an engine gone since the
// tourney started, no process left to fork): it loses the game, for that
// reason, at its first turn, as a program that broke down does.
class UnavailablePlayer final : public Player {
 public:
  explicit UnavailablePlayer(Message reason) : reason_(std::move(reason)) {}
  std::optional<Action> act(const Game&, const Observation&, std::span<const Move>) override {
    return Action{{}, std::nullopt, false, reason_};
  }
  bool is_computer() const override { return true; }

 private:
  Message reason_;
};

}  // namespace

std::uint64_t seat_seed(std::uint64_t seed, std::int64_t game, std::size_t seat) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (static_cast<std::uint64_t>(game) * 64 + seat + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

Tourney::Tourney(const GameCatalogue& catalogue, const Game& game, TourneyOptions options)
    : catalogue_(catalogue), game_(game), options_(std::move(options)) {
  for (const std::string& name : options_.players) tallies_.push_back(EntrantTally{name});
}

std::int64_t Tourney::game_limit() const {
  if (options_.games) return *options_.games;
  // --wins alone: a run of draws must end too.
  if (options_.wins) return std::max<std::int64_t>(1, *options_.wins) * 100;
  return 10;
}

std::optional<Message> Tourney::prepare() {
  if (options_.players.empty()) return Message{"tourney.no-players"};
  for (const std::string& spec : options_.players) {
    auto player =
        catalogue_.make_player(game_, spec, ChooserSettings{1, options_.movetime_ms, options_.timeout_ms});
    if (auto* error = player.if_error()) return *error;
  }
  if (!options_.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options_.out_dir, ec);
    if (ec || !std::filesystem::is_directory(options_.out_dir, ec))
      return Message{"tourney.bad-out", {{"dir", options_.out_dir}, {"reason", ec.message()}}};
    // A record is never replaced: an earlier run's games stay.
    const std::string first = record_path(1);
    if (std::filesystem::exists(first, ec))
      return Message{"tourney.out-has-records", {{"dir", options_.out_dir}, {"file", first}}};
  }
  return std::nullopt;
}

std::string Tourney::record_path(std::int64_t number) const {
  const auto& extensions = game_.definition().extensions;
  const std::string extension = extensions.empty() ? "txt" : extensions.front();
  char name[32];
  std::snprintf(name, sizeof name, "-%04lld.", static_cast<long long>(number));
  return (std::filesystem::path(options_.out_dir) / (game_.name() + name + extension)).string();
}

std::optional<TourneyGame> Tourney::play_next() {
  if (played_ >= game_limit()) return std::nullopt;
  if (options_.wins) {
    for (const EntrantTally& tally : tallies_) {
      if (tally.wins >= *options_.wins) return std::nullopt;
    }
  }
  TourneyGame result;
  result.number = ++played_;
  const std::size_t sides = game_.definition().sides.size();
  std::vector<std::unique_ptr<Player>> owned;
  std::vector<Player*> players;
  for (std::size_t seat = 0; seat < sides; ++seat) {
    // Seats rotate: in game n, seat s goes to entrant (s + n - 1) mod count.
    const std::size_t entrant =
        (seat + static_cast<std::size_t>(result.number - 1)) % options_.players.size();
    result.seats.push_back(entrant);
    auto player = catalogue_.make_player(game_, options_.players[entrant],
                                         ChooserSettings{seat_seed(options_.seed, result.number, seat),
                                                         options_.movetime_ms, options_.timeout_ms});
    if (auto* error = player.if_error())
      owned.push_back(std::make_unique<UnavailablePlayer>(std::move(*error)));
    else
      owned.push_back(std::move(player.value()));
    players.push_back(owned.back().get());
  }

  std::optional<RecordFile> file;
  std::optional<RecordFileSink> sink;
  if (!options_.out_dir.empty()) {
    GameHeader header;
    // The extension names the base game; a variant is named in the header.
    if (game_.definition().extensions.empty() || game_.definition().rules != game_.name())
      header.game = game_.name();
    for (const auto& [key, value] : game_.options().values()) {
      const OptionSpec* spec = game_.definition().find_option(key);
      if (spec != nullptr && !(spec->default_value == value))
        header.variant.push_back({key, option_value_text(value)});
    }
    YAML::Emitter players_yaml;
    players_yaml << YAML::BeginMap << YAML::Key << "players" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (std::size_t seat = 0; seat < sides; ++seat)
      players_yaml << YAML::Key << game_.definition().sides[seat] << YAML::Value
                   << options_.players[result.seats[seat]];
    players_yaml << YAML::EndMap << YAML::EndMap;
    header.text = std::string(players_yaml.c_str()) + "\n";
    result.record = record_path(result.number);
    file.emplace(RecordFile::create(result.record, "", 0, move_list_header(header, game_)));
    sink.emplace(*file);
  }

  Match match(game_, game_.new_state(), players, sink ? &*sink : nullptr);
  SilentHooks hooks;
  result.end = match.run(hooks, options_.max_moves);
  result.moves = match.state().moves_played();
  total_moves_ += result.moves;
  const bool finished =
      result.end.reason == MatchEnd::Reason::kGameOver || result.end.reason == MatchEnd::Reason::kForfeit;
  count(result,
        result.end.reason == MatchEnd::Reason::kGameOver ? match.state().outcome() : result.end.outcome,
        finished);
  return result;
}

void Tourney::count(const TourneyGame& game, const Outcome& outcome, bool finished) {
  const std::size_t entrants = tallies_.size();
  std::vector<bool> won(entrants, false);
  std::vector<bool> lost(entrants, false);
  std::vector<bool> played(entrants, false);
  std::vector<double> score(entrants, 0);
  for (std::size_t seat = 0; seat < game.seats.size(); ++seat) {
    const std::size_t entrant = game.seats[seat];
    played[entrant] = true;
    if (!finished || outcome.winners.empty()) continue;
    const bool winner = std::find(outcome.winners.begin(), outcome.winners.end(), static_cast<Side>(seat)) !=
                        outcome.winners.end();
    (winner ? won : lost)[entrant] = true;
  }
  const bool scored = finished && outcome.score.size() == game.seats.size();
  if (scored) {
    for (std::size_t seat = 0; seat < game.seats.size(); ++seat)
      score[game.seats[seat]] += outcome.score[seat];
  }
  std::int64_t playing = 0;
  double total = 0;
  for (std::size_t entrant = 0; entrant < entrants; ++entrant) {
    if (!played[entrant]) continue;
    ++playing;
    total += score[entrant];
  }
  for (std::size_t entrant = 0; entrant < entrants; ++entrant) {
    if (!played[entrant]) continue;
    EntrantTally& tally = tallies_[entrant];
    ++tally.games;
    if (won[entrant] && !lost[entrant]) {
      ++tally.wins;
      tally.moves_in_wins += game.moves;
      if (scored) {
        ++tally.scored_wins;
        tally.score_in_wins += score[entrant];
      }
    } else if (lost[entrant] && !won[entrant]) {
      ++tally.losses;
      const bool forfeited = game.end.reason == MatchEnd::Reason::kForfeit &&
                             game.seats[static_cast<std::size_t>(game.end.forfeited)] == entrant;
      if (forfeited) ++tally.forfeits;
    } else {
      ++tally.draws;
    }
    if (scored) {
      ++tally.scored_games;
      tally.score_sum += score[entrant];
      const double others = playing > 1 ? (total - score[entrant]) / static_cast<double>(playing - 1) : 0;
      tally.margin_sum += score[entrant] - others;
    }
  }
}

}  // namespace gamerec
