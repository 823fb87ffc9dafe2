// Gomoku's computer players: they win in one, block a four and an open
// three, play a four-three and find a forced win by fours; they decide from
// an Observation and the legal moves, reproducibly by seed. Boards are
// drawn with row 1 at the bottom: X Black, O White, . empty.
#include <catch2/catch.hpp>

#include <set>

#include "core/tourney.h"
#include "gomoku_support.h"
#include "support/temp_dir.h"

using namespace gamerec;
using gamerec::test::stones;

namespace {

// White stones on the edges, seven apart: they make no line.
const std::vector<std::string> kFillers = {"A1", "O1", "A15", "O15", "A8", "O8", "H1", "H15"};

std::vector<std::string> fillers(std::size_t count) {
  return {kFillers.begin(), kFillers.begin() + static_cast<std::ptrdiff_t>(count)};
}

// The point the chooser of `level` picks for the side to move.
std::string choice(const Game& game, const State& state, const char* level, std::uint64_t seed = 1) {
  auto chooser = game.make_chooser(level, ChooserSettings{seed, std::nullopt});
  REQUIRE(chooser);
  const auto move = chooser->choose_move(*state.observe(state.to_move()), state.legal_moves());
  REQUIRE(move);
  REQUIRE_FALSE(state.check(*move));
  return game.move_text(*move, state);
}

const std::vector<const char*> kThinkingLevels = {"2", "3"};

}  // namespace

TEST_CASE("gomoku player: every level plays a legal point near the stones, the first at the centre") {
  const auto game = gamerec::test::gomoku();
  for (const char* level : {"1", "2", "3"}) {
    INFO("level " << level);
    CHECK(choice(*game, *game->new_state(), level) == "H8");
    const auto state = stones(*game, {"H8"}, {});
    const std::string reply = choice(*game, *state, level);
    const int col = reply[0] - 'A';
    const int row = std::stoi(reply.substr(1)) - 1;
    CHECK(std::abs(col - 7) <= 2);
    CHECK(std::abs(row - 7) <= 2);
  }
}

TEST_CASE("gomoku player: level 1 is random near the stones, and the seed replays it") {
  const auto game = gamerec::test::gomoku();
  const auto state = stones(*game, {"H8", "J9"}, {"H9"});
  std::set<std::string> seen;
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    seen.insert(choice(*game, *state, "1", seed));
    CHECK(choice(*game, *state, "1", seed) == choice(*game, *state, "1", seed));
  }
  CHECK(seen.size() > 5);
}

TEST_CASE("gomoku player: wins in one rather than blocking") {
  // 10  O O O O .        White threatens five at E10,
  //  8  . X X X X .      but Black, to move, makes five first (C8 or H8).
  //     B C D E F G H
  const auto game = gamerec::test::gomoku();
  const auto state = stones(*game, {"D8", "E8", "F8", "G8"}, {"A10", "B10", "C10", "D10"});
  for (const char* level : kThinkingLevels) {
    INFO("level " << level);
    const std::string move = choice(*game, *state, level);
    CHECK((move == "C8" || move == "H8"));
  }
}

TEST_CASE("gomoku player: blocks a four") {
  //  8  O X X X X .      White to move must take H8.
  //     C D E F G H
  const auto game = gamerec::test::gomoku();
  const auto state = stones(*game, {"D8", "E8", "F8", "G8", "H1"}, {"C8", "A15", "C15", "E15"});
  for (const char* level : kThinkingLevels) {
    INFO("level " << level);
    CHECK(choice(*game, *state, level) == "H8");
  }
}

TEST_CASE("gomoku player: blocks an open four at one of its ends") {
  //  8  . X X X X .      White cannot stop both ends, but it must take one.
  //     C D E F G H
  const auto game = gamerec::test::gomoku();
  const auto state = stones(*game, {"D8", "E8", "F8", "G8"}, {"A15", "C15", "E15"});
  for (const char* level : kThinkingLevels) {
    INFO("level " << level);
    const std::string move = choice(*game, *state, level);
    CHECK((move == "C8" || move == "H8"));
  }
}

TEST_CASE("gomoku player: stops an open three next to it") {
  //  8  . . X X X . .    White to move: D8 or H8 (C8 or I8 would let Black
  //     C D E F G H I    make an open four on the other side).
  const auto game = gamerec::test::gomoku();
  const auto state = stones(*game, {"E8", "F8", "G8"}, {"A15", "C15"});
  for (const char* level : kThinkingLevels) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      INFO("level " << level << " seed " << seed);
      const std::string move = choice(*game, *state, level, seed);
      CHECK((move == "D8" || move == "H8"));
    }
  }
}

TEST_CASE("gomoku player: plays a four-three") {
  // 12  .              H8 makes a four on row 8 (I8 would be five) and an
  // 11  X              open three on column H (H8 . H10 H11): White must
  // 10  X              block the four, then H9 makes an open four.
  //  9  .
  //  8  O X X X[.] .
  //     D E F G H I
  const auto game = gamerec::test::gomoku();
  std::vector<std::string> white = {"D8"};
  for (const auto& filler : fillers(4)) white.push_back(filler);
  const auto state = stones(*game, {"E8", "F8", "G8", "H10", "H11"}, white);
  for (const char* level : kThinkingLevels) {
    INFO("level " << level);
    CHECK(choice(*game, *state, level) == "H8");
  }
}

TEST_CASE("gomoku player: level 3 finds a forced win by fours ending in a four-three") {
  // 12  .   O              No move makes five, an open four or a four-three
  // 11  .   X   .          now. But H8 is a four (I8 would be five); after
  // 10  .   X X            White's forced I8, H9 makes a four on column H
  //  9  .   .              (H7 would be five) and an open three on the
  //  8  O X X X . .        diagonal G8 H9 I10: a four-three.
  //     D E F G H I J
  const auto game = gamerec::test::gomoku();
  const std::vector<std::string> black = {"E8", "F8", "G8", "H10", "H11", "I10"};
  std::vector<std::string> white = {"D8", "H12"};
  for (const auto& filler : fillers(4)) white.push_back(filler);
  auto state = stones(*game, black, white);
  CHECK(choice(*game, *state, "3") == "H8");

  // Played out against level 2: Black wins within nine more moves.
  auto black_player = game->make_chooser("3", ChooserSettings{5, std::nullopt});
  auto white_player = game->make_chooser("2", ChooserSettings{6, std::nullopt});
  for (int ply = 0; ply < 9 && !state->is_over(); ++ply) {
    MoveChooser& player = state->to_move() == gomoku::kBlack ? *black_player : *white_player;
    const auto move = player.choose_move(*state->observe(state->to_move()), state->legal_moves());
    REQUIRE(move);
    REQUIRE_FALSE(state->check(*move));
    state->apply(*move);
  }
  REQUIRE(state->is_over());
  CHECK(state->outcome().winners == std::vector<Side>{gomoku::kBlack});
}

TEST_CASE("gomoku player: level 3 with --movetime stops in time") {
  const auto game = gamerec::test::gomoku();
  const auto state = stones(*game, {"H8", "I9", "G9"}, {"H9", "J10"});
  auto chooser = game->make_chooser("3", ChooserSettings{1, 50});
  const auto start = std::chrono::steady_clock::now();
  const auto move = chooser->choose_move(*state->observe(state->to_move()), state->legal_moves());
  const auto elapsed = std::chrono::steady_clock::now() - start;
  REQUIRE(move);
  CHECK_FALSE(state->check(*move));
  // Generous: the machine may be busy. Without the limit it would search
  // its whole default budget.
  CHECK(elapsed < std::chrono::milliseconds(2000));
}

TEST_CASE("gomoku player: an unknown level is refused") {
  const auto game = gamerec::test::gomoku();
  CHECK(game->make_chooser("4", ChooserSettings{}) == nullptr);
  CHECK(game->levels() == std::vector<std::string>{"3", "1", "2"});
}

namespace {

// The fingerprints of `tourney gomoku --seed 7`: the total number of moves
// of --players 1,2 --games 6 and of --players 2,3 --games 2. They change only
// when the players, the rules or the loop do; then look at the new games and
// update them.
constexpr std::int64_t kLevels12Fingerprint = 57;
constexpr std::int64_t kLevels23Fingerprint = 73;

std::int64_t tourney_moves(const Game& game, std::vector<std::string> players, std::int64_t games) {
  TourneyOptions options;
  options.players = std::move(players);
  options.games = games;
  options.seed = 7;
  return gamerec::test::played_tourney(game, options)->total_moves();
}

}  // namespace

TEST_CASE("gomoku player: a fixed-seed tourney gives the same games (fingerprint)") {
  const auto game = gamerec::test::gomoku();
  const std::int64_t levels12 = tourney_moves(*game, {"1", "2"}, 6);
  CHECK(levels12 == tourney_moves(*game, {"1", "2"}, 6));
  CHECK(levels12 == kLevels12Fingerprint);
  CHECK(tourney_moves(*game, {"2", "3"}, 2) == kLevels23Fingerprint);
}

TEST_CASE(
    "gomoku player: under renju no level plays Black's forbidden point, even one that would make two fours") {
  //  8  . X X X [.]      H8 makes two fours (row E8-H8, column H5-H8): in
  //  7        X          freestyle the strongest point on the board, in
  //  6        X          renju a loss. Every level, every seed, keeps off it.
  //  5        X
  //     D E F G H
  const std::vector<std::string> black = {"E8", "F8", "G8", "H5", "H6", "H7"};
  const std::vector<std::string> white = {"A1", "O1", "A15", "O15", "A8", "O8"};
  const auto freestyle = gamerec::test::gomoku();
  CHECK(choice(*freestyle, *stones(*freestyle, black, white), "2") == "H8");
  const auto game = gamerec::test::gomoku({{"rule", "renju"}});
  const auto state = stones(*game, black, white);
  REQUIRE(gamerec::test::board_of(*state).forbidden(7 * 15 + 7));
  for (const char* level : {"1", "2", "3"}) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      INFO("level " << level << " seed " << seed);
      const std::string move = choice(*game, *state, level, seed);
      CHECK(move != "H8");
      CHECK_FALSE(
          gamerec::test::board_of(*state).forbidden((std::stoi(move.substr(1)) - 1) * 15 + (move[0] - 'A')));
    }
  }
}

TEST_CASE("gomoku player: every level finishes games under every rule, and every game validates") {
  for (const char* rule : {"freestyle", "exact5", "renju", "caro"}) {
    const auto game = gamerec::test::gomoku({{"rule", rule}});
    gamerec::test::TempDir dir;
    TourneyOptions options;
    options.players = {"1", "2", "3"};
    options.games = 6;
    options.seed = 7;
    options.out_dir = dir.path() + "/out";
    Tourney tourney(gamerec::test::catalogue(), *game, options);
    REQUIRE_FALSE(tourney.prepare());
    int forbidden_ends = 0;
    while (auto played = tourney.play_next()) {
      INFO("rule " << rule << ": " << played->record);
      CHECK(played->end.reason == MatchEnd::Reason::kGameOver);
      const RunResult run = gamerec::test::validate_record(played->record);
      CHECK_FALSE(run.error);
      CHECK(run.moves == played->moves);
      forbidden_ends += played->end.outcome.end == "forbidden-move";
    }
    CHECK(tourney.games_played() == 6);
    // The thinking levels never lose on a forbidden point; level 1 picks
    // among the points that are not forbidden too.
    CHECK(forbidden_ends == 0);
  }
}
