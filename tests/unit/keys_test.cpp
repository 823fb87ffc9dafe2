// The raw-key decoder (ui/keys.h): the keys cursor input understands.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ui/keys.h"

using gamerec::ui::Key;
using gamerec::ui::KeyDecoder;

namespace {

// The keys `bytes` complete, and "+" for a byte that starts a typed line.
std::string decode(const std::string& bytes) {
  KeyDecoder decoder;
  std::string out;
  for (char byte : bytes) {
    Key key = Key::kEnd;
    bool plain = false;
    if (decoder.feed(byte, key, plain)) {
      switch (key) {
        case Key::kUp: out += 'U'; break;
        case Key::kDown: out += 'D'; break;
        case Key::kLeft: out += 'L'; break;
        case Key::kRight: out += 'R'; break;
        case Key::kPlace: out += 'P'; break;
        case Key::kEnd: out += 'E'; break;
        default: out += '?'; break;
      }
    } else if (plain) {
      out += '+';
    }
  }
  return out;
}

}  // namespace

TEST_CASE("keys: w/a/s/d move the cursor, capitals and other letters start a typed move") {
  CHECK(decode("wasd") == "ULDR");
  CHECK(decode("WASDh1q") == "+++++++");
}

TEST_CASE("keys: the arrow keys in normal and application mode, with modifiers") {
  CHECK(decode("\x1b[A\x1b[B\x1b[D\x1b[C") == "UDLR");
  CHECK(decode("\x1bOA\x1bOB\x1bOD\x1bOC") == "UDLR");
  CHECK(decode("\x1b[1;5A") == "U");
  // Other escape sequences (Home, F5) are no key and start no typed move.
  CHECK(decode("\x1b[H\x1b[15~") == "");
}

TEST_CASE("keys: Space, Enter and a line feed place, Ctrl-D ends, other control bytes do nothing") {
  CHECK(decode(" \r\n") == "PPP");
  CHECK(decode("\x04") == "E");
  CHECK(decode("\x01\x7f\t") == "");
}
