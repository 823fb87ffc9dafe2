// gamerec: validate, replay and continue board-game records.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <csignal>
#include <iostream>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "app/builtin_games.h"
#include "app/version.h"
#include "cli/cli_app.h"
#include "cli/completion.h"
#include "core/messages.h"
#include "rules/suggest.h"
#include "rules/text.h"

namespace {

using namespace gamerec::cli;

// A command-line error CLI11 words badly, said in the --lang language with
// the closest name: a mistyped subcommand (CLI11 only says one is
// missing) or option. 0 when it is neither.
int report_unknown_word(const CliApp& cli, const gamerec::Messages& messages) {
  const auto extras = cli.app->remaining();
  if (extras.empty()) return 0;
  const std::string& word = extras.front();
  const Command* command = cli.parsed_command();
  if (command == nullptr && word.rfind('-', 0) != 0) {
    const auto names = cli.command_names();
    std::cerr << "gamerec: "
              << messages.text("usage.unknown-subcommand",
                               escaped_args({{"name", word},
                                             {"names", gamerec::join(names, ", ")},
                                             {"closest", gamerec::closest_match(word, names).value_or("")}}))
              << '\n';
    return kExitUsage;
  }
  if (word.size() > 1 && word[0] == '-') {
    const std::string option = word.substr(0, word.find('='));
    const CLI::App& in = command != nullptr ? *command->app : *cli.app;
    const auto names = option_names(in, *cli.app);
    std::cerr << "gamerec: "
              << messages.text("usage.unknown-option",
                               escaped_args({{"option", option},
                                             {"command", command != nullptr ? in.get_name() : "gamerec"},
                                             {"closest", gamerec::closest_match(option, names).value_or("")}}))
              << '\n'
              << messages.text("usage.run-help") << '\n';
    return kExitUsage;
  }
  return 0;
}

int run(int argc, char** argv) {
  // --formats is the old name of --definitions: read as it, with a warning
  // (Context::make), and kept out of --help.
  std::vector<std::string> arguments(argv, argv + argc);
  bool old_definitions_option = false;
  for (std::string& argument : arguments) {
    if (argument == "--formats" || argument.rfind("--formats=", 0) == 0) {
      argument.replace(0, std::string_view("--formats").size(), "--definitions");
      old_definitions_option = true;
    }
  }
  CliApp cli = make_cli_app(std::string(gamerec::version_text()));
  // --lang decides the language of --help too, which the parser prints
  // before it has read --lang: it is looked for first.
  auto loaded = gamerec::Messages::load(language_in(arguments));
  if (!loaded.ok()) loaded = gamerec::Messages::load("en");
  const gamerec::Messages early_messages = loaded.value();
  translate_help(cli, early_messages);
  if (arguments.size() > 1 && arguments[1] == kCompleteCommand) {
    return complete(cli, gamerec::make_builtin_catalogue(),
                    std::vector<std::string>(arguments.begin() + 2, arguments.end()), std::cout);
  }

  // `gamerec help [COMMAND]` is `gamerec [COMMAND] --help`: "help" as the
  // first word that is not a common option or its value.
  std::size_t word = 1;
  while (word < arguments.size() && arguments[word].size() > 1 && arguments[word][0] == '-') {
    const CLI::Option* option = cli.app->get_option_no_throw(arguments[word]);
    const bool value_follows = option != nullptr && option->get_type_size() > 0;
    word += value_follows ? 2 : 1;
  }
  if (word < arguments.size() && arguments[word] == "help") {
    const auto names = cli.command_names();
    if (word + 1 == arguments.size()) {
      arguments[word] = "--help";
    } else if (std::find(names.begin(), names.end(), arguments[word + 1]) != names.end()) {
      arguments[word] = arguments[word + 1];  // COMMAND --help
      arguments[word + 1] = "--help";
    } else {
      arguments.erase(arguments.begin() + static_cast<std::ptrdiff_t>(word));  // an unknown COMMAND, said so
    }
  }
  std::vector<char*> renamed;
  for (std::string& argument : arguments) renamed.push_back(argument.data());
  try {
    cli.app->parse(static_cast<int>(renamed.size()), renamed.data());
  } catch (const CLI::Success& e) {
    return cli.app->exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    if (const int status = report_unknown_word(cli, early_messages)) return status;
    if (cli.parsed_command() == nullptr && dynamic_cast<const CLI::RequiredError*>(&e) != nullptr) {
      // No subcommand at all: the list of them, as --help gives it.
      std::cout << cli.app->help();
      return kExitUsage;
    }
    cli.app->exit(e);  // prints the message and a pointer to --help
    return kExitUsage;
  }
  cli.common->old_definitions_option = old_definitions_option;

  // --lang was checked by the parser: the catalogue speaks it. Nearly
  // always it is the language read early, which is not parsed twice.
  auto messages = cli.common->language == early_messages.language()
                      ? early_messages
                      : gamerec::Messages::load(cli.common->language).value();
  const gamerec::Messages messages_for_errors = messages;
  auto context = Context::make(gamerec::make_builtin_catalogue(), std::move(messages), *cli.common,
                               Streams{std::cin, std::cout, std::cerr});
  if (const auto* error = context.if_error()) {
    std::cerr << "gamerec: " << messages_for_errors.text(error->key, escaped_args(error->args)) << '\n';
    return kExitUsage;
  }
  return run_parsed_command(cli, context.value());
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // A file-size limit (ulimit -f) would kill gamerec in the middle of a
  // record's line; ignored, the write fails with EFBIG instead, which is
  // handled as a full disk is: the line is cut back and the record kept.
  std::signal(SIGXFSZ, SIG_IGN);
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    // Memory ran out (a limit such as ulimit -v): said, never an abort.
    std::cerr << "gamerec: out of memory\n";
    return gamerec::cli::kExitUsage;
  } catch (const std::exception& e) {
    // Not from the catalogue: the catalogue itself may be what failed.
    std::cerr << "gamerec: internal error: " << e.what() << '\n';
    return gamerec::cli::kExitUsage;
  }
}
