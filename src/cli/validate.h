#pragma once
// gamerec validate, callable with any context (the tests give it a
// catalogue with formats of their own).
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/context.h"
#include "cli/output_format.h"

namespace gamerec::cli {

struct ValidateOptions {
  std::vector<std::string> files;  // records and, with recursive, directories
  unsigned jobs = 1;               // threads that check records at once
  std::string files_from;          // a list of records ("-": standard input)
  bool null_separated = false;     // the list is NUL-separated (-0)
  bool recursive = false;          // walk directories
  bool quiet = false;              // no progress line
  bool strict = false;             // what the rules let pass with a warning is an error (RunOptions)
  bool fen = false;                // JSON: the final position's text (a PositionText facet) as "fen"
  const OutputFormat* format = nullptr;  // null: the built-in one the context's --format names
};

// Checks every game of every file, prints each game's verdict in the
// format (text: a line per invalid game; JSON: an object per game) and the
// summary; the exit status.
int validate_files(const Context& context, const std::vector<std::string>& paths);
int validate_files(const Context& context, const ValidateOptions& options);

// What validate counts: the summary line and the exit status come from it
// alone (gamerec summarize rebuilds it from JSON Lines).
struct ValidateCounts {
  std::int64_t files = 0;
  std::int64_t invalid_files = 0;     // a move error, every game checked
  std::int64_t unreadable_files = 0;  // a file-level problem
  std::int64_t games = 0;
  std::int64_t valid_games = 0;
  std::int64_t invalid_games = 0;
};
// "3 files: 1 valid, 1 invalid, 1 not checked" (gamerec(1), validate).
std::string summary_line(const Messages& messages, const ValidateCounts& counts);
int exit_status(const ValidateCounts& counts);

}  // namespace gamerec::cli
