// Scenario tests for chess (gamerec-games(7), CHESS), one per rule and per error code.
// Boards are drawn with rank 8 at the top, White's pieces in upper case and
// Black's in lower case, as in FEN.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>

#include "games/chess/chess.h"
#include "rules/typed.h"
#include "test_support.h"

using namespace gamerec;
using namespace gamerec::chess;
using gamerec::test::code_of;
using gamerec::test::play;
using gamerec::test::play_all;

namespace {

const Game& chess_game() {
  static const auto game = gamerec::test::make("chess");
  return *game;
}

std::unique_ptr<State> from_fen(const std::string& fen) { return gamerec::test::position(chess_game(), fen); }

// The English message of the error `text` gets in `state`, or "ok".
std::string reason(const State& state, const std::string& text) {
  static const Messages messages = Messages::load("en").value();
  Move move;
  auto error = gamerec::test::check_text(chess_game(), state, text, move);
  return error ? messages.error_reason(*error, chess_game().definition()) : "ok";
}

// The move a text resolves to, in coordinates ("e2e4"), or its error code.
std::string resolved(const State& state, const std::string& text) {
  Move move;
  if (auto error = gamerec::test::check_text(chess_game(), state, text, move)) return std::string(code_name(error->code));
  return coordinate_text(to_chess_move(move));
}

std::string san_of(const State& state, const std::string& coordinates) {
  Move move;
  REQUIRE_FALSE(gamerec::test::check_text(chess_game(), state, coordinates, move));
  return chess_game().move_text(move, state);
}

Outcome after(std::unique_ptr<State>& state, const std::vector<std::string>& moves) {
  play_all(chess_game(), *state, moves);
  return state->outcome();
}

// One of `moves`, drawn by a 64-bit LCG on `seed`: the random games of the
// property tests below, the same on every run.
const Move& random_move(const std::vector<Move>& moves, std::uint64_t& seed) {
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return moves[(seed >> 33) % moves.size()];
}

}  // namespace

TEST_CASE("chess notation: coordinate forms, with promotion, in any case") {
  auto start = chess_game().new_state();
  for (const char* text : {"e2e4", "E2E4", "E2-E4", "e2-e4", "E2 E4", "e2xe4"}) {
    INFO(text);
    CHECK(resolved(*start, text) == "e2e4");
  }
  //  8 . . . . k . . .
  //  7 . . . . P . . .
  //  1 . . . . K . . .   (e7-e8 promotes)
  auto promote = from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
  CHECK(resolved(*promote, "e7e8q") == "e7e8q");
  CHECK(resolved(*promote, "E7-E8=Q") == "e7e8q");
  CHECK(resolved(*promote, "E7 E8 Q") == "e7e8q");
  CHECK(resolved(*promote, "e7e8n") == "e7e8n");
  CHECK(resolved(*promote, "e8=R") == "e7e8r");
  CHECK(resolved(*promote, "e8B") == "e7e8b");
}

TEST_CASE("chess notation: SAN with captures, checks, mates and annotations") {
  auto start = chess_game().new_state();
  CHECK(resolved(*start, "Nf3") == "g1f3");
  CHECK(resolved(*start, "Ng1f3") == "g1f3");
  CHECK(resolved(*start, "Ng1-f3") == "g1f3");
  CHECK(resolved(*start, "nf3") == "g1f3");
  CHECK(resolved(*start, "e4!") == "e2e4");
  CHECK(resolved(*start, "e4?") == "e2e4");
  CHECK(resolved(*start, "e4!?") == "e2e4");
  CHECK(resolved(*start, "e4??") == "e2e4");
  CHECK(resolved(*start, "Pe4") == "e2e4");
  CHECK(resolved(*start, "B2B4") == "b2b4");
  //  8 . . . . . . . .
  //  7 . . . . B . . .   bishops on e7 and e3: B3c5 is SAN, not b3-c5
  //  3 . . . . B . . .
  auto bishops = from_fen("8/4B3/6k1/8/2r4p/4B1p1/6K1/8 w - - 6 116");
  CHECK(resolved(*bishops, "B3c5") == "e3c5");
  CHECK(resolved(*bishops, "B7c5") == "e7c5");
  for (const char* text : {"Nz9", "hello", "e2e9", "K", "xe4", "Ke", "exe4", "Nf3=Q", "e2e4k", "i2i4", "O-O-O-O"}) {
    INFO(text);
    CHECK(code_of(chess_game(), *start, text) == "notation");
  }
}

TEST_CASE("chess: SAN disambiguation by file") {
  //  8 . . . . k . . .
  //  3 . . . . . N . .
  //  1 . N . . K . . .   both knights reach d2
  auto state = from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  CHECK(resolved(*state, "Nbd2") == "b1d2");
  CHECK(resolved(*state, "Nfd2") == "f3d2");
  CHECK(san_of(*state, "b1d2") == "Nbd2");
  CHECK(code_of(chess_game(), *state, "Nd2") == "ambiguous");
  CHECK(reason(*state, "Nd2") == "ambiguous: Nbd2 or Nfd2");
}

TEST_CASE("chess: SAN disambiguation by rank") {
  //  8 . . . . k . . .
  //  5 R . . . . . . .
  //  1 R . . . K . . .   both rooks reach a3
  auto state = from_fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
  CHECK(resolved(*state, "R1a3") == "a1a3");
  CHECK(resolved(*state, "R5a3") == "a5a3");
  CHECK(san_of(*state, "a5a3") == "R5a3");
  CHECK(code_of(chess_game(), *state, "Ra3") == "ambiguous");
}

TEST_CASE("chess: SAN disambiguation by file and rank") {
  //  8 . . . . k . . .
  //  3 Q . . . . . . .
  //  1 Q . Q . K . . .   three queens reach b2
  auto state = from_fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
  CHECK(san_of(*state, "a1b2") == "Qa1b2");
  CHECK(san_of(*state, "c1b2") == "Qcb2");
  CHECK(san_of(*state, "a3b2") == "Q3b2");
  CHECK(resolved(*state, "Qa1b2") == "a1b2");
  CHECK(resolved(*state, "Q3b2") == "a3b2");
  CHECK(resolved(*state, "Qa1xb2") == "a1b2");
  CHECK(code_of(chess_game(), *state, "Qab2") == "ambiguous");
  CHECK(reason(*state, "Qb2") == "ambiguous: Qa1b2, Qcb2 or Q3b2");
}

TEST_CASE("chess: a pinned piece does not count for disambiguation") {
  //  8 . . . . r . k .
  //  3 . . . . . . . .
  //  2 . . . . N . . .   the e2 knight is pinned by the rook on e8
  //  1 . N . . K . . .
  auto state = from_fen("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1");
  CHECK(san_of(*state, "b1c3") == "Nc3");
  CHECK(resolved(*state, "Nc3") == "b1c3");
}

TEST_CASE("chess: promotion with capture") {
  //  8 . . . r . . . k
  //  7 . . . . P . . .
  //  1 . . . . K . . .
  auto state = from_fen("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
  CHECK(resolved(*state, "exd8=Q") == "e7d8q");
  CHECK(resolved(*state, "exd8=N") == "e7d8n");
  CHECK(resolved(*state, "e7d8q") == "e7d8q");
  CHECK(san_of(*state, "e7d8q") == "exd8=Q+");
  CHECK(san_of(*state, "e7e8r") == "e8=R+");
  CHECK(code_of(chess_game(), *state, "e7e8") == "illegal-move");
  CHECK(reason(*state, "exd8") == "a pawn reaching the last rank must promote: add Q, R, B or N");
  CHECK(reason(*state, "Kd1=Q") == "not a move in chess notation (a move looks like e2e4)");
  auto early = chess_game().new_state();
  CHECK(reason(*early, "e2e4q") == "only a pawn reaching the last rank promotes");
}

TEST_CASE("chess: en passant only right after the double step") {
  //  8 . . . . k . . .
  //  7 . . p . . . . .
  //  5 . P . . . . . .
  //  1 . . . . K . . .   Black to move
  auto state = from_fen("4k3/2p5/8/1P6/8/8/8/4K3 b - - 0 1");
  auto now = state->clone();
  play_all(chess_game(), *now, {"c5"});
  CHECK(resolved(*now, "bxc6") == "b5c6");
  CHECK(resolved(*now, "bxc6 e.p.") == "b5c6");
  CHECK(resolved(*now, "bxc6e.p.") == "b5c6");
  play_all(chess_game(), *now, {"bxc6"});
  CHECK(gamerec::downcast<ChessState>(*now).position().cells[34] == kEmpty);  // c5 captured
  auto later = state->clone();
  play_all(chess_game(), *later, {"c5", "Kd2", "Kd8"});
  CHECK(code_of(chess_game(), *later, "bxc6") == "illegal-move");
  CHECK(reason(*later, "bxc6") == "a pawn moves diagonally only to capture, and c6 is empty");
}

TEST_CASE("chess: en passant that would expose the own king is illegal") {
  //  8 . . . . . . . .
  //  6 . . . . . . . .   Black has just played c7-c5
  //  5 K P p . . . . r
  //  1 . . . . . . . k
  auto state = from_fen("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
  CHECK(code_of(chess_game(), *state, "bxc6") == "king-in-check");
  CHECK(reason(*state, "b5c6") == "capturing en passant would expose your king to the rook on h5");
  // The capture is not a legal move, so the position does not depend on it.
  CHECK(gamerec::downcast<ChessState>(*state).fen() == "8/8/8/KPp4r/8/8/8/7k w - - 0 1");
}

TEST_CASE("chess: the en passant square is kept exactly when a legal move captures there") {
  // After every move of random games, and in positions made for the rare
  // cases (a pin, a check the capture does or does not answer): the
  // position keeps its en passant square (FEN, key) exactly when the move
  // generator lists a capture onto it (Position::drop_unusable_ep asks
  // only the pawns beside).
  auto keeps_exactly_when_capturable = [](const State& state) {
    const Position& p = gamerec::downcast<ChessState>(state).position();
    // The generator lists a capture en passant only while the square is
    // kept: it is asked with the square of the last double step restored.
    Position asked = p;
    asked.ep = p.passed;
    bool capturable = false;
    if (p.passed >= 0) {
      for_each_legal_move(asked, tables(), [&](ChessMove move) {
        capturable = capturable || (move.to == p.passed && cell_type(p.cells[move.from]) == kPawn);
        return capturable;
      });
    }
    INFO(gamerec::downcast<ChessState>(state).fen());
    CHECK((p.ep >= 0) == capturable);
    return capturable;
  };
  std::uint64_t seed = 99;
  int kept = 0;
  for (int game = 0; game < 200; ++game) {
    auto state = chess_game().new_state();
    for (int ply = 0; ply < 120 && !state->is_over(); ++ply) {
      const auto moves = state->legal_moves();
      state->apply(random_move(moves, seed));
      kept += keeps_exactly_when_capturable(*state) ? 1 : 0;
    }
  }
  CHECK(kept > 50);
  const std::vector<std::pair<std::string, bool>> made = {
      {"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", true},    // plain
      {"8/8/8/KPp4r/8/8/8/7k w - c6 0 1", false},     // both pawns leave the king's rank to a rook
      {"4b2k/8/8/1Pp5/K7/8/8/8 w - c6 0 1", true},    // pinned, but the capture stays on the pin's line
      {"1b5k/8/8/4Pp2/8/6K1/8/8 w - f6 0 1", false},  // pinned, and the capture leaves the line
      {"2b4k/8/8/3pP3/8/7K/8/8 w - d6 0 1", false},   // the step bared a bishop's check: not answered
      {"7k/8/8/3pP3/4K3/8/8/8 w - d6 0 1", true},     // the passed pawn checks: taking it answers
  };
  for (const auto& [fen, capturable] : made) {
    INFO(fen);
    CHECK(keeps_exactly_when_capturable(*from_fen(fen)) == capturable);
  }
}

TEST_CASE("chess: castling on both wings, written as the king's move or O-O") {
  //  8 r . . . k . . r
  //  1 R . . . K . . R
  auto state = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(resolved(*state, "O-O") == "e1g1");
  CHECK(resolved(*state, "0-0") == "e1g1");
  CHECK(resolved(*state, "O-O-O") == "e1c1");
  CHECK(resolved(*state, "0-0-0") == "e1c1");
  CHECK(resolved(*state, "e1g1") == "e1g1");
  CHECK(san_of(*state, "e1c1") == "O-O-O");
  play_all(chess_game(), *state, {"O-O", "O-O-O"});
  const Position& p = gamerec::downcast<ChessState>(*state).position();
  CHECK(p.cells[5] == make_cell(kWhite, kRook));
  CHECK(p.cells[6] == make_cell(kWhite, kKing));
  CHECK(p.cells[59] == make_cell(kBlack, kRook));
  CHECK(p.cells[58] == make_cell(kBlack, kKing));
  CHECK(p.castling == 0);
}

TEST_CASE("chess: castling out of check") {
  //  8 . . . . r . k .
  //  1 . . . . K . . R   the rook on e8 gives check
  auto state = from_fen("4r1k1/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK(code_of(chess_game(), *state, "O-O") == "king-in-check");
  CHECK(reason(*state, "e1g1") == "cannot castle out of check (the rook on e8 gives check)");
}

TEST_CASE("chess: castling through check") {
  //  8 . . . . k . . .
  //  4 . . b . . . . .   the bishop on c4 covers f1
  //  1 . . . . K . . R
  auto state = from_fen("4k3/8/8/8/2b5/8/8/4K2R w K - 0 1");
  CHECK(code_of(chess_game(), *state, "e1g1") == "king-in-check");
  CHECK(reason(*state, "e1g1") == "cannot castle through f1, attacked by the bishop on c4");
}

TEST_CASE("chess: castling into check") {
  //  8 . . . . k . . .
  //  5 . . b . . . . .   the bishop on c5 covers g1
  //  1 . . . . K . . R
  auto state = from_fen("4k3/8/8/2b5/8/8/8/4K2R w K - 0 1");
  CHECK(code_of(chess_game(), *state, "O-O") == "king-in-check");
  CHECK(reason(*state, "O-O") == "cannot castle into check: g1 is attacked by the bishop on c5");
}

TEST_CASE("chess: castling needs the squares between empty and the right kept") {
  auto start = chess_game().new_state();
  CHECK(code_of(chess_game(), *start, "O-O") == "blocked-path");
  CHECK(reason(*start, "O-O-O") == "cannot castle: d1 is not empty");
  auto moved = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play_all(chess_game(), *moved, {"Kf1", "Kd8", "Ke1", "Ke8"});
  CHECK(code_of(chess_game(), *moved, "O-O") == "illegal-move");
  CHECK(reason(*moved, "e1c1") == "White can no longer castle queenside: the king or that rook has moved");
  auto rook_moved = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  play_all(chess_game(), *rook_moved, {"Rh2", "Rh7", "Rh1", "Rh8"});
  CHECK(code_of(chess_game(), *rook_moved, "O-O") == "illegal-move");
  CHECK(resolved(*rook_moved, "O-O-O") == "e1c1");
}

TEST_CASE("chess error: notation") {
  auto start = chess_game().new_state();
  CHECK(code_of(chess_game(), *start, "e2-e9") == "notation");
  CHECK(reason(*start, "Zf3") == "not a move in chess notation (a move looks like e2e4)");
}

TEST_CASE("chess error: empty-square") {
  auto start = chess_game().new_state();
  CHECK(code_of(chess_game(), *start, "e3e4") == "empty-square");
  CHECK(reason(*start, "e3e4") == "there is no piece on e3");
  //  8 . . . . k . . .
  //  7 . . . . . . . p
  //  5 . N . . . . . .
  //  1 . . . . K . . .
  auto knight = from_fen("4k3/7p/8/1N6/8/8/8/4K3 w - - 0 1");
  CHECK(reason(*knight, "Nfd4") == "you have no knight on the f-file");
  CHECK(reason(*knight, "Qd4") == "you have no queen");
  CHECK(reason(*knight, "N3d4") == "you have no knight on rank 3");
}

TEST_CASE("chess error: not-your-turn") {
  auto start = chess_game().new_state();
  CHECK(code_of(chess_game(), *start, "e7e5") == "not-your-turn");
  CHECK(reason(*start, "e7e5") == "the pawn on e7 is Black's");
}

TEST_CASE("chess error: allied-destination") {
  auto start = chess_game().new_state();
  CHECK(code_of(chess_game(), *start, "d1d2") == "allied-destination");
  CHECK(reason(*start, "Nd2") == "d2 holds your own pawn");
  CHECK(reason(*start, "e2e2") == "the piece would stay where it is");
}

TEST_CASE("chess error: illegal-move") {
  auto start = chess_game().new_state();
  CHECK(code_of(chess_game(), *start, "g1g3") == "illegal-move");
  CHECK(reason(*start, "g1g3") == "a knight cannot move from g1 to g3");
  CHECK(reason(*start, "e2e5") == "a pawn cannot move from e2 to e5");
  CHECK(reason(*start, "Ng4") == "no knight can reach g4");
  //  8 . . . . k . . .
  //  7 . . . . . . . p
  //  5 . N . . . . . .   the only knight on the b-file cannot reach d2
  //  1 . . . . K . . .
  auto knight = from_fen("4k3/7p/8/1N6/8/8/8/4K3 w - - 0 1");
  CHECK(reason(*knight, "Nbd2") == "no knight on the b-file can reach d2");
  CHECK(reason(*knight, "Nb5d2") == "the knight on b5 cannot reach d2");
  auto pushed = chess_game().new_state();
  play_all(chess_game(), *pushed, {"e4", "e5"});
  CHECK(reason(*pushed, "e4e5") == "a pawn moves straight only onto an empty square, and e5 holds a pawn");
  CHECK(reason(*pushed, "d4") == "ok");
  CHECK(reason(*pushed, "exd5") == "a pawn moves diagonally only to capture, and d5 is empty");
}

TEST_CASE("chess error: blocked-path") {
  auto start = chess_game().new_state();
  CHECK(code_of(chess_game(), *start, "f1c4") == "blocked-path");
  CHECK(reason(*start, "Bc4") == "the bishop on f1 is blocked at e2");
  CHECK(reason(*start, "a1a3") == "the rook on a1 is blocked at a2");
  //  3 . . . . N . . .   the knight blocks the pawn's double step
  auto blocked = chess_game().new_state();
  play_all(chess_game(), *blocked, {"Nf3", "e5", "Ne5", "d6", "Nf3", "d5", "Ne5", "d4", "Nd3", "h6"});
  CHECK(reason(*blocked, "d2d4") == "the pawn on d2 is blocked at d3");
}

TEST_CASE("chess error: king-in-check") {
  //  8 . . . . r . k .
  //  2 . . . . B . . .   the bishop is pinned by the rook on e8
  //  1 . . . . K . . .
  auto pinned = from_fen("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
  CHECK(code_of(chess_game(), *pinned, "Bb5") == "king-in-check");
  CHECK(reason(*pinned, "Bb5") == "the bishop on e2 is pinned to the king by the rook on e8");
  CHECK(reason(*pinned, "Kf2") == "ok");
  CHECK(reason(*pinned, "Kf1") == "ok");
  //  8 . . . . r . k .
  //  1 . . . R K . . .   in check: a rook move elsewhere does not answer it
  auto check = from_fen("4r1k1/8/8/8/8/8/8/3RK3 w - - 0 1");
  CHECK(reason(*check, "Rd4") == "your king is in check from the rook on e8");
  CHECK(reason(*check, "Ke2") == "the king cannot go to e2: attacked by the rook on e8");
  CHECK(reason(*check, "Rd1e1") == "e1 holds your own king");
}

TEST_CASE("chess error: ambiguous") {
  auto state = from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
  CHECK(code_of(chess_game(), *state, "Nd2") == "ambiguous");
}

TEST_CASE("chess error: game-over after checkmate") {
  auto state = chess_game().new_state();
  const Outcome outcome = after(state, {"f3", "e5", "g4", "Qh4#"});
  CHECK(outcome.over);
  CHECK(outcome.end == "checkmate");
  CHECK(outcome.winners == std::vector<Side>{kBlack});
  CHECK(code_of(chess_game(), *state, "e4") == "game-over");
  CHECK(state->to_move() == kNoSide);
  CHECK(state->legal_moves().empty());
}

TEST_CASE("chess: stalemate ends the game in a draw") {
  //  8 k . . . . . . .
  //  7 . . . . . . . .
  //  6 . K . . . . . .
  //  5 . . Q . . . . .   Qc7 leaves Black no move
  auto state = from_fen("k7/8/1K6/2Q5/8/8/8/8 w - - 0 1");
  const Outcome outcome = after(state, {"Qc7"});
  CHECK(outcome.over);
  CHECK(outcome.end == "stalemate");
  CHECK(outcome.winners.empty());
}

TEST_CASE("chess: threefold repetition may be claimed, fivefold ends the game") {
  auto state = chess_game().new_state();
  const std::vector<std::string> shuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};
  Outcome outcome = after(state, shuffle);
  CHECK(outcome.draw_claimable.empty());  // twice
  outcome = after(state, shuffle);
  CHECK_FALSE(outcome.over);
  CHECK(outcome.draw_claimable == "threefold");
  CHECK(gamerec::downcast<ChessState>(*state).repetitions() == 3);
  outcome = after(state, shuffle);
  CHECK_FALSE(outcome.over);
  outcome = after(state, shuffle);
  CHECK(outcome.over);
  CHECK(outcome.end == "fivefold");
  CHECK(code_of(chess_game(), *state, "e4") == "game-over");
}

TEST_CASE("chess: repetition needs the same castling rights and side to move") {
  auto state = chess_game().new_state();
  // The king's trip loses the castling rights: the start never comes back.
  after(state, {"e4", "e5", "Ke2", "Ke7", "Ke1", "Ke8", "Ke2", "Ke7", "Ke1", "Ke8"});
  CHECK(gamerec::downcast<ChessState>(*state).repetitions() == 2);
  CHECK(state->outcome().draw_claimable.empty());
}

TEST_CASE("chess: the 50-move rule may be claimed, the 75-move rule ends the game") {
  //  8 . . . . k . . .
  //  1 R . . . K . . .   99 plies without a capture or pawn move so far
  auto fifty = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  CHECK(fifty->outcome().draw_claimable.empty());
  CHECK(after(fifty, {"Ra2"}).draw_claimable == "fifty-moves");
  auto seventy_five = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
  const Outcome outcome = after(seventy_five, {"Ra2"});
  CHECK(outcome.over);
  CHECK(outcome.end == "seventy-five-moves");
  // A pawn move resets the count.
  auto reset = from_fen("4k3/8/8/8/8/8/P7/R3K3 w - - 149 100");
  CHECK_FALSE(after(reset, {"a3"}).over);
}

TEST_CASE("chess: a mate on the 150th ply is a mate, not a 75-move draw") {
  //  8 . . . . . . . k
  //  7 . . . . . . . .
  //  6 . . . . . . K .
  //  1 R . . . . . . .   Ra8 mates
  auto state = from_fen("7k/8/6K1/8/8/8/8/R7 w - - 149 100");
  const Outcome outcome = after(state, {"Ra8#"});
  CHECK(outcome.end == "checkmate");
  CHECK(outcome.winners == std::vector<Side>{kWhite});
}

TEST_CASE("chess: insufficient material ends the game") {
  //  8 . . . . k . . .
  //  2 . . . n r . . .   Kxe2 leaves king and knight against king
  //  1 . . . . K . . .
  auto state = from_fen("4k3/8/8/8/8/8/3nr3/4K3 w - - 0 1");
  const Outcome outcome = after(state, {"Kxe2"});
  CHECK(outcome.over);
  CHECK(outcome.end == "insufficient-material");
  CHECK(outcome.winners.empty());

  auto dead = [](const std::string& fen) {
    auto parsed = parse_fen(fen);
    REQUIRE(parsed.ok());
    return insufficient_material(parsed.value());
  };
  CHECK(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));         // kings alone
  CHECK(dead("4k3/8/8/8/8/8/8/3BK3 w - - 0 1"));        // one bishop
  CHECK(dead("4k3/8/8/8/8/2b5/8/B3K3 w - - 0 1"));      // bishops a1 and c3: both dark
  CHECK_FALSE(dead("4k3/8/8/8/8/8/2b5/B3K3 w - - 0 1"));  // a1 dark, c2 light
  CHECK_FALSE(dead("4k3/8/8/8/8/8/2n5/N3K3 w - - 0 1"));  // two knights: a mate exists
  CHECK_FALSE(dead("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
}

TEST_CASE("chess: SAN and coordinates of every legal move resolve back to it in random games") {
  std::uint64_t seed = 7;
  for (int game = 0; game < 20; ++game) {
    auto state = chess_game().new_state();
    for (int ply = 0; ply < 300 && !state->is_over(); ++ply) {
      const auto moves = state->legal_moves();
      const auto& p = gamerec::downcast<ChessState>(*state).position();
      for (const Move& move : moves) {
        const std::string san_text = chess_game().move_text(move, *state);
        const std::string coordinates = coordinate_text(to_chess_move(move));
        INFO(gamerec::downcast<ChessState>(*state).fen() << " " << san_text);
        Move back;
        REQUIRE_FALSE(gamerec::test::check_text(chess_game(), *state, san_text, back));
        REQUIRE(back == move);
        REQUIRE_FALSE(gamerec::test::check_text(chess_game(), *state, coordinates, back));
        REQUIRE(back == move);
        // Check marks agree with the position after the move.
        Position next = p;
        next.make(to_chess_move(move));
        const char last = san_text.back();
        REQUIRE((last == '+' || last == '#') == next.in_check(tables()));
      }
      state->apply(random_move(moves, seed));
    }
  }
}

TEST_CASE("chess: the fast reader of plain SAN agrees with the reader of every form") {
  // Every text of up to five characters over letters that make moves and
  // near-moves: both readers accept the same texts and read the same move.
  const std::string_view alphabet = "abeh128xNBKQRP+#=-";
  std::string text;
  std::size_t accepted = 0;
  std::string first_disagreement;
  std::function<void(std::size_t)> each = [&](std::size_t length) {
    if (text.size() == length) {
      SanMove fast;
      SanMove every;
      const bool by_fast = gamerec::chess::read_chess_move(text, fast);
      const bool by_every = gamerec::chess::read_chess_move_every_form(text, every);
      const bool same = by_fast == by_every &&
                        (!by_fast || (fast.move == every.move && fast.complete == every.complete &&
                                      fast.piece == every.piece && fast.file == every.file &&
                                      fast.rank == every.rank && fast.marks == every.marks));
      if (!same && first_disagreement.empty()) first_disagreement = text;
      accepted += by_fast ? 1 : 0;
      return;
    }
    for (const char c : alphabet) {
      text.push_back(c);
      each(length);
      text.pop_back();
    }
  };
  for (std::size_t length = 1; length <= 5; ++length) each(length);
  CHECK(first_disagreement == "");
  CHECK(accepted > 10000);
}

TEST_CASE("chess: the quick SAN resolver proves exactly the moves the move generator makes unique") {
  // In positions of random games, every SAN a player could write (each
  // piece letter, each destination, no hint, a file, a rank or both, with
  // and without a promotion) against the legal moves it describes, from
  // the move generator: the quick resolver proves a move only when exactly
  // one legal move fits the text, and then that move; and it proves every
  // text that exactly one legal move fits (castling written as the king's
  // two-square step is the full resolver's alone). It keeps only the
  // pieces whose empty-board reach holds the destination
  // (resolve_san_quickly): a wrong filter shows here.
  std::uint64_t seed = 11;
  std::size_t proved = 0;
  std::size_t refused = 0;
  for (int game = 0; game < 6; ++game) {
    auto state = chess_game().new_state();
    for (int ply = 0; ply < 160 && !state->is_over(); ++ply) {
      const Position& p = gamerec::downcast<ChessState>(*state).position();
      const auto legal = state->legal_moves();
      for (int piece = kKing; piece <= kPawn; ++piece) {
        for (int to = 0; to < 64; ++to) {
          for (int hint = 0; hint < 4; ++hint) {
            for (const int promotion : {0, static_cast<int>(kQueen)}) {
              SanMove written;
              written.complete = false;
              written.move = Move{-1, to, promotion};
              written.piece = static_cast<std::int8_t>(piece);
              // The hint names the file or rank of a piece of that type, if any.
              const Bitboard own = p.pieces(p.side, piece);
              const int first = own != 0 ? std::countr_zero(own) : 0;
              written.file = static_cast<std::int8_t>((hint & 1) != 0 ? first % 8 : -1);
              written.rank = static_cast<std::int8_t>((hint & 2) != 0 ? first / 8 : -1);
              // The legal moves the text describes, as SAN reads it: a pawn
              // naming no file moves along its destination's.
              std::vector<Move> fitting;
              for (const Move& m : legal) {
                const bool castling_step = piece == kKing && (m.to - m.from == 2 || m.from - m.to == 2);
                if (cell_type(p.cells[static_cast<std::size_t>(m.from)]) == piece && m.to == to &&
                    m.flag == promotion && !castling_step &&
                    (written.file < 0 || m.from % 8 == written.file) &&
                    (written.rank < 0 || m.from / 8 == written.rank) &&
                    (piece != kPawn || written.file >= 0 || m.from % 8 == to % 8))
                  fitting.push_back(m);
              }
              ChessMove quick;
              const bool by_quick = resolve_san_quickly(p, written, quick);
              INFO(gamerec::downcast<ChessState>(*state).fen()
                   << " piece " << piece << " to " << to << " hint " << hint << " promotion " << promotion);
              REQUIRE(by_quick == (fitting.size() == 1));
              if (by_quick) {
                REQUIRE(to_core_move(quick) == fitting.front());
                ++proved;
              } else {
                ++refused;
              }
            }
          }
        }
      }
      state->apply(random_move(legal, seed));
    }
  }
  CHECK(proved > 10000);
  CHECK(refused > 100000);
}

// validate's loop applies chess's moves without the virtual call.
static_assert(ChessGame::kAppliesDirectly);

TEST_CASE("chess: play_texts plays whole games as read_move and apply do, move by move") {
  // validate's loop applies moves its own way (rules/typed.h): random games
  // in SAN to their end or 300 plies (captures, castling, en passant,
  // promotions, repetitions), then a text the position refuses, must leave
  // the same position, history, move count and error as one read_move and
  // apply per text. (All three states make their moves with apply_direct:
  // the steps of a move are held to perft's published counts and to
  // chess.js on real games elsewhere.)
  const Game& game = chess_game();
  std::uint64_t seed = 20261206;
  int castlings = 0;
  for (int round = 0; round < 30; ++round) {
    auto walk = game.new_state();
    std::vector<std::string> texts;
    while (!walk->is_over() && texts.size() < 300) {
      const auto legal = walk->legal_moves();
      const Move move = random_move(legal, seed);
      texts.push_back(game.move_text(move, *walk));
      castlings += texts.back().starts_with("O-O") ? 1 : 0;
      walk->apply(move);
    }
    texts.push_back("Ke9");  // refused: notation (or game-over)
    INFO("game " << round << ", " << texts.size() << " texts");
    const auto batch = gamerec::test::check_play_texts(game, texts, *walk);
    CHECK(std::ranges::equal(gamerec::downcast<ChessState>(*batch).history(),
                             gamerec::downcast<ChessState>(*walk).history()));
  }
  CHECK(castlings > 0);
}
