#include "core/tourney.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <limits>
#include <random>
#include <stdexcept>

#include "core/tourney_state.h"
#include "records/move_list.h"
#include "rules/facets.h"
#include "rules/text.h"

namespace gamerec {
namespace {

// No person plays in a tourney: there are no commands to handle.
class SilentHooks final : public MatchHooks {};

// The match's moves into a record file, one line each, and kept for the
// archive.
class TourneySink final : public MoveSink {
 public:
  explicit TourneySink(RecordFile* file) : file_(file) {}
  std::optional<Error> write_move(const State& /*before*/, const Move& move, std::string_view text) override {
    if (file_ != nullptr) {
      auto written = file_->append_line(text);
      if (!written) return std::move(written.error());
    }
    moves_.push_back(move);
    return std::nullopt;
  }
  const std::vector<Move>& moves() const { return moves_; }

 private:
  RecordFile* file_;
  std::vector<Move> moves_;
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

bool is_level(const std::string& spec) {
  return !spec.empty() && std::all_of(spec.begin(), spec.end(), [](unsigned char c) { return std::isdigit(c); });
}

// How a game ended, in the words every record writer is given.
MatchFacts::End end_fact(const MatchEnd& end) {
  switch (end.reason) {
    case MatchEnd::Reason::kGameOver: return MatchFacts::End::kNormal;
    case MatchEnd::Reason::kForfeit:
      if (end.out_of_time) return MatchFacts::End::kTimeForfeit;
      // A program that broke down abandoned the game; one that made a
      // refused move, or sent something else instead of a move it owed,
      // broke the rules.
      return end.forfeit_reason && end.forfeit_move.empty() ? MatchFacts::End::kAbandoned
                                                             : MatchFacts::End::kRulesInfraction;
    case MatchEnd::Reason::kAdjudicated: return MatchFacts::End::kAdjudication;
    default: return MatchFacts::End::kUnterminated;
  }
}

}  // namespace

std::optional<Error> play_random_plies(const Game& game, State& state, std::int64_t plies, std::uint64_t seed,
                                       MoveSink& sink) {
  std::mt19937_64 random(seed);
  for (std::int64_t ply = 0; ply < plies && !state.is_over(); ++ply) {
    std::vector<Move> legal = state.legal_moves();
    std::optional<Move> chosen;
    while (!legal.empty() && !chosen) {
      const std::size_t pick = static_cast<std::size_t>(random() % legal.size());
      auto after = state.clone();
      after->apply(legal[pick]);
      if (!after->is_over())
        chosen = legal[pick];
      else
        legal.erase(legal.begin() + static_cast<std::ptrdiff_t>(pick));
    }
    if (!chosen) return std::nullopt;
    if (auto failed = sink.write_move(state, *chosen, game.move_text(*chosen, state))) return failed;
    state.apply(*chosen);
  }
  return std::nullopt;
}

std::uint64_t seat_seed(std::uint64_t seed, std::int64_t game, std::size_t seat) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL * (static_cast<std::uint64_t>(game) * 64 + seat + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::uint64_t start_seed(std::uint64_t seed, std::int64_t opening) {
  // Seat 63 of a game numbered as the opening: no seat of a game has it.
  return seat_seed(seed, opening, 63);
}

std::int64_t opening_of(std::int64_t number, std::int64_t games_per_opening) {
  return (number - 1) / games_per_opening + 1;
}

std::string drawn_start(const Game& game, std::uint64_t seed, std::int64_t opening) {
  const auto* random = game.facet<RandomStart>();
  return random != nullptr ? random->random_start(start_seed(seed, opening)) : "";
}

Tourney::Tourney(const GameCatalogue& catalogue, const Game& game, TourneyOptions options)
    : catalogue_(catalogue), game_(game), options_(std::move(options)) {
  // Names reach the table, the records and the archive: cleaned once here
  // (a program's name for itself may hold escapes or direction marks).
  for (const std::string& name : options_.players) tallies_.push_back(EntrantTally{escape_controls(name)});
  pairs_.assign(tallies_.size(), std::vector<PairTally>(tallies_.size()));
  own_names_.assign(tallies_.size(), "");
}

std::vector<std::pair<std::size_t, std::size_t>> Tourney::pairings() const {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  const std::size_t entrants = options_.players.size();
  // Each pair in both seat orders, one after the other: a run cut short
  // stays fair to both.
  for (std::size_t a = 0; a < entrants; ++a) {
    for (std::size_t b = a + 1; b < entrants; ++b) {
      if (options_.pairing == Pairing::kGauntlet && a != 0) continue;
      pairs.emplace_back(a, b);
      pairs.emplace_back(b, a);
    }
  }
  return pairs;
}

std::vector<std::size_t> Tourney::seats_of(std::int64_t number) const {
  const std::size_t sides = game_.definition().sides.size();
  std::vector<std::size_t> seats;
  if (options_.pairing == Pairing::kRotate || options_.players.size() < 2) {
    for (std::size_t seat = 0; seat < sides; ++seat)
      seats.push_back((seat + static_cast<std::size_t>(number - 1)) % options_.players.size());
    return seats;
  }
  // The pair's first entrant takes the even places of the turn order, the
  // other the odd ones (chaturanga: Yellow and Red against Green and Black).
  const auto all = pairings();
  const auto [first, second] = all[static_cast<std::size_t>(number - 1) % all.size()];
  for (std::size_t seat = 0; seat < sides; ++seat) seats.push_back(seat % 2 == 0 ? first : second);
  return seats;
}

std::int64_t Tourney::game_limit() const {
  if (options_.games) return *options_.games;
  if (options_.sprt) return std::numeric_limits<std::int64_t>::max();  // until the test decides
  const std::int64_t round =
      options_.pairing == Pairing::kRotate ? 1 : std::max<std::int64_t>(1, static_cast<std::int64_t>(pairings().size()));
  if (options_.rounds) return *options_.rounds * round;
  // --wins alone: a run of draws must end too.
  if (options_.wins) return std::max<std::int64_t>(1, *options_.wins) * 100;
  return options_.pairing == Pairing::kRotate ? 10 : round;
}

std::string player_record_name(const std::string& spec, const std::string& own_name) {
  if (!own_name.empty()) return escape_controls(own_name);
  const std::string cleaned = escape_controls(spec);
  if (is_level(cleaned)) return "gamerec level " + cleaned;
  if (cleaned.find(':') == std::string::npos) return "gamerec " + cleaned;
  return cleaned;
}

std::string Tourney::archive_name(std::size_t entrant) const {
  return player_record_name(options_.players.at(entrant), own_names_.at(entrant));
}

std::optional<Message> Tourney::prepare() {
  if (options_.players.empty()) return Message{"tourney.no-players"};
  if (options_.sprt) {
    if (options_.players.size() != 2) return Message{"tourney.sprt-two-entrants"};
    auto made = Sprt::make(*options_.sprt);
    if (!made) return made.error().message;
    sprt_.emplace(std::move(*made));
    sprt_status_.emplace();
    sprt_status_->lower_bound = sprt_->lower_bound();
    sprt_status_->upper_bound = sprt_->upper_bound();
    sprt_status_->paired = options_.games_per_opening == 2;
  }
  // A random move of a game with secrets (a fleet's placement) would be a
  // side's own choice made for it; an opening as long as --max-moves
  // leaves the players no move.
  if (options_.random_plies > 0 && game_.facet<HiddenInformation>() != nullptr)
    return Message{"tourney.random-plies-hidden", {{"game", game_.name()}}};
  if (options_.random_plies >= options_.max_moves)
    return Message{
        "tourney.random-plies-max",
        {{"plies", std::to_string(options_.random_plies)}, {"max", std::to_string(options_.max_moves)}}};
  if (!options_.openings.empty()) {
    std::size_t longest = 0;
    for (const Opening& opening : options_.openings) longest = std::max(longest, opening.moves.size());
    if (static_cast<std::int64_t>(longest) + options_.random_plies >= options_.max_moves)
      return Message{"tourney.openings-max",
                     {{"plies", std::to_string(static_cast<std::int64_t>(longest) + options_.random_plies)},
                      {"max", std::to_string(options_.max_moves)}}};
    opening_order_ = opening_order(options_.opening_settings.value_or(OpeningSettings{}),
                                   options_.openings.size(), options_.seed);
  }
  for (std::size_t entrant = 0; entrant < options_.players.size(); ++entrant) {
    PlayerSettings settings{{1, options_.movetime_ms}, options_.timeout_ms};
    settings.max_memory_mb = options_.max_memory_mb;
    auto player = catalogue_.make_player(game_, options_.players[entrant], settings);
    if (auto* error = player.if_error()) return *error;
    own_names_[entrant] = escape_controls(player.value()->name());
  }
  // The table names a program as it names itself; two that share a name
  // (one engine at two settings) keep their specs apart.
  std::vector<std::ptrdiff_t> sharing(tallies_.size());
  for (std::size_t entrant = 0; entrant < tallies_.size(); ++entrant)
    sharing[entrant] = std::count(own_names_.begin(), own_names_.end(), own_names_[entrant]);
  for (std::size_t entrant = 0; entrant < tallies_.size(); ++entrant) {
    if (own_names_[entrant].empty()) continue;
    if (sharing[entrant] == 1)
      tallies_[entrant].name = own_names_[entrant];
    else
      own_names_[entrant] += " (" + tallies_[entrant].name + ")";
  }
  if (options_.pairing != Pairing::kRotate && options_.players.size() < 2)
    return Message{"tourney.one-entrant"};
  if (!options_.state.empty()) {
    if (auto error = resume()) return error;
  }
  if (!options_.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options_.out_dir, ec);
    if (ec || !std::filesystem::is_directory(options_.out_dir, ec))
      return Message{"tourney.bad-out", {{"dir", options_.out_dir}, {"reason", ec.message()}}};
    // A record is never replaced: an earlier run's games stay (a run that
    // continues a state file's tourney has its own records there).
    const std::string first = record_path(1);
    if (!resuming_ && std::filesystem::exists(first, ec))
      return Message{"tourney.out-has-records", {{"dir", options_.out_dir}, {"file", first}}};
  }
  if (!options_.trace_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options_.trace_dir, ec);
    if (ec || !std::filesystem::is_directory(options_.trace_dir, ec))
      return Message{"tourney.bad-trace", {{"dir", options_.trace_dir}, {"reason", ec.message()}}};
  }
  // The state file before the archive: a run stopped between the two is
  // continued (an archive without a state would be refused as existing).
  if (!options_.state.empty()) {
    auto opened = resuming_
                      ? RecordFile::open_for_append(options_.state)
                      : RecordFile::create(options_.state, "", 0, state_first_line(settings_text()) + "\n");
    if (!opened) return opened.error().message;
    state_file_.emplace(std::move(*opened));
  }
  if (!options_.archive.empty()) {
    if (auto error = open_archive()) {
      // A tourney that cannot start leaves no state file of its own.
      if (!resuming_ && state_file_) {
        state_file_.reset();
        std::error_code ec;
        std::filesystem::remove(options_.state, ec);
      }
      return error;
    }
  }
  // Last: a continuation refused above has changed nothing.
  if (resuming_ && !options_.out_dir.empty()) remove_uncounted_records();
  return std::nullopt;
}

void Tourney::remove_uncounted_records() {
  // Games under way when the run stopped, at most --concurrency (64) past
  // the last game counted: their records go, so that none is left behind
  // when this run stops before it plays them again (--sprt, --wins).
  const std::int64_t last = done_.empty() ? 0 : *done_.rbegin();
  for (std::int64_t number = 1; number <= last + 64; ++number) {
    if (done_.contains(number)) continue;
    std::error_code ec;
    std::filesystem::remove(record_path(number), ec);
  }
  // A run killed while it made a record leaves its temporary
  // (RecordFile::create's RECORD.gamerec-tmp-PID-N): no game's file.
  std::error_code ec;
  std::vector<std::filesystem::path> leftovers;
  for (const auto& entry : std::filesystem::directory_iterator(options_.out_dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(game_.name() + "-") && name.find(".gamerec-tmp-") != std::string::npos)
      leftovers.push_back(entry.path());
  }
  for (const auto& path : leftovers) std::filesystem::remove(path, ec);
}

std::optional<Message> Tourney::open_archive() {
  const RecordFormat& format = catalogue_.format_for_output(options_.archive);
  if (!format.many_games || format.game != game_.definition().rules || !format.open_writer)
    return Message{"tourney.no-archive", {{"file", options_.archive}, {"game", game_.name()}}};
  archive_format_ = &format;
  std::error_code ec;
  const bool exists = std::filesystem::exists(options_.archive, ec);
  if (exists && !resuming_) return Message{"tourney.archive-exists", {{"file", options_.archive}}};
  if (!exists) {
    // The state counts games that were in the archive: they are gone.
    if (resumed_archive_bytes_ > 0)
      return Message{"tourney.state-archive", {{"file", options_.archive}, {"state", options_.state}}};
    auto created = RecordFile::create(options_.archive, "", 0, "");
    if (!created) return created.error().message;
    archive_file_.emplace(std::move(*created));
    return std::nullopt;
  }
  auto opened = RecordFile::open_for_append(options_.archive);
  if (!opened) return opened.error().message;
  // Games appended after the state file's last were not counted: they are
  // played again, so they go.
  if (opened->size() < resumed_archive_bytes_)
    return Message{"tourney.state-archive", {{"file", options_.archive}, {"state", options_.state}}};
  if (auto failed = opened->truncate(resumed_archive_bytes_)) return failed->message;
  archive_file_.emplace(std::move(*opened));
  return std::nullopt;
}

std::optional<Message> Tourney::resume() {
  std::error_code ec;
  if (!std::filesystem::exists(options_.state, ec)) return std::nullopt;
  auto stored = read_state(options_.state, settings_text());
  if (!stored) return stored.error().message;
  resuming_ = true;
  for (const StoredGame& game : stored->games) {
    if (!done_.insert(game.number).second)
      return Message{"tourney.state-game",
                     {{"file", options_.state}, {"number", std::to_string(game.number)}}};
    TourneyGame counted;
    counted.number = game.number;
    counted.seats = seats_of(game.number);
    counted.moves = game.moves;
    counted.end.reason = game.reason;
    counted.end.forfeited = game.forfeited;
    // Seats the game has: a forfeit names one, winners are some.
    const auto seat = [&](Side side) {
      return side >= 0 && static_cast<std::size_t>(side) < counted.seats.size();
    };
    const bool forfeit = game.reason == MatchEnd::Reason::kForfeit;
    if (game.number > game_limit() || game.moves < 0 ||
        (forfeit ? !seat(game.forfeited) : game.forfeited != kNoSide) ||
        !std::all_of(game.winners.begin(), game.winners.end(), seat))
      return Message{"tourney.state-game",
                     {{"file", options_.state}, {"number", std::to_string(game.number)}}};
    Outcome outcome;
    outcome.over = game.reason != MatchEnd::Reason::kMoveLimit;
    outcome.winners = game.winners;
    outcome.score = game.score;
    ++played_;
    total_moves_ += game.moves;
    count(counted, outcome, outcome.over, game.forfeit_kind);
    resumed_archive_bytes_ = game.archive_bytes;
  }
  // A line cut off by the stop goes; the next game's line takes its place.
  auto opened = RecordFile::open_for_append(options_.state);
  if (!opened) return opened.error().message;
  if (opened->size() != stored->whole_bytes) {
    if (auto failed = opened->truncate(stored->whole_bytes)) return failed->message;
  }
  return std::nullopt;
}

std::string Tourney::settings_text() const {
  const auto or_none = [](const std::optional<std::int64_t>& value) {
    return value ? std::to_string(*value) : std::string("-");
  };
  std::string text = "game=" + game_.name();
  for (const auto& [key, value] : game_.options().values())
    text += " " + key + "=" + option_value_text(value);
  std::string players;
  for (const std::string& spec : options_.players)
    players += (players.empty() ? "" : ",") + escape_controls(spec);
  text += " players=" + players;
  text += std::string(" pairing=") + (options_.pairing == Pairing::kRoundRobin ? "round-robin"
                                      : options_.pairing == Pairing::kGauntlet ? "gauntlet"
                                                                               : "rotate");
  text += " games=" + or_none(options_.games) + " wins=" + or_none(options_.wins) +
          " rounds=" + or_none(options_.rounds) + " seed=" + std::to_string(options_.seed) +
          " movetime=" + or_none(options_.movetime_ms) + " timeout=" + or_none(options_.timeout_ms) +
          " max-memory=" + or_none(options_.max_memory_mb) +
          " tc=" + (options_.time_control ? time_control_text(*options_.time_control) : "-") +
          " max-moves=" + std::to_string(options_.max_moves) +
          " games-per-opening=" + std::to_string(options_.games_per_opening) +
          " random-plies=" + std::to_string(options_.random_plies);
  // Named only when given, so that a state file written before they were
  // (an earlier gamerec's) still names the same tourney.
  if (options_.adjudication.draw) text += " draw=" + draw_rule_text(options_.adjudication.draw);
  if (options_.adjudication.resign) text += " resign=" + resign_rule_text(options_.adjudication.resign);
  if (options_.opening_settings) text += " openings=" + opening_settings_text(options_.opening_settings);
  if (options_.sprt) {
    const SprtSettings& sprt = *options_.sprt;
    text += " sprt=" + std::to_string(sprt.elo0) + "," + std::to_string(sprt.elo1) + "," +
            std::to_string(sprt.alpha) + "," + std::to_string(sprt.beta) + "," +
            (sprt.model == EloModel::kLogistic ? "logistic" : "normalized");
  } else {
    text += " sprt=-";
  }
  // Where the files are, wherever the command is run from.
  const auto where = [](const std::string& path) {
    std::error_code ec;
    std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
    while (absolute.size() > 1 && absolute.back() == '/') absolute.pop_back();  // records/ is records
    return path.empty() ? path : escape_controls(absolute);
  };
  text += " out=" + where(options_.out_dir) + " pgn-out=" + where(options_.archive);
  return text;
}

TourneyStanding Tourney::standing() const {
  std::lock_guard lock(mutex_);
  return TourneyStanding{tallies_, pairs_, played_, total_moves_, sprt_status_};
}

std::string Tourney::record_path(std::int64_t number) const {
  const auto& extensions = game_.definition().extensions;
  const std::string extension = extensions.empty() ? "txt" : extensions.front();
  char name[32];
  std::snprintf(name, sizeof name, "-%04lld.", static_cast<long long>(number));
  return (std::filesystem::path(options_.out_dir) / (game_.name() + name + extension)).string();
}

std::string Tourney::trace_path(std::int64_t number, std::size_t seat) const {
  if (options_.trace_dir.empty()) return "";
  char name[32];
  std::snprintf(name, sizeof name, "-%04lld-", static_cast<long long>(number));
  return (std::filesystem::path(options_.trace_dir) /
          (game_.name() + name + game_.definition().sides.at(seat) + ".log"))
      .string();
}

std::optional<TourneyGame> Tourney::play_next() {
  const auto number = claim_next();
  if (!number) return std::nullopt;
  return play(*number);
}

std::optional<std::int64_t> Tourney::claim_next() {
  std::lock_guard lock(mutex_);
  if (failure_ || claimed_ >= game_limit()) return std::nullopt;
  if (sprt_status_ && sprt_status_->verdict != Sprt::Verdict::kContinue) return std::nullopt;
  if (options_.wins) {
    for (const EntrantTally& tally : tallies_) {
      if (tally.wins >= *options_.wins) return std::nullopt;
    }
  }
  // Games a state file counted are not played again.
  while (claimed_ < game_limit()) {
    if (!done_.contains(++claimed_)) return claimed_;
  }
  return std::nullopt;
}

std::optional<SprtStatus> Tourney::sprt_status() const {
  std::lock_guard lock(mutex_);
  return sprt_status_;
}

std::optional<Error> Tourney::failure() const {
  std::lock_guard lock(mutex_);
  return failure_;
}

std::nullopt_t Tourney::fail(Error why) {
  if (!failure_) failure_ = std::move(why);
  return std::nullopt;
}

std::optional<TourneyGame> Tourney::play(std::int64_t number) {
  TourneyGame result;
  result.number = number;
  result.seats = seats_of(number);
  const std::size_t sides = result.seats.size();
  std::vector<std::unique_ptr<Player>> owned;
  std::vector<Player*> players;
  for (std::size_t seat = 0; seat < sides; ++seat) {
    PlayerSettings settings{{seat_seed(options_.seed, result.number, seat), options_.movetime_ms},
                            options_.timeout_ms};
    settings.trace_path = trace_path(number, seat);
    settings.max_memory_mb = options_.max_memory_mb;
    auto player = catalogue_.make_player(game_, options_.players[result.seats[seat]], settings);
    if (auto* error = player.if_error())
      owned.push_back(std::make_unique<UnavailablePlayer>(std::move(*error)));
    else
      owned.push_back(std::move(player.value()));
    players.push_back(owned.back().get());
  }

  // The opening's start, or one drawn for the game (Chess960), goes into
  // its records.
  const std::int64_t opening_number = opening_of(number, options_.games_per_opening);
  const Opening* opening = nullptr;
  if (!opening_order_.empty())
    opening =
        &options_
             .openings[opening_order_[static_cast<std::size_t>(opening_number - 1) % opening_order_.size()]];
  const std::string start =
      opening != nullptr ? opening->position : drawn_start(game_, options_.seed, opening_number);
  std::optional<RecordFile> file;
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
    header.position = start;
    // Written before the game is played: who plays it, not how it ends.
    header.match = MatchFacts{};
    for (std::size_t seat = 0; seat < sides; ++seat) header.match->players.push_back(tallies_[result.seats[seat]].name);
    result.record = record_path(result.number);
    auto created = RecordFile::create(result.record, "", 0, move_list_header(header, game_));
    if (!created) {
      std::lock_guard lock(mutex_);
      return fail(std::move(created.error()));
    }
    file.emplace(std::move(*created));
    file->flush_at_sync();
  }
  TourneySink sink(file ? &*file : nullptr);

  auto position = game_.new_state_from(start);
  if (!position) throw std::logic_error("a drawn start the game refuses: " + start);
  // The opening's moves, which read_openings checked, as the record's first.
  for (std::size_t ply = 0; opening != nullptr && ply < opening->moves.size(); ++ply) {
    const Move& move = opening->moves[ply];
    if (auto failed = sink.write_move(*position.value(), move, game_.move_text(move, *position.value()))) {
      std::lock_guard lock(mutex_);
      return fail(std::move(*failed));
    }
    position.value()->apply(move);
  }
  if (options_.random_plies > 0) {
    // The same moves for every game of the opening: its seed, not the game's.
    const std::uint64_t seed =
        start_seed(options_.seed, opening_of(number, options_.games_per_opening)) ^ 0x5851F42D4C957F2DULL;
    if (auto failed = play_random_plies(game_, *position.value(), options_.random_plies, seed, sink)) {
      std::lock_guard lock(mutex_);
      return fail(std::move(*failed));
    }
  }
  Match match(game_, std::move(position).value(), players, &sink);
  if (options_.time_control) match.set_time_control(*options_.time_control);
  if (options_.adjudication.draw || options_.adjudication.resign) match.set_adjudication(options_.adjudication);
  SilentHooks hooks;
  result.end = match.run(hooks, options_.max_moves);
  owned.clear();  // external programs end before the game is counted
  // Why a forfeit was lost, or how the game was adjudicated: the record's
  // last line and the archive game's last comment.
  std::string note;
  if (options_.end_note && (result.end.reason == MatchEnd::Reason::kForfeit ||
                            result.end.reason == MatchEnd::Reason::kAdjudicated)) {
    // Names are settled in prepare(): read here without the lock.
    std::vector<std::string> names;
    for (const std::size_t entrant : result.seats) names.push_back(tallies_[entrant].name);
    note = escape_controls(options_.end_note(result, names));
  }
  if (file && !note.empty()) {
    auto written = file->append_line("# " + note);
    if (!written) {
      std::lock_guard lock(mutex_);
      return fail(std::move(written.error()));
    }
  }
  // The record on disk before the game counts (in the state file too).
  if (file && result.end.reason != MatchEnd::Reason::kWriteFailed) {
    if (auto failed = file->sync()) {
      result.end = MatchEnd{};
      result.end.reason = MatchEnd::Reason::kWriteFailed;
      result.end.write_failure = std::move(failed);
    }
  }
  result.moves = match.state().moves_played();
  const bool finished = result.end.reason == MatchEnd::Reason::kGameOver ||
                        result.end.reason == MatchEnd::Reason::kForfeit ||
                        result.end.reason == MatchEnd::Reason::kAdjudicated;
  Outcome outcome = result.end.reason == MatchEnd::Reason::kGameOver ? match.state().outcome() : result.end.outcome;
  // A forfeit leaves the score as it stood (battleship's shots so far).
  if (result.end.reason == MatchEnd::Reason::kForfeit && outcome.score.empty())
    outcome.score = match.state().outcome().score;

  std::lock_guard lock(mutex_);
  if (result.end.reason == MatchEnd::Reason::kWriteFailed) return fail(std::move(*result.end.write_failure));
  // Another game's write failed while this one was played: the tourney
  // has stopped, and nothing more goes into the archive.
  if (failure_) return std::nullopt;
  ++played_;
  total_moves_ += result.moves;
  count(result, outcome, finished, forfeit_kind(result.end));
  if (archive_file_) {
    auto text = archive_text(result, start, sink.moves(), match.state(), note);
    if (!text) return fail(std::move(text.error()));
    if (text->ends_with('\n')) text->pop_back();
    auto appended = archive_file_->append_line(*text);
    if (!appended) return fail(std::move(appended.error()));
  }
  if (state_file_) {
    // Last: a game the state counts is in the archive too.
    const StoredGame stored{number,
                            finished ? result.end.reason : MatchEnd::Reason::kMoveLimit,
                            result.end.reason == MatchEnd::Reason::kForfeit ? result.end.forfeited : kNoSide,
                            forfeit_kind(result.end),
                            result.moves,
                            finished ? outcome.winners : std::vector<Side>{},
                            finished ? outcome.score : std::vector<int>{},
                            archive_file_ ? archive_file_->size() : 0};
    auto appended = state_file_->append_line(state_line(stored));
    if (!appended) return fail(std::move(appended.error()));
  }
  return result;
}

Result<std::string, Error> Tourney::archive_text(const TourneyGame& game, const std::string& start,
                                                 const std::vector<Move>& moves, const State& end,
                                                 const std::string& note) const {
  auto writer = archive_format_->open_writer();
  GameHeader header;
  header.position = start;
  MatchFacts facts{"gamerec tourney", options_.date, game.number, {}, end_fact(game.end), ""};
  for (const std::size_t entrant : game.seats) facts.players.push_back(archive_name(entrant));
  if (options_.time_control) facts.time_control = time_control_text(*options_.time_control);
  header.match = std::move(facts);
  if (const auto* results = game_.facet<WrittenResults>();
      results != nullptr && (game.end.reason == MatchEnd::Reason::kForfeit ||
                             game.end.reason == MatchEnd::Reason::kAdjudicated))
    header.result = results->result_text(game.end.outcome);
  auto begun = writer->begin_game(game_, header);
  if (!begun) return begun;
  std::string text = std::move(*begun);
  auto state = std::move(game_.new_state_from(start)).value();
  for (const Move& move : moves) {
    text += writer->move(game_, *state, move, game_.move_text(move, *state));
    state->apply(move);
  }
  if (!note.empty()) {
    RecordEvent comment;
    comment.kind = RecordEvent::Kind::kComment;
    comment.text = note;
    text += writer->annotation(comment);
  }
  return text + writer->end_game(game_, end);
}

void Tourney::count(const TourneyGame& game, const Outcome& outcome, bool finished, ForfeitKind kind) {
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
  // +1 a win, -1 a loss, 0 a draw (or both teams' seats).
  auto result_of = [&](std::size_t entrant) {
    if (won[entrant] && !lost[entrant]) return 1;
    if (lost[entrant] && !won[entrant]) return -1;
    return 0;
  };
  for (std::size_t entrant = 0; entrant < entrants; ++entrant) {
    if (!played[entrant]) continue;
    EntrantTally& tally = tallies_[entrant];
    ++tally.games;
    const int result = result_of(entrant);
    if (result > 0) {
      ++tally.wins;
      tally.moves_in_wins += game.moves;
      if (scored) {
        ++tally.scored_wins;
        tally.score_in_wins += score[entrant];
      }
    } else if (result < 0) {
      ++tally.losses;
      const bool forfeited = game.end.reason == MatchEnd::Reason::kForfeit &&
                             game.seats[static_cast<std::size_t>(game.end.forfeited)] == entrant;
      if (forfeited) {
        ++tally.forfeits;
        if (kind == ForfeitKind::kTime) ++tally.time_forfeits;
        if (kind == ForfeitKind::kMemory) ++tally.memory_forfeits;
      }
    } else {
      ++tally.draws;
    }
    if (scored) {
      ++tally.scored_games;
      tally.score_sum += score[entrant];
      const double others = playing > 1 ? (total - score[entrant]) / static_cast<double>(playing - 1) : 0;
      tally.margin_sum += score[entrant] - others;
    }
    // Against each other entrant in the game: one's win is the other's
    // loss; teammates (both won, or both lost) have no result between them.
    for (std::size_t other = 0; other < entrants; ++other) {
      if (other == entrant || !played[other]) continue;
      PairTally& pair = pairs_[entrant][other];
      const int theirs = result_of(other);
      if (result > 0 && theirs < 0)
        ++pair.wins;
      else if (result < 0 && theirs > 0)
        ++pair.losses;
      else if (result == 0 && theirs == 0)
        ++pair.draws;
    }
  }
  if (sprt_) count_for_sprt(game, played[0] ? result_of(0) : 0);
}

void Tourney::count_for_sprt(const TourneyGame& game, int first_entrant_result) {
  SprtStatus& status = *sprt_status_;
  // Decided: games still under way (--concurrency) count in the table, not
  // in the test, whose LLR stays the one that crossed the bound.
  if (status.verdict != Sprt::Verdict::kContinue) return;
  ++status.games.counts[static_cast<std::size_t>(first_entrant_result + 1)];
  if (status.paired) {
    // A pair's points, doubled: its two results (+1, 0, -1) plus 2.
    const auto [half, first_in] = half_pairs_.try_emplace(opening_of(game.number, 2), first_entrant_result);
    if (first_in) return;  // its other game is still to come
    ++status.pairs.counts[static_cast<std::size_t>(half->second + first_entrant_result + 2)];
    half_pairs_.erase(half);
  }
  status.llr = status.paired ? sprt_->llr(status.pairs) : sprt_->llr(status.games);
  status.elo = status.paired ? sprt_->elo(status.pairs) : sprt_->elo(status.games);
  status.verdict = sprt_->verdict(status.llr);
}

}  // namespace gamerec
