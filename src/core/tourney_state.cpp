#include "core/tourney_state.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <utility>

#include "records/unique_fd.h"

namespace gamerec {
namespace {

constexpr std::string_view kFirstWords = "gamerec tourney state 1: ";

std::string list_text(const auto& values) {
  if (values.empty()) return "-";
  std::string text;
  for (const auto value : values) text += (text.empty() ? "" : ",") + std::to_string(value);
  return text;
}

template <typename Number>
bool read_number(std::string_view text, Number& number) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

template <typename Number>
bool read_list(std::string_view text, std::vector<Number>& numbers) {
  if (text == "-") return true;
  while (true) {
    const auto comma = text.find(',');
    Number number{};
    if (!read_number(text.substr(0, comma), number)) return false;
    numbers.push_back(number);
    if (comma == std::string_view::npos) return true;
    text.remove_prefix(comma + 1);
  }
}

// `key=value` as the next word of `line`, in the order state_line writes.
bool take_word(std::string_view& line, std::string_view key, std::string_view& value) {
  const auto space = line.find(' ');
  const std::string_view word = line.substr(0, space);
  line = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
  if (word.size() <= key.size() || !word.starts_with(key) || word[key.size()] != '=') return false;
  value = word.substr(key.size() + 1);
  return true;
}

bool parse_game(std::string_view line, StoredGame& game) {
  std::string_view number, moves, end, forfeited, winners, score, archive;
  if (!take_word(line, "game", number) || !take_word(line, "moves", moves) || !take_word(line, "end", end) ||
      !take_word(line, "forfeited", forfeited) || !take_word(line, "winners", winners) ||
      !take_word(line, "score", score) || !take_word(line, "archive", archive) || !line.empty())
    return false;
  if (end == "over")
    game.reason = MatchEnd::Reason::kGameOver;
  else if (end == "forfeit" || end == "time" || end == "memory")
    game.reason = MatchEnd::Reason::kForfeit;
  else if (end == "unfinished")
    game.reason = MatchEnd::Reason::kMoveLimit;
  else if (end == "adjudicated")
    game.reason = MatchEnd::Reason::kAdjudicated;
  else
    return false;
  game.forfeit_kind = end == "time"     ? ForfeitKind::kTime
                      : end == "memory" ? ForfeitKind::kMemory
                                        : ForfeitKind::kOther;
  if (forfeited != "-" && !read_number(forfeited, game.forfeited)) return false;
  return read_number(number, game.number) && game.number > 0 && read_number(moves, game.moves) &&
         read_list(winners, game.winners) && read_list(score, game.score) &&
         read_number(archive, game.archive_bytes);
}

// The first setting (a space-separated key=value) in which two settings
// texts differ, as each has it.
std::pair<std::string, std::string> first_difference(std::string_view theirs, std::string_view ours) {
  while (true) {
    const auto their_space = theirs.find(' ');
    const auto our_space = ours.find(' ');
    const std::string_view their_word = theirs.substr(0, their_space);
    const std::string_view our_word = ours.substr(0, our_space);
    if (their_word != our_word) return {std::string(their_word), std::string(our_word)};
    // One text ends where the other goes on: the rest is what differs.
    if (their_space == std::string_view::npos || our_space == std::string_view::npos)
      return {their_space == std::string_view::npos ? "" : std::string(theirs.substr(their_space + 1)),
              our_space == std::string_view::npos ? "" : std::string(ours.substr(our_space + 1))};
    theirs.remove_prefix(their_space + 1);
    ours.remove_prefix(our_space + 1);
  }
}

}  // namespace

std::string state_first_line(std::string_view settings) {
  return std::string(kFirstWords) + std::string(settings);
}

std::string state_line(const StoredGame& game) {
  // A forfeit is named by its kind: the table counts them apart.
  const char* forfeit = game.forfeit_kind == ForfeitKind::kTime     ? "time"
                        : game.forfeit_kind == ForfeitKind::kMemory ? "memory"
                                                                    : "forfeit";
  const char* end = game.reason == MatchEnd::Reason::kGameOver      ? "over"
                    : game.reason == MatchEnd::Reason::kForfeit     ? forfeit
                    : game.reason == MatchEnd::Reason::kAdjudicated ? "adjudicated"
                                                                    : "unfinished";
  return "game=" + std::to_string(game.number) + " moves=" + std::to_string(game.moves) + " end=" + end +
         " forfeited=" + (game.forfeited == kNoSide ? "-" : std::to_string(game.forfeited)) +
         " winners=" + list_text(game.winners) + " score=" + list_text(game.score) +
         " archive=" + std::to_string(game.archive_bytes);
}

Result<StoredTourney, Error> read_state(const std::string& path, std::string_view settings) {
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) return system_error("write.cannot-read", path, errno);
  std::string text;
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return system_error("write.cannot-read", path, errno);
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  StoredTourney stored;
  std::int64_t line_number = 0;
  std::size_t start = 0;
  // A last line without its line end was being written when the run
  // stopped: it is not counted, and the next game's line replaces it.
  for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    const std::string_view line(text.data() + start, end - start);
    ++line_number;
    if (line_number == 1) {
      if (!line.starts_with(kFirstWords))
        return Error{"usage", Message{"tourney.state-not", {{"file", path}}}, 1};
      if (line.substr(kFirstWords.size()) != settings) {
        const auto [theirs, ours] = first_difference(line.substr(kFirstWords.size()), settings);
        return Error{"usage",
                     Message{"tourney.state-other", {{"file", path}, {"theirs", theirs}, {"ours", ours}}}, 1};
      }
    } else {
      StoredGame game;
      if (!parse_game(line, game))
        return Error{"usage",
                     Message{"tourney.state-line", {{"file", path}, {"line", std::to_string(line_number)}}},
                     line_number};
      stored.games.push_back(std::move(game));
    }
    start = end + 1;
  }
  if (line_number == 0) return Error{"usage", Message{"tourney.state-not", {{"file", path}}}, 1};
  stored.whole_bytes = start;
  return stored;
}

}  // namespace gamerec
