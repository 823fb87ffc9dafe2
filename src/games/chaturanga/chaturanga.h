#pragma once
// Four-handed chaturanga (SPEC 4.1).
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
// Options (formats/chaturanga.yaml):
//   castling (bool, true): the king on its starting square may swap places
//     with its own rook on the rook's starting square.
//   setup (string): each side's pieces, "K1D R1A ..." per side, in turn order,
//     separated by "/".
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/game.h"
#include "games/board/square.h"

namespace gamerec::chaturanga {

inline constexpr int kSides = 4;
// The sides, in turn order (indices into the definition's `sides`).
enum Color : int { kYellow = 0, kGreen = 1, kRed = 2, kBlack = 3 };
// The order matches the piece letters in formats/chaturanga.yaml ("KRBNP").
enum class Piece : std::int8_t { kKing = 0, kRook, kBishop, kKnight, kPawn };

struct Placed {
  Piece piece;
  int square;
};

struct Rules {
  bool castling = true;
  std::array<std::vector<Placed>, kSides> setup;
};

// Reads the typed options; an error sentence when `setup` is malformed.
std::variant<Rules, std::string> rules_from_options(const RuleOptions& options);

struct Cell {
  std::int8_t side = -1;  // -1: empty
  Piece piece = Piece::kKing;
  bool empty() const { return side < 0; }
  bool operator==(const Cell&) const = default;
};

inline bool same_team(int a, int b) { return (a % 2) == (b % 2); }

class ChaturangaState final : public State {
 public:
  explicit ChaturangaState(const Rules& rules);

  // For tests and set-ups: an empty board with the given side to move.
  static ChaturangaState empty_board(const Rules& rules, int side_to_move);
  void put(int square, int side, Piece piece);
  void set_to_move(int side) { to_move_ = side; }
  const Cell& at(int square) const { return board_[square]; }
  bool eliminated(int side) const { return eliminated_[side]; }

  Side to_move() const override { return over_ ? kNoSide : to_move_; }
  std::vector<Move> legal_moves() const override;
  bool is_over() const override { return over_; }
  Outcome outcome() const override;
  std::unique_ptr<State> clone() const override;
  bool equals(const State& other) const override;
  BoardView view(Side viewer) const override;

 protected:
  std::optional<MoveError> do_check(const Move& move) const override;
  void do_apply(const Move& move) override;

 private:
  bool is_castling(int side, int from, int to) const;
  std::optional<MoveError> check_shape(const Cell& mover, int from, int to) const;
  // Calls visit(from, to) for each legal move of `side` until it returns true.
  template <typename Visit>
  bool for_each_move(int side, Visit&& visit) const;
  bool has_legal_move(int side) const;
  void advance_turn(bool king_captured);

  std::array<Cell, board::kSquares> board_{};
  // Squares of each side's pieces, kept beside board_ so that finding a
  // side's pieces (needed after every move, to skip sides that cannot move)
  // does not scan all 64 squares.
  std::array<std::uint64_t, kSides> occupied_{};
  std::array<bool, kSides> eliminated_{};
  std::array<int, kSides> king_home_{};  // -1 when the setup has none
  std::array<int, kSides> rook_home_{};
  int to_move_ = kYellow;
  bool castling_ = true;
  bool over_ = false;
  int winning_team_ = -1;  // 0: Yellow+Red, 1: Green+Black, -1: none/draw
};

class ChaturangaGame final : public Game {
 public:
  ChaturangaGame(GameDefinition definition, RuleOptions options, Rules rules)
      : Game(std::move(definition), std::move(options)), rules_(std::move(rules)) {}

  std::unique_ptr<State> new_state() const override;
  ParsedMove parse_move(std::string_view text, const State& context) const override;
  std::string move_text(const Move& move, const State& context) const override;
  std::unique_ptr<MoveChooser> make_chooser(std::string_view level, std::uint64_t seed) const override;

  const Rules& rules() const { return rules_; }

 private:
  Rules rules_;
};

// Stage one: "2A-3A" -> Move, or `notation` (with a suggested spelling in
// the detail when the text is a near miss such as "4D-A1"). The well-formed
// case is inline: it runs for every move validated.
ParsedMove parse_malformed_move(std::string_view text);
inline ParsedMove parse_chaturanga_move(std::string_view text) {
  if (text.size() == 5 && text[2] == '-') {
    const auto from = board::parse_row_col(text.substr(0, 2));
    const auto to = board::parse_row_col(text.substr(3, 2));
    if (from && to) return Move{*from, *to, 0};
  }
  return parse_malformed_move(text);
}
std::string chaturanga_move_text(const Move& move);

// Computer player: captures a king when it can, else the most valuable
// capture, else a random legal move (reproducible with the seed).
std::unique_ptr<MoveChooser> make_greedy_chooser(std::uint64_t seed);

// Builds the game from its definition and options (the catalogue's factory).
std::variant<std::unique_ptr<Game>, std::string> make_game(GameDefinition definition, RuleOptions options);

}  // namespace gamerec::chaturanga
