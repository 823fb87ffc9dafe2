#include "ui/terminal.h"

#include <unistd.h>

#include <string_view>

namespace gamerec::ui {

bool use_color(ColorChoice choice, bool is_terminal, const char* no_color_env, const char* term_env) {
  switch (choice) {
    case ColorChoice::kAlways:
      return true;
    case ColorChoice::kNever:
      return false;
    case ColorChoice::kAuto:
      return is_terminal && (no_color_env == nullptr || *no_color_env == '\0') &&
             !is_dumb_terminal(term_env);
  }
  return false;
}

bool is_dumb_terminal(const char* term_env) { return term_env != nullptr && std::string_view(term_env) == "dumb"; }

bool stdout_is_terminal() { return ::isatty(STDOUT_FILENO) == 1; }
bool stdin_is_terminal() { return ::isatty(STDIN_FILENO) == 1; }
bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

std::string Palette::foreground(int color) const {
  return enabled ? "\x1b[38;5;" + std::to_string(color) + "m" : "";
}

std::string Palette::background(int color) const {
  return enabled ? "\x1b[48;5;" + std::to_string(color) + "m" : "";
}

}  // namespace gamerec::ui
