// FEN (gamerec-games(7), CHESS, "Positions (FEN)": strict parsing whose error names the bad field and
// why): a record's `position:`, a PGN FEN tag, perft --fen.
#include <catch2/catch.hpp>

#include "games/chess/chess.h"
#include "test_support.h"

using namespace gamerec;
using namespace gamerec::chess;

namespace {

std::string fen_problem(const std::string& fen) {
  return gamerec::test::english_error(parse_fen(fen));
}

}  // namespace

TEST_CASE("chess FEN: a position reads back as it was written") {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                          "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1"}) {
    auto parsed = parse_fen(fen);
    REQUIRE(parsed.ok());
    CHECK(fen_of(parsed.value()) == fen);
  }
  // The move counters may be left out.
  auto short_form = parse_fen("4k3/8/8/8/8/8/8/4K2R w K -");
  REQUIRE(short_form.ok());
  CHECK(fen_of(short_form.value()) == "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(short_form.value().key == short_form.value().compute_key());
}

TEST_CASE("chess FEN: each malformed field is named with its reason") {
  CHECK(fen_problem("8/8/8 w") ==
        "FEN: needs 6 fields (pieces, side to move, castling, en passant, halfmove clock, move number) or "
        "the first 4, not 2");
  CHECK(fen_problem("4k3/8/8/8/8/8/4K3 w - - 0 1") == "FEN field 1 (pieces): needs 8 ranks separated by '/', not 7");
  CHECK(fen_problem("4k3/9/8/8/8/8/8/4K3 w - - 0 1") ==
        "FEN field 1 (pieces): '9' is neither a piece letter (KQRBNP, Black's in lower case) nor a count 1-8");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K4 w - - 0 1") == "FEN field 1 (pieces): rank 1 covers 9 squares, not 8");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K2 w - - 0 1") == "FEN field 1 (pieces): rank 1 covers 7 squares, not 8");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4KK2 w - - 0 1") ==
        "FEN field 1 (pieces): White has 2 kings; each side needs exactly one");
  CHECK(fen_problem("8/8/8/8/8/8/8/4K3 w - - 0 1") ==
        "FEN field 1 (pieces): Black has 0 kings; each side needs exactly one");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/P3K3 w - - 0 1") ==
        "FEN field 1 (pieces): a pawn on a1; pawns never stand on the first or last rank");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K3 x - - 0 1") == "FEN field 2 (side to move): 'w' or 'b', not 'x'");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K3 w KX - 0 1") ==
        "FEN field 3 (castling): 'KX' is not '-' or some of KQkq in that order, each once");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K3 w K - 0 1") ==
        "FEN field 3 (castling): K needs the king on e1 and the rook on h1");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K3 w - e5 0 1") ==
        "FEN field 4 (en passant): 'e5' is not '-' or a square on rank 3 or 6");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K3 w - e6 0 1") ==
        "FEN field 4 (en passant): no pawn can just have passed e6");
  CHECK(fen_problem("4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1") ==
        "FEN field 4 (en passant): no pawn can just have passed e3");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K3 w - - -1 1") ==
        "FEN field 5 (halfmove clock): '-1' is not a whole number from 0 to 9223372036854775807");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K3 w - - 0 0") ==
        "FEN field 6 (move number): '0' is not a whole number from 1 to 9223372036854775807");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K2R w - - 0 1x") ==
        "FEN field 6 (move number): '1x' is not a whole number from 1 to 9223372036854775807");
  CHECK(fen_problem("4k2R/8/8/8/8/8/8/4K3 w - - 0 1") == "FEN: Black is in check but not to move");
}

TEST_CASE("chess FEN: a count beyond 64 bits is refused, a large one is kept, and counting never wraps") {
  // Refused, with the range named: it does not fit.
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K3 w - - 9223372036854775808 1") ==
        "FEN field 5 (halfmove clock): '9223372036854775808' is not a whole number from 0 to 9223372036854775807");
  CHECK(fen_problem("4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999") ==
        "FEN field 6 (move number): '99999999999999999999' is not a whole number from 1 to 9223372036854775807");
  const auto game = gamerec::test::make("chess");
  const auto& text = *game->facet<PositionText>();
  // A clock past the 75-move rule ends the game at once: the moves are
  // played as a record's moves after that end are (its end lifted).
  auto play_on = [&](State& state, const std::vector<std::string>& moves) {
    for (const std::string& move : moves) {
      game->facet<AutomaticEnds>()->lift_automatic_end(state);
      gamerec::test::play_all(*game, state, {move});
    }
  };
  // Past 32 bits: read, counted on and written as they are.
  for (const std::string count : {"2147483647", "2147483648", "99999999999"}) {
    INFO(count);
    const std::string fen = "4k3/8/8/8/8/8/8/R3K3 b - - " + count + " " + count;
    auto state = gamerec::test::position(*game, fen);
    CHECK(text.position_text(*state) == fen);
    play_on(*state, {"Kd7", "Kd2"});
    const std::int64_t n = std::stoll(count);
    CHECK(text.position_text(*state) ==
          "8/3k4/8/8/8/8/3K4/R7 b - - " + std::to_string(n + 2) + " " + std::to_string(n + 1));
  }
  // At the largest count, counting stops there.
  const std::string largest = "4k3/8/8/8/8/8/8/R3K3 b - - 9223372036854775807 9223372036854775807";
  auto last = gamerec::test::position(*game, largest);
  play_on(*last, {"Kd7", "Kd2"});
  CHECK(text.position_text(*last) == "8/3k4/8/8/8/8/3K4/R7 b - - 9223372036854775807 9223372036854775807");
}

TEST_CASE("chess FEN: Spanish messages name the field too") {
  static const Messages messages = Messages::load("es").value();
  const auto game = gamerec::test::make("chess");
  auto parsed = parse_fen("4k3/8/8/8/8/8/8/4KK2 w - - 0 1");
  REQUIRE(!parsed.ok());
  CHECK(messages.text(parsed.error(), &game->definition()) ==
        "FEN campo 1 (piezas): Blancas tienen 2 reyes; cada bando necesita exactamente uno");
}

TEST_CASE("chess: a record's position header starts the game from a FEN") {
  const auto game = gamerec::test::make("chess");
  auto state = gamerec::test::position(*game, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(gamerec::test::code_of(*game, *state, "O-O") == "ok");
  auto bad = game->new_state_from("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
  REQUIRE(!bad.ok());
  CHECK(bad.error().key == "fen.castling-rook");
  // The start option is a FEN too: a variant can start elsewhere.
  const auto pawns = gamerec::test::make("chess", {{"start", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"}});
  CHECK(perft(*pawns->new_state(), 1) == 18);  // 16 pawn moves, Kd1, Kf1
  CHECK_THROWS(gamerec::test::make("chess", {{"start", "nonsense"}}));
}
