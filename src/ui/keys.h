#pragma once
// Raw keys from a terminal, for cursor input: the arrow keys and W/A/S/D
// move, Space and Enter place, and any other key starts a typed line that
// is edited and read here (the terminal's own line editing is off while
// keys are read one by one). Usable by any game whose moves are cells
// (the game's CellBoard facet).
//
// The terminal is always put back as it was: RawKeys restores it when it
// goes (Q typed as a move, the end of input, an error, an exception), and
// SIGINT and SIGTERM reach the InterruptGuard as before (ISIG stays on:
// Ctrl-C is still a signal), which ends the wait for a key.
#include <termios.h>

#include <cstddef>
#include <functional>
#include <string>

#include "ui/input.h"

namespace gamerec::ui {

enum class Key { kUp, kDown, kLeft, kRight, kPlace, kLine, kEnd, kInterrupted };

// Turns escape sequences and letters into keys; pure, for tests.
class KeyDecoder {
 public:
  // Feeds one byte; true when it completed a key (in `key`). An escape
  // sequence takes several bytes; a byte that is no key yet returns false
  // with `plain` set when it is an ordinary character that starts a line.
  bool feed(char byte, Key& key, bool& plain);
  // In the middle of an escape sequence: the next bytes are its own.
  bool pending() const { return escape_ != 0; }

 private:
  int escape_ = 0;  // 0: none, 1: ESC seen, 2: ESC [ or ESC O seen
};

// While it lives, the terminal on `fd` reads key by key without echo.
class RawKeys {
 public:
  explicit RawKeys(const InputReader& input);
  ~RawKeys();
  RawKeys(const RawKeys&) = delete;
  RawKeys& operator=(const RawKeys&) = delete;

  bool active() const { return active_; }

  // The next key. kLine: a typed line (started by a character that is no
  // direction, echoed as it is typed, Backspace edits it, Enter ends it,
  // Escape drops it) is in `line`, `too_long` when it went over the limit.
  // `echo` writes what the person should see (characters, erasures).
  using Echo = std::function<void(const std::string&)>;
  Key read(std::string& line, bool& too_long, const Echo& echo);
  // One byte as it comes; false at the end of input or on a signal
  // (`interrupted()`), for readers of other keys (ui/step_keys.h).
  bool next_byte(char& byte);
  bool interrupted() const { return interrupted_; }

 private:
  Key typed_line(char first, std::string& line, bool& too_long, const Echo& echo);

  int fd_;
  const InterruptGuard* interrupts_;
  std::size_t limit_;
  termios saved_{};
  bool active_ = false;
  bool interrupted_ = false;
  KeyDecoder decoder_;
};

}  // namespace gamerec::ui
