#include "cli/diagnostics.h"

#include <fmt/format.h>

#include "cli/display.h"

namespace gamerec::cli {

std::string printable(std::string_view text) {
  constexpr std::size_t kShown = 40;
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < kShown; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte >= 0x7f)
      out += fmt::format("\\x{:02X}", byte);
    else
      out += static_cast<char>(byte);
  }
  if (text.size() > kShown) out += "...";
  return out;
}

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : escape_controls(path); }

std::string move_error_text(const Context& context, const Game& game, const State& state,
                            const RecordError& error) {
  const std::string where =
      state.is_over() ? status_line(context, game, state)
                      : context.text("context", {{"side", side_display(context, game, state.to_move())},
                                                 {"number", std::to_string(next_move_number(game, state))}});
  return fmt::format("{}: {} ({})", printable(error.move),
                     context.messages().error_reason(error.error, game.definition()), where);
}

std::string error_line(std::string_view file, const RecordError& error, std::string_view message) {
  return fmt::format("{}:{}:{}: error[{}]: {}", file, error.line, error.column, code_name(error.error.code),
                     message);
}

std::string file_error_text(const Context& context, const Error& error) {
  return context.text(error.message, context.catalogue().find(error.scope));
}

std::string file_error_line(const Context& context, std::string_view file, const Error& error) {
  // Values from the file (a header's game name) are escaped like the name.
  const std::string message = escape_controls(file_error_text(context, error));
  // Compiler style, like move errors: the header problem is on that line.
  if (error.line > 0) return fmt::format("{}:{}:1: error[{}]: {}", file, error.line, error.code, message);
  return fmt::format("{}: error[{}]: {}", file, error.code, message);
}

ForfeitText forfeit_text(const Context& context, const Game& game, const MatchEnd& end) {
  if (end.forfeit_reason)
    return {false, {{"reason", escape_controls(context.text(*end.forfeit_reason, &game.definition()))}}};
  if (!end.forfeit_error) return {};
  return {true,
          {{"move", printable(end.forfeit_move)},
           {"reason", context.messages().error_reason(*end.forfeit_error, game.definition())}}};
}

std::string quit_warning_line(const Context& context, std::string_view file, std::int64_t line) {
  return fmt::format("{}:{}: warning: {}", file, line, context.text("ui.trailing-after-quit"));
}

}  // namespace gamerec::cli
