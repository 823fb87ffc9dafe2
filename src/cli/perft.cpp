// gamerec perft GAME DEPTH: leaf nodes of the legal-move tree.
#include <fmt/format.h>

#include <ostream>

#include "cli/commands.h"
#include "cli/number_options.h"

namespace gamerec::cli {
namespace {

struct PerftOptions {
  std::string game;
  int depth = 1;
  bool divide = false;
  std::string position;  // --position (--fen): a start position in the game's notation
};

int run_perft(const Context& context, const PerftOptions& options) {
  auto made = context.catalogue().make_game(options.game, context.game_choice().overrides);
  if (auto* error = made.if_error()) return context.usage_error(*error);
  const Game& game = *made.value();
  auto start = game.new_state_from(options.position);
  if (auto* error = start.if_error()) return context.usage_error(*error, &game.definition());
  const State& state = *start.value();
  std::ostream& out = context.out();
  if (!options.divide) {
    out << perft(state, options.depth) << '\n';
  } else {
    std::uint64_t total = 0;
    for (const auto& [move, nodes] : perft_divide(state, options.depth)) {
      total += nodes;
      out << fmt::format("{}: {}\n", game.move_text(move, state), nodes);
      if (!out) break;
    }
    out << total << '\n';
  }
  if (!out.flush()) return context.usage_error(Message{"output.cannot-write"});
  return kExitOk;
}

}  // namespace

Command add_perft_command(CLI::App& app) {
  auto options = std::make_shared<PerftOptions>();
  CLI::App* command = app.add_subcommand("perft", "Count the leaf nodes of the legal-move tree");
  command->add_option("game", options->game, "Game (see 'gamerec games')")->required();
  command->add_option("depth", options->depth, "Depth in plies")->required()->check(whole_number(1, 12));
  command->add_flag("--divide", options->divide, "Print MOVE: COUNT for each first move");
  command->add_option("--position,--fen", options->position,
                      "Start from this position, in the game's notation (a header's position:)");
  return {command, [options](const Context& context) { return run_perft(context, *options); }};
}

}  // namespace gamerec::cli
