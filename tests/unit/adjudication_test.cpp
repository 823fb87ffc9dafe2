// Adjudication from the players' scores (tourney --draw, --resign;
// gamerec(1)), move by move against counts worked out by hand from
// fastchess's trackers: a draw once movenumber full moves are played and
// the last 2 x movecount moves all scored within `score` centipawns, none
// of them a capture or pawn move; a resignation on the move of a side that
// scores itself below even, when its own last movecount moves scored
// `score` or more below even (two-sided: the last 2 x movecount moves of
// both sides were that far from even, either way). A resignation comes
// before a draw.
#include <catch2/catch.hpp>

#include <set>

#include "core/adjudication.h"

using namespace gamerec;

namespace {

std::optional<ReportedScore> cp(std::int64_t value) { return ReportedScore{false, value}; }
std::optional<ReportedScore> mate(std::int64_t moves) { return ReportedScore{true, moves}; }

// Feeds the scores, sides alternating from 0 at a game's start (ply p
// leaves p / 2 full moves played); the plies in `irreversible` (1-based)
// cannot be undone. The ply at which the rules gave a result, with it.
std::pair<int, std::optional<Adjudged>> feed(Adjudicator& adjudicator,
                                             const std::vector<std::optional<ReportedScore>>& scores,
                                             const std::set<int>& irreversible = {}) {
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const int ply = static_cast<int>(i) + 1;
    auto adjudged =
        adjudicator.after_move(static_cast<Side>(i % 2), ply / 2, scores[i], irreversible.count(ply) > 0);
    if (adjudged) return {ply, std::move(adjudged)};
  }
  return {0, std::nullopt};
}

}  // namespace
TEST_CASE("adjudication draw: movecount moves of each side within the score, from movenumber on") {
  // movenumber=3 movecount=2 score=20: plies 1-6 are played before it may
  // decide; the last 4 plies must be within 20.
  AdjudicationRules rules;
  rules.draw = DrawRule{3, 2, 20};
  {
    Adjudicator adjudicator(rules, 2);
    const auto [at, adjudged] = feed(adjudicator, {cp(5), cp(-5), cp(10), cp(0), cp(20), cp(-20), cp(0)});
    CHECK(at == 6);  // quiet from ply 1, and ply 6 completes move 3
    REQUIRE(adjudged);
    CHECK(adjudged->winners.empty());
    CHECK(adjudged->why.key == "adjudication.draw");
  }
  {
    // A score outside (21) or a move without a score starts the count again.
    Adjudicator adjudicator(rules, 2);
    CHECK(feed(adjudicator, {cp(5), cp(5), cp(5), cp(21), cp(5), cp(5), cp(5), cp(5)}).first == 8);
    Adjudicator silent(rules, 2);
    CHECK(feed(silent, {cp(5), cp(5), cp(5), std::nullopt, cp(5), cp(5), cp(5), cp(5)}).first == 8);
    // A mate score is never quiet.
    Adjudicator mating(rules, 2);
    CHECK(feed(mating, {cp(5), cp(5), cp(5), mate(20), cp(5), cp(5), cp(5)}).first == 0);
    // A move that cannot be undone (a capture) starts the count again, and
    // counts as the first quiet move when it is one.
    Adjudicator capturing(rules, 2);
    CHECK(feed(capturing, {cp(5), cp(5), cp(5), cp(5), cp(5), cp(5), cp(5), cp(5)}, {5}).first == 8);
  }
}

TEST_CASE("adjudication resign: one side's own scores, or both sides agreeing with twosided") {
  AdjudicationRules rules;
  rules.resign = ResignRule{3, 600, false};
  {
    // Side 1 (the second to move) scores -600 or worse three moves running.
    Adjudicator adjudicator(rules, 2);
    const auto [at, adjudged] = feed(adjudicator, {cp(0), cp(-600), cp(0), cp(-900), cp(0), mate(-5)});
    CHECK(at == 6);
    REQUIRE(adjudged);
    CHECK(adjudged->winners == std::vector<Side>{0});
    CHECK(adjudged->why.key == "adjudication.resign");
  }
  {
    // -599 is not low enough: the count starts again after it.
    Adjudicator adjudicator(rules, 2);
    CHECK(feed(adjudicator, {cp(0), cp(-700), cp(0), cp(-599), cp(0), cp(-700), cp(0), cp(-700)}).first == 0);
  }
  {
    // fastchess's default score=0: an even score counts, but only a side
    // below even resigns.
    AdjudicationRules even;
    even.resign = ResignRule{1, 0, false};
    Adjudicator level(even, 2);
    CHECK(feed(level, {cp(0), cp(0), cp(0), cp(0)}).first == 0);
    Adjudicator behind(even, 2);
    const auto [at, adjudged] = feed(behind, {cp(0), cp(-1)});
    CHECK(at == 2);
    REQUIRE(adjudged);
    CHECK(adjudged->winners == std::vector<Side>{0});
  }
  rules.resign->two_sided = true;
  {
    // Every move from ply 3 on is 600 or more from even: at ply 8 the last
    // six are, but side 1, which moved, is winning; side 0 resigns on its
    // own next move.
    Adjudicator adjudicator(rules, 2);
    const auto [at, adjudged] = feed(
        adjudicator, {cp(-700), cp(100), cp(-700), cp(700), cp(-800), cp(650), cp(-900), cp(700), cp(-900)});
    CHECK(at == 9);
    REQUIRE(adjudged);
    CHECK(adjudged->winners == std::vector<Side>{1});
    CHECK(adjudged->why.key == "adjudication.resign-both");
  }
}

TEST_CASE("adjudication: a resignation comes before a draw on the same move") {
  AdjudicationRules rules;
  rules.draw = DrawRule{0, 1, 1000};
  rules.resign = ResignRule{1, 0, false};
  Adjudicator adjudicator(rules, 2);
  const auto [at, adjudged] = feed(adjudicator, {cp(-5)});
  CHECK(at == 1);
  REQUIRE(adjudged);
  CHECK(adjudged->why.key == "adjudication.resign");
}

TEST_CASE("adjudication: nothing is decided in a game of more than two sides") {
  AdjudicationRules rules;
  rules.draw = DrawRule{0, 1, 1000};
  rules.resign = ResignRule{1, 0, false};
  Adjudicator adjudicator(rules, 4);
  for (int ply = 0; ply < 12; ++ply) CHECK_FALSE(adjudicator.after_move(ply % 4, ply / 4, cp(-5000), false));
}

TEST_CASE("adjudication: the rules as a tourney's settings name them") {
  CHECK(draw_rule_text(std::nullopt) == "-");
  CHECK(draw_rule_text(DrawRule{34, 8, 20}) == "34,8,20");
  CHECK(resign_rule_text(ResignRule{3, 600, true}) == "3,600,twosided");
  CHECK(resign_rule_text(ResignRule{3, 600, false}) == "3,600");
}
