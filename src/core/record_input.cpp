#include "core/record_input.h"

namespace gamerec {
namespace {

// The game named by the first rule of gamerec(1), WHICH GAME A FILE HOLDS, that applies.
Result<std::string, Error> choose_game(const std::string& path, const GameHeader& header, OpenRecord& input,
                                       const GameCatalogue& catalogue, const GameChoice& choice) {
  if (choice.forced_game) return *choice.forced_game;
  if (header.game) return *header.game;
  if (!input.format->game.empty()) return input.format->game;
  if (path != "-") {
    if (auto game = catalogue.game_for_path(path)) return *game;
  }
  const RecordEvent* first = input.source->peek_event();
  if (first != nullptr && first->kind == RecordEvent::Kind::kMove) {
    auto games = catalogue.games_accepting(first->text);
    if (games.size() == 1) return games.front();
  }
  if (input.source->read_error()) return *input.source->read_error();
  return Error{"unknown-game", Message{"file.unknown-game"}, first != nullptr ? first->line : header.line};
}

// The game `header` names, under its options and then --variant's.
Result<std::shared_ptr<const Game>, Error> make_game(const GameHeader& header, const GameCatalogue& catalogue,
                                                     const GameChoice& choice, const std::string& game_name) {
  // What the file says is checked alone first, so that a bad header is
  // reported as the file's fault and a bad --game/--variant as the user's.
  const bool game_from_header = !choice.forced_game && header.game;
  auto game = catalogue.make_game(game_name, header.variant);
  if (auto* error = game.if_error()) {
    if (game_from_header || !header.variant.empty()) {
      const std::int64_t line = catalogue.find(game_name) == nullptr ? header.game_line : header.variant_line;
      return Error{"header", *error, line};
    }
    // A known game that cannot be built has a bad definition (--definitions) or
    // option: the user's to fix, like a bad --game.
    const bool unknown = catalogue.find(game_name) == nullptr && !choice.forced_game;
    return Error{unknown ? "unknown-game" : "usage", *error, 0};
  }
  if (!choice.overrides.empty()) {
    std::vector<OptionOverride> overrides = header.variant;
    overrides.insert(overrides.end(), choice.overrides.begin(), choice.overrides.end());
    game = catalogue.make_game(game_name, overrides);
    if (auto* error = game.if_error()) return Error{"usage", *error, 0};
  }
  return std::shared_ptr<const Game>(std::move(game).value());
}

}  // namespace

Result<OpenRecord, Error> open_input(const std::string& path, const GameCatalogue& catalogue,
                                     const ReadCancel* cancel) {
  auto opened = open_lines(path, cancel);
  if (!opened) return std::move(opened.error());
  std::unique_ptr<LineSource>& lines = *opened;
  const std::string_view head = lines->head();
  if (lines->read_error()) return *lines->read_error();
  OpenRecord input;
  input.format = &catalogue.format_of(path, head);
  input.source = input.format->open_reader(std::move(lines));
  return input;
}

Error header_file_error(const RecordError& error) {
  return Error{"header", Message{"header." + error.error.kind, error.error.args}, error.line};
}

Result<RecordGame, Error> open_game(GameHeader header, OpenRecord& input, const std::string& path,
                                    const GameCatalogue& catalogue, const GameChoice& choice) {
  // Checked under other rules, every move would be judged wrongly.
  if (header.unsupported_variant && !choice.forced_game)
    return Error{"unsupported-variant",
                 Message{"file.unsupported-variant", {{"variant", *header.unsupported_variant}}},
                 header.unsupported_variant_line};
  auto name = choose_game(path, header, input, catalogue, choice);
  if (auto* error = name.if_error()) return *error;
  const std::string& game_name = name.value();
  RulesCache& last = input.rules_cache;
  if (last.game == nullptr || last.name != game_name || last.header_options != header.variant ||
      last.choice_options != choice.overrides) {
    auto made = make_game(header, catalogue, choice, game_name);
    if (auto* error = made.if_error()) return std::move(*error);
    last = RulesCache{game_name, header.variant, choice.overrides, std::move(made).value()};
  }
  RecordGame opened;
  opened.game = last.game;
  auto start = opened.game->new_state_from(header.position);
  if (auto* error = start.if_error()) return Error{"header", *error, header.position_line, game_name};
  opened.start = std::move(start).value();
  opened.header = std::move(header);
  input.source->game_opened(*opened.game);
  return opened;
}

}  // namespace gamerec
