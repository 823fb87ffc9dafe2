#pragma once
// Computer players play each other (gamerec tourney): the match loop with no
// person at it, game after game. Seats rotate between games, or follow a
// round robin or a gauntlet; each game's record can be written to a
// directory and to one archive (PGN), each external player's dialogue to a
// trace file, and each entrant's wins, losses, draws, scores and results
// against each other entrant are counted. Games may be played at once
// (claim_next() and play() from several threads).
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/catalogue.h"
#include "core/clock.h"
#include "core/match.h"
#include "core/openings.h"
#include "core/sprt.h"
#include "records/record_file.h"

namespace gamerec {

// Who sits where, game after game.
enum class Pairing {
  kRotate,      // every entrant at every seat in turn (seat s of game n: entrant (s + n - 1) mod E)
  kRoundRobin,  // every pair of entrants, in both seat orders
  kGauntlet,    // the first entrant against each other one, in both seat orders
};

struct TourneyGame;

struct TourneyOptions {
  std::vector<std::string> players;         // one spec per entrant ("1", "random", "exec:./bot")
  Pairing pairing = Pairing::kRotate;
  std::optional<std::int64_t> games;        // play this many games...
  std::optional<std::int64_t> wins;         // ...or until an entrant has this many wins
  std::optional<std::int64_t> rounds;       // ...or every pairing this many times (kRoundRobin, kGauntlet)
  std::uint64_t seed = 1;                   // every game's choices follow from it
  std::optional<std::int64_t> movetime_ms;  // per move, for searching players
  std::optional<std::int64_t> timeout_ms;   // per answer, for external programs
  std::optional<TimeControl> time_control;  // clocks for every seat; running out loses
  std::optional<std::int64_t> max_memory_mb;  // for Gomocup brains (PlayerSettings::max_memory_mb)
  AdjudicationRules adjudication;             // --draw, --resign: none by default
  std::int64_t max_moves = 1000;            // a longer game stops unfinished (a draw)
  std::string out_dir;                      // where records go; empty: none
  std::string archive;                      // one file for every game (PGN); empty: none
  std::string trace_dir;                    // where external players' dialogues go; empty: none
  std::string date;                         // the day it is played, "2026-12-03"
  // Games in a row that start from one opening (a drawn start), the seats
  // rotating: 2 plays each with the sides swapped, and pairs its games.
  std::int64_t games_per_opening = 2;
  // An opening of this many random moves (none that ends the game), drawn
  // for each opening from the seed and played at the start of its games.
  std::int64_t random_plies = 0;
  // --openings: where each opening starts and its moves (read_openings),
  // played before the random plies; none: every game from the game's start.
  std::optional<OpeningSettings> opening_settings;
  std::vector<Opening> openings;
  // Stop when the test decides between two entrants (then --games, if
  // given, is at most how many are played).
  std::optional<SprtSettings> sprt;
  // Where every counted game is kept, so that the same tourney run again
  // continues from them (gamerec(1), tourney --state); empty: nowhere.
  std::string state;
  // The words a record ends with, as a comment, for a game lost by forfeit
  // or adjudicated, and its archive game's last comment: why, with the
  // names of the players by seat (the CLI words it as it prints it).
  // Called from the threads that play games. Unset: no such words.
  std::function<std::string(const TourneyGame& game, const std::vector<std::string>& names)> end_note;
};

// Where an SPRT stands: the LLR of the results so far, and the counts it
// read (pairs when games_per_opening is 2, else games).
struct SprtStatus {
  double llr = 0;
  double lower_bound = 0;                            // H0 is accepted at or below it
  double upper_bound = 0;                            // H1 at or above it
  // The bound crossed; from then on nothing here changes.
  Sprt::Verdict verdict = Sprt::Verdict::kContinue;
  bool paired = false;
  Pentanomial pairs;
  Trinomial games;
  SprtElo elo;
};

// One entrant's results. A game counts as a win when a seat it held won and
// none lost (by the rules or by the other side's forfeit), as a loss the
// other way round, and otherwise as a draw (unfinished games and, in team
// games, entrants on both teams).
struct EntrantTally {
  std::string name;  // the spec, or the name the program gives itself
  std::int64_t games = 0;
  std::int64_t wins = 0;
  std::int64_t losses = 0;
  std::int64_t draws = 0;
  std::int64_t forfeits = 0;  // losses by breaking the rules, breaking down or running out of time
  std::int64_t time_forfeits = 0;    // of those, on time
  std::int64_t memory_forfeits = 0;  // of those, over --max-memory
  // Where the game keeps a score: the sum of the entrant's seats' scores,
  // and that minus the other entrants' mean, summed over its games (a game
  // won by forfeit counts with the scores standing then).
  std::int64_t scored_games = 0;
  double score_sum = 0;
  double margin_sum = 0;
  std::int64_t moves_in_wins = 0;  // record lines of the games it won
  // Its own score in the games it won that have one (battleship: the shots
  // a win took), and how many those are.
  std::int64_t scored_wins = 0;
  double score_in_wins = 0;
};

// One entrant's results against one other.
struct PairTally {
  std::int64_t wins = 0;
  std::int64_t losses = 0;
  std::int64_t draws = 0;
  std::int64_t games() const { return wins + losses + draws; }
};

// The results so far, read at one moment (games may be under way).
struct TourneyStanding {
  std::vector<EntrantTally> tallies;
  std::vector<std::vector<PairTally>> pairs;  // pairs[a][b]: a's results against b
  std::int64_t games_played = 0;
  std::int64_t total_moves = 0;
  std::optional<SprtStatus> sprt;
};

struct TourneyGame {
  std::int64_t number = 0;         // 1-based
  std::vector<std::size_t> seats;  // entrant of each side
  MatchEnd end;
  std::int64_t moves = 0;
  std::string record;  // the record's path, when written
};

class Tourney {
 public:
  // `game` and `catalogue` must outlive the tourney.
  Tourney(const GameCatalogue& catalogue, const Game& game, TourneyOptions options);

  // Checks the players and the output paths before any game, and learns
  // the names programs give themselves. With a state file that exists,
  // counts the games it holds, which are not played again.
  std::optional<Message> prepare();
  // Plays the next game; nullopt when the tourney is over, or stopped
  // because a record could not be written (failure() says why). A player
  // spec that cannot work is prepare()'s message.
  std::optional<TourneyGame> play_next();
  // The same in two steps, for games played at once: the next game's
  // number (nullopt when no more are to start), then the game, counted
  // (nullopt when its record or the archive could not be written).
  std::optional<std::int64_t> claim_next();
  std::optional<TourneyGame> play(std::int64_t number);
  // The first record or archive write that failed: no game starts after it.
  std::optional<Error> failure() const;
  // Under --sprt: the test so far (no game starts once it decides).
  std::optional<SprtStatus> sprt_status() const;

  const TourneyOptions& options() const { return options_; }
  // The results as they stand now.
  TourneyStanding standing() const;
  // How many games the state file held when the tourney began.
  std::int64_t resumed_games() const { return static_cast<std::int64_t>(done_.size()); }
  // The settings a state file is kept for: everything that decides which
  // games are played and how they are counted and written.
  std::string settings_text() const;

  // Read these once the games are over.
  const std::vector<EntrantTally>& tallies() const { return tallies_; }
  // pairs()[a][b]: entrant a's results against entrant b.
  const std::vector<std::vector<PairTally>>& pairs() const { return pairs_; }
  std::int64_t games_played() const { return played_; }
  std::int64_t total_moves() const { return total_moves_; }
  // How many games will be played: --games, the rounds' games, or at most
  // that many for --wins.
  std::int64_t game_limit() const;
  // The entrant at each seat of game `number`.
  std::vector<std::size_t> seats_of(std::int64_t number) const;
  // How an entrant is named in an archive: the program's own name, else
  // "gamerec level 5" for a level, "gamerec random" for a named player.
  std::string archive_name(std::size_t entrant) const;

 private:
  // `kind`: why a forfeit was lost (forfeit_kind(), or what the state file says).
  void count(const TourneyGame& game, const Outcome& outcome, bool finished, ForfeitKind kind);
  // Counts the games of the state file and opens it (or makes it) for the
  // games to come; cuts the archive back to the games the file counts.
  std::optional<Message> resume();
  std::optional<Message> open_archive();
  // Continuing: the records a stopped run left of games it did not count.
  void remove_uncounted_records();
  // Notes a failed write (the first is kept) and stops the tourney.
  std::nullopt_t fail(Error why);
  // The first entrant's result in a game (+1 a win, 0 a draw or a game
  // stopped unfinished, -1 a loss) into the test's counts; a pair's once
  // both its games are in.
  void count_for_sprt(const TourneyGame& game, int first_entrant_result);
  std::string record_path(std::int64_t number) const;
  std::string trace_path(std::int64_t number, std::size_t seat) const;
  std::vector<std::pair<std::size_t, std::size_t>> pairings() const;
  // The game as the archive writes it; `note`, when not empty, closes its
  // moves as a comment (TourneyOptions::end_note).
  Result<std::string, Error> archive_text(const TourneyGame& game, const std::string& start,
                                          const std::vector<Move>& moves, const State& end,
                                          const std::string& note) const;

  const GameCatalogue& catalogue_;
  const Game& game_;
  TourneyOptions options_;
  std::vector<EntrantTally> tallies_;
  std::vector<std::vector<PairTally>> pairs_;
  std::vector<std::string> own_names_;  // what each program calls itself (empty: none)
  const RecordFormat* archive_format_ = nullptr;
  std::optional<RecordFile> archive_file_;
  mutable std::mutex mutex_;  // guards what games played at once share: the counts, the archive
  std::int64_t claimed_ = 0;
  std::int64_t played_ = 0;
  std::int64_t total_moves_ = 0;
  std::optional<Error> failure_;
  std::optional<Sprt> sprt_;
  std::optional<SprtStatus> sprt_status_;
  std::map<std::int64_t, int> half_pairs_;  // pair number: the first game in's result (+1, 0, -1)
  std::optional<RecordFile> state_file_;
  std::set<std::int64_t> done_;  // games the state file counted: not played again
  bool resuming_ = false;        // the state file was there: this run continues it
  std::uint64_t resumed_archive_bytes_ = 0;
  std::vector<std::size_t> opening_order_;  // --openings: which one each opening number plays
};

// Plays `plies` random legal moves from `state` through `sink`
// (--random-plies), drawn from `seed`: each one that leaves the game going,
// fewer when none does. Fails only when the sink cannot write a move.
std::optional<Error> play_random_plies(const Game& game, State& state, std::int64_t plies, std::uint64_t seed,
                                       MoveSink& sink);
// A seed for one seat of one game, from the tourney's seed (SplitMix64):
// every game differs, and a run is the same whatever ran before it.
std::uint64_t seat_seed(std::uint64_t seed, std::int64_t game, std::size_t seat);
// The seed of opening `opening`'s start where each game draws one
// (Chess960); play's game has opening 1.
std::uint64_t start_seed(std::uint64_t seed, std::int64_t opening);
// The opening game `number` plays: games_per_opening games in a row share
// one (1 and 2, 3 and 4, ... by default), so every seat order of a pairing
// plays from the same start.
std::int64_t opening_of(std::int64_t number, std::int64_t games_per_opening);
// The start drawn for opening `opening` (RandomStart), as a header's
// position text; "" for a game whose start is fixed.
std::string drawn_start(const Game& game, std::uint64_t seed, std::int64_t opening);
// How a computer player made from `spec` is named in a record: `own_name`
// (the name a program gives itself), else "gamerec level 5" for a level,
// "gamerec random" for a named player, else the spec.
std::string player_record_name(const std::string& spec, const std::string& own_name);

}  // namespace gamerec
