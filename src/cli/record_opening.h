#pragma once
// Opening one game of a record for a subcommand that reports problems on
// standard error (replay, play, convert), and reporting a file's problem.
#include <optional>
#include <string>

#include "cli/context.h"
#include "core/record_input.h"

namespace gamerec::cli {

struct OpenedRecordGame {
  RecordInput input;
  OpenedGame game;
};

// Game number `index` (1-based) of the record at `path`, ready to run; the
// games before it are skipped unread. nullopt after reporting the problem.
std::optional<OpenedRecordGame> open_record_game(const Context& context, const std::string& path,
                                                 int index = 1);

// Prints "file: error[...]: ..." on standard error; returns exit status 2.
int report_file_error(const Context& context, const std::string& file, const FileError& error);

}  // namespace gamerec::cli
