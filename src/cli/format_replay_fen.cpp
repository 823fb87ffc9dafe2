// replay --format fen (gamerec(1), replay): the position after each move,
// or after move --to N, as the game's position text (chess: FEN). A game
// without a PositionText facet is refused with the list of those that have
// one.
#include "cli/output_format.h"
#include "rules/facets.h"
#include "rules/text.h"

namespace gamerec::cli {
namespace {

class PositionLines final : public RecordRenderer {
 public:
  PositionLines(const Context& context, Output& output, const OutputRequest& request)
      : context_(context), output_(output), request_(request) {}

  std::optional<Message> refuses(const Game& game) const override {
    if (game.facet<PositionText>() != nullptr) return std::nullopt;
    return Message{"usage.no-position-text", {{"game", game.name()}, {"games", games_with_position_text()}}};
  }
  void begin_game(const Game& game, const GameHeader& /*header*/, const State& start) override {
    text_ = game.facet<PositionText>();
    if (request_.to && *request_.to == 0) output_.out(text_->position_text(start) + '\n');
  }
  bool after_move(const RecordEvent& /*event*/, Side /*mover*/, const Move& /*move*/,
                  const State& after) override {
    output_.out(text_->position_text(after) + '\n');
    return output_.good();
  }

 private:
  // "chaturanga, chess, chess960, kalah": the games this format can show.
  std::string games_with_position_text() const {
    std::vector<std::string> names;
    for (const auto& [name, definition] : context_.catalogue().definitions()) {
      auto made = context_.catalogue().make_game(name, {});
      if (made && made.value()->facet<PositionText>() != nullptr) names.push_back(name);
    }
    return join(names, ", ");
  }

  const Context& context_;
  Output& output_;
  const OutputRequest& request_;
  const PositionText* text_ = nullptr;
};

}  // namespace

OutputFormat replay_fen_format() {
  return {"fen", "replay", [](const Context& context, Output& output, const OutputRequest& request) {
            return std::make_unique<PositionLines>(context, output, request);
          }};
}

}  // namespace gamerec::cli
