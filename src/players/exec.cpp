// The exec:PROGRAM player: a game's line protocol (its own LineProtocol
// facet, or the shared one over its ProgramNotation) spoken over a
// ChildProcess.
#include "players/exec.h"

#include <optional>

#include "players/child_process.h"
#include "players/no_answer.h"
#include "players/turn_protocol.h"
#include "rules/facets.h"
#include "rules/text.h"

namespace gamerec {
namespace {

// Longer than any move; a longer line is a broken protocol.
constexpr std::size_t kMaxAnswer = 256;

class ExecPlayer final : public Player {
 public:
  ExecPlayer(std::vector<std::string> argv, std::string program, std::string name, std::int64_t timeout_ms,
             int cancel_fd, const LineProtocol* own_protocol, std::unique_ptr<LineProtocol> shared_protocol)
      : argv_(std::move(argv)),
        program_(std::move(program)),
        name_(std::move(name)),
        timeout_ms_(timeout_ms),
        cancel_fd_(cancel_fd),
        shared_protocol_(std::move(shared_protocol)),
        protocol_(shared_protocol_ ? *shared_protocol_ : *own_protocol) {}
  // Where its dialogue goes (tourney --trace), from its start on.
  void trace_to(std::string path) { trace_path_ = std::move(path); }

  std::optional<Action> act(const Game& /*game*/, const Observation& seen, std::span<const Move>) override {
    if (!failure_) start(seen);
    const std::string request = protocol_.request(seen);
    if (!failure_ && !process_->send(request)) fail("exec.stopped-reading");
    if (failure_) return Action{{}, std::nullopt, false, failure_};

    std::string line;
    const auto read = process_->read_line(line, std::chrono::milliseconds(timeout_ms_), kMaxAnswer, cancel_fd_);
    if (read == ChildProcess::Read::kLine) return Action{std::string(trim(line)), std::nullopt, false};
    // The session ends: no move, and no fault of the program's.
    if (read == ChildProcess::Read::kCancelled) return std::nullopt;
    failure_ = no_answer(*process_, read, program_, request, timeout_ms_, kMaxAnswer);
    return Action{{}, std::nullopt, false, failure_};
  }

  bool is_computer() const override { return true; }
  bool wants_notices() const override { return true; }
  std::string name() const override { return name_; }

  void notice(const Game& /*game*/, const Observation& seen, Side mover, const Move& move) override {
    if (!process_ || failure_) return;
    for (const std::string& line : protocol_.after_move(seen, mover, move)) {
      if (!process_->send(line)) {
        fail("exec.stopped-reading");
        return;
      }
    }
  }

 private:
  // The program starts at its side's first move: told the game, and on a
  // game continued from a record what its side has seen so far.
  void start(const Observation& seen) {
    if (process_) return;
    auto started = ChildProcess::start(argv_);
    if (!started) {
      fail("exec.cannot-start", {{"reason", std::string(started.error().message.arg("reason"))}});
      return;
    }
    process_.emplace(std::move(started).value());
    if (!trace_path_.empty()) process_->trace_to(trace_path_, "exec:" + program_);
    for (const std::string& line : protocol_.start_lines(seen)) {
      if (!process_->send(line)) {
        fail("exec.stopped-reading");
        return;
      }
    }
  }

  void fail(std::string key, MessageArgs args = {}) {
    args.emplace_back("program", program_);
    failure_ = Message{std::move(key), std::move(args)};
  }

  std::vector<std::string> argv_;
  std::string program_;
  std::string name_;  // its name=, "" when none was given
  std::int64_t timeout_ms_;
  int cancel_fd_;
  std::unique_ptr<LineProtocol> shared_protocol_;  // for a game with ProgramNotation
  const LineProtocol& protocol_;                   // that, or the game's own (which outlives its players)
  std::optional<ChildProcess> process_;
  std::optional<Message> failure_;
  std::string trace_path_;
};

}  // namespace

Result<std::unique_ptr<Player>, Message> make_exec_player(const Game& game, std::string_view command,
                                                          const PlayerSettings& settings) {
  const auto* own_protocol = game.facet<LineProtocol>();
  std::unique_ptr<LineProtocol> shared_protocol = own_protocol != nullptr ? nullptr : turn_protocol(game);
  if (own_protocol == nullptr && shared_protocol == nullptr)
    return Message{"players.no-protocol", {{"game", game.name()}, {"kind", "exec"}}};
  // exec:PROGRAM;name=NAME: the one setting, the name tables and records give it.
  auto name = name_setting(command, "exec");
  if (auto* error = name.if_error()) return *error;
  std::vector<std::string> argv = split_command(command.substr(0, command.find(';')));
  if (argv.empty()) return Message{"exec.no-program"};
  // Checked now, so a tourney refuses a missing program before any game;
  // the program itself starts at its first move.
  if (!is_executable(argv[0])) return Message{"exec.not-found", {{"program", argv[0]}}};
  const std::string program = argv[0];
  auto player = std::make_unique<ExecPlayer>(std::move(argv), program, std::move(name).value(),
                                             settings.timeout_ms.value_or(kDefaultExecTimeoutMs),
                                             settings.cancel_fd, own_protocol, std::move(shared_protocol));
  player->trace_to(settings.trace_path);
  return std::unique_ptr<Player>(std::move(player));
}

}  // namespace gamerec
