#include "cli/record_facts.h"

#include <algorithm>
#include <cctype>

#include "cli/display.h"
#include "rules/facets.h"
#include "rules/text.h"

namespace gamerec::cli {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool same_word(std::string_view a, std::string_view b) { return lower(a) == lower(b); }

// How the record says the game ended: PGN's Termination tag (the PGN
// standard, 9.8.1), or the words of the sites that write their own in it
// ("Black won by resignation"). Empty: the rules' end, or none said.
std::string termination_reason(const GameHeader& header) {
  for (const auto& [key, value] : header.tags) {
    if (key != "Termination") continue;
    const std::string said = lower(value);
    static constexpr std::pair<std::string_view, std::string_view> kStandard[] = {
        {"abandoned", "abandoned"},       {"adjudication", "adjudication"},
        {"death", "death"},               {"emergency", "emergency"},
        {"rules infraction", "rules-infraction"}, {"time forfeit", "time-forfeit"},
        {"unterminated", "unterminated"}, {"normal", ""}};
    for (const auto& [word, reason] : kStandard) {
      if (said == word) return std::string(reason);
    }
    static constexpr std::pair<std::string_view, std::string_view> kWords[] = {
        {"resign", "resignation"}, {"time", "time-forfeit"},  {"agree", "agreement"},
        {"abandon", "abandoned"},  {"adjudicat", "adjudication"}};
    for (const auto& [word, reason] : kWords) {
      if (said.find(word) != std::string::npos) return std::string(reason);
    }
  }
  return "";
}

}  // namespace

std::vector<std::string> header_players(const Game& game, const GameHeader& header) {
  const std::vector<std::string>& sides = game.definition().sides;
  std::vector<std::string> players(sides.size());
  bool any = false;
  for (std::size_t i = 0; i < sides.size(); ++i) {
    const auto named = [&](const std::vector<std::pair<std::string, std::string>>& fields) {
      for (const auto& [key, value] : fields) {
        if (same_word(key, sides[i]) && !value.empty() && value != "?") return value;
      }
      return std::string();
    };
    players[i] = named(header.players);
    if (players[i].empty()) players[i] = named(header.tags);
    any = any || !players[i].empty();
  }
  if (!any) players.clear();
  return players;
}

bool names_a_player(const Game& game, std::string_view tag) {
  const std::vector<std::string>& sides = game.definition().sides;
  return std::any_of(sides.begin(), sides.end(), [&](const std::string& side) { return same_word(tag, side); });
}

std::string players_text(const Context& context, const Game& game, const std::vector<std::string>& players) {
  std::vector<std::string> shown;
  for (std::size_t i = 0; i < players.size(); ++i) {
    shown.push_back(context.text("replay.player", {{"name", players[i].empty() ? "?" : players[i]},
                                                   {"side", side_display(context, game, static_cast<Side>(i))}}));
  }
  return join(shown, ", ");
}

std::optional<DeclaredResult> declared_result_of(const Game& game, const GameHeader& header, const RunResult& run,
                                              const State& end) {
  const std::optional<std::string>& declared = run.declared_result ? run.declared_result : header.result;
  if (!declared) return std::nullopt;
  DeclaredResult out{*declared, ""};
  const auto* results = game.facet<WrittenResults>();
  auto winners = results != nullptr ? results->declared_winners(*declared) : std::nullopt;
  if (!winners) return out;  // "*": no end stated
  out.reason = termination_reason(header);
  if (!out.reason.empty()) return out;
  const Outcome outcome = run.passed_end ? run.passed_end->outcome : end.outcome();
  if (outcome.over) {
    std::vector<Side> rules = outcome.winners;
    std::sort(rules.begin(), rules.end());
    std::sort(winners->begin(), winners->end());
    out.reason = rules == *winners ? outcome.end : "conflict";
  } else if (winners->empty()) {
    out.reason = outcome.draw_claimable.empty() ? "agreement" : "draw-claim";
  } else {
    out.reason = "resignation";
  }
  return out;
}

std::string result_text(const Context& context, const Game& game, const std::optional<DeclaredResult>& declared,
                        const RunResult& run, const State& end) {
  const GameDefinition& definition = game.definition();
  const Outcome outcome = run.passed_end ? run.passed_end->outcome : end.outcome();
  if (declared) {
    if (declared->reason.empty()) return context.text("result.declared-only", {{"result", declared->text}});
    // The rules' end ("checkmate") in the game's words, the others in ours.
    const bool rules_end = outcome.over && declared->reason == outcome.end;
    const std::string reason = rules_end ? context.text("ends." + outcome.end, {}, &definition)
                                         : context.text("result.reasons." + declared->reason);
    return context.text("result.declared", {{"result", declared->text}, {"reason", reason}});
  }
  if (!outcome.over) return context.text("result.unfinished");
  const MessageArgs args = {{"end", context.text("ends." + outcome.end, {}, &definition)},
                            {"winner", sides_display(context, game, outcome.winners)}};
  return context.text(outcome.winners.empty() ? "result.draw" : "result.win", args, &definition);
}

}  // namespace gamerec::cli
