#pragma once
// Runs the real gamerec binary as a child process with pipes on its standard
// streams, for the golden transcripts and the kill test. POSIX only.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/temp_dir.h"

extern char** environ;

namespace gamerec::clitest {

// The source tree (samples, cases) and the binary under test, from CMake.
inline const std::string kSourceDir = GAMEREC_SOURCE_DIR;
inline const std::string kBinary = GAMEREC_BINARY;

// The environment a child sees: the caller's, without anything that turns
// colours on, with NO_COLOR set and an 80-column width.
inline std::vector<std::string> child_environment() {
  static const std::vector<std::string> kDropped = {
      "NO_COLOR", "TERM", "COLORTERM", "CLICOLOR", "CLICOLOR_FORCE", "FORCE_COLOR", "GAMEREC_UPDATE_GOLDEN",
      "COLUMNS"};
  std::vector<std::string> env;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const std::string text = *entry;
    const std::string name = text.substr(0, text.find('='));
    bool dropped = false;
    for (const auto& drop : kDropped) dropped = dropped || name == drop;
    if (!dropped) env.push_back(text);
  }
  env.push_back("NO_COLOR=1");
  env.push_back("TERM=dumb");
  env.push_back("COLUMNS=80");  // battleship's two grids fit side by side
  return env;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write " + path.string());
  out << bytes;
}

// One running child. stdin is a pipe (or /dev/null), stdout and stderr are
// pipes the parent drains.
class Child {
 public:
  using Clock = std::chrono::steady_clock;

  // argv[0] is "gamerec" whatever the binary's path, so help texts do not
  // depend on the build directory.
  Child(const std::string& binary, const std::vector<std::string>& args, const std::string& cwd,
        bool stdin_pipe) {
    int in[2] = {-1, -1};
    int out[2];
    int err[2];
    if ((stdin_pipe && ::pipe2(in, O_CLOEXEC) != 0) || ::pipe2(out, O_CLOEXEC) != 0 ||
        ::pipe2(err, O_CLOEXEC) != 0)
      throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));

    std::vector<std::string> argv_text = {"gamerec"};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& arg : argv_text) argv.push_back(arg.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_text = child_environment();
    std::vector<char*> envp;
    for (auto& entry : env_text) envp.push_back(entry.data());
    envp.push_back(nullptr);

    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid_ == 0) {
      // Only async-signal-safe calls from here on.
      ::signal(SIGPIPE, SIG_DFL);
      const int stdin_fd = stdin_pipe ? in[0] : ::open("/dev/null", O_RDONLY);
      if (stdin_fd < 0 || ::dup2(stdin_fd, 0) < 0 || ::dup2(out[1], 1) < 0 || ::dup2(err[1], 2) < 0)
        ::_exit(126);
      if (::chdir(cwd.c_str()) != 0) ::_exit(126);
      ::execve(binary.c_str(), argv.data(), envp.data());
      ::_exit(127);
    }
    if (stdin_pipe) {
      ::close(in[0]);
      stdin_ = in[1];
      ::fcntl(stdin_, F_SETFL, O_NONBLOCK);
    }
    ::close(out[1]);
    ::close(err[1]);
    stdout_ = out[0];
    stderr_ = err[0];
  }

  ~Child() {
    close_fd(stdin_);
    close_fd(stdout_);
    close_fd(stderr_);
    if (pid_ > 0 && !reaped_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  const std::string& out() const { return out_; }
  const std::string& err() const { return err_; }
  pid_t pid() const { return pid_; }
  // The running child's peak resident memory in KiB (VmHWM), -1 when it
  // cannot be read. Not getrusage: a forked child's peak counts the pages
  // it shared with this process before its exec.
  long peak_kib() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
    return -1;
  }

  // Queues bytes for the child's stdin; they are written as it reads.
  void send(const std::string& bytes) { pending_ += bytes; }
  void close_stdin() { close_after_pending_ = true; }

  // Moves data both ways until `done()` holds; false on timeout or when
  // the child closed its outputs first.
  bool pump_until(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (!done()) {
      if (stdout_ < 0 && stderr_ < 0) return done();
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) return false;
      pump_once(static_cast<int>(std::min<long long>(left.count(), 50)));
    }
    return true;
  }

  // Feeds everything queued, closes stdin, reads to the end and reaps the
  // child. The exit status, or -1 when it timed out (it is then killed), or
  // 128+N when signal N ended it.
  int finish(std::chrono::milliseconds timeout) {
    close_stdin();
    const bool ended = pump_until([&] { return stdout_ < 0 && stderr_ < 0; }, timeout);
    if (!ended) {
      ::kill(pid_, SIGKILL);
      wait();
      return -1;
    }
    return wait();
  }

  void kill(int signal) { ::kill(pid_, signal); }

  int wait() {
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
  }

 private:
  static void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }

  void pump_once(int timeout_ms) {
    if (stdin_ >= 0 && pending_.empty() && close_after_pending_) close_fd(stdin_);
    pollfd fds[3];
    int count = 0;
    int in_index = -1;
    int out_index = -1;
    int err_index = -1;
    if (stdin_ >= 0 && !pending_.empty()) {
      in_index = count;
      fds[count++] = {stdin_, POLLOUT, 0};
    }
    if (stdout_ >= 0) {
      out_index = count;
      fds[count++] = {stdout_, POLLIN, 0};
    }
    if (stderr_ >= 0) {
      err_index = count;
      fds[count++] = {stderr_, POLLIN, 0};
    }
    if (::poll(fds, static_cast<nfds_t>(count), timeout_ms) <= 0) return;
    if (in_index >= 0 && fds[in_index].revents != 0) {
      const ssize_t n = ::write(stdin_, pending_.data(), pending_.size());
      if (n > 0)
        pending_.erase(0, static_cast<std::size_t>(n));
      else if (n < 0 && errno != EAGAIN && errno != EINTR) {
        pending_.clear();  // the child stopped reading (EPIPE): drop the rest
        close_fd(stdin_);
      }
    }
    if (out_index >= 0 && fds[out_index].revents != 0) drain(stdout_, out_);
    if (err_index >= 0 && fds[err_index].revents != 0) drain(stderr_, err_);
  }

  static void drain(int& fd, std::string& into) {
    char buffer[1 << 16];
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0)
      into.append(buffer, static_cast<std::size_t>(n));
    else if (n == 0 || (errno != EAGAIN && errno != EINTR))
      close_fd(fd);
  }

  pid_t pid_ = -1;
  bool reaped_ = false;
  int stdin_ = -1;
  int stdout_ = -1;
  int stderr_ = -1;
  std::string pending_;
  bool close_after_pending_ = false;
  std::string out_;
  std::string err_;
};

}  // namespace gamerec::clitest
