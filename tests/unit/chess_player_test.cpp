// Chess's computer players: level 1 by a one-ply evaluation of material and
// mobility, deeper levels by alpha-beta, random; all reproducible by seed.
#include <catch2/catch.hpp>

#include "games/chess/chess.h"
#include "test_support.h"

using namespace gamerec;
using namespace gamerec::chess;

namespace {

std::string choice(const std::string& level, const std::string& fen, std::optional<std::int64_t> movetime = {}) {
  const auto game = gamerec::test::make("chess");
  auto state = gamerec::test::position(*game, fen);
  auto chooser = game->make_chooser(level, ChooserSettings{1, movetime});
  REQUIRE(chooser);
  const auto move = chooser->choose_move(*state->observe(state->to_move()), state->legal_moves());
  REQUIRE(move);
  return game->move_text(*move, *state);
}

}  // namespace

TEST_CASE("chess player 1: takes the hanging queen (material)") {
  //  8 . . . . k . . .
  //  5 . . . q . . . .   the queen on d5 is free
  //  1 . . . R K . . .
  CHECK(choice("1", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1") == "Rxd5");
}

TEST_CASE("chess player 1: prefers the move that frees its pieces (mobility)") {
  // From the start the one-ply evaluation opens a bishop's or the queen's
  // diagonal: a centre pawn or a pawn in front of a bishop moves.
  const std::string move = choice("1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK((move == "e4" || move == "e3" || move == "d4" || move == "d3"));
}

TEST_CASE("chess player 2 and up: finds a mate in one and avoids a mate") {
  //  8 . . . . . . . k
  //  6 . . . . . . K .
  //  1 R . . . . . . .   Ra8 mates
  for (const char* level : {"2", "3"}) {
    INFO(level);
    CHECK(choice(level, "7k/8/6K1/8/8/8/8/R7 w - - 0 1") == "Ra8#");
  }
  // Black must stop Qxf7 mate (Scholar's mate threat): the search sees it.
  const std::string defence = choice("3", "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3");
  CHECK(defence != "Nf6");
}

TEST_CASE("chess players: the same seed replays the same choice, within --movetime") {
  const char* fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  CHECK(choice("random", fen) == choice("random", fen));
  CHECK(choice("2", fen) == choice("2", fen));
  CHECK_FALSE(choice("5", fen, 50).empty());
  const auto game = gamerec::test::make("chess");
  CHECK(game->make_chooser("6", {}) == nullptr);
  CHECK(game->make_chooser("best", {}) == nullptr);
}
