#include "players/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <thread>

extern char** environ;

namespace gamerec {
namespace {

using Clock = std::chrono::steady_clock;

// How long a program may take to exit once its input is closed.
constexpr auto kExitGrace = std::chrono::milliseconds(200);
// How often a read that waits for a line checks that the program still runs.
constexpr auto kExitCheck = std::chrono::milliseconds(50);

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

Result<ProgramSpec, Error> split_settings(std::string_view spec) {
  ProgramSpec parsed;
  const auto first = spec.find(';');
  parsed.command = std::string(spec.substr(0, first));
  std::string_view rest = first == std::string_view::npos ? std::string_view() : spec.substr(first + 1);
  while (!rest.empty()) {
    const auto end = rest.find(';');
    const std::string_view item = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (item.empty()) continue;
    const auto equals = item.find('=');
    if (equals == std::string_view::npos)
      return Error{"usage", Message{"exec.bad-setting",
                                    {{"program", parsed.command}, {"setting", std::string(item)}}}};
    parsed.settings.emplace_back(std::string(item.substr(0, equals)), std::string(item.substr(equals + 1)));
  }
  return parsed;
}

Result<std::string, Message> name_setting(std::string_view spec, std::string_view kind) {
  auto bad = [&](std::string item) {
    return Message{std::string(kind) + ".bad-setting",
                   {{"program", std::string(spec.substr(0, spec.find(';')))}, {"setting", std::move(item)}}};
  };
  auto split = split_settings(spec);
  if (auto* error = split.if_error()) return bad(std::string(error->message.arg("setting")));
  std::string name;
  for (const auto& [key, value] : split.value().settings) {
    if (key != "name" || value.empty()) return bad(key + "=" + value);
    name = value;
  }
  return name;
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

namespace {

Error cannot_start(const std::vector<std::string>& argv, int errno_value) {
  return Error{"io", Message{"exec.cannot-start",
                             {{"program", argv.empty() ? std::string() : argv[0]},
                              {"reason", std::strerror(errno_value)}}}};
}

}  // namespace

Result<ChildProcess, Error> ChildProcess::start(const std::vector<std::string>& argv) {
  if (argv.empty()) return cannot_start(argv, ENOENT);
  // Its input is a socket (sends never raise SIGPIPE), its output a pipe of
  // its own: closing its standard output is an end we see at once, which
  // it would not be on a socket its standard input still holds.
  int sockets[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) return cannot_start(argv, errno);
  UniqueFd ours(sockets[0]);
  UniqueFd theirs(sockets[1]);
  int output[2];
  if (::pipe2(output, O_CLOEXEC) != 0) return cannot_start(argv, errno);
  UniqueFd from_them(output[0]);
  UniqueFd their_output(output[1]);

  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attributes);
  // dup2 clears close-on-exec on the copies: the program keeps only these.
  posix_spawn_file_actions_adddup2(&actions, theirs.get(), STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, their_output.get(), STDOUT_FILENO);
  // A group of its own, so that killing it also ends what it started; the
  // default signal handling whatever gamerec has set.
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  sigaddset(&defaults, SIGTERM);
  sigaddset(&defaults, SIGXFSZ);
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
  if (error != 0) return cannot_start(argv, error);
  return ChildProcess(pid, std::move(ours), std::move(from_them));
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      socket_(std::move(other.socket_)),
      output_(std::move(other.output_)),
      buffer_(std::move(other.buffer_)),
      status_(other.status_),
      trace_(std::move(other.trace_)),
      started_(other.started_) {}

ChildProcess::~ChildProcess() {
  if (pid_ < 0) return;
  socket_.reset();  // end of its input: a well-behaved program exits now
  output_.reset();
  if (!ended(kExitGrace)) reap(true);  // kills its group first
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
  trace('>', line);
  return true;
}

bool ChildProcess::trace_to(const std::string& path, std::string_view program) {
  trace_ = UniqueFd(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644));
  if (!trace_) return false;
  std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char when[32];
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
  const std::string head = "# " + std::string(program) + ", started " + when + "\n";
  return ::write(trace_.get(), head.data(), head.size()) == static_cast<ssize_t>(head.size());
}

void ChildProcess::trace(char direction, std::string_view line) {
  if (!trace_) return;
  const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
  char stamp[48];
  std::snprintf(stamp, sizeof stamp, "%10.3f %c ", seconds, direction);
  std::string text = stamp;
  text += line;
  text += '\n';
  // A trace that cannot be written is given up, never the game.
  if (::write(trace_.get(), text.data(), text.size()) != static_cast<ssize_t>(text.size())) trace_.reset();
}

ChildProcess::Read ChildProcess::read_line(std::string& line, std::chrono::milliseconds timeout,
                                           std::size_t limit, int cancel_fd) {
  const auto deadline = Clock::now() + timeout;
  while (true) {
    if (const auto newline = buffer_.find('\n'); newline != std::string::npos) {
      if (newline > limit) return Read::kTooLong;
      line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      trace('<', line);
      return Read::kLine;
    }
    if (buffer_.size() > limit) return Read::kTooLong;
    if (!output_) return Read::kClosed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return Read::kTimeout;
    // In short slices: a program that exits leaves its output open when
    // something it started holds it, and that must not wait out the clock.
    pollfd ready[2] = {{output_.get(), POLLIN, 0}, {cancel_fd, POLLIN, 0}};
    const int polled = ::poll(ready, cancel_fd >= 0 ? 2 : 1,
                              static_cast<int>(std::min<std::int64_t>(left.count(), kExitCheck.count())));
    if (polled < 0 && errno == EINTR) continue;
    if (polled < 0) return Read::kClosed;
    if (cancel_fd >= 0 && ready[1].revents != 0) return Read::kCancelled;
    if (ready[0].revents == 0) {
      reap(false);
      if (!status_) continue;
      // It ended: what it wrote just before is still to be read.
      pollfd last{output_.get(), POLLIN, 0};
      if (::poll(&last, 1, 0) <= 0) return Read::kClosed;
      continue;
    }
    char chunk[4096];
    const ssize_t n = ::read(output_.get(), chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Read::kClosed;
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

std::optional<std::int64_t> ChildProcess::peak_memory_bytes() const {
  // Once reaped, its process id may be another program's.
  if (status_ || pid_ < 0) return std::nullopt;
  const std::string path = "/proc/" + std::to_string(pid_) + "/status";
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) return std::nullopt;
  std::string text(8192, '\0');  // the whole file, a kilobyte or two
  const ssize_t got = ::read(fd.get(), text.data(), text.size());
  if (got <= 0) return std::nullopt;
  text.resize(static_cast<std::size_t>(got));
  const auto at = text.find("\nVmHWM:");
  if (at == std::string::npos) return std::nullopt;  // ended: a zombie has no memory
  std::int64_t kilobytes = 0;
  if (std::sscanf(text.c_str() + at + 7, "%" SCNd64, &kilobytes) != 1) return std::nullopt;
  return kilobytes * 1024;
}

void ChildProcess::reap(bool block) {
  if (status_ || pid_ < 0) return;
  if (block) ::kill(-pid_, SIGKILL);
  // Once it has ended, and before it is reaped (its group's id cannot be
  // taken by another process while it is a zombie), whatever it started
  // goes too: nothing it left behind outlives gamerec.
  siginfo_t info{};
  int waited;
  do {
    waited = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
  } while (waited < 0 && errno == EINTR);
  if (waited == 0 && info.si_pid != pid_) return;  // still running
  if (waited == 0) ::kill(-pid_, SIGKILL);
  int status = 0;
  pid_t done;
  do {
    done = ::waitpid(pid_, &status, 0);
  } while (done < 0 && errno == EINTR);
  status_ = done == pid_ ? status : -1;
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
