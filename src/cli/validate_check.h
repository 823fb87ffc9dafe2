#pragma once
// Checking the games of one input for validate, into a buffer of output
// kept in order: written at once (one thread), or when its turn comes
// (validate --jobs, cli/validate_jobs.h), the same bytes either way.
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/context.h"
#include "cli/output_format.h"
#include "core/record_input.h"
#include "records/move_run.h"

namespace gamerec::cli {

struct Tally {
  std::int64_t games = 0;
  std::int64_t valid = 0;
  std::int64_t invalid = 0;
  std::int64_t unchecked = 0;  // a file-level problem

  Tally& operator+=(const Tally& other) {
    games += other.games;
    valid += other.valid;
    invalid += other.invalid;
    unchecked += other.unchecked;
    return *this;
  }
};

// Lines for standard output and standard error, in the order made. A
// JSON line's game_index is the game's place in the part it was read
// from: write_to() adds the games of the parts before.
class ReportBuffer final : public Output {
 public:
  void out(std::string text) override {
    bytes_ += text.size();
    pieces_.push_back({false, std::move(text)});
  }
  void err(std::string text) override {
    bytes_ += text.size();
    pieces_.push_back({true, std::move(text)});
  }
  void out_indexed(std::string text, std::size_t at, std::size_t length, int index) override {
    bytes_ += text.size();
    pieces_.push_back({false, std::move(text), at, length, index});
  }
  void write_to(std::ostream& out, std::ostream& err, int index_offset) const;
  void clear() {
    pieces_.clear();
    bytes_ = 0;
  }
  bool has_err() const;
  // The bytes of text held.
  std::size_t bytes() const { return bytes_; }

 private:
  struct Piece {
    bool to_err = false;
    std::string text;
    std::size_t index_at = std::string::npos;
    std::size_t index_length = 0;
    int index = 0;
  };
  std::vector<Piece> pieces_;
  std::size_t bytes_ = 0;
};

using AfterGame = std::function<bool(std::uint64_t bytes_read)>;

// How each game is checked (RunOptions) and what its report holds beside.
struct CheckOptions {
  RunOptions run;
  // The --format the reports are in (validate's text or JSON); never null
  // when checking.
  const OutputFormat* format = nullptr;
  bool fen = false;  // the final position's text (validate --fen, a format with position_text)
  // Ends the reading of a record from outside (a signal); may be null.
  const ReadCancel* cancel = nullptr;
  // Text: no warning lines (--quiet); JSON keeps them in each object.
  bool quiet = false;
  // A directory given without --recursive: its error says to add it.
  bool suggest_recursive = false;
};

struct CheckResult {
  int status = kExitOk;  // 0 valid, 1 invalid, 2 a file-level problem
  int games = 0;         // game indices used (the next part's start)
  Tally tally;
  bool stopped = false;    // `after_game` said stop
  std::uint64_t bytes = 0;  // of the input read
};

// Checks every game of `input` (`path` names it) as `options` say,
// reporting into `buffer`.
// `after_game` runs after each game's report, with the bytes of the input
// read so far; false stops the checking.
CheckResult check_games(const Context& context, const std::string& path, OpenRecord& input,
                        ReportBuffer& buffer, const AfterGame& after_game, const CheckOptions& options);
// A record that cannot be read at all, reported in the format `options` name.
CheckResult check_unreadable(const Context& context, const std::string& path, ReportBuffer& buffer,
                             const Error& error, const CheckOptions& options);
// The same for the file `path`, opened here (or reported as unreadable).
CheckResult check_file(const Context& context, const std::string& path, ReportBuffer& buffer,
                       const AfterGame& after_game, const CheckOptions& options);

}  // namespace gamerec::cli
