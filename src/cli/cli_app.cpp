#include "cli/cli_app.h"

#include <algorithm>
#include <map>

#include "rules/text.h"

namespace gamerec::cli {
namespace {

// CLI11's help, with each text looked up in the catalogue first.
class TranslatedFormatter final : public CLI::Formatter {
 public:
  TranslatedFormatter(const Messages& messages, std::map<const CLI::Option*, std::string> option_keys)
      : messages_(messages), option_keys_(std::move(option_keys)) {
    for (const char* label : {"Usage", "OPTIONS", "SUBCOMMAND", "SUBCOMMANDS", "Positionals", "REQUIRED",
                              "Excludes", "Needs", "Env", "TEXT", "INT", "UINT", "ENUM"}) {
      const std::string key = std::string("help.label.") + label;
      if (messages_.has(key)) this->label(label, messages_.text(key));
    }
  }

  std::string make_option_desc(const CLI::Option* option) const override {
    const auto key = option_keys_.find(option);
    return key == option_keys_.end() ? option->get_description() : translated(key->second, option->get_description());
  }
  std::string make_description(const CLI::App* app) const override {
    const std::string text = translated("help." + command_name(app), app->get_description());
    return text.empty() ? "" : text + "\n";
  }
  std::string make_subcommand(const CLI::App* sub) const override {
    std::string name = "  " + sub->get_display_name();
    name.resize(std::max<std::size_t>(name.size() + 1, get_column_width()), ' ');
    return name + translated("help." + sub->get_name(), sub->get_description()) + "\n";
  }
  // The whole help, laid out alike whatever CLI11's version: 2.1 puts the
  // blank line before the footer in make_help, 2.4 in make_footer, which
  // this formatter gives its own.
  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    if (mode == CLI::AppFormatMode::Sub) return make_expanded(app);
    return make_description(app) + make_usage(app, std::move(name)) + make_positionals(app) +
           make_groups(app, mode) + make_subcommands(app, mode) + "\n" + make_footer(app);
  }
  std::string make_footer(const CLI::App* app) const override {
    const std::string footer = app->get_footer();
    if (footer.empty()) return "";
    return translated(app->get_parent() == nullptr ? "help.footer-top" : "help.footer", footer) + "\n";
  }
  std::string make_group(std::string group, bool is_positional,
                         std::vector<const CLI::Option*> options) const override {
    return CLI::Formatter::make_group(translated("help.group." + group, group), is_positional, options);
  }

 private:
  static std::string command_name(const CLI::App* app) {
    return app->get_parent() == nullptr ? "gamerec" : app->get_name();
  }
  std::string translated(const std::string& key, const std::string& english) const {
    return messages_.has(key) ? messages_.text(key) : english;
  }

  Messages messages_;
  std::map<const CLI::Option*, std::string> option_keys_;
};

}  // namespace

std::vector<std::string> CliApp::command_names() const {
  std::vector<std::string> names;
  for (const Command& command : commands) names.push_back(command.app->get_name());
  return names;
}

const Command* CliApp::parsed_command() const {
  for (const Command& command : commands) {
    if (command.app->parsed()) return &command;
  }
  return nullptr;
}

CliApp make_cli_app(const std::string& version, OutputFormats formats) {
  check_formats(formats);
  auto shared_formats = std::make_shared<const OutputFormats>(std::move(formats));
  CliApp cli;
  cli.app = std::make_unique<CLI::App>("gamerec: validate, replay and continue board-game records", "gamerec");
  cli.common = std::make_unique<CommonOptions>();
  CLI::App& app = *cli.app;
  CommonOptions& common = *cli.common;
  app.require_subcommand(1);
  // Common options may stand before or after the subcommand.
  app.fallthrough();
  app.set_version_flag("-V,--version", version, "Print the version and exit");
  app.add_option("--game", common.game, "Force the game (see 'gamerec games')");
  // allow_extra_args(false): each --variant takes one value, so it does not
  // swallow the FILE after it.
  app.add_option("--variant", common.variants, "Override a rule option: KEY=VALUE (repeatable)")
      ->allow_extra_args(false);
  app.add_option("--definitions", common.definitions_dir, "Load extra game definitions from DIR");
  app.add_option("--lang", common.language, "Message language")->check(CLI::IsMember({"en", "es"}));
  app.add_option("--color", common.color, "Colours: auto (a terminal without NO_COLOR), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_option("--format", common.format,
                 "Output: text; validate: json (JSON Lines); replay: svg (one position), html (a page), fen "
                 "(the position's text after each move; chess: FEN)")
      ->check(CLI::IsMember(format_names(*shared_formats)));
  app.footer("Shell completion, the record format and the games: see gamerec(1), gamerec-record(5), gamerec-games(7).");

  cli.commands = {add_validate_command(app, shared_formats),
                  add_replay_command(app, shared_formats),
                  add_play_command(app),
                  add_games_command(app),
                  add_convert_command(app),
                  add_perft_command(app),
                  add_tourney_command(app),
                  add_solve_command(app),
                  add_summarize_command(app)};
  for (const Command& command : cli.commands) {
    command.app->footer(
        "Common options (--game, --variant, --definitions, --lang, --color, --format) may be given\n"
        "before or after the subcommand; see 'gamerec --help'.");
  }
  return cli;
}

int run_parsed_command(const CliApp& cli, const Context& context) {
  const Command* command = cli.parsed_command();
  if (command == nullptr) return kExitUsage;
  const std::string& format = context.options().format;
  if (std::find(command->formats.begin(), command->formats.end(), format) == command->formats.end())
    return context.usage_error(Message{"usage.format-not-written",
                                       {{"format", format},
                                        {"command", command->app->get_name()},
                                        {"formats", join(command->formats, ", ")}}});
  return command->run(context);
}

std::string help_key(const std::string& command, const CLI::Option& option) {
  std::string name = option.get_lnames().empty() ? option.get_name() : option.get_lnames().front();
  if (name.empty() && !option.get_snames().empty()) name = option.get_snames().front();
  return "help." + command + "." + name;
}

void translate_help(CliApp& cli, const Messages& messages) {
  std::map<const CLI::Option*, std::string> keys;
  auto add_keys = [&keys](const CLI::App& app, const std::string& command) {
    for (const CLI::Option* option : app.get_options()) keys[option] = help_key(command, *option);
  };
  add_keys(*cli.app, "gamerec");
  for (const Command& command : cli.commands) add_keys(*command.app, command.app->get_name());
  auto formatter = std::make_shared<TranslatedFormatter>(messages, std::move(keys));
  cli.app->formatter(formatter);
  // The heading CLI11 prints over the subcommands is their group's name.
  const std::string subcommands_heading =
      messages.has("help.group.Subcommands") ? messages.text("help.group.Subcommands") : "Subcommands";
  for (const Command& command : cli.commands) {
    command.app->formatter(formatter);
    command.app->group(subcommands_heading);
  }
}

std::vector<std::string> option_names(const CLI::App& command, const CLI::App& top) {
  std::vector<std::string> names;
  for (const CLI::App* app : {&command, &top}) {
    for (const CLI::Option* option : app->get_options()) {
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
      for (const std::string& name : option->get_snames()) names.push_back("-" + name);
    }
    if (&command == &top) break;
  }
  return names;
}

std::string language_in(const std::vector<std::string>& arguments) {
  std::string language = "en";
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i] == "--lang" && i + 1 < arguments.size()) language = arguments[i + 1];
    if (arguments[i].rfind("--lang=", 0) == 0) language = arguments[i].substr(7);
  }
  return language;
}

}  // namespace gamerec::cli
