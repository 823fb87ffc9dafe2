#pragma once
// A tourney's state file (gamerec tourney --state): a first line naming the
// tourney's settings, then a line per game counted, each written with one
// write(2) and flushed to disk (fdatasync) before the next game is counted.
// A run killed at any moment (kill -9, a power cut) leaves every game line
// whole but perhaps the last, which is cut off when the same command
// continues the tourney from the games the file holds.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/match.h"
#include "rules/error.h"
#include "rules/result.h"

namespace gamerec {

// What counting a game needs, and what it left in the archive.
struct StoredGame {
  std::int64_t number = 0;
  // kGameOver or kForfeit for a finished game, kMoveLimit for one stopped
  // unfinished (counted as a draw).
  MatchEnd::Reason reason = MatchEnd::Reason::kGameOver;
  Side forfeited = kNoSide;
  ForfeitKind forfeit_kind = ForfeitKind::kOther;  // why, for a forfeit
  std::int64_t moves = 0;
  std::vector<Side> winners;        // as counted: empty for a draw
  std::vector<int> score;           // per seat, where the game keeps one
  std::uint64_t archive_bytes = 0;  // --pgn-out's size once this game was in it
};

struct StoredTourney {
  std::vector<StoredGame> games;
  std::uint64_t whole_bytes = 0;  // the file up to its last whole line
};

// The file's first line, for a tourney with these settings.
std::string state_first_line(std::string_view settings);
// A game's line, without its line end.
std::string state_line(const StoredGame& game);
// Reads the state file at `path`, which must be one a tourney with
// `settings` wrote: else an Error naming what differs or the line at fault.
Result<StoredTourney, Error> read_state(const std::string& path, std::string_view settings);

}  // namespace gamerec
