#pragma once
// What a board looks like, for the UI to draw: one or more grids (battleship
// shows a player's own fleet beside their shots), rows top to bottom. Rules
// fill it in; they never draw.
#include <string>
#include <vector>

namespace gamerec {

using Side = int;  // index into GameDefinition::sides; kNoSide when none
inline constexpr Side kNoSide = -1;

struct BoardCell {
  int piece = -1;  // index into the definition's piece letters; -1 empty
  Side owner = kNoSide;
  char mark = 0;           // a symbol for games without pieces ('.', '~', 'x')
  std::string text;        // up to two characters, shown instead (kalah's seed counts)
  bool highlight = false;  // the last move, a winning line
};

struct BoardGrid {
  std::string title;  // a message key of the game ("views.fleet-1"); empty for a game with one grid
  int rows = 0;
  int cols = 0;
  std::vector<std::string> row_labels;  // one per row, top first
  std::vector<std::string> col_labels;
  std::vector<BoardCell> cells;  // rows * cols, row-major
  // Labels below the grid when they differ from those above (kalah numbers
  // each row's pits its own way); empty: col_labels on both edges.
  std::vector<std::string> bottom_col_labels;
};

struct BoardView {
  std::vector<BoardGrid> grids;
};

}  // namespace gamerec
