#include "cli/players.h"

#include <istream>
#include <ostream>

#include "cli/report.h"
#include "ui/terminal.h"

namespace gamerec::cli {
namespace {

class HumanPlayer final : public Player {
 public:
  HumanPlayer(const Context& context, const Game& game)
      : context_(context), game_(game), echo_(!ui::stdin_is_terminal()) {}

  std::optional<std::string> next_line(const State& state) override {
    context_.out() << context_.messages().text("ui.prompt",
                                               {{"side", side_display(context_, game_, state.to_move())}});
    context_.out().flush();
    std::string line;
    if (!std::getline(context_.in(), line)) {
      context_.out() << '\n';
      return std::nullopt;
    }
    if (echo_) context_.out() << printable(line) << '\n';
    return line;
  }
  bool is_computer() const override { return false; }

 private:
  const Context& context_;
  const Game& game_;
  bool echo_;
};

class ComputerPlayer final : public Player {
 public:
  ComputerPlayer(const Game& game, std::unique_ptr<MoveChooser> chooser)
      : game_(game), chooser_(std::move(chooser)) {}

  std::optional<std::string> next_line(const State& state) override {
    auto move = chooser_->choose_move(state);
    if (!move) return std::nullopt;
    return game_.move_text(*move, state);
  }
  bool is_computer() const override { return true; }

 private:
  const Game& game_;
  std::unique_ptr<MoveChooser> chooser_;
};

}  // namespace

std::unique_ptr<Player> make_human_player(const Context& context, const Game& game) {
  return std::make_unique<HumanPlayer>(context, game);
}

std::unique_ptr<Player> make_computer_player(const Game& game, std::unique_ptr<MoveChooser> chooser) {
  return std::make_unique<ComputerPlayer>(game, std::move(chooser));
}

}  // namespace gamerec::cli
