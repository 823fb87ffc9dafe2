#include "cli/completion.h"

#include <algorithm>
#include <ostream>

namespace gamerec::cli {
namespace {

constexpr std::string_view kFiles = ":files";
constexpr std::string_view kDirectories = ":dirs";

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

// The option of `command` or the common ones named `word` ("--game", "-o").
const CLI::Option* find_option(const CLI::App* command, const CLI::App& top, std::string_view word) {
  for (const CLI::App* app : {command, &top}) {
    if (app == nullptr) continue;
    for (const CLI::Option* option : app->get_options()) {
      if (option->check_name(std::string(word))) return option;
    }
  }
  return nullptr;
}

bool takes_value(const CLI::Option& option) { return option.get_type_size() > 0; }

// The values an option checks against (CLI::IsMember), as its type name
// shows them: "TEXT:{en,es}".
std::vector<std::string> checked_choices(const CLI::Option& option) {
  const std::string type = option.get_type_name();
  const auto open = type.find('{');
  const auto close = type.find('}', open);
  std::vector<std::string> choices;
  if (open == std::string::npos || close == std::string::npos) return choices;
  std::string item;
  for (char c : type.substr(open + 1, close - open - 1)) {
    if (c == ',') {
      choices.push_back(item);
      item.clear();
    } else {
      item += c;
    }
  }
  choices.push_back(item);
  return choices;
}

// What the words typed so far say: the subcommand, the game they name.
struct Typed {
  const Command* command = nullptr;
  std::vector<std::string> positionals;  // of the subcommand
  std::string game;                      // --game, or a subcommand's GAME
  std::vector<std::string> files;        // arguments that may be records
};

Typed read_words(const CliApp& cli, const GameCatalogue& catalogue, const std::vector<std::string>& words) {
  Typed typed;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.size() > 1 && word[0] == '-') {
      const std::string name = word.substr(0, word.find('='));
      const CLI::Option* option =
          find_option(typed.command != nullptr ? typed.command->app : nullptr, *cli.app, name);
      if (option == nullptr || !takes_value(*option) || word.find('=') != std::string::npos) continue;
      if (i + 1 < words.size() && option->check_name("--game")) typed.game = words[i + 1];
      ++i;  // its value
      continue;
    }
    if (typed.command == nullptr) {
      for (const Command& command : cli.commands) {
        if (command.app->get_name() == word) typed.command = &command;
      }
      continue;
    }
    typed.positionals.push_back(word);
    typed.files.push_back(word);
  }
  // A subcommand whose first argument is a game (perft, tourney, solve).
  if (typed.game.empty() && !typed.positionals.empty() && catalogue.find(typed.positionals.front()) != nullptr)
    typed.game = typed.positionals.front();
  for (const std::string& file : typed.files) {
    if (!typed.game.empty()) break;
    if (auto game = catalogue.game_for_path(file)) typed.game = *game;
  }
  return typed;
}

// The games, or those `takes_game` accepts (made with their default options).
std::vector<std::string> game_names(const GameCatalogue& catalogue,
                                    const std::function<bool(const Game&)>& takes_game = nullptr) {
  std::vector<std::string> names;
  for (const auto& [name, definition] : catalogue.definitions()) {
    if (takes_game) {
      auto made = catalogue.make_game(name, {});
      if (!made || !takes_game(**made)) continue;
    }
    names.push_back(name);
  }
  return names;
}

std::vector<std::string> players_of(const GameCatalogue& catalogue, const std::string& game) {
  auto made = catalogue.make_game(game, {});
  return made ? (*made)->levels() : std::vector<std::string>{};
}

// The values an option's argument may take, before `current` is matched.
std::vector<std::string> option_values(const GameCatalogue& catalogue, const Typed& typed,
                                       const CLI::Option& option, const std::string& current) {
  if (option.check_name("--game")) return game_names(catalogue);
  if (option.check_name("--definitions") || option.check_name("--out")) return {std::string(kDirectories)};
  if (option.check_name("--to")) {
    std::vector<std::string> names;
    for (const RecordFormat& format : catalogue.formats()) names.push_back(format.name);
    return names;
  }
  const GameDefinition* game = typed.game.empty() ? nullptr : catalogue.find(typed.game);
  if (option.check_name("--variant")) {
    std::vector<std::string> keys;
    if (game != nullptr) {
      for (const OptionSpec& spec : game->options) keys.push_back(spec.name + "=");
    }
    return keys;
  }
  if (option.check_name("--ai")) {
    std::vector<std::string> values;
    if (game == nullptr) return values;
    const auto equals = current.find('=');
    if (equals == std::string::npos) {
      for (const std::string& side : game->sides) values.push_back(side + "=");
      return values;
    }
    for (const std::string& level : players_of(catalogue, typed.game))
      values.push_back(current.substr(0, equals + 1) + level);
    return values;
  }
  if (option.check_name("--hint")) return game != nullptr ? players_of(catalogue, typed.game) : std::vector<std::string>{};
  if (option.check_name("--players")) {
    // A comma-separated list: the last item is completed.
    const auto comma = current.rfind(',');
    const std::string before = comma == std::string::npos ? "" : current.substr(0, comma + 1);
    std::vector<std::string> values;
    if (game != nullptr) {
      for (const std::string& level : players_of(catalogue, typed.game)) values.push_back(before + level);
    }
    return values;
  }
  auto choices = checked_choices(option);
  if (!choices.empty()) return choices;
  // A name or a number: files for the options that take a file.
  const std::string type = option.get_type_name();
  if (starts_with(type, "INT") || starts_with(type, "UINT")) return {};
  return {std::string(kFiles)};
}

}  // namespace

std::vector<std::string> completions(const CliApp& cli, const GameCatalogue& catalogue,
                                     const std::vector<std::string>& words) {
  const std::string current = words.empty() ? "" : words.back();
  const std::vector<std::string> before(words.begin(), words.end() - (words.empty() ? 0 : 1));
  const Typed typed = read_words(cli, catalogue, before);
  const CLI::App* command = typed.command != nullptr ? typed.command->app : nullptr;

  std::vector<std::string> candidates;
  bool files = false;
  const CLI::Option* valued = nullptr;
  std::string value = current;
  std::string prefix;  // "--ai=" when the value is glued to its option
  if (!before.empty() && before.back().size() > 1 && before.back()[0] == '-' &&
      before.back().find('=') == std::string::npos) {
    const CLI::Option* option = find_option(command, *cli.app, before.back());
    if (option != nullptr && takes_value(*option)) valued = option;
  }
  if (valued == nullptr && starts_with(current, "--") && current.find('=') != std::string::npos) {
    const std::string name = current.substr(0, current.find('='));
    const CLI::Option* option = find_option(command, *cli.app, name);
    if (option != nullptr && takes_value(*option)) {
      valued = option;
      prefix = name + "=";
      value = current.substr(prefix.size());
    }
  }
  if (valued != nullptr) {
    for (const std::string& candidate : option_values(catalogue, typed, *valued, value)) {
      if (candidate[0] == ':') {
        files = files || candidate == kFiles;
        if (candidate == kDirectories) return {std::string(kDirectories)};
        continue;
      }
      candidates.push_back(prefix + candidate);
    }
  } else if (current.size() > 0 && current[0] == '-') {
    candidates = option_names(command != nullptr ? *command : *cli.app, *cli.app);
  } else if (command == nullptr) {
    candidates = cli.command_names();
    // `gamerec help COMMAND`, the --help of COMMAND.
    if (std::find(before.begin(), before.end(), "help") == before.end()) candidates.emplace_back("help");
  } else {
    // A subcommand's arguments: a game first where it takes one, else files.
    const auto options = command->get_options();
    const bool takes_game = std::any_of(options.begin(), options.end(),
                                        [](const CLI::Option* option) { return option->get_name() == "game"; });
    if (takes_game && typed.positionals.empty())
      candidates = game_names(catalogue, typed.command->takes_game);
    else if (command->get_name() != "games")
      files = true;
  }
  std::vector<std::string> matching;
  for (const std::string& candidate : candidates) {
    if (starts_with(candidate, current) && std::find(matching.begin(), matching.end(), candidate) == matching.end())
      matching.push_back(candidate);
  }
  if (files) matching.emplace_back(kFiles);
  return matching;
}

int complete(const CliApp& cli, const GameCatalogue& catalogue, const std::vector<std::string>& words,
             std::ostream& out) {
  for (const std::string& candidate : completions(cli, catalogue, words)) out << candidate << '\n';
  return 0;
}

}  // namespace gamerec::cli
