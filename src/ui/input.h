#pragma once
// What people type, read from a file descriptor so that a signal can end
// the wait: SIGINT, SIGTERM and SIGHUP end a `play` session the way Q does (the
// record is whole, the terminal restored, the closing line printed), never
// by killing the process in the middle of something.
#include <cstddef>
#include <string>

namespace gamerec::ui {

// While it lives, SIGINT, SIGTERM and SIGHUP are noticed instead of ending the
// process: the handler only records the signal and wakes a pipe, which
// InputReader watches. One guard at a time (a signal handler can reach
// nothing but static data: the one static of the program lives here).
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // The signal that arrived (SIGINT, SIGTERM, SIGHUP), or 0.
  int signal() const;
  // Readable once a signal arrived.
  int wake_fd() const { return pipe_[0]; }

 private:
  int pipe_[2] = {-1, -1};
};

// Reads up to `size` bytes from `fd` once some are there, unless a signal
// the guard noticed (`interrupts` may be null) comes first: the byte count,
// 0 at the end of input or on an error, -1 when a signal ended the wait.
long read_or_interrupt(int fd, const InterruptGuard* interrupts, char* buffer, std::size_t size);

// Lines from a file descriptor (standard input), each at most `limit`
// bytes kept: a longer line is read to its end but only flagged too long,
// so memory stays bounded whatever is typed or piped in.
class InputReader {
 public:
  enum class Result { kLine, kEnd, kInterrupted };

  InputReader(int fd, const InterruptGuard* interrupts, std::size_t limit)
      : fd_(fd), interrupts_(interrupts), limit_(limit) {}

  // The next line, without its line end (a CR before it is kept: the line
  // is cleaned as a record line is).
  Result read_line(std::string& line, bool& too_long);

  // For raw keys read from the same input (ui/keys.h).
  int fd() const { return fd_; }
  const InterruptGuard* interrupts() const { return interrupts_; }
  std::size_t limit() const { return limit_; }

 private:
  // More bytes into pending_; false at the end of input or on a signal.
  bool fill();

  int fd_;
  const InterruptGuard* interrupts_;
  std::size_t limit_;
  std::string pending_;  // read, not yet returned; never much over limit_
  bool ended_ = false;
  bool interrupted_ = false;
};

}  // namespace gamerec::ui
