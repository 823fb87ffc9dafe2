// PGN as a record format: its reader (pgn_reader.cpp) and writer
// (pgn_writer.cpp) registered together.
#include "formats/pgn.h"

#include "formats/pgn_parts.h"

namespace gamerec {

RecordFormat pgn_format() {
  RecordFormat format;
  format.name = "pgn";
  format.description = "Portable Game Notation: many chess games per file, tags, comments, variations";
  format.extensions = {"pgn"};
  format.game = "chess";
  format.many_games = true;
  format.recognises = looks_like_pgn;
  format.open_reader = open_pgn_reader;
  format.open_writer = open_pgn_writer;
  format.find_game_start = pgn_game_start;
  return format;
}

}  // namespace gamerec
