#include "ui/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

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

std::size_t terminal_width() {
  if (const char* columns = std::getenv("COLUMNS"); columns != nullptr) {
    char* end = nullptr;
    const long value = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && value > 0 && value < 10000) return static_cast<std::size_t>(value);
  }
  winsize size{};
  if (::isatty(STDOUT_FILENO) && ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    return size.ws_col;
  return 80;
}

}  // namespace gamerec::ui
