// Perft tables as data (tests/data/perft/<game>.perft), and a slow reference
// count that finds legal moves by asking the validator about every
// origin-destination pair instead of using the move generator. A row starts
// from `moves` played from the start or from a `fen`.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "games/board/square.h"
#include "test_support.h"

using namespace gamerec;

namespace {

// The brute-force reference tries 4096 texts per node (chess: 20480, with
// promotions): shallow rows only.
constexpr int kReferenceMaxDepth = 4;
constexpr int kChessReferenceMaxDepth = 2;
// Chess rows up to this many nodes run in ctest; the benchmark runs the rest.
constexpr std::uint64_t kChessCtestNodes = 2'000'000;

struct PerftPosition {
  std::string id;
  std::vector<std::string> moves;
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> counts;  // depth, nodes
};

std::vector<PerftPosition> read_perft_file(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::vector<PerftPosition> positions;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string keyword;
    if (!(words >> keyword) || keyword[0] == '#') continue;
    if (keyword == "id") {
      positions.emplace_back();
      words >> positions.back().id;
    } else if (keyword == "moves") {
      for (std::string move; words >> move;) positions.back().moves.push_back(move);
    } else if (keyword == "fen") {
      std::getline(words >> std::ws, positions.back().fen);
    } else if (keyword == "perft") {
      int depth = 0;
      std::uint64_t nodes = 0;
      words >> depth >> nodes;
      positions.back().counts.emplace_back(depth, nodes);
    } else {
      FAIL("unknown keyword in " << path << ": " << keyword);
    }
  }
  return positions;
}

// Chaturanga's reference: every text "<from>-<to>" that passes validation.
std::uint64_t reference_perft(const Game& game, const State& state, int depth) {
  if (depth == 0) return 1;
  if (state.is_over()) return 0;
  std::uint64_t nodes = 0;
  for (int from = 0; from < board::kSquares; ++from) {
    for (int to = 0; to < board::kSquares; ++to) {
      const std::string text = board::row_col_name(from) + "-" + board::row_col_name(to);
      auto child = state.clone();
      if (gamerec::test::play(game, *child, text)) continue;
      nodes += reference_perft(game, *child, depth - 1);
    }
  }
  return nodes;
}

// Chess's reference: every coordinate text, with each promotion letter.
std::uint64_t chess_reference_perft(const Game& game, const State& state, int depth) {
  if (depth == 0) return 1;
  std::uint64_t nodes = 0;
  const auto name = [](int square) {
    return std::string{static_cast<char>('a' + square % 8), static_cast<char>('1' + square / 8)};
  };
  for (int from = 0; from < board::kSquares; ++from) {
    for (int to = 0; to < board::kSquares; ++to) {
      for (const char* promotion : {"", "q", "r", "b", "n"}) {
        Move move;
        if (gamerec::test::check_text(game, state, name(from) + name(to) + promotion, move)) continue;
        auto child = state.clone();
        child->apply(move);
        nodes += chess_reference_perft(game, *child, depth - 1);
      }
    }
  }
  return nodes;
}

// Calls check(game, start, id, depth, nodes) for every row of the table.
template <typename Check>
void for_each_row(const std::string& game_name, Check&& check) {
  const auto game = gamerec::test::make(game_name);
  for (const PerftPosition& position :
       read_perft_file(GAMEREC_SOURCE_DIR "/tests/data/perft/" + game_name + ".perft")) {
    auto state = gamerec::test::position(*game, position.fen);
    gamerec::test::play_all(*game, *state, position.moves);
    for (const auto& [depth, nodes] : position.counts) check(*game, *state, position.id, depth, nodes);
  }
}

}  // namespace

TEST_CASE("perft: chaturanga counts match tests/data/perft/chaturanga.perft") {
  // Every row: even depth 6 takes milliseconds (the last ply only counts).
  for_each_row("chaturanga",
               [](const Game&, const State& start, const std::string& id, int depth, std::uint64_t nodes) {
                 INFO(id << " depth " << depth);
                 CHECK(perft(start, depth) == nodes);
               });
}

TEST_CASE("perft: chaturanga's move generator agrees with the validator (slow reference count)") {
  for_each_row(
      "chaturanga",
      [](const Game& game, const State& start, const std::string& id, int depth, std::uint64_t nodes) {
        if (depth > kReferenceMaxDepth) return;
        INFO(id << " depth " << depth);
        CHECK(reference_perft(game, start, depth) == nodes);
      });
}

TEST_CASE("perft: chess counts match the published tables in tests/data/perft/chess.perft") {
  int rows = 0;
  for_each_row("chess", [&](const Game&, const State& start, const std::string& id, int depth,
                            std::uint64_t nodes) {
    if (nodes > kChessCtestNodes) return;
    INFO(id << " depth " << depth);
    CHECK(perft(start, depth) == nodes);
    ++rows;
  });
  CHECK(rows >= 30);
}

TEST_CASE("perft: chess's move generator agrees with the validator (slow reference count)") {
  for_each_row("chess", [](const Game& game, const State& start, const std::string& id, int depth,
                           std::uint64_t nodes) {
    if (depth > kChessReferenceMaxDepth) return;
    INFO(id << " depth " << depth);
    CHECK(chess_reference_perft(game, start, depth) == nodes);
  });
}

TEST_CASE("perft: Chess960 counts match the published tables in tests/data/perft/chess960.perft") {
  int rows = 0;
  std::set<std::string> ids;
  for_each_row("chess960", [&](const Game&, const State& start, const std::string& id, int depth,
                               std::uint64_t nodes) {
    INFO(id << " depth " << depth);
    CHECK(perft(start, depth) == nodes);
    ids.insert(id);
    ++rows;
  });
  CHECK(ids.size() == 480);
  CHECK(rows >= 1440);
}

TEST_CASE("perft: Chess960's move generator agrees with the validator (slow reference count)") {
  // Castling written as the king taking its own rook is among the texts tried.
  int positions = 0;
  for_each_row("chess960", [&](const Game& game, const State& start, const std::string& id, int depth,
                               std::uint64_t nodes) {
    if (depth > 2 || std::stoi(id) > 40) return;
    INFO(id << " depth " << depth);
    CHECK(chess_reference_perft(game, start, depth) == nodes);
    positions += depth == 2;
  });
  CHECK(positions >= 10);
}

TEST_CASE("perft: chess --divide rows add up to the total and name moves in SAN") {
  const auto game = gamerec::test::make("chess");
  const auto start = game->new_state();
  const auto rows = perft_divide(*start, 3);
  std::uint64_t total = 0;
  bool saw_e4 = false;
  for (const auto& [move, nodes] : rows) {
    total += nodes;
    saw_e4 |= game->move_text(move, *start) == "e4";
  }
  CHECK(rows.size() == 20);
  CHECK(total == 8902);
  CHECK(saw_e4);
}
