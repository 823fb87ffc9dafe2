#include "rules/text.h"

namespace gamerec {
namespace {

// The length of the valid UTF-8 sequence at `text[i]`, or 0.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = static_cast<unsigned char>(text[i]);
  const std::size_t length = byte >= 0xF0 && byte <= 0xF4  ? 4
                             : byte >= 0xE0 && byte < 0xF0 ? 3
                             : byte >= 0xC2 && byte < 0xE0 ? 2
                                                           : 0;
  if (length == 0 || i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  }
  const auto second = static_cast<unsigned char>(text[i + 1]);
  // Overlong forms, UTF-16 surrogates and code points past U+10FFFF.
  if ((byte == 0xE0 && second < 0xA0) || (byte == 0xED && second >= 0xA0) || (byte == 0xF0 && second < 0x90) ||
      (byte == 0xF4 && second >= 0x90))
    return 0;
  return length;
}

char32_t code_point(std::string_view text, std::size_t i, std::size_t length) {
  auto unit = [&](std::size_t k) { return static_cast<char32_t>(static_cast<unsigned char>(text[i + k]) & 0x3F); };
  const auto byte = static_cast<char32_t>(static_cast<unsigned char>(text[i]));
  if (length == 2) return ((byte & 0x1F) << 6) | unit(1);
  if (length == 3) return ((byte & 0x0F) << 12) | (unit(1) << 6) | unit(2);
  return ((byte & 0x07) << 18) | (unit(1) << 12) | (unit(2) << 6) | unit(3);
}

// C1 controls, and the marks that change the direction of what follows
// (a right-to-left override turns the rest of a line round).
bool is_hidden_control(char32_t point) {
  return (point >= 0x80 && point <= 0x9F) || point == 0x061C || point == 0x200E || point == 0x200F ||
         (point >= 0x202A && point <= 0x202E) || (point >= 0x2066 && point <= 0x2069);
}

void append_hex(std::string& out, std::string_view prefix, char32_t value, int digits) {
  constexpr std::string_view kDigits = "0123456789ABCDEF";
  out += prefix;
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out += kDigits[(value >> shift) & 0xF];
}

}  // namespace

std::string escape_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7f) {
      out += static_cast<char>(byte);
      ++i;
      continue;
    }
    const std::size_t length = byte >= 0x80 ? utf8_length(text, i) : 0;
    if (length == 0) {
      append_hex(out, "\\x", byte, 2);
      ++i;
      continue;
    }
    const char32_t point = code_point(text, i, length);
    if (point >= 0x80 && point <= 0x9F) {
      // Written as the bytes they are, as before: \xC2\x9B.
      for (std::size_t k = 0; k < length; ++k) append_hex(out, "\\x", static_cast<unsigned char>(text[i + k]), 2);
    } else if (is_hidden_control(point)) {
      append_hex(out, "\\u", point, 4);
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

}  // namespace gamerec
