#pragma once
// Facets: what only some games can do, kept off the Game interface. A game
// that has a facet derives its Game class from it and implements it in its
// own folder; generic code asks for it with game.facet<F>(), which is
// nullptr for a game without it. GameType's facts that go with facets (a
// solver, hidden information, a cell board) are derived from them
// (game_type<G>() below). A new capability is a new facet here, never a new
// virtual on Game.
//
// Example: a game whose moves put a stone on a cell (gomoku) gets cursor
// input at the prompt and Gomocup .psq records by providing CellBoard:
//
//   class GomokuGame final : public GameOf<GomokuGame, GomokuState>, public CellBoard {
//    public:
//     static constexpr GameFacts kFacts{.rules = "gomoku"};
//     std::string cell_move(int row, int col) const override { ... "H8" ... }
//     std::optional<Cell> cell_of(const Move& move) const override { ... }
//   };
//
//   if (const auto* cells = game.facet<CellBoard>()) text = cells->cell_move(row, col);
//
// Facets are rules capabilities and do no I/O: a game gives its moves and
// positions as text (ProgramNotation, PositionText); the players library
// (src/players/) speaks the wire protocols (exec:, uci:, pbrain:) over them.
// Only a game of hidden information words its own exec: protocol
// (LineProtocol).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "rules/game.h"
#include "rules/picture.h"

namespace gamerec {

// ---- Hidden information (battleship) ----------------------------------------
class HiddenInformation {
 public:
  virtual ~HiddenInformation() = default;
  // Whether `viewer` may know the move that led to `after` (a ship
  // placement is its player's secret; a shot is seen by both).
  virtual bool last_move_seen_by(const State& after, Side viewer) const = 0;
  // What the hidden side answered to the move that led to `after`, which
  // both sides then know (a shot: water, hit or sunk), as a key of the
  // game's own messages; nullopt for a move that gets no answer.
  virtual std::optional<std::string> last_move_answer(const State& after) const = 0;
};

// Whether `viewer` may know the move that led to `after`: always, in a game
// without hidden information.
inline bool last_move_seen_by(const Game& game, const State& after, Side viewer) {
  const auto* hidden = game.facet<HiddenInformation>();
  return hidden == nullptr || hidden->last_move_seen_by(after, viewer);
}

// ---- The prompt (battleship) -------------------------------------------------
// What a person at the prompt may type besides a game's moves, and may not.
class PromptRules {
 public:
  virtual ~PromptRules() = default;
  // Why a person may not type `text` at the prompt in `state` though a
  // record may hold it (a shot's answer, which only the enemy fleet knows:
  // checking it would tell the person the answer for free). nullopt for a
  // line the rules are to judge.
  virtual std::optional<MoveError> refused_at_prompt(std::string_view text, const State& state) const = 0;
  // A word that stands for several moves of the side to move (battleship's
  // "random": the rest of the fleet placed at random): those moves, legal
  // in turn from `state`, drawn with `seed`; empty when `line` is no such
  // word. They are written and played one by one like typed ones.
  virtual std::vector<Move> shortcut_moves(std::string_view line, const State& state,
                                           std::uint64_t seed) const = 0;
  // Why `move`, made in `before`, may not be taken back with undo (a shot,
  // whose answer told about a hidden fleet), as a message of the game's
  // own; nullopt when it may.
  virtual std::optional<Message> undo_refused(const State& before, const Move& move) const = 0;
};

// ---- Why a side moves now (kalah) ----------------------------------------------
class TurnReasons {
 public:
  virtual ~TurnReasons() = default;
  // Why the side to move moves now when turn order alone does not say
  // (kalah's extra move): a key of the game's own messages, shown in the
  // status line instead of "X to move" with {side} and {number} filled in
  // the same way. nullopt for an ordinary turn.
  virtual std::optional<Message> turn_reason(const State& state) const = 0;
};

// ---- A board of cells (gomoku) ---------------------------------------------------
// Each move puts a piece on one cell of the view's first grid. The cursor at the prompt and Gomocup's
// .psq records (x,y points) go through it.
class CellBoard {
 public:
  struct Cell {
    int row = 0;  // row 0 is the top row drawn
    int col = 0;
    bool operator==(const Cell&) const = default;
  };
  virtual ~CellBoard() = default;
  // The grid's size.
  virtual int rows() const = 0;
  virtual int cols() const = 0;
  // The move that puts a piece on (row, col), in the game's notation; for
  // a cell outside the grid, a text the game's parse_move finds off-board.
  virtual std::string cell_move(int row, int col) const = 0;
  // The cell `move` puts a piece on.
  virtual Cell cell_of(const Move& move) const = 0;
};

// ---- A picture of a position (every game) ----------------------------------
// The position drawn in the game's own look (rules/picture.h): SVG
// pictures (replay --format svg) and replay pages (--format html) come
// from it. A game without it is drawn from its BoardView, as a grid of
// letters.
class Pictured {
 public:
  virtual ~Pictured() = default;
  // The glyphs its pictures use by name (chess's pieces), the same for
  // every position.
  virtual std::vector<Glyph> glyphs() const = 0;
  // The whole position (`viewer` kNoSide), or what `viewer` has seen of it
  // (a game with hidden information): the board, its pieces, and marks for
  // the last move, a check, a winning line.
  virtual Picture picture(const State& state, Side viewer) const = 0;
};

// ---- Results written as text (chess: PGN) -----------------------------------
class WrittenResults {
 public:
  virtual ~WrittenResults() = default;
  // The winners a record's declared result names ("1-0": White; a draw:
  // none), or nullopt when it names none ("*") or is no result of the game.
  // validate warns when the rules ended the game otherwise.
  virtual std::optional<std::vector<Side>> declared_winners(std::string_view result) const = 0;
  // How a finished game's result is written ("1-0", "1/2-1/2"); "*" for a
  // game in progress.
  virtual std::string result_text(const Outcome& outcome) const = 0;
};

// ---- A position as text (chess: FEN) ----------------------------------------
// Games whose positions have a standard text, which a record's header
// (`position:`, PGN's [FEN]) holds when a game starts elsewhere.
class PositionText {
 public:
  virtual ~PositionText() = default;
  // The position as a header writes it (chess: FEN).
  virtual std::string position_text(const State& state) const = 0;
  // The start a record must name when it is not the game's usual one (a
  // `start` option, a Chess960 number); "" for the usual start.
  virtual std::string start_text() const = 0;
  // The rules' name in an archive's variant tag (PGN [Variant]): "" for
  // the game's standard rules, "Chess960".
  virtual std::string variant_tag() const = 0;
  // A line of a file of positions (tourney --openings) as the position
  // text new_state_from takes; a message when the line is none. The line
  // itself by default; chess reads EPD (a FEN's first four fields, then
  // operations).
  virtual Result<std::string, Message> position_of_line(std::string_view line) const {
    return std::string(line);
  }
};

// ---- A start drawn for each game (Chess960) -----------------------------------
// A game whose new games start from a position drawn at random (Chess960
// with start=random, its default): play and tourney draw one from their
// seed and write it into the record's header (`position:`, PGN's FEN), so
// that every record names its start. A record that names none starts from
// new_state(), the usual start.
class RandomStart {
 public:
  virtual ~RandomStart() = default;
  // The start drawn for `seed`, as a header's position text; "" when this
  // game's start is fixed (an option names it).
  virtual std::string random_start(std::uint64_t seed) const = 0;
};

// ---- Teams (chaturanga) -------------------------------------------------------
// Sides that win and lose together: a side's partner falls with it when it
// forfeits (Game::forfeit). A game without this facet has a team per side.
class Teams {
 public:
  virtual ~Teams() = default;
  // The team `side` plays for, a number the game gives (chaturanga: 0 for
  // Yellow and Red, 1 for Green and Black).
  virtual int team_of(Side side) const = 0;
};

// ---- Moves that cannot be undone (chess: captures and pawn moves) -----------
// A game whose positions keep a count of moves since the last one that
// cannot be undone (chess's half-move clock): tourney --draw counts quiet
// moves only since then, as fastchess does. A game without it never
// starts that count again.
class IrreversibleMoves {
 public:
  virtual ~IrreversibleMoves() = default;
  // Whether the move that led to `after` cannot be undone.
  virtual bool after_irreversible(const State& after) const = 0;
};

// ---- Move numbers as players write them (chess) ------------------------------
// Chess players number a move pair, not each move: White's twelfth move is
// "12. Nf3" and Black's answer "12... Nc6", counted from a FEN's move
// number. A game without this facet numbers each move (replay's "Move 23").
class MoveNumbers {
 public:
  struct Number {
    std::int64_t number = 1;  // 12
    bool continued = false;   // the second move of the pair: "12..."
  };
  virtual ~MoveNumbers() = default;
  // The number of the move the side to move in `state` makes next.
  virtual Number move_number(const State& state) const = 0;
  // The number of the move that led to `after`.
  virtual Number last_move_number(const State& after) const = 0;
};

// "12." or "12...": how `number` is written before a move.
inline std::string move_number_text(const MoveNumbers::Number& number) {
  return std::to_string(number.number) + (number.continued ? "..." : ".");
}

// ---- Ends the rules reach by themselves (chess) ------------------------------
// Some ends need no player's act: chess's dead position, fivefold
// repetition and 75-move rule end the game at once, yet players (and
// arbiters) miss them and play on, and every other reader accepts such a
// game. A record that goes on is read on, with a warning naming where the
// rules ended it (validate --strict refuses it instead).
class AutomaticEnds {
 public:
  virtual ~AutomaticEnds() = default;
  // When `state` is over by such an end, lifts it so that the moves played
  // after it can be checked, and says so; false (the state untouched) for
  // an end no move may follow, such as checkmate.
  virtual bool lift_automatic_end(State& state) const = 0;
};

// ---- Solving (kalah) ---------------------------------------------------------------
// The exact game-theoretic value of a position (gamerec solve), for games
// small enough to solve: what a perfect player gets from there.
struct Solution {
  // The final score difference under perfect play (kalah: the side's
  // store minus the other's), from `side`'s point of view: the side to move,
  // or the first side when the game is over.
  int value = 0;
  Side side = 0;
  std::optional<Move> best;  // a move that keeps the value; none when over
  std::uint64_t nodes = 0;   // positions searched
};

// Where a long solve is, told now and then while it runs (gamerec solve's
// progress line on a terminal).
struct SolveProgress {
  int depth = 0;  // the depth-limited search under way; 0: to the game's end
  int pass = 0;   // to the game's end: which search, from 1
  std::uint64_t nodes = 0;
};

class Solver {
 public:
  virtual ~Solver() = default;
  virtual Solution solve(const State& state) = 0;
  // `report` is called now and then during solve(), from its thread; a
  // solver that says nothing ignores it.
  virtual void on_progress(std::function<void(const SolveProgress&)> report) { (void)report; }
};

class Solvable {
 public:
  virtual ~Solvable() = default;
  virtual std::unique_ptr<Solver> solver() const = 0;
};

// ---- Moves and positions as programs read them (exec:, uci:, pbrain:) -------
// What a program playing one side is told of the game, in no protocol's
// words: the players library's adapters (src/players/) put it in theirs.
// Every game of perfect information gives it; gamerec-games(7) shows each
// game's lines, PLAYERS AS PROGRAMS.
class ProgramNotation {
 public:
  virtual ~ProgramNotation() = default;
  // `move` as a program reads and writes it, with no position needed
  // (chess: coordinates, "e7e8q"; the other games as a record writes it).
  virtual std::string program_move_text(const Move& move) const = 0;

  // A position as a program started there is told it: where the game
  // started, then what happened since. Empty at the rules' own start.
  struct Told {
    // The start as PositionText writes it; "" when a program knows it from
    // the rules and options alone (chess: only the standard start).
    std::string start;
    // Each move since `start` with the side that made it (chess, whose
    // repetitions and move counters a program must see).
    std::vector<std::pair<Side, Move>> moves;
    // Each stone on the board with its side, told as the move that put it
    // there (gomoku, which keeps no order of its moves).
    std::vector<std::pair<Side, Move>> stones;
  };
  virtual Told told_position(const State& position) const = 0;
};

// ---- A game's own line protocol (battleship) ---------------------------------
// A game of hidden information speaks its own protocol to exec:PROGRAM
// players: what a side may be told (the answer to its shot, a fleet it
// must place) is the rules' to say, and no neutral facet holds it. The
// games of perfect information give ProgramNotation instead, and the
// players library speaks for them (players/turn_protocol.h).
class LineProtocol {
 public:
  virtual ~LineProtocol() = default;
  // The lines that start a game for the side `seen` is of: the rules, and
  // on a game resumed from a record what that side has seen so far.
  virtual std::vector<std::string> start_lines(const Observation& seen) const = 0;
  // The request for the side's next move ("shot", "ship 2 3", "move").
  virtual std::string request(const Observation& seen) const = 0;
  // What the side is told of an accepted move (its own shot's answer, the
  // opponent's shot), given what it has seen after the move; the end of
  // the game too. Empty when it is told nothing.
  virtual std::vector<std::string> after_move(const Observation& seen, Side mover, const Move& move) const = 0;
};

// ---- Five in a row (gomoku) ---------------------------------------------------
// Which five-in-a-row rules a game plays: Gomocup brains (pbrain:PROGRAM)
// are told it, and need a CellBoard too.
class FiveInARow {
 public:
  enum class Rule {
    kFreestyle,  // five or more in a row wins
    kExactFive,  // exactly five wins; an overline does not
    kRenju,      // Black: exactly five, never an overline, double four or double three; White: five or more
    kCaro,       // five or more, unless both ends are the opponent's stones
  };
  virtual ~FiveInARow() = default;
  virtual Rule five_rule() const = 0;
};

// ---- The GameType of a game class ---------------------------------------------
// What GameT states (GameT::kFacts) and what its facets tell, as one value:
// the catalogue registers it with the game's factory, and GameOf gives it to
// every game the class makes.
template <typename GameT>
GameType game_type() {
  constexpr GameFacts facts = GameT::kFacts;
  // ProgramNotation tells a program the whole position.
  static_assert(!(std::is_base_of_v<HiddenInformation, GameT> && std::is_base_of_v<ProgramNotation, GameT>),
                "a game of hidden information words its own exec: protocol (LineProtocol), not ProgramNotation");
  return GameType{
      .rules = std::string(facts.rules),
      .sides = facts.sides,
      .sides_face = facts.sides_face,
      .information = std::is_base_of_v<HiddenInformation, GameT> ? GameType::Information::kHidden
                                                                 : GameType::Information::kPerfect,
      .solver = std::is_base_of_v<Solvable, GameT>,
      .cell_board = std::is_base_of_v<CellBoard, GameT>,
  };
}

}  // namespace gamerec
