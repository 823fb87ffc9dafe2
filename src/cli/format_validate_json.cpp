// validate --format json (gamerec(1), OUTPUT): one JSON object a line for
// every game, valid or not, and for every input that could not be read.
#include <nlohmann/json.hpp>

#include "cli/diagnostics.h"
#include "cli/display.h"
#include "cli/output_format.h"
#include "cli/record_facts.h"
#include "rules/facets.h"

namespace gamerec::cli {
namespace {

using Json = nlohmann::ordered_json;

Json or_null(const std::string& text) { return text.empty() ? Json() : Json(text); }

// A move as JSON shows it: an overlong line is cut (the reader already cut
// it at the line limit, gamerec-record(5)); invalid UTF-8 is replaced when
// the line is dumped.
std::string json_move_text(const std::string& move) {
  constexpr std::size_t kShown = 200;
  return move.size() <= kShown ? move : move.substr(0, kShown) + "...";
}

class JsonLines final : public RecordRenderer {
 public:
  JsonLines(const Context& context, Output& output, const OutputRequest& request)
      : context_(context), output_(output), fen_(request.fen) {}

  void verdict(const GameVerdict& verdict) override {
    Json line;
    // The name itself (JSON escapes it; invalid UTF-8 becomes U+FFFD on
    // dump), not the terminal's escaped form.
    line["file"] = verdict.path == "-" ? std::string("<stdin>") : verdict.path;
    if (verdict.game_index) line["game_index"] = *verdict.game_index;
    line["game"] = verdict.game != nullptr ? Json(verdict.game->name()) : Json();
    const RecordError* error = verdict.run != nullptr && verdict.run->error ? &*verdict.run->error : nullptr;
    line["valid"] = error == nullptr && !verdict.file_error;
    line["moves"] = verdict.run != nullptr ? verdict.run->moves : 0;
    if (verdict.file_error) {
      const Error& file_error = *verdict.file_error;
      line["error"] = {{"line", file_error.line},
                       {"column", file_error.line > 0 ? 1 : 0},
                       {"code", file_error.code},
                       {"move", nullptr},
                       {"message", file_error_text(context_, file_error)}};
    } else if (error != nullptr) {
      line["error"] = {{"line", error->line},
                       {"column", error->column},
                       {"code", code_name(error->error.code)},
                       {"move", json_move_text(error->move)},
                       {"message", verdict.error_message}};
    } else {
      line["error"] = nullptr;
    }
    add_outcome(verdict, line);
    if (fen_) {
      // The position after the last accepted move, in the game's own text
      // (chess: FEN); null for a game without one or a game never opened.
      const auto* text = verdict.game != nullptr ? verdict.game->facet<PositionText>() : nullptr;
      line["fen"] =
          text != nullptr && verdict.end != nullptr ? Json(text->position_text(*verdict.end)) : Json();
    }
    if (verdict.run != nullptr) {
      // The result the record states, and why the game ended so.
      const auto declared = declared_result_of(*verdict.game, *verdict.header, *verdict.run, *verdict.end);
      if (declared) {
        line["declared_result"] = declared->text;
        if (!declared->reason.empty()) line["declared_reason"] = declared->reason;
      }
    }
    if (!verdict.conflict.empty()) line["warning"] = verdict.conflict;
    if (verdict.run != nullptr && verdict.run->passed_end) {
      const PassedEnd& passed = *verdict.run->passed_end;
      line["rules_end"] = {
          {"end", passed.outcome.end},       {"result", result_id(*verdict.game, passed.outcome)},
          {"after_moves", passed.moves},     {"moves_after", passed.moves_after},
          {"line", passed.first_after.line}, {"column", passed.first_after.column}};
    }
    if (!verdict.warnings.empty()) {
      Json warnings = Json::array();
      for (const ShownWarning& warning : verdict.warnings) {
        warnings.push_back({{"line", warning.line},
                            {"column", warning.column},
                            {"code", warning.code},
                            {"move", warning.move.empty() ? Json() : Json(json_move_text(warning.move))},
                            {"message", warning.message}});
      }
      line["warnings"] = std::move(warnings);
    }
    if (verdict.header != nullptr && !verdict.header->tags.empty()) {
      Json tags = Json::object();
      for (const auto& [key, value] : verdict.header->tags) tags[key] = value;
      line["tags"] = std::move(tags);
    }
    // Junk bytes in a move must not make the output invalid JSON.
    std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n';
    if (!verdict.game_index) return output_.out(std::move(text));
    // The key follows "file"'s value, whose quotes are escaped: the first
    // match is the key.
    constexpr std::string_view kKey = ",\"game_index\":";
    const std::size_t at = text.find(kKey) + kKey.size();
    output_.out_indexed(std::move(text), at, std::to_string(*verdict.game_index).size(), *verdict.game_index);
  }

 private:
  // Where the game stands: status, who is to move, the result and its end.
  static void add_outcome(const GameVerdict& verdict, Json& line) {
    if (verdict.end == nullptr) {
      line["status"] = nullptr;
      line["to_move"] = nullptr;
      line["result"] = nullptr;
      return;
    }
    // A game played on past an end the rules reached has that end's result.
    const Outcome outcome =
        verdict.run->passed_end ? verdict.run->passed_end->outcome : verdict.end->outcome();
    line["status"] = outcome.over ? "finished" : "in-progress";
    line["to_move"] = outcome.over ? Json() : or_null(side_id(*verdict.game, verdict.end->to_move()));
    line["result"] = outcome.over ? Json(result_id(*verdict.game, outcome)) : Json();
    // A game in progress may keep a running score (battleship's shots), but
    // the JSON gives the score of a finished game only, as documented.
    if (outcome.over) line["end"] = outcome.end;
    if (outcome.over && !outcome.score.empty()) line["score"] = outcome.score;
    if (!outcome.draw_claimable.empty()) line["draw_claimable"] = outcome.draw_claimable;
  }

  const Context& context_;
  Output& output_;
  bool fen_;
};

}  // namespace

OutputFormat validate_json_format() {
  OutputFormat format{"json", "validate",
                      [](const Context& context, Output& output, const OutputRequest& request) {
                        return std::make_unique<JsonLines>(context, output, request);
                      }};
  format.position_text = true;
  return format;
}

}  // namespace gamerec::cli
