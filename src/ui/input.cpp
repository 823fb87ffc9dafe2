#include "ui/input.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <iterator>
#include <stdexcept>

namespace gamerec::ui {
namespace {

// What the signal handler may touch: an atomic and a descriptor.
std::atomic<int> received_signal{0};
std::atomic<int> wake_write_fd{-1};

extern "C" void note_signal(int signal_number) {
  received_signal.store(signal_number);
  const int fd = wake_write_fd.load();
  if (fd >= 0) {
    const char byte = 1;
    (void)!::write(fd, &byte, 1);
  }
}

// The signals that end a session as Q does: Ctrl-C, kill, a closed terminal.
constexpr int kEndingSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction saved_actions[std::size(kEndingSignals)];

}  // namespace

InterruptGuard::InterruptGuard() {
  if (wake_write_fd.load() >= 0) throw std::logic_error("only one InterruptGuard at a time");
  if (::pipe2(pipe_, O_CLOEXEC | O_NONBLOCK) != 0) throw std::runtime_error("cannot make a pipe");
  received_signal.store(0);
  wake_write_fd.store(pipe_[1]);
  struct sigaction action {};
  action.sa_handler = note_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking call returns EINTR
  for (std::size_t i = 0; i < std::size(kEndingSignals); ++i)
    ::sigaction(kEndingSignals[i], &action, &saved_actions[i]);
}

InterruptGuard::~InterruptGuard() {
  for (std::size_t i = 0; i < std::size(kEndingSignals); ++i)
    ::sigaction(kEndingSignals[i], &saved_actions[i], nullptr);
  wake_write_fd.store(-1);
  ::close(pipe_[0]);
  ::close(pipe_[1]);
}

int InterruptGuard::signal() const { return received_signal.load(); }

long read_or_interrupt(int fd, const InterruptGuard* interrupts, char* buffer, std::size_t size) {
  while (true) {
    if (interrupts != nullptr && interrupts->signal() != 0) return -1;
    pollfd watched[2] = {{fd, POLLIN, 0}, {interrupts != nullptr ? interrupts->wake_fd() : -1, POLLIN, 0}};
    if (::poll(watched, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return 0;
    }
    if (watched[1].revents != 0) continue;  // the check at the top ends the wait
    const ssize_t n = ::read(fd, buffer, size);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    return n < 0 ? 0 : static_cast<long>(n);
  }
}

bool InputReader::fill() {
  if (ended_ || interrupted_) return false;
  char chunk[4096];
  const long n = read_or_interrupt(fd_, interrupts_, chunk, sizeof chunk);
  if (n < 0) interrupted_ = true;
  if (n == 0) ended_ = true;
  if (n <= 0) return false;
  pending_.append(chunk, static_cast<std::size_t>(n));
  return true;
}

InputReader::Result InputReader::read_line(std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  bool any = false;  // some of this line was read
  while (true) {
    const auto newline = pending_.find('\n');
    const std::size_t length = newline == std::string::npos ? pending_.size() : newline;
    // Keep what fits; the rest of a line too long is dropped as it comes.
    const std::size_t room = limit_ - line.size();
    if (length > room) too_long = true;
    line.append(pending_, 0, std::min(length, room));
    any = any || length > 0 || newline != std::string::npos;
    if (newline != std::string::npos) {
      pending_.erase(0, newline + 1);
      return Result::kLine;
    }
    pending_.clear();
    if (!fill()) {
      if (interrupted_) return Result::kInterrupted;
      return any ? Result::kLine : Result::kEnd;  // a last line without a line end
    }
  }
}

}  // namespace gamerec::ui
