#include "core/clock.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace gamerec {
namespace {

constexpr std::int64_t kMaxMs = 86'400'000;  // a day, as --movetime

// Seconds with an optional fraction ("0.5", "60") or MINUTES:SECONDS, in ms.
std::optional<std::int64_t> parse_seconds(std::string_view text) {
  if (const auto colon = text.find(':'); colon != std::string_view::npos) {
    std::int64_t minutes = 0;
    const std::string_view head = text.substr(0, colon);
    if (head.empty() || std::from_chars(head.data(), head.data() + head.size(), minutes).ptr != head.data() + head.size())
      return std::nullopt;
    const auto seconds = parse_seconds(text.substr(colon + 1));
    if (!seconds || *seconds >= 60'000 || minutes > kMaxMs / 60'000) return std::nullopt;
    return minutes * 60'000 + *seconds;
  }
  if (text.empty() || text.front() == '-' || text.front() == '+') return std::nullopt;
  double seconds = 0;
  // from_chars for doubles: no locale, no leading blanks.
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(seconds) ||
      seconds * 1000 > static_cast<double>(kMaxMs))
    return std::nullopt;
  return static_cast<std::int64_t>(std::llround(seconds * 1000));
}

std::string seconds_text(std::int64_t ms) {
  if (ms % 1000 == 0) return std::to_string(ms / 1000);
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", static_cast<double>(ms) / 1000);
  std::string result = text;
  while (result.back() == '0') result.pop_back();
  return result;
}

}  // namespace

Result<TimeControl, Message> parse_time_control(std::string_view text) {
  const Message bad{"clock.bad-tc", {{"tc", std::string(text)}}};
  TimeControl control;
  std::string_view rest = text;
  if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
    const std::string_view moves = rest.substr(0, slash);
    const auto [end, error] = std::from_chars(moves.data(), moves.data() + moves.size(), control.moves);
    if (moves.empty() || error != std::errc() || end != moves.data() + moves.size() || control.moves < 1 ||
        control.moves > 1000)
      return bad;
    rest = rest.substr(slash + 1);
  }
  if (const auto plus = rest.find('+'); plus != std::string_view::npos) {
    const auto increment = parse_seconds(rest.substr(plus + 1));
    if (!increment) return bad;
    control.increment_ms = *increment;
    rest = rest.substr(0, plus);
  }
  const auto base = parse_seconds(rest);
  if (!base || *base <= 0) return bad;
  control.base_ms = *base;
  return control;
}

std::string time_control_text(const TimeControl& control) {
  std::string text;
  if (control.moves > 0) text = std::to_string(control.moves) + "/";
  text += seconds_text(control.base_ms);
  if (control.increment_ms > 0) text += "+" + seconds_text(control.increment_ms);
  return text;
}

GameClocks::GameClocks(TimeControl control, std::size_t sides)
    : control_(control), remaining_(sides, control.base_ms), moves_(sides, 0) {}

ClockReading GameClocks::reading(std::size_t side) const {
  ClockReading reading{remaining_, control_.increment_ms, 0, control_.base_ms};
  if (control_.moves > 0) reading.moves_to_go = control_.moves - moves_.at(side) % control_.moves;
  return reading;
}

bool GameClocks::spend(std::size_t side, std::int64_t elapsed_ms) {
  std::int64_t& left = remaining_.at(side);
  left -= elapsed_ms;
  if (left < 0) return false;
  left += control_.increment_ms;
  ++moves_.at(side);
  if (control_.moves > 0 && moves_.at(side) % control_.moves == 0) left += control_.base_ms;
  return true;
}

}  // namespace gamerec
