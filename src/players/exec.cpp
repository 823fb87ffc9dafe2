// The exec:PROGRAM battleship player: the protocol of exec.h over a
// ChildProcess. Everything the program is told comes from its side's
// observation: its own shots' answers and the opponent's shots at it.
#include "players/exec.h"

#include <optional>

#include "core/text.h"
#include "games/battleship/battleship.h"
#include "players/child_process.h"

namespace gamerec {
namespace {

using battleship::BattleshipObservation;

// Longer than any move; a longer line is a broken protocol.
constexpr std::size_t kMaxAnswer = 256;

class ExecPlayer final : public Player {
 public:
  ExecPlayer(std::vector<std::string> argv, std::string program, std::int64_t timeout_ms, int cancel_fd)
      : argv_(std::move(argv)), program_(std::move(program)), timeout_ms_(timeout_ms), cancel_fd_(cancel_fd) {}

  std::optional<Action> act(const Game& /*game*/, const Observation& seen, std::span<const Move>) override {
    const auto& observation = dynamic_cast<const BattleshipObservation&>(seen);
    if (!failure_) start(observation);
    std::string request = "shot";
    if (observation.placing()) {
      const std::size_t ship = observation.next_ship();
      request = "ship " + std::to_string(ship + 1) + " " + std::to_string(observation.rules().ships[ship]);
    }
    if (!failure_ && !process_->send(request)) fail("exec.stopped-reading");
    if (failure_) return Action{{}, std::nullopt, false, failure_};

    std::string line;
    switch (process_->read_line(line, std::chrono::milliseconds(timeout_ms_), kMaxAnswer, cancel_fd_)) {
      case ChildProcess::Read::kLine:
        return Action{std::string(trim(line)), std::nullopt, false};
      case ChildProcess::Read::kCancelled:
        return std::nullopt;  // the session ends: no move, and no fault of the program's
      case ChildProcess::Read::kTimeout:
        fail("exec.timeout", {{"request", request}, {"ms", std::to_string(timeout_ms_)}});
        break;
      case ChildProcess::Read::kTooLong:
        fail("exec.too-long", {{"request", request}, {"limit", std::to_string(kMaxAnswer)}});
        break;
      case ChildProcess::Read::kClosed:
        if (const auto exit = process_->ended(std::chrono::milliseconds(500))) {
          fail(exit->by_signal ? "exec.killed" : "exec.exited",
               {{"request", request}, {"number", std::to_string(exit->number)}});
        } else {
          fail("exec.closed", {{"request", request}});
        }
        break;
    }
    return Action{{}, std::nullopt, false, failure_};
  }

  bool is_computer() const override { return true; }
  bool wants_notices() const override { return true; }

  void notice(const Game& /*game*/, const Observation& seen, Side mover, const Move& move) override {
    if (!process_ || failure_) return;
    const auto& observation = dynamic_cast<const BattleshipObservation&>(seen);
    const int width = observation.geometry().width();
    // Placements are not shots: the opponent's stay secret, our own are known.
    const bool ours = mover == observation.viewer();
    const battleship::Flag answer = ours ? observation.fired(move.to) : observation.received(move.to);
    if (answer == battleship::kNoFlag) return;
    std::string line = ours ? "answer " : "opponent ";
    line += battleship::cell_name(move.to, width) + " " + std::string(battleship::flag_word(answer));
    bool sent = process_->send(line);
    if (sent && observation.enemy_fleet_sunk()) sent = process_->send("end won");
    if (sent && observation.own_fleet_sunk()) sent = process_->send("end lost");
    if (!sent) fail("exec.stopped-reading");
  }

 private:
  void start(const BattleshipObservation& seen) {
    if (process_) return;
    auto started = ChildProcess::start(argv_);
    if (auto* reason = std::get_if<std::string>(&started)) {
      fail("exec.cannot-start", {{"reason", *reason}});
      return;
    }
    process_.emplace(std::get<ChildProcess>(std::move(started)));
    const battleship::Rules& rules = seen.rules();
    const std::string ships = join(rules.ships, ",", [](int length) { return std::to_string(length); });
    if (!process_->send("new-game " + std::to_string(rules.width) + " " + std::to_string(rules.height) + " " +
                        ships))
      fail("exec.stopped-reading");
    if (!failure_) catch_up(seen);
  }

  // A game continued from a record: what this side already did and saw
  // (its placed ships, then every shot's answer, in cell order), so that a
  // program started now knows what one there from the start would.
  void catch_up(const BattleshipObservation& seen) {
    const battleship::Geometry& geometry = seen.geometry();
    const int width = geometry.width();
    std::vector<std::string> lines;
    for (std::size_t n = 0; n < seen.fleet().size(); ++n) {
      const battleship::Ship& ship = seen.fleet()[n];
      lines.push_back("placed " + std::to_string(n + 1) + " " + std::to_string(ship.length) + " " +
                      battleship::cell_name(geometry.cell(ship.row, ship.col), width) +
                      (ship.vertical ? " down" : " right"));
    }
    for (int cell = 0; cell < width * geometry.height(); ++cell) {
      if (const auto answer = seen.fired(cell); answer != battleship::kNoFlag)
        lines.push_back("answer " + battleship::cell_name(cell, width) + " " +
                        std::string(battleship::flag_word(answer)));
    }
    for (int cell = 0; cell < width * geometry.height(); ++cell) {
      if (const auto answer = seen.received(cell); answer != battleship::kNoFlag)
        lines.push_back("opponent " + battleship::cell_name(cell, width) + " " +
                        std::string(battleship::flag_word(answer)));
    }
    for (const std::string& line : lines) {
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
  std::int64_t timeout_ms_;
  int cancel_fd_;
  std::optional<ChildProcess> process_;
  std::optional<Message> failure_;
};

}  // namespace

std::variant<std::unique_ptr<Player>, Message> make_exec_player(const Game& /*game*/,
                                                                std::string_view command,
                                                                const ChooserSettings& settings) {
  std::vector<std::string> argv = split_command(command);
  if (argv.empty()) return Message{"exec.no-program"};
  // Checked now, so a tourney refuses a missing program before any game;
  // the program itself starts at its first move.
  if (!is_executable(argv[0])) return Message{"exec.not-found", {{"program", argv[0]}}};
  const std::string program = argv[0];
  return std::unique_ptr<Player>(std::make_unique<ExecPlayer>(
      std::move(argv), program, settings.timeout_ms.value_or(kDefaultExecTimeoutMs), settings.cancel_fd));
}

}  // namespace gamerec
