// Checking one input's games for validate (cli/validate_check.h): the
// reports of gamerec(1), OUTPUT, as text lines or JSON Lines.
#include "cli/validate_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/diagnostics.h"
#include "cli/position_text.h"
#include "rules/facets.h"

namespace gamerec::cli {
namespace {

using Json = nlohmann::ordered_json;

// What checking one game (or failing to read it) found: one line of text
// output, one JSON object.
struct GameReport {
  std::string file;  // as a terminal shows it (display_name)
  std::string path;  // as given: JSON escapes it its own way
  std::optional<int> game_index;  // formats that hold many games
  const GameHeader* header = nullptr;
  std::optional<FileError> file_error;
  const Game* game = nullptr;
  const State* end = nullptr;  // the position after the last accepted move
  std::int64_t moves = 0;
  std::optional<RecordError> error;
  std::optional<std::string> declared_result;
  std::string warning;  // the declared result disagrees with the rules
};

Json or_null(const std::string& text) { return text.empty() ? Json() : Json(text); }

// A move as JSON shows it: an overlong line is cut (the reader already cut
// it at 64 KiB); invalid UTF-8 is replaced when the line is dumped.
std::string json_move_text(const std::string& move) {
  constexpr std::size_t kShown = 200;
  return move.size() <= kShown ? move : move.substr(0, kShown) + "...";
}

void print_json(const Context& context, const GameReport& report, ReportBuffer& buffer) {
  Json line;
  // The name itself (JSON escapes it; invalid UTF-8 becomes U+FFFD on
  // dump), not the terminal's escaped form.
  line["file"] = report.path == "-" ? std::string("<stdin>") : report.path;
  if (report.game_index) line["game_index"] = *report.game_index;
  line["game"] = report.game != nullptr ? Json(report.game->name()) : Json();
  line["valid"] = !report.error && !report.file_error;
  line["moves"] = report.moves;
  if (report.file_error) {
    const FileError& error = *report.file_error;
    line["error"] = {{"line", error.line},
                     {"column", error.line > 0 ? 1 : 0},
                     {"code", error.code},
                     {"move", nullptr},
                     {"message", file_error_text(context, error)}};
  } else if (report.error) {
    const RecordError& error = *report.error;
    line["error"] = {{"line", error.line},
                     {"column", error.column},
                     {"code", code_name(error.error.code)},
                     {"move", json_move_text(error.move)},
                     {"message", move_error_text(context, *report.game, *report.end, error)}};
  } else {
    line["error"] = nullptr;
  }
  if (report.end == nullptr) {
    line["status"] = nullptr;
    line["to_move"] = nullptr;
    line["result"] = nullptr;
  } else {
    const Outcome outcome = report.end->outcome();
    line["status"] = outcome.over ? "finished" : "in-progress";
    line["to_move"] = or_null(side_id(*report.game, report.end->to_move()));
    line["result"] = outcome.over ? Json(result_id(*report.game, outcome)) : Json();
    // A game in progress may keep a running score (battleship's shots), but
    // the JSON gives the score of a finished game only, as documented.
    if (outcome.over) line["end"] = outcome.end;
    if (outcome.over && !outcome.score.empty()) line["score"] = outcome.score;
    if (!outcome.draw_claimable.empty()) line["draw_claimable"] = outcome.draw_claimable;
  }
  if (report.declared_result) line["declared_result"] = *report.declared_result;
  if (!report.warning.empty()) line["warning"] = report.warning;
  if (report.header != nullptr && !report.header->tags.empty()) {
    Json tags = Json::object();
    for (const auto& [key, value] : report.header->tags) tags[key] = value;
    line["tags"] = std::move(tags);
  }
  // Junk bytes in a move must not make the output invalid JSON.
  std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
  if (!report.game_index) return buffer.out(std::move(text));
  // The key follows "file"'s value, whose quotes are escaped: the first
  // match is the key.
  constexpr std::string_view kKey = ",\"game_index\":";
  const std::size_t at = text.find(kKey) + kKey.size();
  buffer.out_indexed(std::move(text), at, std::to_string(*report.game_index).size(), *report.game_index);
}

void print_text(const Context& context, const GameReport& report, ReportBuffer& buffer) {
  if (report.file_error) {
    buffer.out(file_error_line(context, report.file, *report.file_error) + '\n');
  } else if (report.error) {
    buffer.out(error_line(report.file, *report.error,
                          move_error_text(context, *report.game, *report.end, *report.error)) +
               '\n');
  }
}

class Validator {
 public:
  Validator(const Context& context, const std::string& path, ReportBuffer& buffer,
            const AfterGame& after_game)
      : context_(context),
        json_(context.options().format == "json"),
        path_(path),
        file_(display_name(path)),
        buffer_(buffer),
        after_game_(after_game) {}

  CheckResult check(RecordInput& input) {
    int index = 0;
    result_.status = check_games(input, index);
    result_.games = index;
    result_.bytes = input.source->bytes_read();
    return result_;
  }
  CheckResult unreadable(const FileError& error) {
    result_.status = report_file_error(error, {});
    return result_;
  }

 private:
  // 0 valid, 1 invalid, 2 a file-level problem.
  int check_games(RecordInput& input, int& index) {
    int status = kExitOk;
    while (auto next = input.source->next_game()) {
      ++index;
      const std::optional<int> shown_index =
          input.format->many_games ? std::optional<int>(index) : std::nullopt;
      // A header cut short by a failed read is the read's fault.
      if (input.source->read_error())
        return report_file_error(read_failure(*input.source->read_error()), shown_index);
      if (auto* error = next->if_error()) {
        status = std::max(status, report_file_error(header_file_error(*error), shown_index));
        if (!after_game_(input.source->bytes_read())) return stop(status);
        continue;
      }
      auto game =
          open_game(std::move(*next).value(), input, path_, context_.catalogue(), context_.game_choice());
      if (auto* error = game.if_error()) {
        status = std::max(status, report_file_error(*error, shown_index));
        if (!after_game_(input.source->bytes_read())) return stop(status);
        continue;
      }
      OpenedGame& opened_game = game.value();
      const RunResult run = run_moves(*input.source, *opened_game.game, *opened_game.start);
      // The rest is unknown: this game and the file cannot be judged.
      if (run.read_error) return report_file_error(read_failure(*run.read_error), shown_index);
      if (run.lines_after_quit) buffer_.err(quit_warning_line(context_, file_, *run.quit_line) + '\n');

      GameReport report;
      report.file = file_;
      report.path = path_;
      report.game_index = shown_index;
      report.header = &opened_game.header;
      report.game = opened_game.game.get();
      report.end = opened_game.start.get();
      report.moves = run.moves;
      report.error = run.error;
      report.declared_result = run.declared_result;
      report.warning = result_conflict(*opened_game.game, *opened_game.start, run);
      if (!report.warning.empty() && !json_)
        buffer_.err(fmt::format("{}:{}: warning: {}\n", file_, run.declared_result_line, report.warning));
      print(report);
      ++result_.tally.games;
      ++(run.error ? result_.tally.invalid : result_.tally.valid);
      if (run.error) status = std::max(status, kExitInvalid);
      if (!after_game_(input.source->bytes_read())) return stop(status);
    }
    // Reading failed after the last whole game (a compressed archive cut
    // short): the games before it are reported, and the file is not valid.
    if (input.source->read_error()) {
      const std::optional<int> shown_index =
          input.format->many_games ? std::optional<int>(index + 1) : std::nullopt;
      return report_file_error(read_failure(*input.source->read_error()), shown_index);
    }
    return status;
  }

  int stop(int status) {
    result_.stopped = true;
    return status;
  }

  int report_file_error(const FileError& error, std::optional<int> index) {
    GameReport report;
    report.file = file_;
    report.path = path_;
    report.game_index = index;
    report.file_error = error;
    print(report);
    ++result_.tally.games;
    ++result_.tally.unchecked;
    return kExitUsage;
  }

  void print(const GameReport& report) {
    if (json_)
      print_json(context_, report, buffer_);
    else
      print_text(context_, report, buffer_);
  }

  // A declared result (a resignation, an agreed draw) stands for a game the
  // rules leave going; one the rules ended otherwise is worth a warning.
  std::string result_conflict(const Game& game, const State& end, const RunResult& run) const {
    const auto* results = game.facet<WrittenResults>();
    if (run.error || !run.declared_result || results == nullptr) return "";
    const auto declared = results->declared_winners(*run.declared_result);
    const Outcome outcome = end.outcome();
    if (!declared || !outcome.over || *declared == outcome.winners) return "";
    return context_.text("validate.result-conflict",
                         {{"declared", *run.declared_result}, {"rules", status_line(context_, game, end)}});
  }

  const Context& context_;
  bool json_;
  const std::string& path_;
  std::string file_;
  ReportBuffer& buffer_;
  const AfterGame& after_game_;
  CheckResult result_;
};

}  // namespace

void ReportBuffer::write_to(std::ostream& out, std::ostream& err, int index_offset) const {
  for (const Piece& piece : pieces_) {
    std::ostream& to = piece.to_err ? err : out;
    if (piece.index_at == std::string::npos || index_offset == 0) {
      to << piece.text;
      continue;
    }
    to.write(piece.text.data(), static_cast<std::streamsize>(piece.index_at));
    to << piece.index + index_offset;
    to << std::string_view(piece.text).substr(piece.index_at + piece.index_length);
  }
}

bool ReportBuffer::has_err() const {
  return std::any_of(pieces_.begin(), pieces_.end(), [](const Piece& piece) { return piece.to_err; });
}

CheckResult check_games(const Context& context, const std::string& path, RecordInput& input,
                        ReportBuffer& buffer, const AfterGame& after_game) {
  return Validator(context, path, buffer, after_game).check(input);
}

CheckResult check_unreadable(const Context& context, const std::string& path, ReportBuffer& buffer,
                             const FileError& error) {
  const AfterGame go_on = [](std::uint64_t) { return true; };
  return Validator(context, path, buffer, go_on).unreadable(error);
}

CheckResult check_file(const Context& context, const std::string& path, ReportBuffer& buffer,
                       const AfterGame& after_game) {
  auto opened = open_input(path, context.catalogue());
  if (auto* error = opened.if_error()) return Validator(context, path, buffer, after_game).unreadable(*error);
  return check_games(context, path, opened.value(), buffer, after_game);
}

}  // namespace gamerec::cli
