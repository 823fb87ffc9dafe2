#pragma once
// Four-handed chaturanga (gamerec-games(7), CHATURANGA).
//
// 8x8 board, squares written <row><column> ("4D"); a move is "2A-3A".
// Sides in turn order Yellow, Green, Red, Black; teams Yellow+Red against
// Green+Black. King, rook, bishop, knight and four pawns each; no queen, no
// check, no promotion, no double step. Pawns move one square forward (Yellow
// towards row 8, Green towards column A, Red towards row 1, Black towards
// column H) and capture one square diagonally forward. Capturing a king
// eliminates its side (its pieces stay as obstacles); a team with both sides
// eliminated loses. A side with no legal move is skipped; if no side can
// move, the game is drawn.
//
// Options (definitions/chaturanga.yaml):
//   castling (bool, true): the king on its starting square may swap places
//     with its own rook on the rook's starting square.
//   setup (string): each side's pieces, "K1D R1A ..." per side, in turn order,
//     separated by "/".
//
// A record may start from another position (header `position:`): the
// pieces as in `setup`, then optional fields after semicolons,
// "K1D R4A / K4H / K8E / P5C; to-move: yellow; eliminated: black".
// Starting squares (for castling) stay those of `setup`.
//
// Ends: "kings-captured" (a team lost both kings), "no-moves" (nobody can
// move: a draw).
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/board/square.h"
#include "games/chaturanga/tables.h"
#include "rules/facets.h"
#include "rules/game.h"
#include "rules/typed.h"

namespace gamerec::chaturanga {

// The sides, in turn order (indices into the definition's `sides`).
enum Color : int { kYellow = 0, kGreen = 1, kRed = 2, kBlack = 3 };
// The order matches the piece letters in definitions/chaturanga.yaml ("KRBNP").
enum class Piece : std::int8_t { kKing = 0, kRook, kBishop, kKnight, kPawn };

struct Placed {
  Piece piece;
  int square;
};

struct Rules {
  bool castling = true;
  std::array<std::vector<Placed>, kSides> setup;
};

// Reads the typed options; a message when `setup` is malformed.
Result<Rules, Message> rules_from_options(const RuleOptions& options);

// A start position: the pieces of each side, who moves, who is out.
struct Position {
  std::array<std::vector<Placed>, kSides> pieces;
  int to_move = kYellow;
  std::array<bool, kSides> eliminated{};
};
// Parses a header's `position:` text (see the top of this file).
Result<Position, Message> parse_position(std::string_view text, const GameDefinition& definition);

struct Cell {
  std::int8_t side = -1;  // -1: empty
  Piece piece = Piece::kKing;
  bool empty() const { return side < 0; }
  bool operator==(const Cell&) const = default;
};

inline bool same_team(int a, int b) { return (a % 2) == (b % 2); }

class ChaturangaGame;

class ChaturangaState final : public State {
 public:
  // The start of `rules`, or `position` with the starting squares of `rules`.
  explicit ChaturangaState(const Rules& rules);
  ChaturangaState(const Rules& rules, const Position& position);

  const Cell& at(int square) const { return board_[square]; }
  bool eliminated(int side) const { return eliminated_[side]; }
  // The move that led here (its picture marks it); none at the start.
  const std::optional<Move>& last_move() const { return last_move_; }

  Side to_move() const override {
    settle();
    return over_ ? kNoSide : to_move_;
  }
  std::vector<Move> legal_moves() const override;
  bool is_over() const override {
    settle();
    return over_;
  }
  Outcome outcome() const override;
  std::unique_ptr<State> clone() const override;
  bool equals(const State& other) const override;
  BoardView view() const override;
  std::unique_ptr<Observation> observe(Side side) const override;
  std::uint64_t count_leaves(int depth) const override;
  // A cheap proof that `move`, between two squares of the board (as
  // well_formed_move makes it), is legal here (ChaturangaGame::proves_text);
  // false means "run the ordered checks", never "illegal". Below.
  bool quick_legal(const Move& move) const;

 protected:
  std::optional<MoveError> do_check(const Move& move) const override;
  void do_apply(const Move& move) override;

 private:
  // Its loop applies moves with apply_direct, inlined (rules/typed.h).
  friend class GameOf<ChaturangaGame, ChaturangaState>;
  // What do_apply does (below).
  void apply_direct(const Move& move);

  // After a move, who moves next is settled only when asked: the next side
  // in turn order that is still in the game is assumed, and a legal move
  // by it (quick_legal) shows it can move. Otherwise settle() finds the
  // side that can move, or ends the game when none can.
  void settle() const {
    if (!settled_) settle_turn();
  }
  void settle_turn() const;
  void place(const std::array<std::vector<Placed>, kSides>& pieces);
  void put(int square, int side, Piece piece);
  bool is_castling(int side, int from, int to) const;
  std::optional<MoveError> check_shape(const Cell& mover, int from, int to) const;
  // Calls visit(from, to) for each legal move of `side` until it returns true.
  template <typename Visit>
  bool for_each_move(int side, Visit&& visit) const;
  bool has_legal_move(int side) const;
  // The side to move after a move by to_move_ (a king captured ends the
  // game when it was a team's last), or the end of the game.
  void advance_turn(bool king_captured) const;
  // The side to move from `first` on in turn order, as after a move by the
  // side before it; or the end of the game.
  void start_turn_at(int first);

  std::array<Cell, board::kSquares> board_{};
  // Squares of each side's pieces, kept beside board_ so that finding a
  // side's pieces (needed after every move, to skip sides that cannot move)
  // does not scan all 64 squares.
  std::array<std::uint64_t, kSides> occupied_{};
  std::array<bool, kSides> eliminated_{};
  std::array<int, kSides> king_home_{};  // -1 when the setup has none
  std::array<int, kSides> rook_home_{};
  bool castling_ = true;
  // Settled lazily (settle()): mutable so that the const questions can
  // settle them. While !settled_, to_move_ is the side assumed to move and
  // last_mover_ the side that moved.
  mutable int to_move_ = kYellow;
  mutable bool over_ = false;
  mutable int winning_team_ = -1;  // 0: Yellow+Red, 1: Green+Black, -1: none/draw
  mutable bool settled_ = true;
  int last_mover_ = kYellow;
  std::optional<Move> last_move_;
};

// validate's fast path, once per move: always inlined in GameOf's loop
// (rules/typed.h), where GCC otherwise kept both calls, and validate took
// 13% longer.
[[gnu::always_inline]] inline bool ChaturangaState::quick_legal(const Move& move) const {
  const int from = move.from;
  const int to = move.to;
  if (over_) return false;
  const int side = to_move_;
  const Cell mover = board_[from];
  if (mover.side != side) return false;  // also an empty square
  const std::uint64_t target = std::uint64_t{1} << to;
  const std::uint64_t team = occupied_[side] | occupied_[side ^ 2];
  // Onto the own team (or the same square): an error, or castling.
  if ((team & target) != 0) return false;
  const std::uint64_t all = team | occupied_[side ^ 1] | occupied_[side ^ 3];
  bool legal = false;
  switch (mover.piece) {
    case Piece::kKing:
      legal = (tables::kKingTargets[from] & target) != 0;
      break;
    case Piece::kKnight:
      legal = (tables::kKnightTargets[from] & target) != 0;
      break;
    case Piece::kRook:
      legal = (tables::kRookLines[from] & target) != 0 && (tables::kBetween[from][to] & all) == 0;
      break;
    case Piece::kBishop:
      legal = (tables::kBishopLines[from] & target) != 0 && (tables::kBetween[from][to] & all) == 0;
      break;
    case Piece::kPawn:
      // Straight onto an empty square, or diagonally onto an enemy.
      legal = ((all & target) != 0 ? tables::kPawnCaptures[side][from] : tables::kPawnPushes[side][from]) &
              target;
      break;
  }
  if (!legal) return false;
  // The assumed side has a legal move, so it is the side to move.
  settled_ = true;
  return true;
}

[[gnu::always_inline]] inline void ChaturangaState::apply_direct(const Move& move) {
  settle();
  last_move_.emplace(move);  // without asking whether there was one
  const int side = to_move_;
  bool king_captured = false;
  // check() passed, so a destination holding an own piece means castling.
  if (board_[move.to].side == side) {
    std::swap(board_[move.from], board_[move.to]);
  } else {
    const Cell captured = board_[move.to];
    if (!captured.empty()) {
      occupied_[captured.side] &= ~(std::uint64_t{1} << move.to);
      if (captured.piece == Piece::kKing) {
        eliminated_[captured.side] = true;
        king_captured = true;
      }
    }
    occupied_[side] ^= (std::uint64_t{1} << move.from) | (std::uint64_t{1} << move.to);
    board_[move.to] = board_[move.from];
    board_[move.from] = Cell{};
  }
  if (king_captured) {
    advance_turn(true);  // rare, and it may end the game: settled now
    return;
  }
  // Assume the next side still in the game; settle() checks it when asked.
  last_mover_ = side;
  settled_ = false;
  // Unsigned: a remainder by four is then a mask.
  unsigned next = (static_cast<unsigned>(side) + 1) % kSides;
  while (eliminated_[next] && static_cast<int>(next) != side) next = (next + 1) % kSides;
  to_move_ = static_cast<int>(next);
}

// Stage one: "2A-3A" -> Move, or `notation` (with a suggested spelling,
// arg "suggestion", when the text is a near miss such as "4D-A1"). The
// well-formed case is inline: it runs for every move validated.
MoveError malformed_move_error(std::string_view text);
// The well-formed case alone: "2A-3A" sets `move`; false otherwise.
inline bool well_formed_move(std::string_view text, Move& move) {
  if (text.size() != 5 || text[2] != '-') return false;
  // Each of row and column in range, tested at once as unsigned offsets.
  const unsigned from_row = static_cast<unsigned char>(text[0]) - unsigned{'1'};
  const unsigned from_col = static_cast<unsigned char>(text[1]) - unsigned{'A'};
  const unsigned to_row = static_cast<unsigned char>(text[3]) - unsigned{'1'};
  const unsigned to_col = static_cast<unsigned char>(text[4]) - unsigned{'A'};
  if ((from_row | from_col | to_row | to_col) >= 8u) return false;
  move = Move{board::make_square(static_cast<int>(from_row), static_cast<int>(from_col)),
              board::make_square(static_cast<int>(to_row), static_cast<int>(to_col)), 0};
  return true;
}
inline Result<Move, MoveError> parse_chaturanga_move(std::string_view text) {
  Move move;
  if (well_formed_move(text, move)) return move;
  return malformed_move_error(text);
}

class ChaturangaGame final : public GameOf<ChaturangaGame, ChaturangaState>,
                             public Pictured,
                             public PositionText,
                             public ProgramNotation,
                             public Teams {
 public:
  static constexpr GameFacts kFacts{.rules = "chaturanga", .sides = 4};
  ChaturangaGame(SharedDefinition definition, RuleOptions options, Rules rules)
      : GameOf(std::move(definition), std::move(options)), rules_(std::move(rules)) {}

  std::unique_ptr<State> new_state() const override;
  Result<std::unique_ptr<State>, Message> new_state_from(std::string_view position) const override;
  Result<WrittenMove, MoveError> parse_move(std::string_view text) const override {
    auto move = parse_chaturanga_move(text);
    if (!move) [[unlikely]]
      return std::move(move.error());
    return WrittenMove{*move, true, text};
  }
  // validate's loop (GameOf::play_texts): a well-formed, plainly legal move
  // without building a Result; false sends the text through both stages.
  bool proves_text(const ChaturangaState& state, std::string_view text, Move& move) const {
    return well_formed_move(text, move) && state.quick_legal(move);
  }
  std::string move_text(const Move& move, const State& before) const override;
  std::unique_ptr<MoveChooser> make_chooser(std::string_view level,
                                            const ChooserSettings& settings) const override;
  std::vector<std::string> levels() const override { return {"1", "greedy", "random"}; }
  // Yellow and Red against Green and Black: a side's partner falls with it.
  int team_of(Side side) const override { return side % 2; }
  // Pictured: the board, the pieces (drawn in games/board) in the four
  // sides' colours, faded for an eliminated side, and the last move
  // (picture.cpp).
  std::vector<Glyph> glyphs() const override;
  Picture picture(const State& state, Side viewer) const override;

  const Rules& rules() const { return rules_; }
  // PositionText: a `position:` header's text (position_text.cpp); every game
  // starts at the rules' start.
  std::string position_text(const State& state) const override;
  std::string start_text() const override { return ""; }
  std::string variant_tag() const override { return ""; }
  // ProgramNotation: moves and a position as records write them
  // (protocol.cpp).
  std::string program_move_text(const Move& move) const override;
  Told told_position(const State& position) const override;

 private:
  Rules rules_;
};

std::string chaturanga_move_text(const Move& move);

// Computer players. Greedy: captures a king when it can, else the most
// valuable capture, else a random legal move. Random: any legal move. Both
// reproducible with the seed.
std::unique_ptr<MoveChooser> make_greedy_chooser(std::uint64_t seed);
std::unique_ptr<MoveChooser> make_random_chooser(std::uint64_t seed);

// Builds the game from its definition and options (the catalogue's factory).
Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options);

}  // namespace gamerec::chaturanga
