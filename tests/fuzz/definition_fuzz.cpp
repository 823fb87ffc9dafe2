// Fuzz target: bytes as a YAML game definition (what --formats DIR reads),
// added to the built-in catalogue with GameCatalogue::add_definition. When
// the definition is accepted, every game of the catalogue is made with its
// defaults (so a definition that overrides `chaturanga` or extends it is
// exercised) and played a few moves: the setup string, the side list and
// the piece letters all reach the rules core and the board renderer.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "app/builtin_games.h"
#include "core/catalogue.h"
#include "core/messages.h"
#include "ui/board_view.h"

namespace {

using namespace gamerec;

constexpr int kPlies = 24;

[[noreturn]] void invariant_failed(const char* what, const std::string& detail) {
  std::fprintf(stderr, "definition_fuzz: invariant failed: %s: %s\n", what, detail.c_str());
  std::abort();
}

struct Fixture {
  GameCatalogue builtin = make_builtin_catalogue();
  Messages english = Messages::load("en").value();
};

Fixture& fixture() {
  static Fixture instance;
  return instance;
}

void render(const Game& game, const State& state) {
  const BoardView view = state.view();
  for (const BoardGrid& grid : view.grids) {
    if (grid.cells.size() != static_cast<std::size_t>(grid.rows) * static_cast<std::size_t>(grid.cols))
      invariant_failed("a board view whose cells do not fill rows x cols", game.name());
  }
  std::vector<std::string> side_names;
  for (Side side = 0; side < static_cast<Side>(game.definition().sides.size()); ++side)
    side_names.push_back(fixture().english.side_name(game.definition(), side));
  for (const char* language : {"en", "es", "xx"}) {
    for (bool colour : {false, true}) {
      ui::Palette palette;
      palette.enabled = colour;
      (void)ui::render_board(view, game.definition(), language, palette, side_names);
    }
  }
}

// A short game: at each ply the legal move picked by the input's bytes.
void play(const Game& game, std::string_view bytes) {
  auto state = game.new_state();
  render(game, *state);
  for (int ply = 0; ply < kPlies && !state->is_over(); ++ply) {
    const Side mover = state->to_move();
    if (mover < 0) invariant_failed("no side to move in a game that is not over", game.name());
    const auto moves = state->legal_moves();
    if (moves.empty()) break;
    const std::size_t pick =
        bytes.empty() ? 0 : static_cast<unsigned char>(bytes[static_cast<std::size_t>(ply) % bytes.size()]);
    const Move move = moves[pick % moves.size()];
    const std::string text = game.move_text(move, *state);
    const auto parsed = read_move(game, *state, text);
    if (!parsed || !(*parsed == move))
      invariant_failed("a legal move's text does not parse back to it", text);
    if (auto error = state->check(move)) invariant_failed("a legal move fails check()", text);
    state->apply(move);
  }
  (void)state->outcome();
  render(game, *state);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  GameCatalogue catalogue = fixture().builtin.copy();
  if (auto error = catalogue.add_definition(text, "fuzz.yaml")) {
    if (error->key.empty()) invariant_failed("a rejected definition without a message", "");
    (void)fixture().english.text(*error);
    return 0;
  }
  for (const auto& [name, definition] : catalogue.definitions()) {
    (void)catalogue.game_for_extension(definition.extensions.empty() ? "" : definition.extensions.front());
    auto made = catalogue.make_game(name, {});
    if (auto* error = made.if_error()) {
      if (error->key.empty()) invariant_failed("make_game failed without a message", name);
      continue;
    }
    const Game& game = *made.value();
    (void)catalogue.games_accepting(definition.example);
    play(game, text);
  }
  return 0;
}
