// The composition root: the one place that lists the built-in rules cores,
// record formats and kinds of outside players (docs/ARCHITECTURE.md).
// Adding a game: one line here, its folder under src/games/,
// definitions/<game>.yaml and its tests.
#include "app/builtin_games.h"

#include <stdexcept>

#include "formats/pgn.h"
#include "formats/psq.h"
#include "games/battleship/battleship.h"
#include "games/chaturanga/chaturanga.h"
#include "games/chess/chess.h"
#include "games/gomoku/gomoku.h"
#include "games/kalah/kalah.h"
#include "players/exec.h"
#include "players/pbrain.h"
#include "players/uci.h"

namespace gamerec {

GameCatalogue make_builtin_catalogue() {
  GameCatalogue catalogue;
  catalogue.register_rules<chaturanga::ChaturangaGame>(chaturanga::make_game);
  catalogue.register_rules<battleship::BattleshipGame>(battleship::make_game);
  catalogue.register_rules<chess::ChessGame>(chess::make_game);
  catalogue.register_rules<gomoku::GomokuGame>(gomoku::make_game);
  catalogue.register_rules<kalah::KalahGame>(kalah::make_game);
  catalogue.register_format(pgn_format());
  catalogue.register_format(psq_format());
  catalogue.register_player_kind(std::string(GameCatalogue::kEveryGame), "exec", make_exec_player);
  catalogue.register_player_kind(std::string(GameCatalogue::kEveryGame), "pbrain", make_pbrain_player);
  catalogue.register_player_kind("chess", "uci", make_uci_player);
  if (auto error = catalogue.add_embedded_definitions()) {
    // The compiled-in YAML is part of the program: a broken one is a bug.
    throw std::logic_error("built-in game definitions: " + error->key);
  }
  return catalogue;
}

}  // namespace gamerec
