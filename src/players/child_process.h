#pragma once
// A program run as a player: its standard input is a socket from us and
// its standard output a pipe to us (lines both ways), its standard error
// is ours. Writing never raises
// SIGPIPE and reading never waits past a deadline, so a program that
// crashes, hangs or stops reading cannot stop gamerec. POSIX only.
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "records/unique_fd.h"
#include "rules/error.h"
#include "rules/result.h"

namespace gamerec {

class ChildProcess {
 public:
  // Starts argv[0] (looked up in PATH when it has no '/') in a process
  // group of its own; "exec.cannot-start" with the system's reason when it
  // cannot start.
  static Result<ChildProcess, Error> start(const std::vector<std::string>& argv);

  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&&) = delete;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  // Closes its input, gives it a moment to exit, then kills its group (which
  // goes as soon as the program ends, in any case).
  ~ChildProcess();

  // Sends `line` and a newline; false when the program no longer reads.
  bool send(std::string_view line);

  enum class Read { kLine, kTimeout, kClosed, kTooLong, kCancelled };
  // The next line it writes (without the newline and a trailing CR), read
  // for at most `timeout`; a line over `limit` bytes is kTooLong. When
  // `cancel_fd` (if not -1) becomes readable first, kCancelled: the wait
  // ends at once (a signal ends the session).
  Read read_line(std::string& line, std::chrono::milliseconds timeout, std::size_t limit, int cancel_fd = -1);

  struct Exit {
    bool by_signal = false;
    int number = 0;  // the exit status or the signal
  };
  // How it ended, once it has (waiting at most `grace` for it); nullopt
  // while it runs.
  std::optional<Exit> ended(std::chrono::milliseconds grace);

  // The most memory the program has held at once, in bytes: its peak
  // resident set (Linux's VmHWM, what Piskvork's Windows calls the peak
  // working set), its own and not its children's; nullopt when it cannot
  // be read (the program has ended).
  std::optional<std::int64_t> peak_memory_bytes() const;

  // From now on every line sent (">") and read ("<") is appended to `path`
  // with the seconds since the program started (tourney --trace); false
  // when the file cannot be opened.
  bool trace_to(const std::string& path, std::string_view program);

 private:
  ChildProcess(pid_t pid, UniqueFd socket, UniqueFd output)
      : pid_(pid), socket_(std::move(socket)), output_(std::move(output)) {}
  void reap(bool block);
  void trace(char direction, std::string_view line);

  pid_t pid_ = -1;
  UniqueFd socket_;     // its standard input
  UniqueFd output_;     // its standard output
  std::string buffer_;  // bytes read after the last line handed out
  std::optional<int> status_;
  UniqueFd trace_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

// Splits a command line at blanks, without quoting: "./bot --level 2".
std::vector<std::string> split_command(std::string_view command);

// A program's spec as the players' kinds take it (gamerec(1), DESCRIPTION):
// "COMMAND;KEY=VALUE;...", the command, then each setting in order (empty
// items skipped). Without settings, the whole spec is the command.
struct ProgramSpec {
  std::string command;
  std::vector<std::pair<std::string, std::string>> settings;
};
// The spec, or "exec.bad-setting" naming the first item that is no
// KEY=VALUE ("setting").
Result<ProgramSpec, Error> split_settings(std::string_view spec);
// The name= of an exec: or pbrain: spec (`kind`), the one setting they
// take ("" when not given), or "KIND.bad-setting" naming the first setting
// that is not one.
Result<std::string, Message> name_setting(std::string_view spec, std::string_view kind);
// Whether `program` names an executable file (looked up in PATH when it
// has no '/').
bool is_executable(const std::string& program);

}  // namespace gamerec
