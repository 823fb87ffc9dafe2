#include "cli/display.h"

#include "cli/diagnostics.h"
#include "rules/facets.h"
#include "rules/text.h"
#include "ui/board_view.h"

namespace gamerec::cli {

std::string side_id(const Game& game, Side side) {
  const auto& sides = game.definition().sides;
  if (side < 0 || side >= static_cast<int>(sides.size())) return "";
  return sides[static_cast<std::size_t>(side)];
}

std::string result_id(const Game& game, const Outcome& outcome) {
  if (outcome.winners.empty()) return "draw";
  return join(outcome.winners, "+", [&](Side side) { return side_id(game, side); });
}

std::string side_display(const Context& context, const Game& game, Side side) {
  return context.messages().side_name(game.definition(), side);
}

std::string sides_display(const Context& context, const Game& game, const std::vector<Side>& sides) {
  return join(sides, "+", [&](Side side) { return side_display(context, game, side); });
}

std::int64_t next_move_number(const Game& game, const State& state) {
  // A game that numbers move pairs says which pair: "Black to move, move 12".
  const auto* numbers = game.facet<MoveNumbers>();
  return numbers != nullptr ? numbers->move_number(state).number : state.moves_played() + 1;
}

std::string status_line(const Context& context, const Game& game, const State& state) {
  const GameDefinition& definition = game.definition();
  if (!state.is_over()) {
    const MessageArgs args = {{"side", side_display(context, game, state.to_move())},
                              {"number", std::to_string(next_move_number(game, state))}};
    if (const auto* reasons = game.facet<TurnReasons>()) {
      if (auto reason = reasons->turn_reason(state)) return context.text(reason->key, args, &definition);
    }
    return context.text("ui.to-move", args);
  }
  const Outcome outcome = state.outcome();
  MessageArgs args = {{"moves", context.messages().count("ui.moves", state.moves_played())},
                      {"end", context.text("ends." + outcome.end, {}, &definition)}};
  if (outcome.winners.empty()) return context.text("ui.finished-draw", args, &definition);
  args.emplace_back("winner", sides_display(context, game, outcome.winners));
  return context.text("ui.finished-win", args, &definition);
}

std::string board_text(const Context& context, const Game& game, const BoardView& board) {
  // Grid titles are message keys of the game (battleship's "views.fleet-1").
  BoardView view = board;
  for (BoardGrid& grid : view.grids) {
    if (!grid.title.empty()) grid.title = context.text(grid.title, {}, &game.definition());
  }
  std::vector<std::string> names;
  for (Side side = 0; side < static_cast<Side>(game.definition().sides.size()); ++side)
    names.push_back(side_display(context, game, side));
  return ui::render_board(view, game.definition(), context.messages().language(), context.palette(), names,
                          ui::terminal_width());
}

std::string board_and_status(const Context& context, const Game& game, const State& state,
                             const BoardView& view) {
  return board_text(context, game, view) + status_line(context, game, state) + "\n";
}

std::string numbered_move(const Game& game, const State& before, std::string_view move) {
  const auto* numbers = game.facet<MoveNumbers>();
  if (numbers == nullptr) return std::string(move);
  return move_number_text(numbers->move_number(before)) + " " + std::string(move);
}

std::string last_numbered_move(const Game& game, const State& after, std::string_view move) {
  const auto* numbers = game.facet<MoveNumbers>();
  if (numbers == nullptr) return std::string(move);
  return move_number_text(numbers->last_move_number(after)) + " " + std::string(move);
}

std::string move_line(const Context& context, const Game& game, std::int64_t number, std::string_view move,
                      Side mover) {
  if (game.facet<MoveNumbers>() != nullptr)
    return context.text("ui.replay-numbered-move",
                        {{"move", printable(move)}, {"side", side_display(context, game, mover)}});
  return context.text("ui.replay-move", {{"number", std::to_string(number)},
                                         {"move", printable(move)},
                                         {"side", side_display(context, game, mover)}});
}

}  // namespace gamerec::cli
