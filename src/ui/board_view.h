#pragma once
// Draws any game's BoardView as text: row and column labels, pieces as the
// definition's letters, each side in its colour.
#include <cstddef>
#include <string>
#include <vector>

#include "rules/game.h"
#include "ui/terminal.h"

namespace gamerec::ui {

// The board's own light and dark squares, so that it reads the same on dark
// and light terminals.
inline constexpr int kLightSquare = 187;  // pale khaki
inline constexpr int kDarkSquare = 144;   // darker khaki

// The board seen from the other end: each grid turned half round (rows
// and columns reversed, with their labels), as --flip turns a picture.
BoardView turned_round(BoardView view);

// `language` picks the piece letters ("en": K R B N P, "es": R T A C P).
// `side_names` (display names in turn order) label the side digits that
// tell more than two sides apart when there is no colour. Two grids (a
// battleship player's fleet and what they know of the enemy's) are drawn
// side by side when both fit in `max_width` columns, else (and with 0) one
// above the other.
std::string render_board(const BoardView& view, const GameDefinition& game, const std::string& language,
                         const Palette& palette, const std::vector<std::string>& side_names,
                         std::size_t max_width = 0);

}  // namespace gamerec::ui
