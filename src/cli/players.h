#pragma once
// People and programs are both players: each is asked for its next line,
// which the play loop treats the same way (a move or a command).
#include <memory>
#include <optional>
#include <string>

#include "cli/context.h"
#include "core/game.h"

namespace gamerec::cli {

class Player {
 public:
  virtual ~Player() = default;
  // The next line of input, or nullopt when the player has no more (end of
  // input for a person, no legal move for a program).
  virtual std::optional<std::string> next_line(const State& state) = 0;
  virtual bool is_computer() const = 0;
};

// Prompts on the context's output and reads a line from its input. When the
// input is not a terminal the line is echoed, so a transcript reads as typed.
std::unique_ptr<Player> make_human_player(const Context& context, const Game& game);
std::unique_ptr<Player> make_computer_player(const Game& game, std::unique_ptr<MoveChooser> chooser);

}  // namespace gamerec::cli
