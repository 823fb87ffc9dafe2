#pragma once
// What a record says of its game beside the moves: who played it and the
// result it states, with the reason the game ended so (gamerec(1), replay
// and Replay pages; validate's JSON declared_reason), and the words replay
// and the pages show them in.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/context.h"
#include "records/move_run.h"
#include "records/record_source.h"
#include "rules/game.h"

namespace gamerec::cli {

// The players the header names, by side in turn order ("" for a side it
// does not name): a move list's players:, or a tag named like the side
// (PGN's White and Black). Empty when it names none.
std::vector<std::string> header_players(const Game& game, const GameHeader& header);
// Whether a header tag is one header_players reads (PGN's White).
bool names_a_player(const Game& game, std::string_view tag);
// "Ana (Yellow), Luis (Green), ? (Red), Tom (Black)"; empty when none.
std::string players_text(const Context& context, const Game& game, const std::vector<std::string>& players);

// A result the record states: the movetext's (PGN's result token), else
// its header's (PGN's Result tag).
struct DeclaredResult {
  std::string text;  // as written: "1-0"
  // Why the game ended so, an id of gamerec(1), validate JSON: the rules'
  // end ("checkmate"), "resignation", "agreement", "draw-claim",
  // "time-forfeit", ...; empty for a result that states no end ("*").
  std::string reason;
};
// `end` is the position after the last accepted move.
std::optional<DeclaredResult> declared_result_of(const Game& game, const GameHeader& header, const RunResult& run,
                                              const State& end);

// The result in words: the recorded one with its reason ("1-0
// (resignation)"), else the rules' ("Yellow+Red wins (both kings of a
// team captured)", "draw (...)"), else "unfinished".
std::string result_text(const Context& context, const Game& game, const std::optional<DeclaredResult>& declared,
                        const RunResult& run, const State& end);

}  // namespace gamerec::cli
