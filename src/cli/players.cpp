#include "cli/players.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <ostream>
#include <string_view>
#include <utility>

#include "cli/diagnostics.h"
#include "cli/display.h"
#include "rules/facets.h"
#include "ui/keys.h"
#include "ui/terminal.h"

namespace gamerec::cli {
namespace {

class HumanPlayer final : public Player {
 public:
  HumanPlayer(const Context& context, ui::InputReader& input)
      : context_(context),
        input_(input),
        echo_(!ui::stdin_is_terminal()),
        cursor_keys_(!echo_ && ui::stdout_is_terminal() && !ui::is_dumb_terminal(std::getenv("TERM"))) {}

  std::optional<Action> act(const Game& game, const Observation& seen, std::span<const Move>) override {
    // A game whose moves are cells gets a cursor on a terminal that can
    // move its own cursor up (TERM=dumb cannot).
    if (draws_board(game)) return act_with_cursor(game, seen);
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
  bool draws_board(const Game& game) const override { return cursor_keys_ && game.facet<CellBoard>() != nullptr; }

 private:
  // The board with the cursor on it (the one bracketed cell), its help line
  // and the prompt, drawn again in place after each key; typed moves still
  // work (ui/keys.h).
  std::optional<Action> act_with_cursor(const Game& game, const Observation& seen) {
    const CellBoard& board = *game.facet<CellBoard>();
    const BoardView view = seen.view();
    if (view.grids.empty() || view.grids.front().rows <= 0 || view.grids.front().cols <= 0) return std::nullopt;
    const BoardGrid& grid = view.grids.front();
    if (!cursor_) cursor_ = {grid.rows / 2, grid.cols / 2};
    cursor_->first = std::clamp(cursor_->first, 0, grid.rows - 1);
    cursor_->second = std::clamp(cursor_->second, 0, grid.cols - 1);
    const std::string prompt = context_.text("ui.prompt", {{"side", side_display(context_, game, seen.viewer())}});
    std::size_t drawn_lines = 0;  // lines above the prompt this call drew
    auto draw = [&] {
      BoardView shown = view;
      BoardGrid& cells = shown.grids.front();
      for (auto& cell : cells.cells) cell.highlight = false;
      const auto index = static_cast<std::size_t>(cursor_->first * cells.cols + cursor_->second);
      if (index < cells.cells.size()) cells.cells[index].highlight = true;
      std::string text = board_text(context_, game, shown);
      text += context_.text("ui.cursor", {{"move", board.cell_move(cursor_->first, cursor_->second)}}) + '\n';
      // Back to the first line drawn last time, and the screen below it cleared.
      if (drawn_lines > 0) context_.out() << "\r\x1b[" << drawn_lines << "A\x1b[J";
      context_.out() << text << prompt;
      drawn_lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
      return static_cast<bool>(context_.out().flush());
    };
    ui::RawKeys keys(input_);
    if (!keys.active()) return std::nullopt;
    Action action;
    while (true) {
      // Nobody can see the board (a full disk, a closed pipe): take nothing.
      if (!draw()) return std::nullopt;
      auto echo = [&](const std::string& text) { context_.out() << text << std::flush; };
      switch (keys.read(action.text, action.too_long, echo)) {
        case ui::Key::kUp: cursor_->first = std::max(0, cursor_->first - 1); break;
        case ui::Key::kDown: cursor_->first = std::min(grid.rows - 1, cursor_->first + 1); break;
        case ui::Key::kLeft: cursor_->second = std::max(0, cursor_->second - 1); break;
        case ui::Key::kRight: cursor_->second = std::min(grid.cols - 1, cursor_->second + 1); break;
        case ui::Key::kPlace:
          action.text = board.cell_move(cursor_->first, cursor_->second);
          context_.out() << action.text << '\n';
          return action;
        case ui::Key::kLine: return action;
        case ui::Key::kEnd:
        case ui::Key::kInterrupted:
          context_.out() << '\n';  // end of input or a signal: the session ends
          return std::nullopt;
      }
    }
  }

  const Context& context_;
  ui::InputReader& input_;
  bool echo_;
  bool cursor_keys_;
  std::optional<std::pair<int, int>> cursor_;  // row and column in the first grid, kept between turns
};

}  // namespace

std::unique_ptr<Player> make_human_player(const Context& context, ui::InputReader& input) {
  return std::make_unique<HumanPlayer>(context, input);
}

}  // namespace gamerec::cli
