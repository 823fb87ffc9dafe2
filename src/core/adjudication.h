#pragma once
// Adjudication of a game between players that report how they stand (a UCI
// engine's `info score`): tourney --draw and --resign, gamerec(1), with the
// rules of fastchess and cutechess-cli. Only games of two sides.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/error.h"
#include "rules/game.h"

namespace gamerec {

// A score a player gives with its move, from its own side's view.
struct ReportedScore {
  bool mate = false;       // `value` is moves to mate: negative, it is being mated
  std::int64_t value = 0;  // centipawns, or moves to mate
};

// --draw movenumber=N movecount=M score=S: a draw once N full moves are
// played and the last M moves of each side all scored within S
// centipawns of even, none of them a move that cannot be undone.
struct DrawRule {
  std::int64_t move_number = 0;
  std::int64_t move_count = 1;
  std::int64_t score = 0;
  bool operator==(const DrawRule&) const = default;
};

// --resign movecount=M score=S [twosided=true]: a side that has just moved
// and scores itself below even loses when its own last M moves all scored
// S centipawns or more below even (or a mate against it); two-sided, when
// the last M moves of each side all scored S or more away from even
// either way (or a mate).
struct ResignRule {
  std::int64_t move_count = 1;
  std::int64_t score = 0;
  bool two_sided = false;
  bool operator==(const ResignRule&) const = default;
};

struct AdjudicationRules {
  std::optional<DrawRule> draw;
  std::optional<ResignRule> resign;
  bool operator==(const AdjudicationRules&) const = default;
};

// The result the rules give a game, and why.
struct Adjudged {
  std::vector<Side> winners;  // empty: a draw
  Message why;                // "adjudication.draw", "adjudication.resign"
};

// The rules as a tourney's settings name them ("34,8,20"; "3,600,twosided";
// "-" for none).
std::string draw_rule_text(const std::optional<DrawRule>& rule);
std::string resign_rule_text(const std::optional<ResignRule>& rule);

// fastchess's counting (its DrawTracker and ResignTracker), move by move.
class Adjudicator {
 public:
  Adjudicator(AdjudicationRules rules, std::size_t sides);
  // After `mover`'s move, with `full_moves` full moves played (chess: the
  // position's move number less one), the score its player gave (none:
  // its counts start again) and whether the move cannot be undone: the
  // result when the rules give one now. A resignation comes first.
  std::optional<Adjudged> after_move(Side mover, std::int64_t full_moves, std::optional<ReportedScore> score,
                                     bool irreversible);

 private:
  AdjudicationRules rules_;
  std::size_t sides_;
  std::int64_t quiet_moves_ = 0;      // moves in a row scored within the draw score
  std::vector<std::int64_t> losing_;  // per side, its own moves in a row scored at or below -resign score
  std::int64_t decisive_moves_ =
      0;  // two-sided: moves in a row scored the resign score or more away from even
};

}  // namespace gamerec
