#pragma once
// What a person presses to step through a replay (replay --step): Enter,
// Right or n for the next position, Left or p for the one before, a
// number and Enter to jump to that move, q to quit. On a terminal the
// keys act at once (its line editing off while they are read, and put
// back however the replay ends); from a pipe each line is one command.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ui/input.h"
#include "ui/keys.h"

namespace gamerec::ui {

struct StepCommand {
  enum class Kind { kNext, kBack, kJump, kQuit, kUnknown };
  Kind kind = Kind::kNext;
  std::int64_t number = 0;  // kJump: the move to show (0: the start)
};

// One line's command: "" or "n" next, "p" back, "q" quit, digits a jump;
// spaces around it do not count. Anything else is kUnknown.
StepCommand step_command(std::string_view line);

class StepKeys {
 public:
  explicit StepKeys(InputReader& input);

  bool raw() const { return keys_ && keys_->active(); }
  // The next command; kQuit at the end of input or on a signal. `echo`
  // shows what is typed of a number on a terminal.
  StepCommand read(const RawKeys::Echo& echo);

 private:
  StepCommand read_key(const RawKeys::Echo& echo);

  InputReader& line_input_;
  std::optional<RawKeys> keys_;  // on a terminal
};

}  // namespace gamerec::ui
