#include "players/uci.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "games/chess/chess.h"

namespace gamerec {
namespace {

constexpr std::int64_t kDefaultMovetimeMs = 1000;
constexpr int kHandshakeMs = 10000;
constexpr int kGraceMs = 5000;  // beyond the move time, for a slow answer
constexpr std::size_t kMaxLine = 64 * 1024;

Message uci_message(std::string kind, std::string_view engine, std::string reason = "") {
  return Message{"players.uci-" + std::move(kind), {{"engine", std::string(engine)}, {"reason", std::move(reason)}}};
}

class Engine {
 public:
  ~Engine() { stop(); }

  // Starts `path`; a reason when it cannot run.
  std::optional<std::string> start(const std::string& path) {
    int sockets[2];
    int report[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets) != 0) return std::strerror(errno);
    if (::pipe2(report, O_CLOEXEC) != 0) {
      const int error = errno;
      ::close(sockets[0]);
      ::close(sockets[1]);
      return std::strerror(error);
    }
    pid_ = ::fork();
    if (pid_ < 0) return std::strerror(errno);
    if (pid_ == 0) {
      ::dup2(sockets[1], STDIN_FILENO);
      ::dup2(sockets[1], STDOUT_FILENO);
      const int devnull = ::open("/dev/null", O_WRONLY);
      if (devnull >= 0) ::dup2(devnull, STDERR_FILENO);
      char* argv[] = {const_cast<char*>(path.c_str()), nullptr};
      ::execvp(path.c_str(), argv);
      const int error = errno;
      [[maybe_unused]] auto written = ::write(report[1], &error, sizeof error);
      ::_exit(127);
    }
    ::close(sockets[1]);
    ::close(report[1]);
    fd_ = sockets[0];
    int error = 0;
    const ssize_t n = ::read(report[0], &error, sizeof error);
    ::close(report[0]);
    if (n == sizeof error) {
      ::waitpid(pid_, nullptr, 0);
      pid_ = -1;
      return std::strerror(error);
    }
    return std::nullopt;
  }

  bool send(const std::string& line) {
    std::string text = line + "\n";
    std::string_view rest = text;
    while (!rest.empty()) {
      const ssize_t n = ::send(fd_, rest.data(), rest.size(), MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      rest.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }

  // The next line, or nullopt at the end of its output or after `timeout_ms`.
  std::optional<std::string> read_line(int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      const auto newline = buffer_.find('\n');
      if (newline != std::string::npos) {
        std::string line = buffer_.substr(0, newline);
        buffer_.erase(0, newline + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      if (buffer_.size() > kMaxLine) buffer_.clear();  // not UCI: keep memory bounded
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return std::nullopt;
      pollfd p{fd_, POLLIN, 0};
      const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) return std::nullopt;
      char chunk[4096];
      const ssize_t n = ::read(fd_, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  // Reads until a line starting with `word`; that line, or nullopt.
  std::optional<std::string> wait_for(std::string_view word, int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (true) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      auto line = read_line(static_cast<int>(std::max<std::int64_t>(left.count(), 0)));
      if (!line) return std::nullopt;
      if (line->compare(0, word.size(), word) == 0 &&
          (line->size() == word.size() || (*line)[word.size()] == ' '))
        return line;
    }
  }

  // `quit`, a moment to go, then SIGKILL: never a zombie or a stray engine.
  void stop() {
    if (pid_ <= 0) return;
    send("quit");
    ::shutdown(fd_, SHUT_WR);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(1000);
    while (::waitpid(pid_, nullptr, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() >= deadline) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, nullptr, 0);
        break;
      }
      ::usleep(10000);
    }
    pid_ = -1;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string buffer_;
};

// The game as UCI tells it: its start and every move since, so that the
// engine knows the repetitions and the move counters as the rules do.
std::string position_command(const chess::ChessState& state) {
  std::string line = "position ";
  line += state.start() == chess::start_position() ? std::string("startpos")
                                                   : "fen " + chess::fen_of(state.start());
  if (!state.history().empty()) line += " moves";
  for (const chess::ChessMove move : state.history()) line += " " + chess::coordinate_text(move);
  return line;
}

class UciPlayer final : public Player {
 public:
  UciPlayer(std::string name, std::unique_ptr<Engine> engine, std::int64_t movetime_ms)
      : name_(std::move(name)), engine_(std::move(engine)), movetime_ms_(movetime_ms) {}

  std::optional<Action> act(const Game& game, const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    const auto& state = dynamic_cast<const PositionObservation<chess::ChessState>&>(seen).position();
    if (!engine_->send(position_command(state)) ||
        !engine_->send("go movetime " + std::to_string(movetime_ms_)))
      throw PlayerFailure(uci_message("died", name_));
    const auto answer = engine_->wait_for("bestmove", static_cast<int>(movetime_ms_) + kGraceMs);
    if (!answer) throw PlayerFailure(uci_message("died", name_));
    const std::string text = answer->substr(answer->find(' ') == std::string::npos ? answer->size() : 9);
    const std::string move_text = text.substr(0, text.find(' '));
    if (move_text == "(none)") return std::nullopt;  // the engine sees no move
    WrittenMove written;
    Move move;
    // A move the rules reject makes the engine lose by forfeit, as any
    // computer player that breaks the rules does; unreadable text stops.
    if (game.parse_move(move_text, written) || !written.complete)
      throw PlayerFailure(uci_message("bad-move", name_, move_text));
    move = written.move;
    return Action{{}, move, false};
  }
  bool is_computer() const override { return true; }

 private:
  std::string name_;
  std::unique_ptr<Engine> engine_;
  std::int64_t movetime_ms_;
};

}  // namespace

std::variant<std::unique_ptr<Player>, Message> make_uci_player(const Game& /*game*/, std::string_view engine_name,
                                                              const ChooserSettings& settings) {
  const std::string path(engine_name);
  if (path.empty()) return uci_message("no-engine", engine_name);
  auto engine = std::make_unique<Engine>();
  if (auto reason = engine->start(path)) return uci_message("cannot-start", engine_name, *reason);
  if (!engine->send("uci") || !engine->wait_for("uciok", kHandshakeMs))
    return uci_message("no-handshake", engine_name);
  if (!engine->send("isready") || !engine->wait_for("readyok", kHandshakeMs))
    return uci_message("no-handshake", engine_name);
  engine->send("ucinewgame");
  return std::unique_ptr<Player>(std::make_unique<UciPlayer>(
      path, std::move(engine), settings.movetime_ms.value_or(kDefaultMovetimeMs)));
}

}  // namespace gamerec
