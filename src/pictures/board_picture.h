#pragma once
// A picture made from a game's board view (rules/view.h), for a game that
// does not draw its own (no Pictured facet): each grid as squares, a
// piece as its letter on a tile of its side's colour, as the terminal
// shows it.
#include <string_view>

#include "rules/options.h"
#include "rules/picture.h"
#include "rules/view.h"

namespace gamerec::pictures {

Picture board_view_picture(const BoardView& view, const GameDefinition& definition, std::string_view language);

}  // namespace gamerec::pictures
