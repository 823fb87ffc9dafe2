// gamerec summarize RESULTS.jsonl...: the summary line and exit status of
// one validate run over all the records, rebuilt from the JSON Lines of
// several runs (validate --format json on other machines, say). Anything
// else is refused (gamerec(1), summarize), so that a wrong file is never
// taken for zero records.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "cli/validate.h"
#include "records/line_source.h"

namespace gamerec::cli {
namespace {

// Folds one result line into the counts: a record's lines follow each
// other, and a record of several games numbers them from 1 (game_index).
class Merger {
 public:
  // Why `line` is not a validate result, if it is not.
  std::optional<Message> add(const std::string& line) {
    nlohmann::json result;
    try {
      result = nlohmann::json::parse(line);
    } catch (const nlohmann::json::exception& e) {
      return Message{"summarize.not-json", {{"reason", e.what()}}};  // the library's words
    }
    if (!result.is_object() || !result.contains("file") || !result["file"].is_string() ||
        !result.contains("valid") || !result["valid"].is_boolean() || !result.contains("error"))
      return Message{"summarize.missing-fields"};
    const std::string file = result["file"];
    const std::optional<std::int64_t> index =
        result.contains("game_index") && result["game_index"].is_number_integer()
            ? std::optional<std::int64_t>(result["game_index"].get<std::int64_t>())
            : std::nullopt;
    if (!in_record_ || file != file_ || !index || !last_index_ || *index <= *last_index_) close_record();
    in_record_ = true;
    file_ = file;
    last_index_ = index;
    ++counts_.games;
    const nlohmann::json& error = result["error"];
    if (result["valid"].get<bool>()) {
      ++counts_.valid_games;
    } else if (error.is_object() && error.contains("move") && error["move"].is_null()) {
      status_ = kExitUsage;  // the record could not be checked
    } else {
      ++counts_.invalid_games;
      status_ = std::max(status_, kExitInvalid);
    }
    return std::nullopt;
  }

  const ValidateCounts& finish() {
    close_record();
    return counts_;
  }

 private:
  void close_record() {
    if (!in_record_) return;
    ++counts_.files;
    counts_.invalid_files += status_ == kExitInvalid;
    counts_.unreadable_files += status_ == kExitUsage;
    status_ = kExitOk;
    in_record_ = false;
  }

  ValidateCounts counts_;
  bool in_record_ = false;
  std::string file_;
  std::optional<std::int64_t> last_index_;
  int status_ = kExitOk;
};

int summarize(const Context& context, const std::vector<std::string>& paths) {
  if (std::count(paths.begin(), paths.end(), "-") > 1) return context.usage_error(Message{"usage.stdin-twice"});
  Merger merger;
  for (const std::string& path : paths) {
    const std::string file = display_name(path);
    auto cannot_read = [&](const std::string& reason) {
      return context.usage_error(Message{"summarize.cannot-read", {{"file", file}, {"reason", reason}}});
    };
    auto bad_line = [&](std::int64_t number, const std::string& reason) {
      return context.usage_error(
          Message{"summarize.bad-line", {{"file", file}, {"line", std::to_string(number)}, {"reason", reason}}});
    };
    // Lines through one bounded buffer (compressed results are read too):
    // an input that is not validate's, such as /dev/zero, is refused at
    // its first line, never read into memory whole.
    auto opened = open_lines(path);
    if (!opened) {
      if (opened.error().message.key == "file.is-directory")
        return cannot_read(context.text("summarize.directory"));
      return cannot_read(std::string(opened.error().message.arg("reason")));
    }
    LineSource& lines = **opened;
    std::int64_t results = 0;
    while (auto line = lines.next()) {
      if (line->too_long) return bad_line(line->number, context.text("summarize.too-long"));
      if (line->text.find_first_not_of(" \t\r") == std::string_view::npos)
        return bad_line(line->number, context.text("summarize.blank-line"));
      if (auto problem = merger.add(std::string(line->text)))
        return bad_line(line->number, context.text(*problem));
      ++results;
    }
    if (lines.read_error()) return cannot_read(std::string(lines.read_error()->message.arg("reason")));
    if (results == 0) return context.usage_error(Message{"summarize.no-results", {{"file", file}}});
  }
  const ValidateCounts& counts = merger.finish();
  context.err() << summary_line(context.messages(), counts) << '\n';
  return exit_status(counts);
}

}  // namespace

Command add_summarize_command(CLI::App& app) {
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* command = app.add_subcommand(
      "summarize", "Print the summary and exit status of one validate run from the JSON Lines of several");
  command->add_option("results", *files, "validate --format json outputs ('-' for standard input)")->required();
  return {command, [files](const Context& context) { return summarize(context, *files); }};
}

}  // namespace gamerec::cli
