#pragma once
// Record formats, registered once in the catalogue: gamerec's move list, and
// the external formats some games have (chess PGN, gomoku's Gomocup .psq).
// validate, replay, play and convert find a file's format here, read it
// through its RecordSource and write it through its RecordWriter.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "records/line_source.h"
#include "records/record_source.h"

namespace gamerec {

class Game;
class State;
struct Move;

// Turns one game into a format's text, piece by piece. What each call
// returns goes to the output in order ("\n" line ends); a writer may hold
// some back until a later call (a move list, a move's line until a NAG
// after it is known), and end_game gives the rest.
// What a format could not hold of a record it was given (a move list has
// no variations or NAGs): convert says so in a warning.
struct LostParts {
  std::int64_t variations = 0;
  std::int64_t nags = 0;
  std::int64_t comments = 0;
  bool any() const { return variations + nags + comments > 0; }
};

class RecordWriter {
 public:
  virtual ~RecordWriter() = default;
  // The game's opening text, or why the format cannot hold its header (a
  // move list's is at most kMaxHeaderLength).
  virtual Result<std::string, Error> begin_game(const Game& game, const GameHeader& header) = 0;
  // `text` is the move as it was written or typed; `before` its position.
  virtual std::string move(const Game& game, const State& before, const Move& move,
                           std::string_view text) = 0;
  virtual std::string end_game(const Game& game, const State& end) = 0;
  // The rest of a record, in order (records/move_run.h, RecordVisitor): a
  // comment, a NAG, a variation's start or end, and a variation's moves
  // (`move` null when it was not checked). By default a format keeps none
  // of it and counts what it drops.
  virtual std::string annotation(const RecordEvent& event) {
    count_lost(event);
    return "";
  }
  virtual std::string variation_move(const Game& /*game*/, const State& /*before*/, const Move* /*move*/,
                                     const RecordEvent& /*event*/) {
    return "";
  }
  const LostParts& lost() const { return lost_; }
  // A copy of the writer as it stands, for a format whose text closes with
  // the game's state (PGN: the result after the moves and in its tags):
  // play ends a copy after every move to write the whole game again.
  // nullptr for a format play does not write move by move.
  virtual std::unique_ptr<RecordWriter> clone() const { return nullptr; }

 protected:
  void count_lost(const RecordEvent& event) {
    if (event.kind == RecordEvent::Kind::kVariationStart) ++lost_.variations;
    if (event.kind == RecordEvent::Kind::kNag) ++lost_.nags;
    if (event.kind == RecordEvent::Kind::kComment) ++lost_.comments;
  }

 private:
  LostParts lost_;
};

struct RecordFormat {
  std::string name;                     // "move-list", "pgn", "psq"
  std::string description;              // one line for `gamerec games`
  std::vector<std::string> extensions;  // without the dot; the move list has none of its own
  // The one rules core it holds ("chess"); empty: any game. Its writer
  // is given only that core's games (convert refuses others).
  std::string game;
  bool many_games = false;  // a file may hold several games
  // The rule option ("exact_five=true") of a game of `game`'s rules core that
  // this format cannot record, if any: convert refuses to drop it. Unset
  // when every option is recorded (a move list's header, PGN's FEN).
  std::function<std::optional<std::string>(const Game&)> unrecorded_option;
  // Whether content starting with `head` is in this format (no I/O).
  std::function<bool(std::string_view head)> recognises;
  std::function<std::unique_ptr<RecordSource>(std::unique_ptr<LineSource>)> open_reader;
  // Where an input in this format may be cut so that each part, read on
  // its own, gives the games the whole input gives (validate --jobs checks
  // the parts at once): the offset of the start of a line at or after
  // `from` in `text` (whole lines of the input, `text` starting a line) at
  // which the reader starts a game whatever came before it; nullopt when
  // `text` shows none. It may miss places (the input is then cut later),
  // never name a wrong one. Unset for a format that holds one game a file
  // (a move list, .psq): such an input is never cut.
  std::function<std::optional<std::size_t>(std::string_view text, std::size_t from)> find_game_start;
  std::function<std::unique_ptr<RecordWriter>()> open_writer;
};

// The move list (its source is MoveListSource, in records/move_list.h).
RecordFormat move_list_format();

}  // namespace gamerec
