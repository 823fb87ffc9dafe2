#pragma once
// A progress line on standard error for long work (validate, solve): drawn
// in place, at most a few times a second, and erased at the end. Only on a
// terminal: never on a pipe or a file, never with --quiet or TERM=dumb, so
// output that is kept or parsed never holds it.
#include <chrono>
#include <functional>
#include <ostream>
#include <string>

namespace gamerec::ui {

class ProgressLine {
 public:
  // `enabled`: whether a line may be shown at all (see progress_wanted).
  ProgressLine(std::ostream& err, bool enabled) : err_(err), enabled_(enabled) {}
  ~ProgressLine() { clear(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool enabled() const { return enabled_; }
  // Whether a new text would be drawn now (a quarter of a second since the
  // last): callers build the text only then.
  bool due() const;
  // Draws `text` over the last one.
  void show(const std::string& text);
  // Erases the line, before other output to the terminal and at the end.
  void clear();
  // Seconds since the line was made.
  double elapsed() const;

 private:
  using Clock = std::chrono::steady_clock;
  std::ostream& err_;
  bool enabled_;
  bool shown_ = false;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_{};
};

// Whether progress belongs on standard error: a terminal, not TERM=dumb,
// not --quiet.
bool progress_wanted(bool quiet);

// "1:05", "12 s": a time left or taken, short.
std::string short_duration(double seconds);

}  // namespace gamerec::ui
