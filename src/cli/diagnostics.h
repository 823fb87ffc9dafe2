#pragma once
// How problems are reported: compiler-style error lines, file errors, and
// text from files made safe to print.
#include <string>
#include <string_view>

#include "cli/context.h"
#include "core/match.h"
#include "core/record_input.h"
#include "rules/game.h"
#include "rules/text.h"

namespace gamerec::cli {

// A move's text made safe to print: control and non-ASCII bytes as \xNN,
// cut to a readable length (binary junk must not reach the terminal raw).
std::string printable(std::string_view text);
// Text from a file or a file name, whole, is shown through escape_controls
// (rules/text.h): control characters, direction marks and invalid UTF-8
// escaped, the rest as it is.
// The name a path is shown by: "<stdin>" for "-", controls escaped.
std::string display_name(const std::string& path);

// "8F-5C: path blocked at 7E (Red to move, move 7)"; `state` is the
// position the move was tried in.
std::string move_error_text(const Context& context, const Game& game, const State& state,
                            const RecordError& error);
// "file:7:1: error[blocked-path]: <message>"
std::string error_line(std::string_view file, const RecordError& error, std::string_view message);
// The message of a file that cannot be checked, from its game's texts.
std::string file_error_text(const Context& context, const Error& error);
// "file:3:1: error[header]: ..." or "file: error[io]: ..."
std::string file_error_line(const Context& context, std::string_view file, const Error& error);
// Why a computer player lost by forfeit, as the {reason} of a message
// and, when the rules refused its move, the {move} too (`refused_move`):
// play and tourney word it around these.
struct ForfeitText {
  bool refused_move = false;
  MessageArgs args;
};
ForfeitText forfeit_text(const Context& context, const Game& game, const MatchEnd& end);
// "file:12: warning: the lines after Q are ignored"
std::string quit_warning_line(const Context& context, std::string_view file, std::int64_t line);

}  // namespace gamerec::cli
