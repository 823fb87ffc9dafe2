#include "cli/report.h"

#include <fmt/format.h>

#include <istream>
#include <ostream>

#include "core/text.h"
#include "ui/board_view.h"

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
  return context.messages().side_name(side_id(game, side));
}

std::string status_line(const Context& context, const Game& game, const State& state) {
  const Messages& messages = context.messages();
  if (!state.is_over()) {
    return messages.text("ui.to-move", {{"side", side_display(context, game, state.to_move())},
                                        {"number", std::to_string(state.moves_played() + 1)}});
  }
  const Outcome outcome = state.outcome();
  const std::string moves = std::to_string(state.moves_played());
  if (outcome.winners.empty()) return messages.text("ui.finished-draw", {{"moves", moves}});
  std::string winner;
  for (Side side : outcome.winners) winner += (winner.empty() ? "" : "+") + side_display(context, game, side);
  return messages.text("ui.finished-win", {{"winner", winner}, {"moves", moves}});
}

std::string error_message(const Context& context, const Game& game, const State& state,
                          const RecordError& error) {
  const Messages& messages = context.messages();
  std::string where;
  if (state.is_over()) {
    where = status_line(context, game, state);
  } else {
    where = messages.text("context", {{"side", side_display(context, game, state.to_move())},
                                      {"number", std::to_string(state.moves_played() + 1)}});
  }
  return fmt::format("{}: {} ({})", printable(error.move),
                     messages.error_reason(error.error, game.definition()), where);
}

std::string error_line(std::string_view file, const RecordError& error, std::string_view message) {
  return fmt::format("{}:{}:{}: error[{}]: {}", file, error.line, error.column, code_name(error.error.code),
                     message);
}

std::string file_error_line(std::string_view file, const FileError& error) {
  // Compiler style, like move errors: the header problem is on that line.
  if (error.line > 0)
    return fmt::format("{}:{}:1: error[{}]: {}", file, error.line, error.code, error.message);
  return fmt::format("{}: error[{}]: {}", file, error.code, error.message);
}

std::string replay_move_line(const Context& context, const Game& game, int number, std::string_view move,
                             Side mover) {
  return context.messages().text("ui.replay-move", {{"number", std::to_string(number)},
                                                    {"move", printable(move)},
                                                    {"side", side_display(context, game, mover)}});
}

std::string board_text(const Context& context, const Game& game, const State& state) {
  std::vector<std::string> names;
  for (Side side = 0; side < static_cast<Side>(game.definition().sides.size()); ++side)
    names.push_back(side_display(context, game, side));
  return ui::render_board(state.view(kNoSide), game.definition(), context.messages().language(),
                          context.palette(), names);
}

std::optional<OpenedRecord> open_or_report(const Context& context, const std::string& path) {
  auto opened = open_record(path, context.catalogue(), context.game_choice());
  if (auto* error = std::get_if<FileError>(&opened)) {
    context.err() << file_error_line(display_name(path), *error) << '\n';
    return std::nullopt;
  }
  return std::get<OpenedRecord>(std::move(opened));
}

bool warn_if_lines_after_quit(const Context& context, const std::string& file, const RunResult& run,
                              RecordReader& reader) {
  if (!run.quit_line || !reader.has_lines_after_quit()) return false;
  context.err() << fmt::format("{}:{}: warning: {}\n", file, *run.quit_line,
                               context.messages().text("ui.trailing-after-quit"));
  return true;
}

void wait_for_enter(const Context& context) {
  context.out().flush();
  std::string ignored;
  std::getline(context.in(), ignored);
}

bool report_read_error(const Context& context, const std::string& file, const RunResult& run) {
  if (run.read_error.empty()) return false;
  context.err() << file_error_line(file, FileError{"io", "cannot read: " + run.read_error}) << '\n';
  return true;
}

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

}  // namespace gamerec::cli
