#include "cli/players.h"

#include <ostream>

#include "cli/diagnostics.h"
#include "cli/position_text.h"
#include "ui/terminal.h"

namespace gamerec::cli {
namespace {

class HumanPlayer final : public Player {
 public:
  HumanPlayer(const Context& context, ui::InputReader& input)
      : context_(context), input_(input), echo_(!ui::stdin_is_terminal()) {}

  std::optional<Action> act(const Game& game, const Observation& seen, std::span<const Move>) override {
    context_.out() << context_.text("ui.prompt", {{"side", side_display(context_, game, seen.viewer())}});
    // Nobody can see the prompt (a full disk, a closed pipe): take nothing.
    if (!context_.out().flush()) return std::nullopt;
    Action action;
    if (input_.read_line(action.text, action.too_long) != ui::InputReader::Result::kLine) {
      context_.out() << '\n';  // end of input or a signal: the session ends
      return std::nullopt;
    }
    if (echo_) context_.out() << printable(action.text) << '\n';
    return action;
  }
  bool is_computer() const override { return false; }

 private:
  const Context& context_;
  ui::InputReader& input_;
  bool echo_;
};

}  // namespace

std::unique_ptr<Player> make_human_player(const Context& context, ui::InputReader& input) {
  return std::make_unique<HumanPlayer>(context, input);
}

}  // namespace gamerec::cli
