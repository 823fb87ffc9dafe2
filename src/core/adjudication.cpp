#include "core/adjudication.h"

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
    : rules_(std::move(rules)), sides_(sides), losing_(sides, 0) {}

std::optional<Adjudged> Adjudicator::after_move(Side mover, std::int64_t full_moves,
                                                std::optional<ReportedScore> score, bool irreversible) {
  // A side's win or loss needs one other side to give it to.
  if (sides_ != 2 || mover < 0 || static_cast<std::size_t>(mover) >= sides_) return std::nullopt;
  const auto own = static_cast<std::size_t>(mover);
  const auto text = [](std::int64_t number) { return std::to_string(number); };
  if (rules_.resign) {
    const ResignRule& resign = *rules_.resign;
    const bool below = score && (score->mate ? score->value < 0 : score->value <= -resign.score);
    const bool decisive =
        score && (score->mate || score->value >= resign.score || score->value <= -resign.score);
    losing_[own] = below ? losing_[own] + 1 : 0;
    decisive_moves_ = decisive ? decisive_moves_ + 1 : 0;
    // Only a side that sees itself below even resigns, on its own move.
    const bool behind = score && score->value < 0;
    const bool met =
        resign.two_sided ? decisive_moves_ >= resign.move_count * 2 : losing_[own] >= resign.move_count;
    if (behind && met)
      return Adjudged{{static_cast<Side>(1 - own)},
                      Message{resign.two_sided ? "adjudication.resign-both" : "adjudication.resign",
                              {{"score", text(resign.score)}, {"count", text(resign.move_count)}}}};
  }
  if (rules_.draw) {
    if (irreversible) quiet_moves_ = 0;
    const bool quiet =
        score && !score->mate && score->value <= rules_.draw->score && score->value >= -rules_.draw->score;
    quiet_moves_ = quiet ? quiet_moves_ + 1 : 0;
    if (full_moves >= rules_.draw->move_number && quiet_moves_ >= rules_.draw->move_count * 2)
      return Adjudged{
          {},
          Message{"adjudication.draw",
                  {{"score", text(rules_.draw->score)}, {"count", text(rules_.draw->move_count)}}}};
  }
  return std::nullopt;
}

}  // namespace gamerec
