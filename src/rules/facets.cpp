// The shared shape of the line protocol of the games of perfect
// information (rules/facets.h, TurnProtocol; gamerec-games(7), PLAYERS AS
// PROGRAMS).
#include "rules/facets.h"

#include <algorithm>

namespace gamerec {
namespace {

const std::string& side_id(const Game& game, Side side) {
  return game.definition().sides.at(static_cast<std::size_t>(side));
}

}  // namespace

std::vector<std::string> TurnProtocol::start_lines(const Observation& seen) const {
  // The facet is a base of the game class itself.
  const Game& game = dynamic_cast<const Game&>(*this);
  std::vector<std::string> lines = {"new-game " + game.name() + " " + side_id(game, seen.viewer())};
  for (const OptionSpec& option : game.definition().options) {
    const auto value = game.options().values().find(option.name);
    lines.push_back("option " + option.name + " " +
                    option_value_text(value != game.options().values().end() ? value->second : option.default_value));
  }
  for (std::string& line : position_lines(seen_position(seen))) lines.push_back(std::move(line));
  return lines;
}

// "move" and the legal moves, so that a program needs no move generator of
// its own to play legally.
std::string TurnProtocol::request(const Observation& seen) const {
  const State& position = seen_position(seen);
  std::string line = "move";
  for (const Move& move : position.legal_moves()) line += " " + told_move(move, position);
  return line;
}

std::vector<std::string> TurnProtocol::after_move(const Observation& seen, Side mover, const Move& move) const {
  const Game& game = dynamic_cast<const Game&>(*this);
  const State& position = seen_position(seen);
  // Its own moves too: the program's board changes only by what it is told
  // (a hint's program did not choose the moves of its side a person made).
  std::vector<std::string> lines = {"played " + side_id(game, mover) + " " + told_move(move, position)};
  if (position.is_over()) {
    const Outcome outcome = position.outcome();
    const bool won = std::find(outcome.winners.begin(), outcome.winners.end(), seen.viewer()) != outcome.winners.end();
    lines.push_back(outcome.winners.empty() ? "end drawn" : won ? "end won" : "end lost");
  }
  return lines;
}

}  // namespace gamerec
