#include "players/uci.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "players/child_process.h"
#include "players/turn_protocol.h"
#include "rules/facets.h"

namespace gamerec {
namespace {

// The score an `info` line gives for the main line ("info depth 12
// multipv 1 score cp -35 ..."; "score mate -3"): the engine's view of its
// own side, for adjudication; nullopt for a line without one. Bounds
// (lowerbound, upperbound) are taken as the score they give; a number
// beyond any real score is held at +-1e9, so that nothing overflows.
std::optional<ReportedScore> score_of_line(std::string_view line) {
  if (line.rfind("info ", 0) != 0) return std::nullopt;
  std::vector<std::string_view> words;
  for (std::size_t at = 0; at < line.size();) {
    const std::size_t end = std::min(line.find(' ', at), line.size());
    if (end > at) words.push_back(line.substr(at, end - at));
    at = end + 1;
  }
  bool main_line = true;
  std::optional<ReportedScore> score;
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    if (words[i] == "multipv") main_line = words[i + 1] == "1";
    if (words[i] == "string") break;  // free text follows
    if (words[i] != "score" || i + 2 >= words.size() || (words[i + 1] != "cp" && words[i + 1] != "mate"))
      continue;
    constexpr std::int64_t kLargest = 1'000'000'000;
    std::int64_t value = 0;
    const std::string_view number = words[i + 2];
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (error == std::errc::result_out_of_range)
      value = number.front() == '-' ? -kLargest : kLargest;
    else if (error != std::errc() || end != number.data() + number.size())
      continue;
    score = ReportedScore{words[i + 1] == "mate", std::clamp(value, -kLargest, kLargest)};
  }
  return main_line ? score : std::nullopt;
}

constexpr std::int64_t kDefaultMovetimeMs = 1000;
// How long a search with no time limit (depth or nodes alone) may take.
constexpr std::int64_t kDefaultUnlimitedMs = 60000;
constexpr std::chrono::milliseconds kHandshake{10000};
constexpr std::chrono::milliseconds kGrace{5000};  // beyond the move time, for a slow answer
constexpr std::size_t kMaxLine = 64 * 1024;        // longer than any UCI line

Message uci_message(std::string kind, std::string_view engine, std::string reason = "") {
  return Message{"players.uci-" + std::move(kind), {{"engine", std::string(engine)}, {"reason", std::move(reason)}}};
}

// What follows the engine in uci:ENGINE;KEY=VALUE;... (gamerec(1), players).
struct EngineSettings {
  std::string command;
  std::optional<std::int64_t> depth;
  std::optional<std::int64_t> nodes;
  std::optional<std::int64_t> movetime_ms;
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;  // setoption name N value V, in order
};

// UCI's `position` command for the game as the side to move sees it: its
// start and every move since, so that the engine knows the repetitions and
// the move counters as the rules do ("position startpos moves e2e4 e7e5").
std::string position_command(const ProgramNotation& notation, const Observation& seen) {
  const ProgramNotation::Told told = notation.told_position(whole_position(seen));
  std::string line = "position ";
  line += told.start.empty() ? std::string("startpos") : "fen " + told.start;
  if (!told.moves.empty()) line += " moves";
  for (const auto& [side, move] : told.moves) line += " " + notation.program_move_text(move);
  return line;
}

// The `setoption` lines the rules need before a game: Chess960's castling
// is written king-takes-rook (UCI_Chess960).
std::vector<std::string> rules_option_commands(const Game& game) {
  const auto* text = game.facet<PositionText>();
  if (text != nullptr && text->variant_tag() == "Chess960") return {"setoption name UCI_Chess960 value true"};
  return {};
}

std::optional<std::int64_t> positive(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 1 ||
      value > 1'000'000'000'000)
    return std::nullopt;
  return value;
}

Result<EngineSettings, Message> parse_settings(std::string_view spec) {
  auto split = split_settings(spec);
  EngineSettings settings;
  settings.command = std::string(spec.substr(0, spec.find(';')));
  if (auto* error = split.if_error())
    return uci_message("bad-setting", settings.command, std::string(error->message.arg("setting")));
  for (const auto& [key, value] : split.value().settings) {
    const Message bad = uci_message("bad-setting", settings.command, key + "=" + value);
    if (key.starts_with("option.") && key.size() > 7) {
      settings.options.emplace_back(key.substr(7), value);
    } else if (key == "name" && !value.empty()) {
      settings.name = value;
    } else if (key == "depth" || key == "nodes" || key == "movetime") {
      const auto number = positive(value);
      if (!number) return bad;
      (key == "depth" ? settings.depth : key == "nodes" ? settings.nodes : settings.movetime_ms) = number;
    } else {
      return bad;
    }
  }
  return settings;
}

bool same_name(std::string_view a, std::string_view b) {
  // UCI option names are not case sensitive.
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)); });
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
  // `seen` gets every line before it.
  // The line that starts with `word`; on the way, the lines before it go
  // into `seen`, and the last main-line score the engine gave into
  // `score`, when asked for.
  std::optional<std::string> wait_for(std::string_view word, std::chrono::milliseconds timeout,
                                      std::vector<std::string>* seen = nullptr,
                                      std::optional<ReportedScore>* score = nullptr) {
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
      if (seen != nullptr) seen->push_back(line);
      if (score != nullptr) {
        if (auto given = score_of_line(line)) *score = given;
      }
    }
  }

  bool cancelled() const { return cancelled_; }
  ChildProcess& process() { return process_; }

 private:
  ChildProcess process_;
  int cancel_fd_;
  bool cancelled_ = false;
};

class UciPlayer final : public Player {
 public:
  UciPlayer(std::string spec, std::string name, std::unique_ptr<Engine> engine, EngineSettings settings,
            std::int64_t default_movetime_ms, std::int64_t unlimited_ms, const ProgramNotation& notation)
      : spec_(std::move(spec)),
        name_(std::move(name)),
        engine_(std::move(engine)),
        settings_(std::move(settings)),
        default_movetime_ms_(default_movetime_ms),
        unlimited_ms_(unlimited_ms),
        notation_(notation) {}

  std::string name() const override { return name_; }
  void clock(const ClockReading& reading) override { clock_ = reading; }

  // An engine that breaks down (it crashed, sent no move in time, or
  // answered something that is not a move) or says it has no move when it
  // has loses the game, as any external player does: the match ends with
  // the reason.
  std::optional<Action> act(const Game& game, const Observation& seen, std::span<const Move> legal) override {
    if (legal.empty()) return std::nullopt;
    const auto [go, wait_ms] = go_command(seen.viewer());
    if (!engine_->send(position_command(notation_, seen)) || !engine_->send(go))
      return broke_down(uci_message("died", spec_));
    std::optional<ReportedScore> score;  // the last it gave while it searched
    const auto answer =
        engine_->wait_for("bestmove", std::chrono::milliseconds(wait_ms) + kGrace, nullptr, &score);
    if (!answer && engine_->cancelled()) return std::nullopt;  // the session ends: no fault of the engine's
    if (!answer) return broke_down(uci_message("died", spec_));
    const std::string text = answer->substr(answer->find(' ') == std::string::npos ? answer->size() : 9);
    const std::string move_text = text.substr(0, text.find(' '));
    // UCI's "no move" (bestmove (none), or the null move 0000) while the
    // rules give the side moves: it withholds a move it owes, and loses as
    // for an illegal move (the match is never asked once none are legal).
    if (move_text == "(none)" || move_text == "0000")
      return Action{move_text, std::nullopt, false, uci_message("no-move", spec_, move_text)};
    // A move the rules reject loses through the match's own check; one
    // that is no whole move in coordinates is no UCI move at all.
    auto written = game.parse_move(move_text);
    if (!written || !written->complete) return broke_down(uci_message("bad-move", spec_, move_text));
    Action action{move_text, written->move, false};
    action.score = score;
    return action;
  }
  bool is_computer() const override { return true; }

 private:
  static Action broke_down(Message reason) { return Action{{}, std::nullopt, false, std::move(reason)}; }

  // The `go` line and how long to wait for its answer: the clocks when the
  // match keeps time, the engine's own limits, else --movetime.
  std::pair<std::string, std::int64_t> go_command(Side side) const {
    std::string go = "go";
    std::optional<std::int64_t> wait;
    if (clock_ && clock_->remaining_ms.size() >= 2) {
      // UCI's clocks are White's and Black's: the first two sides.
      go += " wtime " + std::to_string(clock_->remaining_ms[0]) + " btime " + std::to_string(clock_->remaining_ms[1]);
      if (clock_->increment_ms > 0)
        go += " winc " + std::to_string(clock_->increment_ms) + " binc " + std::to_string(clock_->increment_ms);
      if (clock_->moves_to_go > 0) go += " movestogo " + std::to_string(clock_->moves_to_go);
      wait = clock_->remaining_ms.at(static_cast<std::size_t>(side));
    }
    if (settings_.depth) go += " depth " + std::to_string(*settings_.depth);
    if (settings_.nodes) go += " nodes " + std::to_string(*settings_.nodes);
    std::optional<std::int64_t> movetime = settings_.movetime_ms;
    if (!movetime && !wait && !settings_.depth && !settings_.nodes) movetime = default_movetime_ms_;
    if (movetime) {
      go += " movetime " + std::to_string(*movetime);
      wait = wait ? std::min(*wait, *movetime) : *movetime;
    }
    return {go, wait.value_or(unlimited_ms_)};
  }

  std::string spec_;
  std::string name_;
  std::unique_ptr<Engine> engine_;
  EngineSettings settings_;
  std::int64_t default_movetime_ms_;
  std::int64_t unlimited_ms_;
  std::optional<ClockReading> clock_;
  const ProgramNotation& notation_;  // the game's, which outlives its players
};

}  // namespace

Result<std::unique_ptr<Player>, Message> make_uci_player(const Game& game, std::string_view engine_spec,
                                                        const PlayerSettings& settings) {
  // Moves in coordinates and the start as FEN: the catalogue registers
  // uci: for chess alone.
  const auto* notation = game.facet<ProgramNotation>();
  if (notation == nullptr || game.facet<PositionText>() == nullptr)
    return Message{"players.no-protocol", {{"game", game.name()}, {"kind", "uci"}}};
  auto parsed = parse_settings(engine_spec);
  if (auto* error = parsed.if_error()) return *error;
  EngineSettings engine_settings = std::move(parsed).value();
  const std::string& engine_name = engine_settings.command;
  const std::vector<std::string> argv = split_command(engine_name);
  if (argv.empty()) return uci_message("no-program", engine_name);
  auto started = ChildProcess::start(argv);
  if (!started)
    return uci_message("cannot-start", engine_name, std::string(started.error().message.arg("reason")));
  if (!settings.trace_path.empty()) started.value().trace_to(settings.trace_path, "uci:" + std::string(engine_spec));
  auto engine = std::make_unique<Engine>(std::move(started).value(), settings.cancel_fd);
  std::vector<std::string> said;
  if (!engine->send("uci") || !engine->wait_for("uciok", kHandshake, &said))
    return uci_message("no-handshake", engine_name);
  // What the engine says of itself: `id name Stockfish 16`, and its options
  // (`option name Skill Level type spin ...`).
  std::string own_name;
  std::vector<std::string> option_names;
  for (const std::string& line : said) {
    if (line.starts_with("id name ")) own_name = line.substr(8);
    if (line.starts_with("option name ")) {
      const auto type = line.find(" type ");
      option_names.push_back(line.substr(12, type == std::string::npos ? std::string::npos : type - 12));
    }
  }
  for (const auto& [option, value] : engine_settings.options) {
    const bool known = std::any_of(option_names.begin(), option_names.end(),
                                   [&](const std::string& name) { return same_name(name, option); });
    if (!known) {
      Message error = uci_message("no-option", engine_name, option);
      std::string listed;
      for (const std::string& name : option_names) listed += (listed.empty() ? "" : ", ") + name;
      error.args.emplace_back("options", listed.empty() ? "none" : listed);
      return error;
    }
  }
  for (const std::string& command : rules_option_commands(game)) engine->send(command);
  for (const auto& [option, value] : engine_settings.options)
    engine->send("setoption name " + option + (value.empty() ? "" : " value " + value));
  if (!engine->send("isready") || !engine->wait_for("readyok", kHandshake))
    return uci_message("no-handshake", engine_name);
  engine->send("ucinewgame");
  std::string name = !engine_settings.name.empty() ? engine_settings.name : own_name;
  const std::string spec = engine_name;
  return std::unique_ptr<Player>(
      std::make_unique<UciPlayer>(spec, std::move(name), std::move(engine), std::move(engine_settings),
                                  settings.chooser.movetime_ms.value_or(kDefaultMovetimeMs),
                                  settings.timeout_ms.value_or(kDefaultUnlimitedMs), *notation));
}

}  // namespace gamerec
