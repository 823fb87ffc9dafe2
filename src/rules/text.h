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

}  // namespace gamerec
