// The pbrain:PROGRAM player: Piskvork's brain protocol (the Gomocup's),
// spoken over a ChildProcess on the game's CellBoard; gamerec-games(7),
// GOMOKU, "Gomocup brains", says which parts.
#include "players/pbrain.h"

#include <unistd.h>

#include <cctype>
#include <chrono>
#include <optional>
#include <vector>

#include "players/child_process.h"
#include "players/no_answer.h"
#include "players/turn_protocol.h"
#include "rules/facets.h"
#include "rules/text.h"

namespace gamerec {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::int64_t kDefaultTimeoutMs = 10000;  // as for exec:
// Longer than any answer, a MESSAGE line included.
constexpr std::size_t kMaxLine = 4096;
// MESSAGE lines shown per answer; more are read and dropped.
constexpr int kMaxMessages = 20;
constexpr std::size_t kMaxName = 64;
// What time_left says when a match has no time limit.
constexpr std::string_view kNoLimit = "2147483647";
// max_memory is told in bytes.
constexpr std::int64_t kMegabyte = 1024 * 1024;
// How long past its clock's end a brain is waited for.
constexpr std::int64_t kClockGrace = 100;

// `text` as a terminal or a record may show it (escape_controls: no
// escapes, no direction marks), cut at `limit` bytes on a character
// boundary.
std::string clean(std::string_view text, std::size_t limit) {
  std::string out = escape_controls(text);
  if (out.size() > limit) {
    std::size_t cut = limit;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out.resize(cut);
  }
  return out;
}

// The first word of `line` in upper case (commands are in either case).
std::string first_word(std::string_view line) {
  std::string word;
  for (const char c : line) {
    if (c == ' ' || c == '\t') break;
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return word;
}

// "X,Y" (blanks allowed around each number): the two numbers.
std::optional<std::pair<int, int>> parse_point(std::string_view text) {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  auto number = [](std::string_view digits) -> std::optional<int> {
    digits = trim(digits);
    if (digits.empty() || digits.size() > 4) return std::nullopt;
    int value = 0;
    for (const char c : digits) {
      if (c < '0' || c > '9') return std::nullopt;
      value = value * 10 + (c - '0');
    }
    return value;
  };
  const auto x = number(text.substr(0, comma));
  const auto y = number(text.substr(comma + 1));
  if (!x || !y) return std::nullopt;
  return std::pair{*x, *y};
}

std::string point_text(const CellBoard::Cell& cell) {
  return std::to_string(cell.col) + "," + std::to_string(cell.row);
}

// INFO rule: the sum of 1 (exactly five in a row wins), 2 (continuous
// game), 4 (renju), 8 (caro) that the rules are; 0 for freestyle.
int gomocup_rule(FiveInARow::Rule rule) {
  switch (rule) {
    case FiveInARow::Rule::kFreestyle:
      return 0;
    case FiveInARow::Rule::kExactFive:
      return 1;
    case FiveInARow::Rule::kRenju:
      return 4;
    case FiveInARow::Rule::kCaro:
      return 8;
  }
  return 0;
}

struct Stone {
  CellBoard::Cell cell;
  Side side = kNoSide;
};

// The stones on the board `seen` shows, each with the side whose it is
// (BOARD tells them as the brain's own or the opponent's).
std::vector<Stone> stones_of(const CellBoard& board, const ProgramNotation& notation,
                             const Observation& seen) {
  std::vector<Stone> stones;
  for (const auto& [side, move] : notation.told_position(whole_position(seen)).stones)
    stones.push_back({board.cell_of(move), side});
  return stones;
}

class PbrainPlayer final : public Player {
 public:
  PbrainPlayer(const Game& game, std::vector<std::string> argv, std::int64_t timeout_ms,
               std::optional<std::int64_t> max_memory_mb, int cancel_fd)
      : game_(game),
        board_(*game.facet<CellBoard>()),
        notation_(*game.facet<ProgramNotation>()),
        rule_(game.facet<FiveInARow>()->five_rule()),
        argv_(std::move(argv)),
        timeout_ms_(timeout_ms),
        max_memory_mb_(max_memory_mb),
        cancel_fd_(cancel_fd) {}
  ~PbrainPlayer() override { end(); }
  PbrainPlayer(const PbrainPlayer&) = delete;
  PbrainPlayer& operator=(const PbrainPlayer&) = delete;

  // Starts the brain and asks its name: a message when it cannot start or
  // refuses the board.
  std::optional<Message> start() {
    auto started = ChildProcess::start(argv_);
    if (!started) return started.error().message;
    process_.emplace(std::move(started).value());
    const std::string command = pbrain_start_command(board_.cols(), board_.rows());
    const auto refused = [&](std::string_view answer) {
      return Message{"pbrain.refused", {{"program", argv_[0]}, {"request", command}, {"answer", clean(answer, 200)}}};
    };
    auto answer = ask({}, command, timeout_ms_);
    if (!answer) return failure_ ? *failure_ : refused("");
    if (first_word(*answer).rfind("OK", 0) != 0) return refused(*answer);
    // ABOUT is optional: a brain may not know it (UNKNOWN) or fail it.
    if (auto about = ask({}, "ABOUT", timeout_ms_)) {
      name_ = pbrain_about_name(*about);
    } else if (failure_ && (failure_->key == "pbrain.unknown" || failure_->key == "pbrain.error")) {
      failure_.reset();
    } else {
      return failure_ ? *failure_ : refused("");
    }
    return std::nullopt;
  }

  std::optional<Action> act(const Game& /*game*/, const Observation& seen, std::span<const Move>) override {
    // Told less than the whole game since its last move (a hint's moves,
    // a move of its side it did not choose): a new brain gets the board.
    if (!failure_ && in_game_ && (out_of_step_ || !opponent_move_)) {
      end();
      if (auto error = start()) failure_ = error;
      in_game_ = false;
    }
    if (failure_) return forfeit();
    std::vector<std::string> lines;
    // Its clock, when the match keeps one (--tc, --timeout-match): the
    // game's time and what is left of it.
    const auto own = static_cast<std::size_t>(seen.viewer());
    const bool timed = clock_ && own < clock_->remaining_ms.size();
    const std::string time_left =
        "INFO time_left " + (timed ? std::to_string(std::max<std::int64_t>(0, clock_->remaining_ms[own]))
                                   : std::string(kNoLimit));
    if (!in_game_) {
      lines = {"INFO timeout_turn " + std::to_string(timeout_ms_),
               "INFO timeout_match " + std::to_string(timed ? clock_->base_ms : 0),
               "INFO max_memory " + std::to_string(max_memory_mb_ ? *max_memory_mb_ * kMegabyte : 0),
               "INFO game_type 1",
               "INFO rule " + std::to_string(gomocup_rule(rule_)),
               time_left};
      const auto stones = stones_of(board_, notation_, seen);
      if (stones.empty()) {
        lines.push_back("BEGIN");
      } else if (stones.size() == 1 && opponent_move_ && stones.front().cell == *opponent_move_ && !out_of_step_) {
        lines.push_back("TURN " + point_text(*opponent_move_));  // the opening move, as a manager tells it
      } else {
        lines.push_back("BOARD");
        for (const auto& stone : stones)
          lines.push_back(point_text(stone.cell) + (stone.side == seen.viewer() ? ",1" : ",2"));
        lines.push_back("DONE");
      }
      in_game_ = true;
    } else {
      lines = {time_left, "TURN " + point_text(*opponent_move_)};
    }
    opponent_move_.reset();
    out_of_step_ = false;
    const std::string request = lines.back();
    lines.pop_back();
    // On a clock, no longer than its time left (and a little over, so that
    // the match sees the clock run out): a brain that hangs loses then.
    std::int64_t wait_ms = timeout_ms_;
    if (timed)
      wait_ms = std::min(wait_ms, std::max<std::int64_t>(0, clock_->remaining_ms[own]) + kClockGrace);
    auto answer = ask(lines, request, wait_ms);
    if (!answer) return cancelled_ ? std::optional<Action>() : forfeit();
    // Over its memory it loses, as the Gomocup manager rules, whatever it answered.
    if (max_memory_mb_) {
      const auto peak = process_->peak_memory_bytes();
      if (peak && *peak > *max_memory_mb_ * kMegabyte) {
        failure_ = Message{"limits.memory",
                           {{"program", argv_[0]},
                            {"used", std::to_string((*peak + kMegabyte - 1) / kMegabyte)},
                            {"limit", std::to_string(*max_memory_mb_)}}};
        return forfeit();
      }
    }
    const auto point = parse_point(*answer);
    if (!point) {
      failure_ = Message{"pbrain.bad-answer",
                         {{"program", argv_[0]}, {"request", quoted_request(request)}, {"answer", clean(*answer, 80)}}};
      return forfeit();
    }
    const auto [x, y] = *point;
    if (x >= board_.cols() || y >= board_.rows()) {
      failure_ = Message{"pbrain.off-board",
                         {{"program", argv_[0]},
                          {"request", quoted_request(request)},
                          {"answer", clean(*answer, 80)},
                          {"width", std::to_string(board_.cols())},
                          {"height", std::to_string(board_.rows())}}};
      return forfeit();
    }
    auto written = game_.parse_move(board_.cell_move(y, x));
    if (!written) return Action{board_.cell_move(y, x), std::nullopt, false};  // the rules say why
    last_answer_ = CellBoard::Cell{y, x};
    return Action{std::to_string(x) + "," + std::to_string(y), written->move, false};
  }

  bool is_computer() const override { return true; }
  bool wants_notices() const override { return true; }
  void clock(const ClockReading& reading) override { clock_ = reading; }
  std::string name() const override { return name_; }
  // The name= it was given, instead of ABOUT's.
  void rename(std::string name) { name_ = std::move(name); }

  void notice(const Game& /*game*/, const Observation& seen, Side mover, const Move& move) override {
    const CellBoard::Cell cell = board_.cell_of(move);
    if (mover == seen.viewer()) {
      if (!last_answer_ || !(*last_answer_ == cell)) out_of_step_ = true;
      last_answer_.reset();
      return;
    }
    if (opponent_move_) out_of_step_ = true;  // two moves to tell: TURN tells one
    opponent_move_ = cell;
  }

 private:
  Action forfeit() const { return Action{{}, std::nullopt, false, failure_}; }

  // The brain is told END and given a moment to go (ChildProcess kills it
  // and what it started after that).
  void end() {
    if (process_) (void)send("END");
    process_.reset();
  }

  bool send(const std::string& line) { return process_->send(line + "\r"); }  // CR LF

  // Sends `lines`, then `request`, and reads the answer: the first line
  // that is not empty, MESSAGE (shown on standard error) or DEBUG
  // (dropped). nullopt when there is none (failure_ says why) or the
  // session is ending (cancelled_).
  // It waits `wait_ms` at most.
  std::optional<std::string> ask(const std::vector<std::string>& lines, const std::string& request,
                                 std::int64_t wait_ms) {
    for (const std::string& line : lines) {
      if (!send(line)) return stopped_reading();
    }
    if (!send(request)) return stopped_reading();
    const auto deadline = Clock::now() + std::chrono::milliseconds(wait_ms);
    int messages = 0;
    while (true) {
      const auto left = std::max(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()),
                                 std::chrono::milliseconds(0));
      std::string line;
      const auto read = process_->read_line(line, left, kMaxLine, cancel_fd_);
      if (read == ChildProcess::Read::kCancelled) {
        cancelled_ = true;
        return std::nullopt;
      }
      if (read != ChildProcess::Read::kLine) {
        failure_ = no_answer(*process_, read, argv_[0], request, wait_ms, kMaxLine);
        return std::nullopt;
      }
      const std::string_view text = trim(line);
      if (text.empty()) continue;
      const std::string word = first_word(text);
      const std::string rest = clean(trim(text.substr(std::min(text.size(), word.size()))), 200);
      if (word == "MESSAGE") {
        if (messages++ < kMaxMessages) show(rest);
        continue;
      }
      if (word == "DEBUG") continue;
      if (word == "ERROR" || word == "UNKNOWN") {
        failure_ = Message{word == "ERROR" ? "pbrain.error" : "pbrain.unknown",
                           {{"program", argv_[0]}, {"request", quoted_request(request)}, {"message", rest}}};
        return std::nullopt;
      }
      return std::string(text);
    }
  }

  std::nullopt_t stopped_reading() {
    failure_ = Message{"exec.stopped-reading", {{"program", argv_[0]}}};
    return std::nullopt;
  }

  // A MESSAGE for the user, on standard error as the brain's own standard
  // error goes: "pbrain NAME: TEXT".
  void show(const std::string& text) const {
    const std::string line = "pbrain " + (name_.empty() ? escape_controls(argv_[0]) : name_) + ": " + text + "\n";
    (void)!::write(STDERR_FILENO, line.data(), line.size());
  }

  const Game& game_;  // outlives its players, as its facets do
  const CellBoard& board_;
  const ProgramNotation& notation_;
  FiveInARow::Rule rule_;
  std::vector<std::string> argv_;
  std::int64_t timeout_ms_;
  std::optional<std::int64_t> max_memory_mb_;
  int cancel_fd_;
  std::optional<ClockReading> clock_;  // read just before each move
  std::optional<ChildProcess> process_;
  std::string name_;
  bool in_game_ = false;  // told the rules and the board (BEGIN or BOARD)
  std::optional<CellBoard::Cell> opponent_move_;  // to be told with TURN
  std::optional<CellBoard::Cell> last_answer_;    // its last move, until played
  bool out_of_step_ = false;                      // told less than every move since
  bool cancelled_ = false;
  std::optional<Message> failure_;
};

}  // namespace

std::string pbrain_start_command(int cols, int rows) {
  if (cols == rows) return "START " + std::to_string(cols);
  return "RECTSTART " + std::to_string(cols) + "," + std::to_string(rows);
}

std::string pbrain_about_name(std::string_view answer) {
  // key="value" pairs, separated by commas.
  auto value_of = [&](std::string_view key) -> std::optional<std::string_view> {
    for (std::size_t at = answer.find(key); at != std::string_view::npos; at = answer.find(key, at + 1)) {
      const bool word_start = at == 0 || answer[at - 1] == ' ' || answer[at - 1] == ',';
      const std::size_t quote = at + key.size();
      if (!word_start || answer.substr(quote, 2) != "=\"") continue;
      const auto close = answer.find('"', quote + 2);
      if (close == std::string_view::npos) return std::nullopt;
      return answer.substr(quote + 2, close - quote - 2);
    }
    return std::nullopt;
  };
  const auto name = value_of("name");
  if (!name) return clean(trim(answer), kMaxName);
  std::string text(trim(*name));
  if (const auto version = value_of("version"); version && !trim(*version).empty())
    text += " " + std::string(trim(*version));
  return clean(text, kMaxName);
}

Result<std::unique_ptr<Player>, Message> make_pbrain_player(const Game& game, std::string_view command,
                                                            const PlayerSettings& settings) {
  if (game.facet<CellBoard>() == nullptr || game.facet<FiveInARow>() == nullptr ||
      game.facet<ProgramNotation>() == nullptr)
    return Message{"players.no-protocol", {{"game", game.name()}, {"kind", "pbrain"}}};
  // pbrain:PROGRAM;name=NAME: the name instead of the one ABOUT gives.
  auto name = name_setting(command, "pbrain");
  if (auto* error = name.if_error()) return *error;
  std::vector<std::string> argv = split_command(command.substr(0, command.find(';')));
  if (argv.empty()) return Message{"pbrain.no-program"};
  if (!is_executable(argv[0])) return Message{"pbrain.not-found", {{"program", argv[0]}}};
  auto player =
      std::make_unique<PbrainPlayer>(game, std::move(argv), settings.timeout_ms.value_or(kDefaultTimeoutMs),
                                     settings.max_memory_mb, settings.cancel_fd);
  if (auto error = player->start()) return *error;
  if (!name.value().empty()) player->rename(std::move(name).value());
  return std::unique_ptr<Player>(std::move(player));
}

}  // namespace gamerec
