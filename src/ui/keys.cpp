#include "ui/keys.h"

namespace gamerec::ui {
namespace {

constexpr char kEscape = '\x1b';
constexpr char kEndOfInput = '\x04';  // Ctrl-D
constexpr char kBackspace = '\x7f';
constexpr char kCtrlH = '\x08';

}  // namespace

bool KeyDecoder::feed(char byte, Key& key, bool& plain) {
  plain = false;
  if (escape_ == 1) {
    escape_ = byte == '[' || byte == 'O' ? 2 : 0;
    return false;
  }
  if (escape_ == 2) {
    // Parameters of a longer sequence (ESC [ 1 ; 5 A) are skipped; the
    // final byte says which key it was.
    if ((byte >= '0' && byte <= '9') || byte == ';') return false;
    escape_ = 0;
    switch (byte) {
      case 'A': key = Key::kUp; return true;
      case 'B': key = Key::kDown; return true;
      case 'C': key = Key::kRight; return true;
      case 'D': key = Key::kLeft; return true;
      default: return false;  // another key (Home, F1): nothing
    }
  }
  switch (byte) {
    case kEscape: escape_ = 1; return false;
    case 'w': key = Key::kUp; return true;
    case 's': key = Key::kDown; return true;
    case 'a': key = Key::kLeft; return true;
    case 'd': key = Key::kRight; return true;
    case ' ':
    case '\r':
    case '\n': key = Key::kPlace; return true;
    case kEndOfInput: key = Key::kEnd; return true;
    default:
      // A printable character starts a typed move; control bytes are dropped.
      plain = static_cast<unsigned char>(byte) >= 0x20 && byte != kBackspace;
      return false;
  }
}

RawKeys::RawKeys(const InputReader& input)
    : fd_(input.fd()), interrupts_(input.interrupts()), limit_(input.limit()) {
  if (::tcgetattr(fd_, &saved_) != 0) return;  // not a terminal: active() is false
  termios raw = saved_;
  raw.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO));
  raw.c_iflag &= static_cast<tcflag_t>(~ICRNL);  // Enter arrives as CR, as a key
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  active_ = ::tcsetattr(fd_, TCSANOW, &raw) == 0;
}

RawKeys::~RawKeys() {
  if (active_) ::tcsetattr(fd_, TCSANOW, &saved_);
}

bool RawKeys::next_byte(char& byte) {
  const long n = read_or_interrupt(fd_, interrupts_, &byte, 1);
  if (n < 0) interrupted_ = true;
  return n == 1;
}

Key RawKeys::read(std::string& line, bool& too_long, const Echo& echo) {
  line.clear();
  too_long = false;
  while (true) {
    char byte = 0;
    if (!next_byte(byte)) return interrupted_ ? Key::kInterrupted : Key::kEnd;
    Key key = Key::kEnd;
    bool plain = false;
    if (decoder_.feed(byte, key, plain)) return key;
    if (plain) return typed_line(byte, line, too_long, echo);
  }
}

Key RawKeys::typed_line(char first, std::string& line, bool& too_long, const Echo& echo) {
  char byte = first;
  while (true) {
    if (byte == '\r' || byte == '\n') {
      echo("\r\n");
      return Key::kLine;
    }
    if (byte == kBackspace || byte == kCtrlH) {
      if (!line.empty()) {
        line.pop_back();
        echo("\b \b");
      }
    } else if (byte == kEscape) {
      // Escape drops the typed line (and whatever key it began).
      for (std::size_t i = 0; i < line.size(); ++i) echo("\b \b");
      line.clear();
      decoder_ = KeyDecoder{};
      Key key = Key::kEnd;
      bool plain = false;
      decoder_.feed(kEscape, key, plain);
      return read(line, too_long, echo);
    } else if (byte == kEndOfInput && line.empty()) {
      return Key::kEnd;
    } else if (static_cast<unsigned char>(byte) >= 0x20) {
      if (line.size() < limit_) {
        line += byte;
        echo(std::string(1, byte));
      } else {
        too_long = true;
      }
    }
    if (!next_byte(byte)) return interrupted_ ? Key::kInterrupted : Key::kEnd;
  }
}

}  // namespace gamerec::ui
