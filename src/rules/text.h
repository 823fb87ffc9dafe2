#pragma once
// Small text helpers used across layers (no I/O, no dependencies).
#include <string>
#include <string_view>

namespace gamerec {

// Without leading and trailing spaces, tabs and carriage returns.
constexpr std::string_view trim(std::string_view text) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

// The items' texts with `separator` between them: join(sides, ", ").
template <typename Range, typename ToText>
std::string join(const Range& items, std::string_view separator, ToText to_text) {
  std::string text;
  for (const auto& item : items) {
    if (!text.empty()) text += separator;
    text += to_text(item);
  }
  return text;
}

template <typename Range>
std::string join(const Range& items, std::string_view separator) {
  return join(
      items, separator, [](const auto& item) -> const auto& { return item; });
}

// Text that came from outside (a program's name for itself, a file name, a
// record's tag), made safe to show on a terminal and to write into a
// record: control characters (C0, DEL, C1) and bytes that are not UTF-8 as
// \xNN, the Unicode marks that reorder a line (U+061C, U+200E, U+200F,
// U+202A to U+202E, U+2066 to U+2069) as \uNNNN, the rest as it is. What
// it gives holds none of them, so a second pass changes nothing.
std::string escape_controls(std::string_view text);

}  // namespace gamerec
