#pragma once
// Which record a `play` session writes, and how: the policy of gamerec(1),
// play, below the command line. The command line hands over FILE, -o OUT
// and a new game's choices; this decides
//  - a new game or FILE continued (and refuses what cannot be: standard
//    input as FILE, --variant or --position for an existing record, OUT for
//    a FILE that does not exist, a new game whose game cannot be told);
//  - which file is written: a new record (FILE, OUT or a name made from the
//    game and the time), FILE itself, or OUT holding FILE's valid part;
//  - in which format: the one the written file's name asks for (a move
//    list, or PGN, whose whole game is written again after every move;
//    refused for a format play cannot write so or that cannot hold the
//    game); a record in another format (PGN, a Gomocup .psq) is continued
//    into OUT, never in place; with --game-index, game N of an archive;
//  - append or rewrite: FILE continued in place keeps its bytes (a final Q
//    line goes at the first new move); a record with an error or with moves
//    after Q is continued only into another file;
//  - the lock, taken before FILE is read (RecordSession).
// Undo (RecordSession::plan_undo) reads the record again. Nothing here
// prints: refusals come back as values for the command line to show.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/catalogue.h"
#include "core/record_input.h"
#include "core/record_session.h"
#include "records/move_run.h"
#include "rules/result.h"

namespace gamerec {

// Why play cannot go on: the record's own problem (shown as FILE:
// error[CODE]: MESSAGE), or else the command line's (gamerec: MESSAGE).
struct PlayRefusal {
  Error error;
  bool in_record = false;
};

// What the command line asks for.
struct PlayRequest {
  std::string file;      // FILE: the record to continue, or a new game's; empty: none
  std::string output;    // -o OUT; empty: none
  std::string position;  // --position: a new game's start, in the game's notation
  GameChoice choice;     // --game and --variant
  int game_index = 1;    // --game-index: which game of FILE (an archive) to continue
  std::uint64_t seed = 0;  // --seed: a new game's drawn start (Chess960), as tourney's game 1
};

// A session's game, from the request to its first move: made (new game) or
// opened and locked (FILE continued) by open(), its record's moves played
// by replay(), its record file chosen and created by begin().
class PlayOpening {
 public:
  static Result<PlayOpening, PlayRefusal> open(const GameCatalogue& catalogue, PlayRequest request);

  PlayOpening(PlayOpening&&) = default;
  PlayOpening& operator=(PlayOpening&&) = default;
  ~PlayOpening();

  bool resumes() const { return input_.source != nullptr; }
  const Game& game() const { return *game_; }
  const State& position() const { return *position_; }
  // The record's moves up to its first error, a Q line or its end, told to
  // `observer` (play --step; may be null); a new game has none.
  RunResult replay(RecordVisitor* observer);
  // Before replay(): the players who now play a continued record's sides,
  // by side ("" where the record's own name stands: a person at the
  // prompt). A record written whole (PGN) names them in its roster, and
  // `branch` (given the record's players, "white: E, black: F") is the
  // comment that keeps its players where the new moves begin.
  void name_players(const std::vector<std::string>& names,
                     const std::function<std::string(const std::string& players)>& branch);
  // The record this session writes, created or kept as the class comment
  // says, after replay() (with what it returned).
  Result<RecordSession, PlayRefusal> begin(const RunResult& replayed);
  // The game and its position, handed to the session after begin().
  std::shared_ptr<const Game> take_game() { return std::move(game_); }
  std::unique_ptr<State> take_position() { return std::move(position_); }

 private:
  PlayOpening(const GameCatalogue& catalogue, PlayRequest request) : catalogue_(&catalogue), request_(std::move(request)) {}
  std::optional<PlayRefusal> open_new_game();
  std::optional<PlayRefusal> open_record();
  Result<RecordSession, PlayRefusal> create_new_record();
  bool foreign() const;
  // The format `path` is written in: output_ set for one whose whole text
  // play writes again after each move (PGN), or why it cannot be written.
  std::optional<PlayRefusal> choose_output(const std::string& path);
  GameHeader whole_header(GameHeader header) const;

  const GameCatalogue* catalogue_;
  PlayRequest request_;
  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> position_;
  // FILE continued: its input and header, its lock when written in place,
  // and (a record in another format) its valid moves as move-list lines.
  OpenRecord input_;
  GameHeader header_;
  std::optional<RecordSession> in_place_;
  std::string converted_;
  // A record written whole (choose_output): its format, and its writer
  // after each move replayed (RecordSession::create_whole).
  const RecordFormat* output_ = nullptr;
  std::vector<std::unique_ptr<RecordWriter>> writers_;
  std::string branch_comment_;  // name_players(): written after the record's moves
};

}  // namespace gamerec
