// A game that reads files and prints: both edges are refused.
#include <fmt/format.h>
#include <fstream>

#include "games/toy/toy.h"
#include "records/line_source.h"
#include "rules/game.h"
