#include "cli/players.h"

#include <ostream>

#include "cli/diagnostics.h"
#include "cli/position_text.h"
#include "core/line_source.h"
#include "ui/terminal.h"

namespace gamerec::cli {
namespace {

class HumanPlayer final : public Player {
 public:
  explicit HumanPlayer(const Context& context) : context_(context), echo_(!ui::stdin_is_terminal()) {}

  std::optional<Action> act(const Game& game, const Observation& seen, std::span<const Move>) override {
    context_.out() << context_.text("ui.prompt", {{"side", side_display(context_, game, seen.viewer())}});
    context_.out().flush();
    Action action;
    if (!read_capped_line(context_.in(), action.text, kMaxLineLength, action.too_long)) {
      context_.out() << '\n';
      return std::nullopt;
    }
    if (echo_) context_.out() << printable(action.text) << '\n';
    return action;
  }
  bool is_computer() const override { return false; }

 private:
  const Context& context_;
  bool echo_;
};

}  // namespace

bool read_capped_line(std::istream& in, std::string& line, std::size_t limit, bool& too_long) {
  line.clear();
  too_long = false;
  std::streambuf* buffer = in.rdbuf();
  bool any = false;
  for (int c = buffer->sbumpc(); c != std::char_traits<char>::eof(); c = buffer->sbumpc()) {
    any = true;
    if (c == '\n') return true;
    if (line.size() < limit)
      line += static_cast<char>(c);
    else
      too_long = true;
  }
  in.setstate(std::ios::eofbit);
  return any;
}

std::unique_ptr<Player> make_human_player(const Context& context) {
  return std::make_unique<HumanPlayer>(context);
}

}  // namespace gamerec::cli
