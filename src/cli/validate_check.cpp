// Checking one input's games for validate (cli/validate_check.h): the
// reports of gamerec(1), OUTPUT, as text lines or JSON Lines.
#include "cli/validate_check.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli/diagnostics.h"
#include "cli/display.h"
#include "cli/record_facts.h"
#include "rules/facets.h"

namespace gamerec::cli {
namespace {

using Json = nlohmann::ordered_json;

// A warning as shown: its code, where, the move it is about, the text.
struct ShownWarning {
  std::string code;
  std::int64_t line = 0;
  std::int64_t column = 0;
  std::string move;
  std::string message;
};

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
  std::string error_message;  // when not move_error_text's (a variation's move)
  std::optional<DeclaredResult> declared;  // the result the record states, and why the game ended so
  std::string warning;  // the declared result disagrees with the rules
  std::vector<ShownWarning> warnings;
  const PassedEnd* passed_end = nullptr;  // the rules ended the game before the record did
  bool fen = false;                       // give the final position's text (--fen)
};

std::string error_message(const Context& context, const GameReport& report) {
  if (!report.error_message.empty()) return report.error_message;
  return move_error_text(context, *report.game, *report.end, *report.error);
}

Json or_null(const std::string& text) { return text.empty() ? Json() : Json(text); }

// A move as JSON shows it: an overlong line is cut (the reader already cut
// it at the line limit, gamerec-record(5)); invalid UTF-8 is replaced when
// the line is dumped.
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
                     {"message", error_message(context, report)}};
  } else {
    line["error"] = nullptr;
  }
  if (report.end == nullptr) {
    line["status"] = nullptr;
    line["to_move"] = nullptr;
    line["result"] = nullptr;
  } else {
    // A game played on past an end the rules reached has that end's result.
    const Outcome outcome = report.passed_end != nullptr ? report.passed_end->outcome : report.end->outcome();
    line["status"] = outcome.over ? "finished" : "in-progress";
    line["to_move"] = outcome.over ? Json() : or_null(side_id(*report.game, report.end->to_move()));
    line["result"] = outcome.over ? Json(result_id(*report.game, outcome)) : Json();
    // A game in progress may keep a running score (battleship's shots), but
    // the JSON gives the score of a finished game only, as documented.
    if (outcome.over) line["end"] = outcome.end;
    if (outcome.over && !outcome.score.empty()) line["score"] = outcome.score;
    if (!outcome.draw_claimable.empty()) line["draw_claimable"] = outcome.draw_claimable;
  }
  if (report.fen) {
    // The position after the last accepted move, in the game's own text
    // (chess: FEN); null for a game without one or a game never opened.
    const auto* text = report.game != nullptr ? report.game->facet<PositionText>() : nullptr;
    line["fen"] = text != nullptr && report.end != nullptr ? Json(text->position_text(*report.end)) : Json();
  }
  if (report.declared) {
    line["declared_result"] = report.declared->text;
    if (!report.declared->reason.empty()) line["declared_reason"] = report.declared->reason;
  }
  if (!report.warning.empty()) line["warning"] = report.warning;
  if (report.passed_end != nullptr) {
    const PassedEnd& passed = *report.passed_end;
    line["rules_end"] = {{"end", passed.outcome.end},
                         {"result", result_id(*report.game, passed.outcome)},
                         {"after_moves", passed.moves},
                         {"moves_after", passed.moves_after},
                         {"line", passed.first_after.line},
                         {"column", passed.first_after.column}};
  }
  if (!report.warnings.empty()) {
    Json warnings = Json::array();
    for (const ShownWarning& warning : report.warnings) {
      warnings.push_back({{"line", warning.line},
                          {"column", warning.column},
                          {"code", warning.code},
                          {"move", warning.move.empty() ? Json() : Json(json_move_text(warning.move))},
                          {"message", warning.message}});
    }
    line["warnings"] = std::move(warnings);
  }
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

void print_text(const Context& context, const GameReport& report, ReportBuffer& buffer, bool quiet) {
  for (const ShownWarning& warning : report.warnings) {
    if (quiet) break;
    buffer.err(fmt::format("{}:{}:{}: warning[{}]: {}\n", report.file, warning.line, warning.column, warning.code,
                           warning.message));
  }
  if (report.file_error) {
    buffer.out(file_error_line(context, report.file, *report.file_error) + '\n');
  } else if (report.error) {
    buffer.out(error_line(report.file, *report.error, error_message(context, report)) + '\n');
  }
}

class Validator {
 public:
  Validator(const Context& context, const std::string& path, ReportBuffer& buffer,
            const AfterGame& after_game, const CheckOptions& options)
      : context_(context),
        json_(context.options().format == "json"),
        path_(path),
        file_(display_name(path)),
        buffer_(buffer),
        after_game_(after_game),
        options_(options) {}

  CheckResult check(OpenRecord& input) {
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
  int check_games(OpenRecord& input, int& index) {
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
      RecordGame& opened_game = game.value();
      const RunResult run =
          run_moves(*input.source, *opened_game.game, *opened_game.start, nullptr, options_.run);
      // The rest is unknown: this game and the file cannot be judged.
      if (run.read_error) return report_file_error(read_failure(*run.read_error), shown_index);
      if (run.lines_after_quit && !options_.quiet)
        buffer_.err(quit_warning_line(context_, file_, *run.quit_line) + '\n');

      GameReport report;
      report.file = file_;
      report.path = path_;
      report.game_index = shown_index;
      report.header = &opened_game.header;
      report.game = opened_game.game.get();
      report.end = opened_game.start.get();
      report.moves = run.moves;
      report.error = run.error;
      if (run.error_in_variation)
        report.error_message = variation_error_text(*opened_game.game, *run.error_in_variation);
      // Only JSON tells it (its reason asks the rules for the end).
      if (json_) report.declared = declared_result_of(*opened_game.game, opened_game.header, run, *opened_game.start);
      report.passed_end = run.passed_end ? &*run.passed_end : nullptr;
      report.fen = options_.fen;
      report.warnings = warnings(opened_game, run);
      report.warning = result_conflict(*opened_game.game, *opened_game.start, run);
      if (!report.warning.empty() && !json_ && !options_.quiet)
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
    report.fen = options_.fen;
    print(report);
    ++result_.tally.games;
    ++result_.tally.unchecked;
    return kExitUsage;
  }

  void print(const GameReport& report) {
    if (json_)
      print_json(context_, report, buffer_);
    else
      print_text(context_, report, buffer_, options_.quiet);
  }

  // What the header and the moves hold that the rules let pass, in record
  // order: the header's, then the moves'.
  std::vector<ShownWarning> warnings(const RecordGame& opened, const RunResult& run) const {
    const Game& game = *opened.game;
    const GameDefinition* definition = &game.definition();
    std::vector<ShownWarning> shown;
    for (const HeaderWarning& warning : opened.header.warnings)
      shown.push_back({warning.code, warning.line, warning.column, "",
                       escape_controls(context_.text(warning.message.key, warning.message.args, definition))});
    std::optional<ShownWarning> passed;
    if (run.passed_end) {
      const PassedEnd& end = *run.passed_end;
      const std::string reason = context_.text("ends." + end.outcome.end, {}, definition);
      passed = ShownWarning{"moves-after-end", end.first_after.line, end.first_after.column, end.first_after.move,
                            context_.messages().count("validate.moves-after-end", end.moves_after,
                                                      {{"move", printable(end.first_after.move)}, {"end", reason}})};
    }
    for (const VariationError& warning : run.variation_warnings) {
      // Variation warnings come in record order; the passed end goes where it was.
      if (passed && passed->line < warning.error.line) {
        shown.push_back(std::move(*passed));
        passed.reset();
      }
      shown.push_back(ShownWarning{std::string(code_name(warning.error.error.code)), warning.error.line,
                                   warning.error.column, warning.error.move, variation_error_text(game, warning)});
    }
    if (passed) shown.push_back(std::move(*passed));
    return shown;
  }

  // A move refused in a variation, told in the variation's position.
  std::string variation_error_text(const Game& game, const VariationError& found) const {
    const std::string where = context_.text("context", {{"side", side_display(context_, game, found.to_move)},
                                                        {"number", std::to_string(found.move_number)}});
    return fmt::format("{}: {} ({}; {})", printable(found.error.move),
                       context_.messages().error_reason(found.error.error, game.definition()), where,
                       context_.text(options_.run.strict ? "validate.in-variation-strict" : "validate.in-variation"));
  }

  // A declared result (a resignation, an agreed draw) stands for a game the
  // rules leave going; one the rules ended otherwise is worth a warning.
  std::string result_conflict(const Game& game, const State& end, const RunResult& run) const {
    if (run.error || !run.declared_result) return "";
    const Outcome outcome = run.passed_end ? run.passed_end->outcome : end.outcome();
    if (!outcome.over) return "";  // most games: a resignation, and no facet lookup (a dynamic_cast)
    const auto* results = game.facet<WrittenResults>();
    if (results == nullptr) return "";
    const auto declared = results->declared_winners(*run.declared_result);
    if (!declared || *declared == outcome.winners) return "";
    return context_.text("validate.result-conflict",
                         {{"declared", *run.declared_result}, {"rules", status_line(context_, game, end)}});
  }

  const Context& context_;
  bool json_;
  const std::string& path_;
  std::string file_;
  ReportBuffer& buffer_;
  const AfterGame& after_game_;
  CheckOptions options_;
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

CheckResult check_games(const Context& context, const std::string& path, OpenRecord& input,
                        ReportBuffer& buffer, const AfterGame& after_game, const CheckOptions& options) {
  return Validator(context, path, buffer, after_game, options).check(input);
}

CheckResult check_unreadable(const Context& context, const std::string& path, ReportBuffer& buffer,
                             const FileError& error) {
  const AfterGame go_on = [](std::uint64_t) { return true; };
  return Validator(context, path, buffer, go_on, CheckOptions{}).unreadable(error);
}

CheckResult check_file(const Context& context, const std::string& path, ReportBuffer& buffer,
                       const AfterGame& after_game, const CheckOptions& options) {
  auto opened = open_input(path, context.catalogue(), options.cancel);
  if (const auto* error = opened.if_error()) {
    if (options.suggest_recursive && error->message.key == "file.is-directory")
      return Validator(context, path, buffer, after_game, options)
          .unreadable(FileError{error->code, Message{"file.is-directory-recursive"}, error->line});
    return Validator(context, path, buffer, after_game, options).unreadable(*error);
  }
  return check_games(context, path, opened.value(), buffer, after_game, options);
}

}  // namespace gamerec::cli
