// Seeded random legal games for every built-in game. At each step
// the clone equals the original and every legal move's text parses back to
// it; at the end the game is written as a record (with a header naming the
// game and, for some games, a start position), which must validate from the
// record's own start; then one line is corrupted and validation must fail on
// exactly that line, with the code the rules give it.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <random>

#include "core/record_input.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

constexpr int kMaxPlies = 400;

// Start positions besides the usual one, in each game's header notation.
const std::map<std::string, std::vector<std::string>> kStartPositions = {
    {"chaturanga",
     {"R1A N1B K1D P2B / K4H R1H P2G / K8E B8F P7E / K5A N7A P6B",
      "R4A K1D / K4H R1H / K8E / K5A P5C; to-move: green; eliminated: red"}},
};

struct Playout {
  std::vector<std::string> texts;
  std::vector<std::unique_ptr<State>> positions;  // positions[i]: before move i
};

Playout random_game(const Game& game, std::unique_ptr<State> state, std::mt19937_64& random) {
  Playout playout;
  while (!state->is_over() && static_cast<int>(playout.texts.size()) < kMaxPlies) {
    auto clone = state->clone();
    REQUIRE(clone->equals(*state));
    const auto moves = state->legal_moves();
    REQUIRE_FALSE(moves.empty());  // a side with no move must have been skipped
    for (const Move& move : moves) {
      const std::string text = game.move_text(move, *state);
      WrittenMove written;
      REQUIRE_FALSE(gamerec::test::parse_text(game, text, written));
      Move resolved;
      REQUIRE_FALSE(gamerec::test::resolve_text(*state, written, resolved));
      REQUIRE(resolved == move);
      REQUIRE_FALSE(state->check(move).has_value());
    }
    const Move move = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)];
    playout.positions.push_back(state->clone());
    playout.texts.push_back(game.move_text(move, *state));
    state->apply(move);
    REQUIRE_FALSE(clone->equals(*state));  // applying a move changed the position
  }
  playout.positions.push_back(std::move(state));
  return playout;
}

// The header lines and the moves, one per line; returns the line number
// of the first move.
int write_record(const std::string& path, const std::string& game, const std::string& position,
                 const std::vector<std::string>& moves) {
  std::ofstream out(path, std::ios::binary);
  out << "---\ngame: " << game << "\n";
  int lines = 2;
  if (!position.empty()) {
    out << "position: \"" << position << "\"\n";
    ++lines;
  }
  out << "---\n";
  for (const auto& move : moves) out << move << '\n';
  return lines + 2;
}

}  // namespace

TEST_CASE("random playouts of every game validate, and a corrupted line fails on that line") {
  gamerec::test::TempDir dir;
  for (const auto& [name, definition] : gamerec::test::catalogue().definitions()) {
    if (definition.rules != name) continue;  // variants share their base's rules
    const auto game = gamerec::test::make(name);
    std::vector<std::string> starts = {""};
    if (auto extra = kStartPositions.find(name); extra != kStartPositions.end())
      starts.insert(starts.end(), extra->second.begin(), extra->second.end());
    for (const std::string& start : starts) {
      for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        INFO(name << " from '" << start << "' seed " << seed);
        std::mt19937_64 random(seed);
        Playout playout = random_game(*game, gamerec::test::position(*game, start), random);
        const std::string path = dir.path() + "/game.rec";
        const int first_line = write_record(path, name, start, playout.texts);

        RunResult clean = gamerec::test::validate_record(path);
        REQUIRE_FALSE(clean.error.has_value());
        CHECK(clean.moves == static_cast<std::int64_t>(playout.texts.size()));
        if (playout.texts.empty()) continue;

        const std::size_t corrupt =
            std::uniform_int_distribution<std::size_t>(0, playout.texts.size() - 1)(random);
        const int line = static_cast<int>(corrupt) + first_line;

        // Junk text: a notation error on exactly that line.
        auto junk = playout.texts;
        junk[corrupt] = "%%junk%%";
        write_record(path, name, start, junk);
        RunResult bad = gamerec::test::validate_record(path);
        REQUIRE(bad.error.has_value());
        CHECK(bad.error->line == line);
        CHECK(bad.error->error.code == ErrorCode::kNotation);
        CHECK(bad.moves == static_cast<std::int64_t>(corrupt));

        // A well-formed move from elsewhere in the game that is illegal here:
        // the error is on that line, with the code the rules give it.
        const State& before = *playout.positions[corrupt];
        for (const std::string& candidate : playout.texts) {
          Move move;
          auto expected = gamerec::test::check_text(*game, before, candidate, move);
          if (!expected) continue;
          auto wrong = playout.texts;
          wrong[corrupt] = candidate;
          write_record(path, name, start, wrong);
          RunResult illegal = gamerec::test::validate_record(path);
          REQUIRE(illegal.error.has_value());
          CHECK(illegal.error->line == line);
          CHECK(illegal.error->error == *expected);
          break;
        }
      }
    }
  }
}
