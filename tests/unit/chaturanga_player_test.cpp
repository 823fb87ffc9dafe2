// Chaturanga's computer player: a king capture first, then the most
// valuable capture, else a random legal move reproducible by seed.
#include <catch2/catch.hpp>

#include <set>

#include "games/chaturanga/chaturanga.h"
#include "test_support.h"

using namespace gamerec;
using namespace gamerec::chaturanga;

namespace {

int sq(const char* name) { return *board::parse_row_col(name); }

const ChaturangaGame& game() {
  static const auto instance = gamerec::test::make("chaturanga");
  return dynamic_cast<const ChaturangaGame&>(*instance);
}

}  // namespace

TEST_CASE("chaturanga player: captures a king rather than a rook") {
  //  5  Bk .  .  .      Yellow's rook on 4A can take the Black king (5A)
  //  4  Yr .  .  Gr     or the Green rook (4D).
  auto position = ChaturangaState::empty_board(game().rules(), kYellow);
  position.put(sq("4A"), kYellow, Piece::kRook);
  position.put(sq("5A"), kBlack, Piece::kKing);
  position.put(sq("4D"), kGreen, Piece::kRook);
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    auto chooser = game().make_chooser("1", seed);
    CHECK(chaturanga_move_text(*chooser->choose_move(position)) == "4A-5A");
  }
}

TEST_CASE("chaturanga player: takes the most valuable piece it can") {
  auto position = ChaturangaState::empty_board(game().rules(), kYellow);
  position.put(sq("4A"), kYellow, Piece::kRook);
  position.put(sq("5A"), kBlack, Piece::kPawn);
  position.put(sq("4D"), kGreen, Piece::kBishop);
  position.put(sq("1D"), kYellow, Piece::kKing);
  auto chooser = game().make_chooser("greedy", 3);
  CHECK(chaturanga_move_text(*chooser->choose_move(position)) == "4A-4D");
}

TEST_CASE("chaturanga player: without captures, a legal random move fixed by the seed") {
  auto start = game().new_state();
  auto first = game().make_chooser("1", 42)->choose_move(*start);
  auto again = game().make_chooser("1", 42)->choose_move(*start);
  REQUIRE(first);
  CHECK(*first == *again);
  CHECK_FALSE(start->check(*first).has_value());
  std::set<std::string> seen;
  for (std::uint64_t seed = 0; seed < 40; ++seed)
    seen.insert(chaturanga_move_text(*game().make_chooser("1", seed)->choose_move(*start)));
  CHECK(seen.size() > 3);  // random, not always the first move
  CHECK(game().make_chooser("9", 1) == nullptr);
}
