#pragma once
// Gomocup records (.psq), as Piskvork writes them:
//
//   Piskvorky 15x15, 0:0, 0        the board (WIDTHxHEIGHT), the two players'
//   8,8,1000                       levels and who began; then one move per
//   9,9,531                        line, x,y,time: column and row counted
//   ...                            from 1 at the top left, milliseconds used
//   -1                             then the players' names and a result
//                                  code: ignored, as Piskvork ignores them
//
// The header's size becomes the game's `size` option (the board must be
// square). The moves end at the first line that does not start like one
// (digits, a comma, a digit), as Piskvork's reader stops; a line that does
// start like a move must be a whole one, x,y or x,y,time, or it is a
// notation error. Each move is handed on as the game's move for that cell
// (its CellBoard facet: gomoku's "H8") with the line itself kept for
// messages; times are not kept.
// Written back, each move is "x,y,0" and the file ends with "-1".
#include "records/record_format.h"

namespace gamerec {

RecordFormat psq_format();

}  // namespace gamerec
