// Chess verdicts cross-checked against an independent implementation:
// tests/data/chess/xcheck/games.pgn holds random and corrupted games (bad
// SAN, ambiguous or wrong disambiguation, castling out of, through or into
// check, en passant along a pinned rank, promotions written wrong, moves
// after the end) and games.expected what chess.js says of each: the first
// move it refuses, or the end and the final position. Both are written by
// tests/tools/chess_xcheck_gen.mjs (node and chess.js; not run here).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "games/chess/chess.h"
#include "test_support.h"

using namespace gamerec;

namespace {

const std::string kDir = std::string(GAMEREC_SOURCE_DIR) + "/tests/data/chess/xcheck";

// "bad PLY", or "ok END FEN" as games.expected writes a verdict.
std::string verdict(const RunResult& run, const State& end) {
  if (run.error) return "bad " + std::to_string(run.moves + 1);
  const Outcome outcome = end.outcome();
  std::string reason = !outcome.end.empty() ? outcome.end : outcome.draw_claimable;
  if (reason.empty()) reason = "none";
  return "ok " + reason + " " + dynamic_cast<const chess::ChessState&>(end).fen();
}

}  // namespace

TEST_CASE("chess cross-check: first bad ply, end and final position agree with chess.js, game by game") {
  std::ifstream expected_file(kDir + "/games.expected");
  REQUIRE(expected_file);
  std::vector<std::string> expected;
  for (std::string line; std::getline(expected_file, line);) expected.push_back(line);
  REQUIRE(expected.size() >= 300);

  const std::string path = kDir + "/games.pgn";
  auto opened = open_input(path, test::catalogue());
  REQUIRE(std::holds_alternative<RecordInput>(opened));
  auto& input = std::get<RecordInput>(opened);
  std::size_t index = 0;
  while (auto header = input.source->next_game()) {
    REQUIRE(std::holds_alternative<GameHeader>(*header));
    auto game = open_game(std::get<GameHeader>(std::move(*header)), input, path, test::catalogue(), {});
    REQUIRE(std::holds_alternative<OpenedGame>(game));
    auto& opened_game = std::get<OpenedGame>(game);
    const RunResult run = run_moves(*input.source, *opened_game.game, *opened_game.start);
    REQUIRE(index < expected.size());
    INFO("game " << index + 1 << ": " << (run.error ? run.error->move : std::string()));
    CHECK(std::to_string(index + 1) + " " + verdict(run, *opened_game.start) == expected[index]);
    ++index;
  }
  CHECK(index == expected.size());
}
