#include "core/adjudication.h"

#include <cstdlib>
#include <string>

namespace gamerec {

std::string draw_rule_text(const std::optional<DrawRule>& rule) {
  if (!rule) return "-";
  return std::to_string(rule->move_number) + "," + std::to_string(rule->move_count) + "," + std::to_string(rule->score);
}

std::string resign_rule_text(const std::optional<ResignRule>& rule) {
  if (!rule) return "-";
  return std::to_string(rule->move_count) + "," + std::to_string(rule->score) + (rule->two_sided ? ",twosided" : "");
}

Adjudicator::Adjudicator(AdjudicationRules rules, std::size_t sides)
    : rules_(std::move(rules)), sides_(sides), losing_(sides, 0), winning_(sides, 0) {}

std::optional<Adjudged> Adjudicator::after_move(Side mover, std::int64_t moves_played,
                                                std::optional<ReportedScore> score) {
  // A side's win or loss needs one other side to give it to.
  if (sides_ != 2 || mover < 0 || static_cast<std::size_t>(mover) >= sides_) return std::nullopt;
  const auto own = static_cast<std::size_t>(mover);
  const std::size_t other = 1 - own;
  if (rules_.draw) {
    const bool quiet = score && !score->mate && std::abs(score->value) <= rules_.draw->score;
    quiet_moves_ = quiet ? quiet_moves_ + 1 : 0;
    const auto sides = static_cast<std::int64_t>(sides_);
    if (moves_played >= rules_.draw->move_number * sides && quiet_moves_ >= rules_.draw->move_count * sides)
      return Adjudged{{},
                      Message{"adjudication.draw",
                              {{"score", std::to_string(rules_.draw->score)},
                               {"count", std::to_string(rules_.draw->move_count)}}}};
  }
  if (rules_.resign) {
    const ResignRule& resign = *rules_.resign;
    const bool lost = score && (score->mate ? score->value < 0 : score->value <= -resign.score);
    const bool won = score && (score->mate ? score->value > 0 : score->value >= resign.score);
    losing_[own] = lost ? losing_[own] + 1 : 0;
    winning_[own] = won ? winning_[own] + 1 : 0;
    // The mover's own verdict first, then the other side's standing one.
    for (const std::size_t side : {own, other}) {
      const std::size_t opponent = 1 - side;
      if (losing_[side] < resign.move_count) continue;
      if (resign.two_sided && winning_[opponent] < resign.move_count) continue;
      return Adjudged{{static_cast<Side>(opponent)},
                      Message{resign.two_sided ? "adjudication.resign-both" : "adjudication.resign",
                              {{"score", std::to_string(resign.score)},
                               {"count", std::to_string(resign.move_count)}}}};
    }
  }
  return std::nullopt;
}

}  // namespace gamerec
