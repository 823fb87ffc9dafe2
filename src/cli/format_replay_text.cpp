// replay --format text (gamerec(1), replay): the players, the start, each
// move and the position after it, and the result; with --to N only the
// position after move N. --as SIDE shows what that side saw.
#include "cli/display.h"
#include "cli/output_format.h"
#include "cli/record_facts.h"
#include "ui/board_view.h"

namespace gamerec::cli {
namespace {

class TextReplay final : public RecordRenderer {
 public:
  TextReplay(const Context& context, Output& output, const OutputRequest& request)
      : context_(context), output_(output), request_(request), whole_(!request.to) {}

  void begin_game(const Game& game, const GameHeader& header, const State& start) override {
    game_ = &game;
    header_ = &header;
    // The whole replay opens with the players and ends with the result.
    if (whole_) {
      const std::vector<std::string> players = header_players(game, header);
      if (!players.empty())
        output_.out(context_.text("replay.players", {{"players", players_text(context_, game, players)}}) +
                    '\n');
    }
    if (whole_ || *request_.to == 0) {
      output_.out(context_.text("ui.start") + '\n');
      show(start);
    }
  }
  bool after_move(const RecordEvent& event, Side mover, const Move& /*move*/, const State& after) override {
    const bool seen = request_.viewer == kNoSide || last_move_seen_by(*game_, after, request_.viewer);
    output_.out(
        move_line(context_, *game_, after.moves_played(),
                  seen ? last_numbered_move(*game_, after, event.text) : context_.text("ui.hidden-move"),
                  mover) +
        '\n');
    show(after);
    // A full disk or a closed pipe: stop now, not at the end.
    return output_.good();
  }
  void end_game(const Game& game, const RunResult& run, const State& end) override {
    if (!whole_ || run.error || run.stopped || run.read_error) return;
    const std::string result =
        result_text(context_, game, declared_result_of(game, *header_, run, end), run, end);
    output_.out(context_.text("replay.result", {{"result", result}}) + '\n');
  }

 private:
  void show(const State& position) {
    const BoardView view =
        request_.viewer == kNoSide ? position.view() : position.observe(request_.viewer)->view();
    output_.out(board_and_status(context_, *game_, position, request_.flip ? ui::turned_round(view) : view) +
                '\n');
  }

  const Context& context_;
  Output& output_;
  const OutputRequest& request_;
  bool whole_;
  const Game* game_ = nullptr;
  const GameHeader* header_ = nullptr;
};

}  // namespace

OutputFormat replay_text_format() {
  OutputFormat format{"text", "replay",
                      [](const Context& context, Output& output, const OutputRequest& request) {
                        return std::make_unique<TextReplay>(context, output, request);
                      }};
  format.steps = true;
  return format;
}

}  // namespace gamerec::cli
