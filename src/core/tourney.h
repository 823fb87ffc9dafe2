#pragma once
// Computer players play each other (gamerec tourney): the match loop with no
// person at it, game after game. Seats rotate between games, so every
// entrant plays every side; each game's record can be written to a
// directory, and each entrant's wins, losses, draws and scores are counted.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/catalogue.h"
#include "core/match.h"

namespace gamerec {

struct TourneyOptions {
  std::vector<std::string> players;         // one spec per entrant ("1", "random", "exec:./bot")
  std::optional<std::int64_t> games;        // play this many games...
  std::optional<std::int64_t> wins;         // ...or until an entrant has this many wins
  std::uint64_t seed = 1;                   // every game's choices follow from it
  std::optional<std::int64_t> movetime_ms;  // per move, for searching players
  std::optional<std::int64_t> timeout_ms;   // per answer, for external programs
  std::int64_t max_moves = 1000;            // a longer game stops unfinished (a draw)
  std::string out_dir;                      // where records go; empty: none
};

// One entrant's results. A game counts as a win when a seat it held won and
// none lost, as a loss the other way round, and otherwise as a draw
// (unfinished games and, in team games, entrants on both teams).
struct EntrantTally {
  std::string name;
  std::int64_t games = 0;
  std::int64_t wins = 0;
  std::int64_t losses = 0;
  std::int64_t draws = 0;
  std::int64_t forfeits = 0;  // losses by breaking the rules
  // Where the game keeps a score: the sum of the entrant's seats' scores,
  // and that minus the other entrants' mean, summed over its games.
  std::int64_t scored_games = 0;
  double score_sum = 0;
  double margin_sum = 0;
  std::int64_t moves_in_wins = 0;  // record lines of the games it won
  // Its own score in the games it won that have one (battleship: the shots
  // a win took), and how many those are.
  std::int64_t scored_wins = 0;
  double score_in_wins = 0;
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

  // Checks the players and the output directory before any game.
  std::optional<Message> prepare();
  // Plays the next game; nullopt when the tourney is over. A player that
  // cannot be made or a record that cannot be written is an exception
  // (RecordWriteError) or a message (bad spec) from prepare().
  std::optional<TourneyGame> play_next();

  const std::vector<EntrantTally>& tallies() const { return tallies_; }
  std::int64_t games_played() const { return played_; }
  std::int64_t total_moves() const { return total_moves_; }
  // How many games will be played: --games, or at most that many for --wins.
  std::int64_t game_limit() const;

 private:
  void count(const TourneyGame& game, const Outcome& outcome, bool finished);
  std::string record_path(std::int64_t number) const;

  const GameCatalogue& catalogue_;
  const Game& game_;
  TourneyOptions options_;
  std::vector<EntrantTally> tallies_;
  std::int64_t played_ = 0;
  std::int64_t total_moves_ = 0;
};

// A seed for one seat of one game, from the tourney's seed (SplitMix64):
// every game differs, and a run is the same whatever ran before it.
std::uint64_t seat_seed(std::uint64_t seed, std::int64_t game, std::size_t seat);

}  // namespace gamerec
