// The shared line protocol of the games of perfect information
// (players/turn_protocol.h; gamerec-games(7), PLAYERS AS PROGRAMS).
#include "players/turn_protocol.h"

#include <algorithm>
#include <stdexcept>

namespace gamerec {
namespace {

class TurnProtocol final : public LineProtocol {
 public:
  TurnProtocol(const Game& game, const ProgramNotation& notation) : game_(game), notation_(notation) {}

  std::vector<std::string> start_lines(const Observation& seen) const override {
    std::vector<std::string> lines = {"new-game " + game_.name() + " " + side_id(seen.viewer())};
    for (const OptionSpec& option : game_.definition().options) {
      const auto value = game_.options().values().find(option.name);
      lines.push_back(
          "option " + option.name + " " +
          option_value_text(value != game_.options().values().end() ? value->second : option.default_value));
    }
    const ProgramNotation::Told told = notation_.told_position(whole_position(seen));
    if (!told.start.empty()) lines.push_back("position " + told.start);
    for (const auto& [side, move] : told.stones)
      lines.push_back("stone " + side_id(side) + " " + notation_.program_move_text(move));
    for (const auto& [side, move] : told.moves) lines.push_back(played(side, move));
    return lines;
  }

  // "move" and the legal moves, so that a program needs no move generator
  // of its own to play legally.
  std::string request(const Observation& seen) const override {
    std::string line = "move";
    for (const Move& move : whole_position(seen).legal_moves()) line += " " + notation_.program_move_text(move);
    return line;
  }

  std::vector<std::string> after_move(const Observation& seen, Side mover, const Move& move) const override {
    const State& position = whole_position(seen);
    // Its own moves too: the program's board changes only by what it is
    // told (a hint's program did not choose the moves of its side a person
    // made).
    std::vector<std::string> lines = {played(mover, move)};
    if (position.is_over()) {
      const Outcome outcome = position.outcome();
      const bool won =
          std::find(outcome.winners.begin(), outcome.winners.end(), seen.viewer()) != outcome.winners.end();
      lines.push_back(outcome.winners.empty() ? "end drawn" : won ? "end won" : "end lost");
    }
    return lines;
  }

 private:
  const std::string& side_id(Side side) const {
    return game_.definition().sides.at(static_cast<std::size_t>(side));
  }
  std::string played(Side side, const Move& move) const {
    return "played " + side_id(side) + " " + notation_.program_move_text(move);
  }

  const Game& game_;
  const ProgramNotation& notation_;
};

}  // namespace

const State& whole_position(const Observation& seen) {
  const State* position = seen.whole_position();
  if (position == nullptr) throw std::logic_error("a game with ProgramNotation hides its position");
  return *position;
}

std::unique_ptr<LineProtocol> turn_protocol(const Game& game) {
  const auto* notation = game.facet<ProgramNotation>();
  if (notation == nullptr) return nullptr;
  return std::make_unique<TurnProtocol>(game, *notation);
}

}  // namespace gamerec
