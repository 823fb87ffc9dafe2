// Scenario tests for four-handed chaturanga (gamerec-games(7), CHATURANGA), one per rule and
// per error code. Boards are drawn with row 8 at the top; Y G R B are the
// sides (Yellow, Green, Red, Black), lower-case letters the pieces.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "games/chaturanga/chaturanga.h"
#include "rules/typed.h"
#include "test_support.h"

using namespace gamerec;
using namespace gamerec::chaturanga;
using gamerec::test::code_of;
using gamerec::test::play;
using gamerec::test::play_all;

namespace {

const ChaturangaGame& default_game() {
  static const auto game = gamerec::test::make("chaturanga");
  return gamerec::downcast<ChaturangaGame>(*game);
}

int sq(const char* name) { return *board::parse_row_col(name); }

// A position as a record header's `position:` gives it: each side's pieces
// in turn order (Yellow / Green / Red / Black), then optional fields.
std::unique_ptr<State> at(const std::string& position) {
  return gamerec::test::position(default_game(), position);
}
const ChaturangaState& cells(const State& state) { return gamerec::downcast<ChaturangaState>(state); }

std::set<std::string> destinations(const ChaturangaState& state, const char* from) {
  std::set<std::string> texts;
  for (const Move& move : state.legal_moves()) {
    if (move.from == sq(from)) texts.insert(chaturanga_move_text(move));
  }
  return texts;
}

// Every destination the move generator lists passes check(), and every other
// destination fails it: the generator and the validator agree.
void require_generator_matches_checker(const ChaturangaState& state, const char* from) {
  const auto listed = destinations(state, from);
  for (int to = 0; to < board::kSquares; ++to) {
    const std::string text = std::string(from) + "-" + board::row_col_name(to);
    const bool legal = !state.check(Move{sq(from), to, 0}).has_value();
    INFO(text);
    CHECK(legal == (listed.count(text) == 1));
  }
}

// The mid-game position of the issue:
//      A  B  C  D  E  F  G  H
//  8   .  .  .  Yn .  .  .  .
//  7   Rn .  Bp .  .  .  .  .
//  6   .  .  Bp Gr .  .  .  .
//  5   .  Bp .  .  Rp .  Gp .
//  4   .  Bk .  Yb .  .  .  .
//  3   Yp Yp .  .  .  Gn .  .
//  2   .  .  .  .  .  .  .  .
//  1   .  .  .  .  .  .  Gp .
std::unique_ptr<State> mid_game_position(const char* side_to_move) {
  return at(std::string("B4D P3A P3B N8D / R6D N3F P5G P1G / P5E N7A / K4B P5B P6C P7C; to-move: ") +
            side_to_move);
}

}  // namespace

TEST_CASE("chaturanga: the mid-game position gives each piece exactly its listed moves") {
  struct Case {
    const char* side;
    const char* from;
    std::set<std::string> expected;
  };
  const std::vector<Case> cases = {
      {"yellow", "4D", {"4D-1A", "4D-2B", "4D-3C", "4D-6B", "4D-5C", "4D-1G", "4D-2F", "4D-3E"}},
      {"green", "6D", {"6D-8D", "6D-7D", "6D-5D", "6D-4D", "6D-6E", "6D-6F", "6D-6G", "6D-6H"}},
      {"black", "4B", {"4B-5A", "4B-5C", "4B-4C", "4B-3C", "4B-3B", "4B-3A", "4B-4A"}},
      {"green", "3F", {"3F-4D", "3F-5E", "3F-4H", "3F-2H", "3F-1E", "3F-2D"}},
      {"yellow", "3B", {}},
      {"yellow", "3A", {"3A-4B", "3A-4A"}},
      {"black", "7C", {"7C-8D", "7C-7D"}},
      {"red", "5E", {"5E-4E"}},
  };
  for (const Case& c : cases) {
    INFO("piece on " << c.from);
    const auto state = mid_game_position(c.side);
    CHECK(destinations(cells(*state), c.from) == c.expected);
    require_generator_matches_checker(cells(*state), c.from);
  }
}

TEST_CASE("chaturanga: the classic 4D-A1 is a notation error that suggests 4D-1A") {
  WrittenMove written;
  CHECK(gamerec::test::parse_text(default_game(), "4D-A1", written) ==
        MoveError{ErrorCode::kNotation, "hint", {{"suggestion", "4D-1A"}}});
  // Lower-case columns and both squares swapped get the same help.
  CHECK(gamerec::test::parse_text(default_game(), "2a-3a", written)->args == MessageArgs{{"suggestion", "2A-3A"}});
  CHECK(gamerec::test::parse_text(default_game(), "A2-A3", written)->args == MessageArgs{{"suggestion", "2A-3A"}});
}

TEST_CASE("chaturanga: notation is exactly [1-8][A-H]-[1-8][A-H]") {
  auto state = default_game().new_state();
  for (const char* text : {"2A3A", "2A-3A-", "9A-3A", "2I-3A", "0A-1A", "2A 3A", "", "Q", "2A-3"}) {
    INFO(text);
    CHECK(code_of(default_game(), *state, text) == "notation");
  }
  CHECK(code_of(default_game(), *state, "2A-3A") == "ok");
}

TEST_CASE("chaturanga: the starting position has 32 pieces where gamerec-games(7) puts them") {
  auto state = ChaturangaState(default_game().rules());
  const std::vector<std::pair<int, std::vector<const char*>>> sides = {
      {kYellow, {"1A", "1B", "1C", "1D", "2A", "2B", "2C", "2D"}},
      {kGreen, {"1H", "2H", "3H", "4H", "1G", "2G", "3G", "4G"}},
      {kRed, {"8H", "8G", "8F", "8E", "7E", "7F", "7G", "7H"}},
      {kBlack, {"8A", "7A", "6A", "5A", "8B", "7B", "6B", "5B"}},
  };
  int pieces = 0;
  for (int square = 0; square < board::kSquares; ++square) pieces += !state.at(square).empty();
  CHECK(pieces == 32);
  const std::vector<Piece> order = {Piece::kRook, Piece::kKnight, Piece::kBishop, Piece::kKing,
                                    Piece::kPawn, Piece::kPawn,   Piece::kPawn,   Piece::kPawn};
  for (const auto& [side, squares] : sides) {
    for (std::size_t i = 0; i < squares.size(); ++i) {
      INFO(squares[i]);
      CHECK(state.at(sq(squares[i])) == Cell{static_cast<std::int8_t>(side), order[i]});
    }
  }
  CHECK(state.to_move() == kYellow);
}

TEST_CASE("chaturanga: turn order is Yellow, Green, Red, Black") {
  const auto& game = default_game();
  auto state = game.new_state();
  CHECK(state->to_move() == kYellow);
  play_all(game, *state, {"2A-3A"});
  CHECK(state->to_move() == kGreen);
  play_all(game, *state, {"4G-4F"});
  CHECK(state->to_move() == kRed);
  play_all(game, *state, {"7H-6H"});
  CHECK(state->to_move() == kBlack);
  play_all(game, *state, {"5B-5C"});
  CHECK(state->to_move() == kYellow);
}

TEST_CASE("chaturanga: each error code in the order of gamerec-games(7)") {
  const auto& game = default_game();
  auto start = game.new_state();
  SECTION("empty-square: no piece on the origin") { CHECK(code_of(game, *start, "3A-4A") == "empty-square"); }
  SECTION("not-your-turn: Green's pawn while Yellow is to move") {
    CHECK(code_of(game, *start, "4G-4F") == "not-your-turn");
  }
  SECTION("empty-square comes before not-your-turn and everything after") {
    CHECK(code_of(game, *start, "5D-1A") == "empty-square");
  }
  SECTION("allied-destination: onto an own piece, and origin = destination") {
    CHECK(code_of(game, *start, "1A-2A") == "allied-destination");
    CHECK(code_of(game, *start, "2A-2A") == "allied-destination");
    // Checked before the shape: a rook 'moving' diagonally onto its own pawn.
    CHECK(code_of(game, *start, "1A-2B") == "allied-destination");
  }
  SECTION("illegal-move: wrong shape for each piece") {
    CHECK(code_of(game, *start, "1B-2E") == "illegal-move");  // knight
    CHECK(code_of(game, *start, "1D-3D") == "illegal-move");  // king two squares
    CHECK(code_of(game, *start, "2A-4A") == "illegal-move");  // pawn: no double step
    CHECK(code_of(game, *start, "2D-3E") == "illegal-move");  // pawn diagonally onto an empty square
    CHECK(code_of(game, *start, "2D-2E") == "illegal-move");  // pawn sideways
  }
  SECTION("blocked-path: names the first blocking square") {
    Move move;
    CHECK(gamerec::test::check_text(game, *start, "1A-3A", move) ==
          MoveError{ErrorCode::kBlockedPath, {}, {{"square", "2A"}}});
    CHECK(gamerec::test::check_text(game, *start, "1C-3A", move) ==
          MoveError{ErrorCode::kBlockedPath, {}, {{"square", "2B"}}});
  }
  SECTION("illegal-move comes before blocked-path: a rook cannot move like a knight") {
    CHECK(code_of(game, *start, "1A-3B") == "illegal-move");
  }
}

TEST_CASE("chaturanga: a pawn moves one square forward and captures diagonally forward") {
  const auto& game = default_game();
  SECTION("each side's forward direction") {
    auto state = game.new_state();
    play_all(game, *state, {"2A-3A", "4G-4F", "7H-6H", "5B-5C"});  // up, left, down, right
  }
  SECTION("backwards is illegal, straight onto a piece is illegal") {
    auto state = game.new_state();
    play_all(game, *state, {"2A-3A", "4G-4F", "7H-6H", "5B-5C"});
    CHECK(code_of(game, *state, "3A-2A") == "illegal-move");
    //  Yellow pawn 2C, and a Green piece brought onto 3C: straight capture is illegal.
    const auto position = at("P2C / P3C P3D / / ");
    CHECK(code_of(game, *position, "2C-3C") == "illegal-move");
    CHECK(code_of(game, *position, "2C-3D") == "ok");
    CHECK(code_of(game, *position, "2C-3B") == "illegal-move");
  }
  SECTION("a pawn on the far edge cannot move") {
    const auto position = at("P8C K1A / / / ");
    CHECK(destinations(cells(*position), "8C").empty());
  }
}

TEST_CASE("chaturanga: a piece may capture only the other team") {
  //  Yellow's rook on 4D; Red's pawn on 6D is its partner's, not capturable;
  //  the Green pawn on 4G and the Black pawn on 2D are enemies.
  const auto position = at("R4D / P4G / P6D / P2D");
  CHECK(code_of(default_game(), *position, "4D-6D") == "allied-destination");
  CHECK(code_of(default_game(), *position, "4D-4G") == "ok");
  CHECK(code_of(default_game(), *position, "4D-2D") == "ok");
  CHECK(code_of(default_game(), *position, "4D-7D") == "blocked-path");
  CHECK(code_of(default_game(), *position, "4D-4H") == "blocked-path");
}

TEST_CASE("chaturanga: castling swaps the king and rook on their starting squares") {
  const auto& game = default_game();
  SECTION("allowed at the start, written as the king's move onto the rook") {
    auto state = game.new_state();
    REQUIRE_FALSE(play(game, *state, "1D-1A"));
    const auto& position = gamerec::downcast<ChaturangaState>(*state);
    CHECK(position.at(sq("1A")) == Cell{kYellow, Piece::kKing});
    CHECK(position.at(sq("1D")) == Cell{kYellow, Piece::kRook});
  }
  SECTION("nothing else is required: pieces in between do not matter") {
    auto state = game.new_state();
    CHECK(code_of(game, *state, "1D-1A") == "ok");
    play_all(game, *state, {"2A-3A"});
    CHECK(code_of(game, *state, "4H-1H") == "ok");  // Green: king 4H, rook 1H
  }
  SECTION("the option castling=false makes it an allied destination") {
    auto no_castling = gamerec::test::make("chaturanga", {{"castling", "false"}});
    auto state = no_castling->new_state();
    CHECK(code_of(*no_castling, *state, "1D-1A") == "allied-destination");
  }
  SECTION("only from the starting squares") {
    auto state = game.new_state();
    play_all(game, *state, {"1D-1E", "4G-4F", "7H-6H", "5B-5C"});
    CHECK(code_of(game, *state, "1E-1A") == "allied-destination");
    play_all(game, *state, {"1E-1D", "4F-4E", "6H-5H", "5C-5D"});
    CHECK(code_of(game, *state, "1D-1A") == "ok");  // back home: allowed again
  }
  SECTION("castling is recognised before the allied-destination check, after not-your-turn") {
    auto state = game.new_state();
    CHECK(code_of(game, *state, "4H-1H") == "not-your-turn");
  }
}

TEST_CASE("chaturanga: capturing a king eliminates its side, whose pieces stay as obstacles") {
  //  Yellow rook 4A captures the Black king on 5A; Black is skipped from then on.
  const auto state = at("R4A K1D / K4H R1H / K8E / K5A P5C");
  const auto& position = cells(*state);
  const auto& game = default_game();
  REQUIRE_FALSE(play(game, *state, "4A-5A"));
  CHECK(position.eliminated(kBlack));
  CHECK_FALSE(position.is_over());
  play_all(game, *state, {"4H-4G"});  // Green
  play_all(game, *state, {"8E-8D"});  // Red; Black is skipped
  CHECK(position.to_move() == kYellow);
  // Black's pawn stays: Black's partner Green may not take it, Yellow may.
  CHECK(code_of(game, *state, "5C-5D") == "not-your-turn");
  CHECK(code_of(game, *state, "5A-5C") == "ok");
  play_all(game, *state, {"5A-5B"});
  CHECK(code_of(game, *state, "1H-5H") == "ok");
  CHECK(position.at(sq("5C")) == Cell{kBlack, Piece::kPawn});
}

TEST_CASE("chaturanga: a team with both kings captured loses, and later moves are game-over") {
  //  8  .  .  .  .  Rk .  Rr .     Yellow's rook takes the Black king on 5A,
  //  5  Bk .  .  .  .  .  .  .     Green pushes its pawn, and Red's rook
  //  4  Yr .  Gp .  .  .  .  .     takes the Green king on 1G.
  //  1  .  .  .  Yk .  .  Gk .
  const auto position = at("R4A K1D / K1G P4C / K8E R8G / K5A");
  const auto& game = default_game();
  play_all(game, *position, {"4A-5A", "4C-4B"});
  CHECK_FALSE(position->is_over());
  play_all(game, *position, {"8G-1G"});
  REQUIRE(position->is_over());
  CHECK(position->outcome().winners == std::vector<Side>{kYellow, kRed});
  CHECK(position->outcome().end == "kings-captured");
  CHECK(position->to_move() == kNoSide);
  CHECK(code_of(game, *position, "5A-6A") == "game-over");
  // game-over comes after notation, before the position checks.
  CHECK(code_of(game, *position, "5A-A6") == "notation");
  CHECK(code_of(game, *position, "6F-6G") == "game-over");
}

TEST_CASE("chaturanga: a side with no legal move is skipped") {
  //  Green's only piece, a pawn on 4A (moving towards column A), is stuck.
  const auto position = at("K1D / P4A / K8E / K8A");
  play_all(default_game(), *position, {"1D-1E"});
  CHECK(position->to_move() == kRed);
}

TEST_CASE("chaturanga: the game is drawn when no side can move") {
  //  Yellow's pawn 7C moves to 8C; afterwards nobody has a legal move.
  const auto position = at("P7C / P4A / P1F / P3H");
  play_all(default_game(), *position, {"7C-8C"});
  REQUIRE(position->is_over());
  CHECK(position->outcome().winners.empty());
  CHECK(position->outcome().end == "no-moves");
}

TEST_CASE("chaturanga: every legal move's text parses back to the same move") {
  const auto& game = default_game();
  auto state = game.new_state();
  play_all(game, *state, {"2A-3A", "4G-4F", "7H-6H", "5B-5C", "1B-3C", "2H-3F"});
  for (const Move& move : state->legal_moves()) {
    const std::string text = game.move_text(move, *state);
    WrittenMove written;
    REQUIRE_FALSE(gamerec::test::parse_text(game, text, written));
    CHECK(written.move == move);
  }
}

TEST_CASE("chaturanga: a malformed setup option is an error, not a crash") {
  auto made = gamerec::test::catalogue().make_game("chaturanga", {{"setup", "K1D / X9Z"}});
  REQUIRE(!made.ok());
  CHECK_THAT(gamerec::test::english_error(made), Catch::Contains("setup") && Catch::Contains("X9Z"));
  made = gamerec::test::catalogue().make_game("chaturanga", {{"setup", "K1D / K4H / K8E / K5A / K3C"}});
  REQUIRE(!made.ok());
  made = gamerec::test::catalogue().make_game("chaturanga", {{"setup", "K1D / K4H / K8E / K5A"}});
  CHECK(made.ok());
}

TEST_CASE("chaturanga: a setup without a king or rook has no castling and plays normally") {
  auto game = gamerec::test::make("chaturanga", {{"setup", "N1B / K4H / R8H / P5B"}});
  auto state = game->new_state();
  CHECK(perft(*state, 3) > 0);
  CHECK(state->legal_moves().size() == 3);  // the knight: 3A, 3C, 2D
  play_all(*game, *state, {"1B-3C", "4H-4G"});
  CHECK(state->to_move() == kRed);
}

TEST_CASE("chaturanga: a side that cannot move at the start is skipped too") {
  auto game = gamerec::test::make("chaturanga", {{"setup", " / K4H / K8E / K5A"}});
  auto state = game->new_state();
  CHECK(state->to_move() == kGreen);
  CHECK(perft(*state, 1) == 5);  // king 4H: 3H, 5H, 3G, 4G, 5G
  auto stuck = gamerec::test::make("chaturanga", {{"setup", "P8A / / / "}});
  CHECK(stuck->new_state()->is_over());
  CHECK(stuck->new_state()->outcome().winners.empty());
}

TEST_CASE("chaturanga: a Move built off the board is off-board, not a stray read") {
  auto state = default_game().new_state();
  CHECK(state->check(Move{}) == MoveError{ErrorCode::kOffBoard});
  CHECK(state->check(Move{sq("2A"), 64, 0}) == MoveError{ErrorCode::kOffBoard});
}

TEST_CASE("chaturanga: a header position sets the side to move and the eliminated sides") {
  //  Black is out (its king was taken); its pawn on 5C stays on the board.
  const auto state = at("R4A K1D / K4H / K8E / P5C; to-move: red; eliminated: black");
  CHECK(state->to_move() == kRed);
  CHECK(cells(*state).eliminated(kBlack));
  play_all(default_game(), *state, {"8E-8D"});
  CHECK(state->to_move() == kYellow);  // Black is skipped
  // A team with both sides out has lost before the first move.
  const auto over = at("K1D / P2H / K8E / P5C; eliminated: green black");
  REQUIRE(over->is_over());
  CHECK(over->outcome().winners == std::vector<Side>{kYellow, kRed});
}

TEST_CASE("chaturanga: a malformed header position is a message naming the problem") {
  const auto& game = default_game();
  for (const char* bad : {"K1D / K4H", "K1D / K4H / K8E / K5A; to-move: blue", "X1D / / / ",
                          "K1D / K4H / K8E / K5A; castles: none", "K1D / K4H / K8E / K5A; to-move: red green",
                          "K1D / K4H / K8E / K5A; to-move: red; eliminated: red"}) {
    INFO(bad);
    auto made = game.new_state_from(bad);
    REQUIRE(!made.ok());
    CHECK_THAT(gamerec::test::english_error(made), Catch::StartsWith("position"));
  }
}

TEST_CASE("chaturanga: a side that forfeits loses with its partner") {
  const Outcome outcome = default_game().forfeit(kGreen);
  CHECK(outcome.over);
  CHECK(outcome.winners == std::vector<Side>{kYellow, kRed});
  CHECK(outcome.end == "forfeit");
}

// validate's loop applies chaturanga's moves without the virtual call.
static_assert(ChaturangaGame::kAppliesDirectly);

TEST_CASE("chaturanga: play_texts plays whole games as read_move and apply do, move by move") {
  // validate's loop applies moves its own way (rules/typed.h): random games
  // to their end, with captures, eliminations and skipped sides, then a move
  // the ended game refuses, must leave the same position, move count and
  // error as one read_move and apply per text.
  const ChaturangaGame& game = default_game();
  std::mt19937 random(20261206);
  int eliminations = 0;
  for (int round = 0; round < 40; ++round) {
    auto walk = game.new_state();
    std::vector<std::string> texts;
    while (!walk->is_over() && texts.size() < 2000) {
      const auto legal = walk->legal_moves();
      const Move move = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
      texts.push_back(chaturanga_move_text(move));
      walk->apply(move);
    }
    for (int side = 0; side < kSides; ++side) eliminations += cells(*walk).eliminated(side) ? 1 : 0;
    texts.push_back(walk->is_over() ? "2A-3A" : "9Z-1A");  // refused: game-over, or notation
    INFO("game " << round << ", " << texts.size() << " texts");
    gamerec::test::check_play_texts(game, texts, *walk);
  }
  CHECK(eliminations > 0);  // the games went as far as eliminations
}
