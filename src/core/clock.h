#pragma once
// Chess clocks for computer players (tourney --tc): each side has its own
// time, counts down while its player thinks, gains the increment after
// each move and, in a control of M moves, the whole base time again after
// every M of its moves. A player whose clock runs out loses the game.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/error.h"
#include "rules/result.h"

namespace gamerec {

struct TimeControl {
  std::int64_t moves = 0;  // moves per period; 0: the whole game
  std::int64_t base_ms = 0;
  std::int64_t increment_ms = 0;
  bool operator==(const TimeControl&) const = default;
};

// "40/60+0.5", "60+0.5", "5:00", "10": [MOVES/]TIME[+INCREMENT], the times in
// seconds (decimals allowed) or MINUTES:SECONDS, as cutechess-cli's tc=.
Result<TimeControl, Message> parse_time_control(std::string_view text);
// The control as PGN's TimeControl tag writes it: "40/60:0+0.5" is
// "40/60+0.5" there, "60+0.5", "60".
std::string time_control_text(const TimeControl& control);

// What a player is told before it moves: every side's time left, the
// increment, and how many of its moves remain in the period (0: all).
struct ClockReading {
  std::vector<std::int64_t> remaining_ms;
  std::int64_t increment_ms = 0;
  std::int64_t moves_to_go = 0;
  std::int64_t base_ms = 0;  // a period's time (a Gomocup brain's timeout_match)
};

class GameClocks {
 public:
  GameClocks(TimeControl control, std::size_t sides);
  ClockReading reading(std::size_t side) const;
  std::int64_t remaining_ms(std::size_t side) const { return remaining_.at(side); }
  // Takes `elapsed_ms` from `side`'s clock; false when that ran it out.
  // Otherwise the move counts: the increment and, at a period's end, the
  // base time are added.
  bool spend(std::size_t side, std::int64_t elapsed_ms);

 private:
  TimeControl control_;
  std::vector<std::int64_t> remaining_;
  std::vector<std::int64_t> moves_;
};

}  // namespace gamerec
