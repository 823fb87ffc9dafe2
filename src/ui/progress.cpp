#include "ui/progress.h"

#include <cstdio>
#include <cstdlib>

#include "ui/terminal.h"

namespace gamerec::ui {

bool ProgressLine::due() const {
  return enabled_ && Clock::now() - last_ >= std::chrono::milliseconds(250);
}

void ProgressLine::show(const std::string& text) {
  if (!enabled_) return;
  last_ = Clock::now();
  // Carriage return, the text, then erase what a longer line left.
  err_ << '\r' << text << "\x1b[K" << std::flush;
  shown_ = true;
}

void ProgressLine::clear() {
  if (!shown_) return;
  err_ << "\r\x1b[K" << std::flush;
  shown_ = false;
}

double ProgressLine::elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

bool progress_wanted(bool quiet) {
  return !quiet && stderr_is_terminal() && !is_dumb_terminal(std::getenv("TERM"));
}

std::string short_duration(double seconds) {
  const long total = seconds < 0 ? 0 : static_cast<long>(seconds + 0.5);
  char text[32];
  if (total < 60)
    std::snprintf(text, sizeof text, "%ld s", total);
  else if (total < 3600)
    std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
  else
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
  return text;
}

}  // namespace gamerec::ui
