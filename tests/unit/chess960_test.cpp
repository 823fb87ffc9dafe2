// Chess960 (gamerec-games(7), CHESS960): the numbered starts, X-FEN and
// Shredder-FEN castling fields, castling with the king and a rook of any
// files (O-O, O-O-O, or the king taking its own rook in coordinates), and
// the PGN Variant tag. The move generator's counts are checked against the
// published tables in perft_test.cpp.
#include <catch2/catch.hpp>

#include <set>

#include "games/chess/chess.h"
#include "test_support.h"

using namespace gamerec;
using namespace gamerec::chess;

namespace {

std::string fen_after(const Game& game, const std::string& start, const std::vector<std::string>& moves) {
  auto state = test::position(game, start);
  test::play_all(game, *state, moves);
  return downcast<ChessState>(*state).fen();
}

}  // namespace

TEST_CASE("chess960: start positions by Scharnagl's number") {
  CHECK(fen_of(chess960_start(518)) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(fen_of(chess960_start(0)) == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  CHECK(fen_of(chess960_start(959)) == "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1");
  // Each number is a different start: bishops on both colours, the king
  // between the rooks.
  std::set<std::string> seen;
  for (int number = 0; number < 960; ++number) {
    const Position p = chess960_start(number);
    const std::string fen = fen_of(p);
    seen.insert(fen);
    const int king = p.king(kWhite);
    CHECK(p.castle_rooks[1] < king);
    CHECK(p.castle_rooks[0] > king);
    const Bitboard bishops = p.pieces(kWhite, kBishop);
    CHECK(std::popcount(bishops) == 2);
    CHECK(((std::countr_zero(bishops) ^ (63 - std::countl_zero(bishops))) & 1) == 1);
  }
  CHECK(seen.size() == 960);

  const auto game = test::make("chess960", {{"start", "0"}});
  CHECK(downcast<ChessState>(*game->new_state()).fen() == "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  const auto standard = test::make("chess960");
  CHECK(downcast<ChessState>(*standard->new_state()).fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

TEST_CASE("chess960: Shredder-FEN and X-FEN castling fields") {
  auto shredder = parse_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true);
  REQUIRE(shredder.ok());
  // X-FEN: K and Q name the outermost rook of the wing.
  CHECK(fen_of(shredder.value()) == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
  CHECK(shredder.value().castle_rooks[0] == 7);
  CHECK(shredder.value().castle_rooks[1] == 5);
  // A rook inside another of the wing keeps its file letter.
  auto inner = parse_fen("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", true);
  REQUIRE(inner.ok());
  CHECK(fen_of(inner.value()) == "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
  auto x_fen = parse_fen("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1", true);
  REQUIRE(x_fen.ok());
  CHECK(x_fen.value().castle_rooks[1] == 0);
  CHECK_FALSE(parse_fen("4k3/8/8/8/8/8/8/4K3 w C - 0 1", true).ok());  // no rook on c1

  // Standard chess says what a Chess960 field is.
  CHECK_THAT(test::english_error(parse_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")),
             Catch::Contains("Chess960"));
}

TEST_CASE("chess960: castling with the rooks where they stand") {
  const auto game = test::make("chess960");
  // King e1, rooks b1 and h1: O-O-O brings the king to c1 and the rook to d1.
  const std::string start = "4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1";
  CHECK(fen_after(*game, start, {"O-O-O"}) == "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
  CHECK(fen_after(*game, start, {"e1b1"}) == "4k3/8/8/8/8/8/8/2KR3R b - - 1 1");
  CHECK(fen_after(*game, start, {"O-O"}) == "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1");
  CHECK(fen_after(*game, start, {"e1h1"}) == "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1");
  // A king that does not move: g1 with the rook on h1.
  CHECK(fen_after(*game, "4k3/8/8/8/8/8/8/R5KR w HA - 0 1", {"O-O"}) == "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
  // A rook that ends where the king stood: king d1, rook c1, O-O-O.
  CHECK(fen_after(*game, "4k3/8/8/8/8/8/8/2RK4 w C - 0 1", {"O-O-O"}) == "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
  // SAN writes it as O-O / O-O-O.
  auto state = test::position(*game, start);
  Move move;
  REQUIRE_FALSE(test::check_text(*game, *state, "e1b1", move));
  CHECK(game->move_text(move, *state) == "O-O-O");

  // The rook leaving opens the back rank onto the king's square.
  auto shielded = test::position(*game, "4k3/8/8/8/8/8/8/rR3K2 w B - 0 1");
  CHECK(test::code_of(*game, *shielded, "O-O-O") == "king-in-check");
  // A piece on a square the king or rook must cross or land on.
  auto blocked = test::position(*game, "4k3/8/8/8/8/8/8/1RN1K3 w B - 0 1");
  CHECK(test::code_of(*game, *blocked, "O-O-O") == "blocked-path");
  // The king's two-square step is no castling in Chess960.
  CHECK(test::code_of(*game, *test::position(*game, start), "e1c1") == "illegal-move");
}

TEST_CASE("chess960: a start number out of range is refused") {
  CHECK_FALSE(test::catalogue().make_game("chess960", {{"start", "960"}}).ok());
  CHECK(test::catalogue().make_game("chess960", {{"start", "959"}}).ok());
}
