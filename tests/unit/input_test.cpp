// What people type at the prompt (ui/input.h): lines read next to a signal
// pipe, each capped like a record line, and a signal that ends the wait.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <csignal>
#include <string>
#include <thread>

#include "ui/input.h"

using gamerec::ui::InputReader;
using gamerec::ui::InterruptGuard;

namespace {

// A pipe holding `text`, its writing end closed: what the reader sees.
int pipe_with(const std::string& text) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::thread writer([fd = fds[1], text] {
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
  });
  writer.detach();
  return fds[0];
}

}  // namespace

TEST_CASE("input: lines come one at a time, the last one with or without a line end") {
  const int fd = pipe_with("2A-3A\n\n  4G-4F # note\r\n7H-6H");
  InputReader reader(fd, nullptr, 64);
  std::string line;
  bool too_long = true;
  REQUIRE(reader.read_line(line, too_long) == InputReader::Result::kLine);
  CHECK(line == "2A-3A");
  CHECK_FALSE(too_long);
  REQUIRE(reader.read_line(line, too_long) == InputReader::Result::kLine);
  CHECK(line.empty());
  REQUIRE(reader.read_line(line, too_long) == InputReader::Result::kLine);
  CHECK(line == "  4G-4F # note\r");  // cleaned later, as a record line is
  REQUIRE(reader.read_line(line, too_long) == InputReader::Result::kLine);
  CHECK(line == "7H-6H");
  CHECK(reader.read_line(line, too_long) == InputReader::Result::kEnd);
  ::close(fd);
}

TEST_CASE("input: a line longer than the limit keeps only the limit, and the next line is whole") {
  const int fd = pipe_with(std::string(1 << 20, 'x') + "\n2A-3A\n");
  InputReader reader(fd, nullptr, 100);
  std::string line;
  bool too_long = false;
  REQUIRE(reader.read_line(line, too_long) == InputReader::Result::kLine);
  CHECK(too_long);
  CHECK(line.size() == 100);
  REQUIRE(reader.read_line(line, too_long) == InputReader::Result::kLine);
  CHECK_FALSE(too_long);
  CHECK(line == "2A-3A");
  ::close(fd);
}

TEST_CASE("input: a signal ends the wait for a line") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);  // nothing is ever written: the read would block
  InterruptGuard guard;
  InputReader reader(fds[0], &guard, 64);
  std::thread signaller([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ::kill(::getpid(), SIGTERM);
  });
  std::string line;
  bool too_long = false;
  CHECK(reader.read_line(line, too_long) == InputReader::Result::kInterrupted);
  CHECK(guard.signal() == SIGTERM);
  signaller.join();
  ::close(fds[0]);
  ::close(fds[1]);
}
