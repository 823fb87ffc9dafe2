#pragma once
// Opening one game of a record for a subcommand that reports problems on
// standard error (replay, play, convert), and reporting a file's problem.
#include <optional>
#include <string>

#include "cli/context.h"
#include "core/record_input.h"

namespace gamerec::cli {

// One game of a record, chosen by its number, with the record kept open
// to read that game's moves.
struct SelectedGame {
  OpenRecord input;
  RecordGame game;
};

// Game number `index` (1-based) of the record at `path`, ready to run; the
// games before it are skipped unread. nullopt after reporting the problem.
std::optional<SelectedGame> open_record_game(const Context& context, const std::string& path, int index = 1);

// Prints "file: error[...]: ..." on standard error; returns exit status 2.
int report_file_error(const Context& context, const std::string& file, const Error& error);

}  // namespace gamerec::cli
