// Adjudication from the players' scores (tourney --draw, --resign;
// gamerec(1)), move by move against counts worked out by hand from the
// rules fastchess documents: a draw once movenumber moves of each side are
// played and the last movecount moves of each side scored within `score`
// centipawns; a resignation once a side's own last movecount moves scored
// `score` or more below even (two-sided: the other side's as far above).
#include <catch2/catch.hpp>

#include "core/adjudication.h"

using namespace gamerec;

namespace {

std::optional<ReportedScore> cp(std::int64_t value) { return ReportedScore{false, value}; }
std::optional<ReportedScore> mate(std::int64_t moves) { return ReportedScore{true, moves}; }

// Feeds the scores, sides alternating from 0, and returns the move number
// (1-based, counting plies) at which the rules gave a result, with it.
std::pair<int, std::optional<Adjudged>> feed(Adjudicator& adjudicator,
                                             const std::vector<std::optional<ReportedScore>>& scores) {
  for (std::size_t i = 0; i < scores.size(); ++i) {
    auto adjudged = adjudicator.after_move(static_cast<Side>(i % 2), static_cast<std::int64_t>(i + 1), scores[i]);
    if (adjudged) return {static_cast<int>(i + 1), std::move(adjudged)};
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
  rules.resign->two_sided = true;
  {
    // Side 0 sees itself lost, but side 1 does not agree until its third
    // winning score: then side 0 resigns, on side 1's move.
    Adjudicator adjudicator(rules, 2);
    const auto [at, adjudged] = feed(adjudicator, {cp(-700), cp(100), cp(-700), cp(700), cp(-800), cp(650), cp(-900), cp(700)});
    CHECK(at == 8);
    REQUIRE(adjudged);
    CHECK(adjudged->winners == std::vector<Side>{1});
    CHECK(adjudged->why.key == "adjudication.resign-both");
  }
}

TEST_CASE("adjudication: nothing is decided in a game of more than two sides") {
  AdjudicationRules rules;
  rules.draw = DrawRule{0, 1, 1000};
  rules.resign = ResignRule{1, 0, false};
  Adjudicator adjudicator(rules, 4);
  for (int ply = 0; ply < 12; ++ply) CHECK_FALSE(adjudicator.after_move(ply % 4, ply + 1, cp(-5000)));
}

TEST_CASE("adjudication: the rules as a tourney's settings name them") {
  CHECK(draw_rule_text(std::nullopt) == "-");
  CHECK(draw_rule_text(DrawRule{34, 8, 20}) == "34,8,20");
  CHECK(resign_rule_text(ResignRule{3, 600, true}) == "3,600,twosided");
  CHECK(resign_rule_text(ResignRule{3, 600, false}) == "3,600");
}
