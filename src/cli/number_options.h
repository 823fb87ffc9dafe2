#pragma once
// Whole-number options (--to, --seed, --games, ...): plain decimal digits
// in a range, nothing else. CLI11 alone would take "0x3" as 3, "-1" as a
// huge unsigned seed, and print a 20-digit range for a mistake.
#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

namespace gamerec::cli {

// Bounds for times and counts: a day per move or answer, a billion games
// or moves. More is a typo, and these keep every deadline and product
// (now + movetime, wins * 100) far from overflowing.
inline constexpr std::uint64_t kMaxMilliseconds = 86'400'000;
inline constexpr std::uint64_t kMaxCount = 1'000'000'000;

// Accepts "0".."max" written in decimal digits only; the message names
// the range in one short line.
inline CLI::Validator whole_number(std::uint64_t min,
                                   std::uint64_t max = std::numeric_limits<std::int64_t>::max()) {
  // Any bound past an int's is "or more": nobody means the exact figure.
  const bool open = max >= static_cast<std::uint64_t>(std::numeric_limits<int>::max());
  const std::string range =
      open ? std::to_string(min) + " or more" : "from " + std::to_string(min) + " to " + std::to_string(max);
  // As help shows it: "1..12", "0..".
  const std::string shown = std::to_string(min) + ".." + (open ? "" : std::to_string(max));
  return CLI::Validator(
      [min, max, range](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        const bool digits_only = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        if (!digits_only || error != std::errc() || stop != end || value < min || value > max)
          return "takes a whole number " + range + ", not '" + text + "'";
        return {};
      },
      shown);
}

}  // namespace gamerec::cli
