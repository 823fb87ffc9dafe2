#pragma once
// Terminal facts the UI needs: whether to colour, and how.
#include <cstddef>
#include <string>
#include <string_view>

namespace gamerec::ui {

enum class ColorChoice { kAuto, kAlways, kNever };

// --color auto colours only a terminal, never when NO_COLOR is set, and
// never on TERM=dumb (which cannot show 256 colours).
bool use_color(ColorChoice choice, bool is_terminal, const char* no_color_env, const char* term_env);
// TERM=dumb: no colours, no cursor movement.
bool is_dumb_terminal(const char* term_env);
bool stdout_is_terminal();
bool stdin_is_terminal();
bool stderr_is_terminal();
// The width to draw in, in columns: COLUMNS when it is a number, else the
// window's when standard output is a terminal, else 80.
std::size_t terminal_width();

// ANSI 256-colour sequences; empty strings when colour is off.
struct Palette {
  bool enabled = false;
  std::string reset() const { return enabled ? "\x1b[0m" : ""; }
  std::string bold() const { return enabled ? "\x1b[1m" : ""; }
  std::string foreground(int color) const;
  std::string background(int color) const;
};

}  // namespace gamerec::ui
