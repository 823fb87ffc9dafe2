// STYLE 11: seeded random legal games for every built-in game. At each step
// the clone equals the original and every legal move's text parses back to
// it; at the end the game is written as a record, which must validate; then
// one line is corrupted and validation must fail on exactly that line.
#include <catch2/catch.hpp>

#include <fstream>
#include <random>

#include "core/record_session.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

constexpr int kMaxPlies = 400;

struct Playout {
  std::vector<std::string> texts;
  std::vector<std::unique_ptr<State>> positions;  // positions[i]: before move i
};

Playout random_game(const Game& game, std::mt19937_64& random) {
  Playout playout;
  auto state = game.new_state();
  while (!state->is_over() && static_cast<int>(playout.texts.size()) < kMaxPlies) {
    auto clone = state->clone();
    REQUIRE(clone->equals(*state));
    const auto moves = state->legal_moves();
    REQUIRE_FALSE(moves.empty());  // a side with no move must have been skipped
    for (const Move& move : moves) {
      const std::string text = game.move_text(move, *state);
      ParsedMove parsed = game.parse_move(text, *state);
      REQUIRE(std::holds_alternative<Move>(parsed));
      REQUIRE(std::get<Move>(parsed) == move);
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

RunResult validate_file(const std::string& path, const std::string& game_name) {
  auto opened = open_record(path, gamerec::test::catalogue(), GameChoice{game_name, {}});
  REQUIRE(std::holds_alternative<OpenedRecord>(opened));
  auto& record = std::get<OpenedRecord>(opened);
  auto state = record.game->new_state();
  return run_moves(*record.reader, *record.game, *state, [](const auto&, const auto&, const auto&) {});
}

void write_lines(const std::string& path, const std::vector<std::string>& lines) {
  std::ofstream out(path, std::ios::binary);
  for (const auto& line : lines) out << line << '\n';
}

}  // namespace

TEST_CASE("random playouts of every game validate, and a corrupted line fails on that line") {
  gamerec::test::TempDir dir;
  for (const auto& [name, definition] : gamerec::test::catalogue().definitions()) {
    if (definition.engine != name) continue;  // variants share their base's rules
    const auto game = gamerec::test::make(name);
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      INFO(name << " seed " << seed);
      std::mt19937_64 random(seed);
      Playout playout = random_game(*game, random);
      const std::string path = dir.path() + "/game.rec";
      write_lines(path, playout.texts);

      RunResult clean = validate_file(path, name);
      REQUIRE_FALSE(clean.error.has_value());
      CHECK(clean.moves == static_cast<int>(playout.texts.size()));
      if (playout.texts.empty()) continue;

      const std::size_t corrupt =
          std::uniform_int_distribution<std::size_t>(0, playout.texts.size() - 1)(random);
      const int line = static_cast<int>(corrupt) + 1;

      // Junk text: a notation error on exactly that line.
      auto junk = playout.texts;
      junk[corrupt] = "%%junk%%";
      write_lines(path, junk);
      RunResult bad = validate_file(path, name);
      REQUIRE(bad.error.has_value());
      CHECK(bad.error->line == line);
      CHECK(bad.error->error.code == ErrorCode::kNotation);
      CHECK(bad.moves == static_cast<int>(corrupt));

      // A well-formed move from elsewhere in the game that is illegal here:
      // the error is on that line, with the code the rules give it.
      const State& before = *playout.positions[corrupt];
      for (const std::string& candidate : playout.texts) {
        ParsedMove parsed = game->parse_move(candidate, before);
        if (!std::holds_alternative<Move>(parsed)) continue;
        auto expected = before.check(std::get<Move>(parsed));
        if (!expected) continue;
        auto wrong = playout.texts;
        wrong[corrupt] = candidate;
        write_lines(path, wrong);
        RunResult illegal = validate_file(path, name);
        REQUIRE(illegal.error.has_value());
        CHECK(illegal.error->line == line);
        CHECK(illegal.error->error == *expected);
        break;
      }
    }
  }
}
