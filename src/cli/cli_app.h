#pragma once
// The command line as one object: the CLI11 app with the common options and
// every subcommand. main() parses with it, shell completion walks it
// (cli/completion.h) and --help is written from it, in the --lang language
// (definitions/messages.yaml, help:), so none of them can drift apart.
#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/context.h"
#include "cli/output_format.h"
#include "core/messages.h"

namespace gamerec::cli {

struct CliApp {
  std::unique_ptr<CLI::App> app;
  std::unique_ptr<CommonOptions> common;  // the app writes into it
  std::vector<Command> commands;

  // The subcommands, in the order --help lists them.
  std::vector<std::string> command_names() const;
  // The subcommand parsed, or nullptr.
  const Command* parsed_command() const;
};

// `version` is what --version prints ("gamerec 0.1.0 (...)"); `formats`
// are the --format choices, each of the subcommand it names.
CliApp make_cli_app(const std::string& version, OutputFormats formats = builtin_output_formats());

// Runs the subcommand `cli` parsed, once its --format is known to be one it
// writes (a usage error otherwise); the exit status.
int run_parsed_command(const CliApp& cli, const Context& context);

// --help in `messages`' language: descriptions, section labels and footers
// from the help: texts, English (the texts in the code) where one is missing.
void translate_help(CliApp& cli, const Messages& messages);

// The catalogue key of the help text of `option` of subcommand `command`
// ("help.validate.jobs"); `command` is "gamerec" for the common options.
std::string help_key(const std::string& command, const CLI::Option& option);

// The long names (or the short one) of every option `command` takes,
// common options included: what "did you mean" and completion offer.
std::vector<std::string> option_names(const CLI::App& command, const CLI::App& top);

// The language --lang asks for in `arguments` (before or after the
// subcommand), checked by the parser later; "en" when not given.
std::string language_in(const std::vector<std::string>& arguments);

}  // namespace gamerec::cli
