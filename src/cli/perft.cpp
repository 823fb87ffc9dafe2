// gamerec perft GAME DEPTH: leaf nodes of the legal-move tree.
#include <fmt/format.h>

#include <ostream>

#include "cli/commands.h"

namespace gamerec::cli {
namespace {

struct PerftOptions {
  std::string game;
  int depth = 1;
  bool divide = false;
};

int run_perft(const Context& context, const PerftOptions& options) {
  auto made = context.catalogue().make_game(options.game, context.game_choice().overrides);
  if (auto* error = std::get_if<std::string>(&made)) {
    context.err() << "gamerec: " << *error << '\n';
    return kExitUsage;
  }
  const Game& game = *std::get<std::unique_ptr<Game>>(made);
  auto state = game.new_state();
  if (!options.divide) {
    context.out() << perft(*state, options.depth) << '\n';
    return kExitOk;
  }
  std::uint64_t total = 0;
  for (const Move& move : state->legal_moves()) {
    auto child = state->clone();
    child->apply(move);
    const std::uint64_t nodes = perft(*child, options.depth - 1);
    total += nodes;
    context.out() << fmt::format("{}: {}\n", game.move_text(move, *state), nodes);
  }
  context.out() << total << '\n';
  return kExitOk;
}

}  // namespace

Command add_perft_command(CLI::App& app) {
  auto options = std::make_shared<PerftOptions>();
  CLI::App* command = app.add_subcommand("perft", "Count the leaf nodes of the legal-move tree");
  command->add_option("game", options->game, "Game (chaturanga)")->required();
  command->add_option("depth", options->depth, "Depth in plies")->required()->check(CLI::Range(1, 12));
  command->add_flag("--divide", options->divide, "Print MOVE: COUNT for each first move");
  return {command, [options](const Context& context) { return run_perft(context, *options); }};
}

}  // namespace gamerec::cli
