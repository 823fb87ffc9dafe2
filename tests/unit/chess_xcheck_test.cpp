// Chess verdicts cross-checked against an independent implementation:
// tests/data/chess/xcheck/games.pgn holds random and corrupted games (bad
// SAN, ambiguous or wrong disambiguation, castling out of, through or into
// check, en passant along a pinned rank, promotions written wrong, moves
// after the end) and games.expected what chess.js says of each: the first
// move it refuses, or the end and the final position. Both are written by
// tests/tools/chess_xcheck_gen.mjs (node and chess.js; not run here).
// chess.js ends a game at a dead position, fivefold repetition and the
// 75-move rule, as `validate --strict` does; without --strict gamerec goes
// on past them with a warning, as pgn-extract does.
//
// The same games go through pgn-extract too (the Debian package, which
// .ci/setup installs), one game at a time: its first refused
// move must be gamerec's, but for two differences, each checked to be
// exactly that (pgn-extract 19.04):
//  - a promotion written without its piece ("g1"): pgn-extract makes it a
//    queen, where PGN (and chess.js) require the piece;
//  - a promotion that leaves the own king in check: pgn-extract accepts it
//    (a bug of its own: it is the same move without the promotion that it
//    refuses).
#include <catch2/catch.hpp>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <regex>
#include <sstream>

#include "games/chess/chess.h"
#include "rules/typed.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

const std::string kDir = std::string(GAMEREC_SOURCE_DIR) + "/tests/data/chess/xcheck";
const std::string kGames = kDir + "/games.pgn";

// Validates each game of the corpus as `validate` does and calls
// visit(index from 0, its run, its final state); returns the game count.
template <typename Visit>
std::size_t for_each_game(RunOptions options, Visit&& visit) {
  auto opened = open_input(kGames, test::catalogue());
  REQUIRE(opened.ok());
  auto& input = opened.value();
  std::size_t index = 0;
  while (auto header = input.source->next_game()) {
    REQUIRE(header->ok());
    auto game = open_game(std::move(*header).value(), input, kGames, test::catalogue(), {});
    REQUIRE(game.ok());
    auto& opened_game = game.value();
    const RunResult run = run_moves(*input.source, *opened_game.game, *opened_game.start, nullptr, options);
    visit(index++, run, *opened_game.start);
  }
  return index;
}

// "bad PLY", or "ok END FEN" as games.expected writes a verdict.
std::string verdict(const RunResult& run, const State& end) {
  if (run.error) return "bad " + std::to_string(run.moves + 1);
  const Outcome outcome = end.outcome();
  std::string reason = !outcome.end.empty() ? outcome.end : outcome.draw_claimable;
  if (reason.empty()) reason = "none";
  return "ok " + reason + " " + gamerec::downcast<chess::ChessState>(end).fen();
}

}  // namespace

TEST_CASE("chess cross-check: first bad ply, end and final position agree with chess.js, game by game") {
  std::ifstream expected_file(kDir + "/games.expected");
  REQUIRE(expected_file);
  std::vector<std::string> expected;
  for (std::string line; std::getline(expected_file, line);) expected.push_back(line);
  REQUIRE(expected.size() >= 300);

  const std::size_t count =
      for_each_game(RunOptions{.strict = true}, [&](std::size_t index, const RunResult& run, const State& end) {
    REQUIRE(index < expected.size());
    INFO("game " << index + 1 << ": " << (run.error ? run.error->move : std::string()));
    CHECK(std::to_string(index + 1) + " " + verdict(run, end) == expected[index]);
  });
  CHECK(count == expected.size());
}

namespace {

const char* kPgnExtract = "/usr/games/pgn-extract";

// The games of a PGN file whose games all start with an Event tag.
std::vector<std::string> split_games(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> games;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("[Event ", 0) == 0) games.emplace_back();
    if (!games.empty()) games.back() += line + "\n";
  }
  return games;
}

// The ply of the first move pgn-extract refuses in `game` (its "Failed to
// make move 9. b5f3" or "28... e7c6"), or 0 when it takes every move.
std::int64_t pgn_extract_bad_ply(const std::string& game, const std::string& dir) {
  const std::string file = dir + "/one.pgn";
  std::ofstream(file) << game;
  std::string output;
  if (FILE* pipe = ::popen((std::string(kPgnExtract) + " -r " + file + " 2>&1").c_str(), "r")) {
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
    ::pclose(pipe);
  }
  std::smatch failed;
  if (!std::regex_search(output, failed, std::regex("Failed to make move (\\d+)(\\.+) "))) return 0;
  // Plies count from the game's start: its FEN's side and move number.
  std::smatch fen;
  int first_number = 1;
  bool black_first = false;
  if (std::regex_search(game, fen, std::regex("\\[FEN \"[^ ]+ ([wb]) [^ ]+ [^ ]+ \\d+ (\\d+)\"\\]"))) {
    black_first = fen[1] == "b";
    first_number = std::stoi(fen[2]);
  }
  const int number = std::stoi(failed[1]);
  const bool black = failed[2] == "...";
  return (number - first_number) * 2 + (black ? 2 : 1) - (black_first ? 1 : 0);
}

bool is_promotion_text(const std::string& text) {
  return std::regex_search(text, std::regex("^[a-h]x?[a-h]?[18]|^[a-h][27][a-h][18]"));
}

}  // namespace

TEST_CASE("chess cross-check: pgn-extract refuses the same first move, but for its known differences") {
  // .ci/setup installs it (Debian's pgn-extract).
  REQUIRE(::access(kPgnExtract, X_OK) == 0);
  const std::vector<std::string> texts = split_games(kGames);
  REQUIRE(texts.size() >= 300);
  test::TempDir dir("xcheck");
  int played_on = 0, queen_assumed = 0, check_missed = 0;
  const std::size_t count = for_each_game(RunOptions{}, [&](std::size_t index, const RunResult& run, const State&) {
    REQUIRE(index < texts.size());
    const std::int64_t theirs = pgn_extract_bad_ply(texts[index], dir.path());
    const std::int64_t ours = run.error ? run.moves + 1 : 0;
    INFO("game " << index + 1 << ": gamerec refuses ply " << ours << " ("
                 << (run.error ? run.error->move : std::string()) << "), pgn-extract ply " << theirs);
    // Both go on past an end the rules reached by themselves.
    if (run.passed_end) ++played_on;
    // pgn-extract goes further only in the two known ways.
    if (ours != 0 && (theirs == 0 || theirs > ours)) {
      const ErrorCode code = run.error->error.code;
      const std::string& text = run.error->move;
      if (is_promotion_text(text) && text.find('=') == std::string::npos &&
          !std::isalpha(static_cast<unsigned char>(text.back()))) {
        ++queen_assumed;  // "g1", "bxa8": no piece named
        return;
      }
      if (code == ErrorCode::kKingInCheck && is_promotion_text(text)) {
        ++check_missed;
        return;
      }
    }
    CHECK(ours == theirs);
  });
  CHECK(count == texts.size());
  // Each known difference is there, so this test shows them (and would see
  // a pgn-extract that changed); so are games played on past their end.
  CHECK(played_on > 0);
  CHECK(queen_assumed > 0);
  CHECK(check_missed > 0);
}
