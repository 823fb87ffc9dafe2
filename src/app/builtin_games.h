#pragma once
// The catalogue of every built-in game and format: src/app/builtin_games.cpp
// holds its one line per game.
#include "core/catalogue.h"

namespace gamerec {

GameCatalogue make_builtin_catalogue();

}  // namespace gamerec
