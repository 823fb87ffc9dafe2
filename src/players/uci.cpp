#include "players/uci.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "players/child_process.h"
#include "rules/facets.h"

namespace gamerec {
namespace {

constexpr std::int64_t kDefaultMovetimeMs = 1000;
constexpr std::chrono::milliseconds kHandshake{10000};
constexpr std::chrono::milliseconds kGrace{5000};  // beyond the move time, for a slow answer
constexpr std::size_t kMaxLine = 64 * 1024;        // longer than any UCI line

Message uci_message(std::string kind, std::string_view engine, std::string reason = "") {
  return Message{"players.uci-" + std::move(kind), {{"engine", std::string(engine)}, {"reason", std::move(reason)}}};
}

// The UCI conversation over a ChildProcess: lines with a deadline, a
// handshake, and `quit` before the process is closed (then killed if it
// lingers).
class Engine {
 public:
  Engine(ChildProcess process, int cancel_fd) : process_(std::move(process)), cancel_fd_(cancel_fd) {}
  ~Engine() { (void)process_.send("quit"); }
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  bool send(std::string_view line) { return process_.send(line); }

  // Reads until a line whose first word is `word`; that line, or nullopt
  // when the engine ends, sends a line no UCI engine would, takes longer
  // than `timeout`, or the session is ending (cancelled() then says so).
  std::optional<std::string> wait_for(std::string_view word, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::string line;
    while (true) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      const auto read = process_.read_line(line, std::max(left, std::chrono::milliseconds(0)), kMaxLine, cancel_fd_);
      cancelled_ = read == ChildProcess::Read::kCancelled;
      if (read != ChildProcess::Read::kLine) return std::nullopt;
      if (line.compare(0, word.size(), word) == 0 && (line.size() == word.size() || line[word.size()] == ' '))
        return line;
    }
  }

  bool cancelled() const { return cancelled_; }

 private:
  ChildProcess process_;
  int cancel_fd_;
  bool cancelled_ = false;
};

class UciPlayer final : public Player {
 public:
  UciPlayer(std::string name, std::unique_ptr<Engine> engine, std::int64_t movetime_ms, const UciProtocol& protocol)
      : name_(std::move(name)), engine_(std::move(engine)), movetime_ms_(movetime_ms), protocol_(protocol) {}

  // An engine that breaks down (it crashed, sent no move in time, or
  // answered something that is not a move) loses the game, as any external
  // player does: the match ends with the reason.
  std::optional<Action> act(const Game& game, const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    if (!engine_->send(protocol_.position_command(seen)) ||
        !engine_->send("go movetime " + std::to_string(movetime_ms_)))
      return broke_down(uci_message("died", name_));
    const auto answer = engine_->wait_for("bestmove", std::chrono::milliseconds(movetime_ms_) + kGrace);
    if (!answer && engine_->cancelled()) return std::nullopt;  // the session ends: no fault of the engine's
    if (!answer) return broke_down(uci_message("died", name_));
    const std::string text = answer->substr(answer->find(' ') == std::string::npos ? answer->size() : 9);
    const std::string move_text = text.substr(0, text.find(' '));
    if (move_text == "(none)") return std::nullopt;  // the engine sees no move
    // A move the rules reject loses through the match's own check; one
    // that is no whole move in coordinates is no UCI move at all.
    auto written = game.parse_move(move_text);
    if (!written || !written->complete) return broke_down(uci_message("bad-move", name_, move_text));
    return Action{move_text, written->move, false};
  }
  bool is_computer() const override { return true; }

 private:
  static Action broke_down(Message reason) { return Action{{}, std::nullopt, false, std::move(reason)}; }

  std::string name_;
  std::unique_ptr<Engine> engine_;
  std::int64_t movetime_ms_;
  const UciProtocol& protocol_;  // the game's, which outlives its players
};

}  // namespace

Result<std::unique_ptr<Player>, Message> make_uci_player(const Game& game, std::string_view engine_name,
                                                        const ChooserSettings& settings) {
  const auto* protocol = game.facet<UciProtocol>();
  if (protocol == nullptr) return Message{"players.no-protocol", {{"game", game.name()}, {"kind", "uci"}}};
  const std::string path(engine_name);
  const std::vector<std::string> argv = split_command(engine_name);
  if (argv.empty()) return uci_message("no-engine", engine_name);
  auto started = ChildProcess::start(argv);
  if (!started) return uci_message("cannot-start", engine_name, started.error().message());
  auto engine = std::make_unique<Engine>(std::move(started).value(), settings.cancel_fd);
  if (!engine->send("uci") || !engine->wait_for("uciok", kHandshake))
    return uci_message("no-handshake", engine_name);
  for (const std::string& command : protocol->option_commands()) engine->send(command);
  if (!engine->send("isready") || !engine->wait_for("readyok", kHandshake))
    return uci_message("no-handshake", engine_name);
  engine->send("ucinewgame");
  return std::unique_ptr<Player>(std::make_unique<UciPlayer>(
      path, std::move(engine), settings.movetime_ms.value_or(kDefaultMovetimeMs), *protocol));
}

}  // namespace gamerec
