#include "cli/record_opening.h"

#include <ostream>

#include "cli/diagnostics.h"

namespace gamerec::cli {

int report_file_error(const Context& context, const std::string& file, const Error& error) {
  context.err() << file_error_line(context, file, error) << '\n';
  return kExitUsage;
}

std::optional<SelectedGame> open_record_game(const Context& context, const std::string& path, int index) {
  const std::string file = display_name(path);
  auto opened = open_input(path, context.catalogue());
  if (auto* error = opened.if_error()) {
    report_file_error(context, file, *error);
    return std::nullopt;
  }
  OpenRecord& input = opened.value();
  for (int number = 1;; ++number) {
    auto next = input.source->next_game();
    if (!next) {
      if (input.source->read_error())
        report_file_error(context, file, *input.source->read_error());
      else
        report_file_error(context, file,
                          Error{"usage", Message{"usage.no-such-game",
                                                 {{"index", std::to_string(index)},
                                                  {"count", std::to_string(number - 1)}}}});
      return std::nullopt;
    }
    if (number < index) continue;
    if (auto* error = next->if_error()) {
      report_file_error(context, file, header_file_error(*error));
      return std::nullopt;
    }
    auto game = open_game(std::move(*next).value(), input, path, context.catalogue(),
                          context.game_choice());
    if (auto* error = game.if_error()) {
      report_file_error(context, file, *error);
      return std::nullopt;
    }
    return SelectedGame{std::move(input), std::move(game).value()};
  }
}

}  // namespace gamerec::cli
