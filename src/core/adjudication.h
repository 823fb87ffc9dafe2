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

// --draw movenumber=N movecount=M score=S: a draw once N moves of each side
// are played and the last M moves of each side all scored within S
// centipawns of even.
struct DrawRule {
  std::int64_t move_number = 0;
  std::int64_t move_count = 1;
  std::int64_t score = 0;
  bool operator==(const DrawRule&) const = default;
};

// --resign movecount=M score=S [twosided=true]: a side whose last M moves
// all scored S centipawns or more below even (or a mate against it) loses;
// two-sided, only when the other side's last M moves scored as much above.
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

class Adjudicator {
 public:
  Adjudicator(AdjudicationRules rules, std::size_t sides);
  // After `mover`'s move, `moves_played` moves in all, with the score its
  // player gave (none: the rules' counts start again): the result when the
  // rules give one now.
  std::optional<Adjudged> after_move(Side mover, std::int64_t moves_played, std::optional<ReportedScore> score);

 private:
  AdjudicationRules rules_;
  std::size_t sides_;
  std::int64_t quiet_moves_ = 0;     // moves in a row scored within the draw score
  std::vector<std::int64_t> losing_;   // per side, its own moves in a row scored at or below -resign score
  std::vector<std::int64_t> winning_;  // per side, the same at or above +resign score
};

}  // namespace gamerec
