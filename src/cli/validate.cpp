// gamerec validate FILE...: check every move of every file; report the
// first error of each invalid file, as text or JSON Lines.
#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/commands.h"
#include "cli/report.h"

namespace gamerec::cli {
namespace {

struct FileReport {
  std::string file;
  std::string game;
  int moves = 0;
  std::optional<RecordError> error;
  std::string message;
  std::string status;
  std::string to_move;
  std::string result;
};

// A move as JSON shows it: an overlong line is cut (the reader already cut
// it at 64 KiB); invalid UTF-8 is replaced when the line is dumped.
std::string json_move_text(const std::string& move) {
  constexpr std::size_t kShown = 200;
  return move.size() <= kShown ? move : move.substr(0, kShown) + "...";
}

void print_json(const Context& context, const FileReport& report) {
  nlohmann::ordered_json line;
  line["file"] = report.file;
  line["game"] = report.game.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(report.game);
  line["valid"] = !report.error;
  line["moves"] = report.moves;
  if (report.error) {
    line["error"] = {{"line", report.error->line},
                     {"column", report.error->column},
                     {"code", code_name(report.error->error.code)},
                     {"move", json_move_text(report.error->move)},
                     {"message", report.message}};
  } else {
    line["error"] = nullptr;
  }
  line["status"] = report.status;
  line["to_move"] =
      report.to_move.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(report.to_move);
  line["result"] = report.result.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(report.result);
  // Junk bytes in a move must not make the output invalid JSON.
  context.out() << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void print_file_error_json(const Context& context, const std::string& file, const FileError& error) {
  nlohmann::ordered_json line;
  line["file"] = file;
  line["game"] = nullptr;
  line["valid"] = false;
  line["moves"] = 0;
  line["error"] = {{"line", error.line},
                   {"column", error.line > 0 ? 1 : 0},
                   {"code", error.code},
                   {"move", nullptr},
                   {"message", error.message}};
  line["status"] = nullptr;
  line["to_move"] = nullptr;
  line["result"] = nullptr;
  context.out() << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

// 0 valid, 1 invalid, 2 a file-level problem.
int validate_file(const Context& context, const std::string& path, bool json) {
  const std::string file = display_name(path);
  auto opened = open_record(path, context.catalogue(), context.game_choice());
  if (auto* error = std::get_if<FileError>(&opened)) {
    if (json)
      print_file_error_json(context, file, *error);
    else
      context.out() << file_error_line(file, *error) << '\n';
    return kExitUsage;
  }
  auto& record = std::get<OpenedRecord>(opened);
  const Game& game = *record.game;
  auto state = std::move(record.start);
  RunResult run = run_moves(*record.reader, game, *state, [](const auto&, const auto&, const auto&) {});
  if (!run.read_error.empty()) {  // validate reports it in its own format
    FileError error{"io", "cannot read: " + run.read_error};
    if (json)
      print_file_error_json(context, file, error);
    else
      context.out() << file_error_line(file, error) << '\n';
    return kExitUsage;
  }
  warn_if_lines_after_quit(context, file, run, *record.reader);

  FileReport report;
  report.file = file;
  report.game = game.name();
  report.moves = run.moves;
  report.error = run.error;
  if (run.error) report.message = error_message(context, game, *state, *run.error);
  report.status = state->is_over() ? "finished" : "in-progress";
  if (!state->is_over())
    report.to_move = side_id(game, state->to_move());
  else
    report.result = result_id(game, state->outcome());
  if (json)
    print_json(context, report);
  else if (report.error)
    context.out() << error_line(file, *report.error, report.message) << '\n';
  return report.error ? kExitInvalid : kExitOk;
}

}  // namespace

Command add_validate_command(CLI::App& app) {
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "validate", "Check every move of every file; print the first error of each invalid file");
  command->add_option("files", *files, "Record files ('-' for standard input)")->required();
  return {command, [files](const Context& context) {
            const bool json = context.options().format == "json";
            int invalid = 0;
            int unreadable = 0;
            for (const std::string& path : *files) {
              const int status = validate_file(context, path, json);
              invalid += status == kExitInvalid;
              unreadable += status == kExitUsage;
            }
            // Results that never reach their destination (a full disk) are a failure.
            if (!context.out().flush()) {
              context.err() << "gamerec: cannot write the results to standard output\n";
              return kExitUsage;
            }
            const int valid = static_cast<int>(files->size()) - invalid - unreadable;
            const Messages& messages = context.messages();
            context.err() << messages.text(files->size() == 1 ? "ui.summary-one" : "ui.summary",
                                           {{"files", std::to_string(files->size())},
                                            {"valid", std::to_string(valid)},
                                            {"invalid", std::to_string(invalid)}});
            if (unreadable > 0)
              context.err() << messages.text("ui.summary-unchecked", {{"count", std::to_string(unreadable)}});
            context.err() << '\n';
            if (unreadable > 0) return kExitUsage;
            return invalid > 0 ? kExitInvalid : kExitOk;
          }};
}

}  // namespace gamerec::cli
