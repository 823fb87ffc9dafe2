#pragma once
// Words and lines the subcommands share: error lines, side names, status.
#include <string>
#include <string_view>

#include "cli/context.h"
#include "core/game.h"

namespace gamerec::cli {

// A move's text made safe to print: control and non-ASCII bytes as \xNN,
// cut to a readable length (binary junk must not reach the terminal raw).
std::string printable(std::string_view text);

// "8F-5C: path blocked at 7E (Red to move, move 7)"; `state` is the
// position the move was tried in.
std::string error_message(const Context& context, const Game& game, const State& state,
                          const RecordError& error);
// "file:7:1: error[blocked-path]: <message>"
std::string error_line(std::string_view file, const RecordError& error, std::string_view message);
std::string file_error_line(std::string_view file, const FileError& error);

// Side ids as in JSON: "red"; a team "yellow+red"; "draw".
std::string side_id(const Game& game, Side side);
std::string result_id(const Game& game, const Outcome& outcome);
// Localised: "Red", "Yellow+Red".
std::string side_display(const Context& context, const Game& game, Side side);
// "Red to move, move 7" or "Game over: Yellow+Red wins after 40 moves".
std::string status_line(const Context& context, const Game& game, const State& state);

// "Move 7: 8F-5C (Red)", as replay and play --step print each move.
std::string replay_move_line(const Context& context, const Game& game, int number, std::string_view move,
                             Side mover);

// The board of `state` as the UI draws it, in the context's language/colour.
std::string board_text(const Context& context, const Game& game, const State& state);

// Opens a record for a subcommand that reports file errors on stderr
// (replay, play); nullopt after printing the error.
std::optional<OpenedRecord> open_or_report(const Context& context, const std::string& path);
// After a run that stopped at a Q line: warns (stderr) when moves follow it.
// Returns whether they do.
bool warn_if_lines_after_quit(const Context& context, const std::string& file, const RunResult& run,
                              RecordReader& reader);

// --step: shows what was printed and waits for Enter (end of input: goes on).
void wait_for_enter(const Context& context);
// A read that failed part-way: reports it (stderr) and returns true.
bool report_read_error(const Context& context, const std::string& file, const RunResult& run);

// The name a path is shown by ("-" is standard input).
std::string display_name(const std::string& path);

}  // namespace gamerec::cli
