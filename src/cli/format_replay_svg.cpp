// replay --format svg (gamerec(1), PICTURES AND PAGES): one position as an
// SVG picture, the last one or the one after move --to N.
#include "cli/output_format.h"
#include "cli/picture_output.h"

namespace gamerec::cli {
namespace {

class SvgPicture final : public RecordRenderer {
 public:
  SvgPicture(const Context& context, Output& output, const OutputRequest& request)
      : context_(context), output_(output), request_(request) {}

  void begin_game(const Game& game, const GameHeader& /*header*/, const State& start) override {
    game_ = &game;
    if (request_.to && *request_.to == 0) draw(start);
  }
  bool after_move(const RecordEvent& /*event*/, Side /*mover*/, const Move& /*move*/,
                  const State& after) override {
    if (request_.to) draw(after);
    return output_.good();
  }
  void end_game(const Game& /*game*/, const RunResult& run, const State& end) override {
    // The last position the moves reached, up to an illegal one.
    if (!request_.to && !run.stopped && !run.read_error) draw(end);
  }

 private:
  void draw(const State& position) {
    output_.out(position_svg(context_, *game_, position, request_.viewer, {request_.size, request_.flip}));
  }

  const Context& context_;
  Output& output_;
  const OutputRequest& request_;
  const Game* game_ = nullptr;
};

}  // namespace

OutputFormat replay_svg_format() {
  return {"svg", "replay", [](const Context& context, Output& output, const OutputRequest& request) {
            return std::make_unique<SvgPicture>(context, output, request);
          }};
}

}  // namespace gamerec::cli
