#pragma once
// PGN, the chess archive format: any number of games per file, each a tag
// section ([White "Ana"]) and movetext (SAN moves, move numbers, comments,
// variations, NAGs, a result). Read one game at a time through one line
// buffer, so memory stays constant however large the archive is.
//
// What the reader accepts: tag pairs with \" and \\ escapes; {} and ;
// comments; % escape lines; ( ) variations, skipped, nesting checked;
// NAGs ($1); move numbers with . or ... (also glued, 1.e4); results 1-0,
// 0-1, 1/2-1/2 and *, or none; a stray "e.p." after a move; CRLF and a
// BOM. A game ends at its result, at a tag line after its moves, or at the
// end of the input. A comment or variation still open at a tag line that
// starts a game ([Event "...") or at the end of the input is reported as
// unclosed, and reading goes on with that game.
#include <memory>

#include "records/record_format.h"

namespace gamerec {

// The format to register in the catalogue (game "chess", extension pgn).
RecordFormat pgn_format();

// Whether `head` (the start of an input) looks like PGN: its first
// non-blank content is a tag pair.
bool looks_like_pgn(std::string_view head);

}  // namespace gamerec
