#include "ui/step_keys.h"

#include <unistd.h>

#include <charconv>

namespace gamerec::ui {
namespace {

constexpr char kEndOfInput = '\x04';  // Ctrl-D
constexpr char kBackspace = '\x7f';
constexpr char kCtrlH = '\x08';
constexpr std::size_t kMaxDigits = 18;

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

}  // namespace

StepCommand step_command(std::string_view line) {
  const std::string_view word = trimmed(line);
  using Kind = StepCommand::Kind;
  if (word.empty() || word == "n") return {Kind::kNext};
  if (word == "p") return {Kind::kBack};
  if (word == "q" || word == "Q") return {Kind::kQuit};
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), number);
  if (error == std::errc() && end == word.data() + word.size() && word.size() <= kMaxDigits &&
      word.find_first_not_of("0123456789") == std::string_view::npos)
    return {Kind::kJump, number};
  return {Kind::kUnknown};
}

StepKeys::StepKeys(InputReader& input) : line_input_(input) {
  if (::isatty(input.fd()) == 1) {
    keys_.emplace(input);
    if (!keys_->active()) keys_.reset();
  }
}

StepCommand StepKeys::read(const RawKeys::Echo& echo) {
  if (raw()) return read_key(echo);
  std::string line;
  bool too_long = false;
  if (line_input_.read_line(line, too_long) != InputReader::Result::kLine) return {StepCommand::Kind::kQuit};
  if (too_long) return {StepCommand::Kind::kUnknown};
  return step_command(line);
}

StepCommand StepKeys::read_key(const RawKeys::Echo& echo) {
  using Kind = StepCommand::Kind;
  KeyDecoder decoder;
  std::string digits;
  char byte = 0;
  while (keys_->next_byte(byte)) {
    if (byte == '\x1b' || decoder.pending()) {
      Key key = Key::kEnd;
      bool plain = false;
      if (!decoder.feed(byte, key, plain)) continue;
      for (std::size_t i = 0; i < digits.size(); ++i) echo("\b \b");  // an arrow drops a number begun
      if (key == Key::kRight) return {Kind::kNext};
      if (key == Key::kLeft) return {Kind::kBack};
      digits.clear();
      continue;
    }
    if (byte >= '0' && byte <= '9') {
      if (digits.size() < kMaxDigits) {
        digits += byte;
        echo(std::string(1, byte));
      }
      continue;
    }
    if ((byte == kBackspace || byte == kCtrlH) && !digits.empty()) {
      digits.pop_back();
      echo("\b \b");
      continue;
    }
    if (byte == '\r' || byte == '\n') {
      echo("\r\n");
      return digits.empty() ? StepCommand{Kind::kNext} : step_command(digits);
    }
    if (!digits.empty()) continue;  // a number is ended by Enter only
    switch (byte) {
      case ' ':
      case 'n': return {Kind::kNext};
      case 'p': return {Kind::kBack};
      case 'q':
      case 'Q':
      case kEndOfInput: return {Kind::kQuit};
      default: break;
    }
  }
  return {Kind::kQuit};  // the end of input, or a signal
}

}  // namespace gamerec::ui
