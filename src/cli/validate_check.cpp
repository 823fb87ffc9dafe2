// Checking one input's games for validate (cli/validate_check.h): a
// verdict for each game, told to the --format's renderer (gamerec(1), OUTPUT).
#include "cli/validate_check.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/diagnostics.h"
#include "cli/display.h"
#include "rules/facets.h"

namespace gamerec::cli {
namespace {

class Validator {
 public:
  Validator(const Context& context, const std::string& path, ReportBuffer& buffer,
            const AfterGame& after_game, const CheckOptions& options)
      : context_(context),
        path_(path),
        file_(display_name(path)),
        buffer_(buffer),
        after_game_(after_game),
        options_(options),
        request_(request_for(path, options)),
        renderer_(options.format->open(context, buffer, request_)) {}

  CheckResult check(OpenRecord& input) {
    int index = 0;
    result_.status = check_games(input, index);
    result_.games = index;
    result_.bytes = input.source->bytes_read();
    return result_;
  }
  CheckResult unreadable(const Error& error) {
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
      if (input.source->read_error()) return report_file_error(*input.source->read_error(), shown_index);
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
      if (run.read_error) return report_file_error(*run.read_error, shown_index);
      if (run.lines_after_quit && !options_.quiet)
        buffer_.err(quit_warning_line(context_, file_, *run.quit_line) + '\n');

      GameVerdict verdict;
      verdict.file = file_;
      verdict.path = path_;
      verdict.game_index = shown_index;
      verdict.header = &opened_game.header;
      verdict.game = opened_game.game.get();
      verdict.end = opened_game.start.get();
      verdict.run = &run;
      if (run.error_in_variation)
        verdict.error_message = variation_error_text(*opened_game.game, *run.error_in_variation);
      else if (run.error)
        verdict.error_message = move_error_text(context_, *opened_game.game, *opened_game.start, *run.error);
      verdict.warnings = warnings(opened_game, run);
      verdict.conflict = result_conflict(*opened_game.game, *opened_game.start, run);
      renderer_->verdict(verdict);
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
      return report_file_error(*input.source->read_error(), shown_index);
    }
    return status;
  }

  int stop(int status) {
    result_.stopped = true;
    return status;
  }

  int report_file_error(const Error& error, std::optional<int> index) {
    GameVerdict verdict;
    verdict.file = file_;
    verdict.path = path_;
    verdict.game_index = index;
    verdict.file_error = error;
    renderer_->verdict(verdict);
    ++result_.tally.games;
    ++result_.tally.unchecked;
    return kExitUsage;
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

  // What the --format's renderer is told of the command (it may keep it).
  static OutputRequest request_for(const std::string& path, const CheckOptions& options) {
    OutputRequest request;
    request.path = path;
    request.quiet = options.quiet;
    request.fen = options.fen;
    return request;
  }

  const Context& context_;
  const std::string& path_;
  std::string file_;
  ReportBuffer& buffer_;
  const AfterGame& after_game_;
  CheckOptions options_;
  OutputRequest request_;  // before renderer_, which may keep a reference to it
  std::unique_ptr<RecordRenderer> renderer_;
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
                             const Error& error, const CheckOptions& options) {
  const AfterGame go_on = [](std::uint64_t) { return true; };
  return Validator(context, path, buffer, go_on, options).unreadable(error);
}

CheckResult check_file(const Context& context, const std::string& path, ReportBuffer& buffer,
                       const AfterGame& after_game, const CheckOptions& options) {
  auto opened = open_input(path, context.catalogue(), options.cancel);
  if (const auto* error = opened.if_error()) {
    if (options.suggest_recursive && error->message.key == "file.is-directory")
      return Validator(context, path, buffer, after_game, options)
          .unreadable(Error{error->code, Message{"file.is-directory-recursive"}, error->line});
    return Validator(context, path, buffer, after_game, options).unreadable(*error);
  }
  return check_games(context, path, opened.value(), buffer, after_game, options);
}

}  // namespace gamerec::cli
