#include "players/child_process.h"

#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

extern char** environ;

namespace gamerec {
namespace {

using Clock = std::chrono::steady_clock;

// How long a program may take to exit once its input is closed.
constexpr auto kExitGrace = std::chrono::milliseconds(200);

}  // namespace

std::vector<std::string> split_command(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : command) {
    if (c == ' ' || c == '\t') {
      if (!word.empty()) words.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(std::move(word));
  return words;
}

bool is_executable(const std::string& program) {
  auto executable = [](const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && ::access(path.c_str(), X_OK) == 0;
  };
  if (program.empty()) return false;
  if (program.find('/') != std::string::npos) return executable(program);
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/bin:/bin";
  while (true) {
    const auto colon = dirs.find(':');
    const std::string dir(dirs.substr(0, colon));
    if (executable((dir.empty() ? "." : dir) + "/" + program)) return true;
    if (colon == std::string_view::npos) return false;
    dirs.remove_prefix(colon + 1);
  }
}

std::variant<ChildProcess, std::string> ChildProcess::start(const std::vector<std::string>& argv) {
  if (argv.empty()) return std::string(std::strerror(ENOENT));
  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0)
    return std::string(std::strerror(errno));
  UniqueFd ours(sockets[0]);
  UniqueFd theirs(sockets[1]);

  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attributes);
  // dup2 clears close-on-exec on the copies: the program keeps only these.
  posix_spawn_file_actions_adddup2(&actions, theirs.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, theirs.get(), STDOUT_FILENO);
  // A group of its own, so that killing it also ends what it started; the
  // default signal handling whatever gamerec has set.
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> args;
  std::vector<std::string> copies = argv;
  for (std::string& arg : copies) args.push_back(arg.data());
  args.push_back(nullptr);
  pid_t pid = -1;
  const int error = ::posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (error != 0) return std::string(std::strerror(error));
  return ChildProcess(pid, std::move(ours));
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      socket_(std::move(other.socket_)),
      buffer_(std::move(other.buffer_)),
      status_(other.status_) {}

ChildProcess::~ChildProcess() {
  if (pid_ < 0) return;
  socket_.reset();  // end of its input: a well-behaved program exits now
  if (!ended(kExitGrace)) {
    ::kill(-pid_, SIGKILL);
    reap(true);
  }
}

bool ChildProcess::send(std::string_view line) {
  if (!socket_) return false;
  std::string text(line);
  text += '\n';
  std::size_t done = 0;
  while (done < text.size()) {
    // Never blocks: a program that stopped reading fills the buffer and is
    // treated as gone (a game's lines fit in it many times over).
    const ssize_t n =
        ::send(socket_.get(), text.data() + done, text.size() - done, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, std::chrono::milliseconds timeout,
                                           std::size_t limit) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    if (const auto newline = buffer_.find('\n'); newline != std::string::npos) {
      if (newline > limit) return Read::kTooLong;
      line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::kLine;
    }
    if (buffer_.size() > limit) return Read::kTooLong;
    if (!socket_) return Read::kClosed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return Read::kTimeout;
    pollfd ready{socket_.get(), POLLIN, 0};
    const int polled = ::poll(&ready, 1, static_cast<int>(std::min<std::int64_t>(left.count(), 1 << 30)));
    if (polled < 0 && errno == EINTR) continue;
    if (polled <= 0) return polled == 0 ? Read::kTimeout : Read::kClosed;
    char chunk[4096];
    const ssize_t n = ::recv(socket_.get(), chunk, sizeof chunk, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Read::kClosed;
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

void ChildProcess::reap(bool block) {
  if (status_ || pid_ < 0) return;
  int status = 0;
  pid_t done;
  do {
    done = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
  } while (done < 0 && errno == EINTR);
  if (done == pid_ || done < 0) status_ = done == pid_ ? status : -1;
}

std::optional<ChildProcess::Exit> ChildProcess::ended(std::chrono::milliseconds grace) {
  const auto deadline = Clock::now() + grace;
  reap(false);
  while (!status_ && Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    reap(false);
  }
  if (!status_) return std::nullopt;
  if (*status_ >= 0 && WIFSIGNALED(*status_)) return Exit{true, WTERMSIG(*status_)};
  return Exit{false, *status_ >= 0 && WIFEXITED(*status_) ? WEXITSTATUS(*status_) : -1};
}

}  // namespace gamerec
