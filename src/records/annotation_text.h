#pragma once
// What the writers of records share about annotations (RecordEvent kComment
// and kNag): PGN's six glyph NAGs both ways, and a comment's words.
#include <algorithm>
#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gamerec {

// "$1" to "$6" in order (PGN's standard).
inline constexpr std::array<std::string_view, 6> kAnnotationGlyphs = {"!", "?", "!!", "??", "!?", "?!"};

// An annotation glyph set apart from its move ("Nf3 !"), as the big readers
// take it: a NAG.
inline bool is_glyph(std::string_view token) {
  if (token.empty() || (token[0] != '!' && token[0] != '?')) return false;  // nearly every token is a move
  return std::find(kAnnotationGlyphs.begin(), kAnnotationGlyphs.end(), token) != kAnnotationGlyphs.end();
}

// The glyph a NAG stands for ("$5": "!?"; a glyph: itself), "" for another.
inline std::string_view glyph_of_nag(std::string_view nag) {
  for (std::size_t i = 0; i < kAnnotationGlyphs.size(); ++i) {
    if (nag == kAnnotationGlyphs[i] || nag == "$" + std::to_string(i + 1)) return kAnnotationGlyphs[i];
  }
  return "";
}

// A NAG as PGN's export format writes it: a glyph as its "$N", else as given.
inline std::string nag_of_glyph(std::string_view text) {
  for (std::size_t i = 0; i < kAnnotationGlyphs.size(); ++i) {
    if (text == kAnnotationGlyphs[i]) return "$" + std::to_string(i + 1);
  }
  return std::string(text);
}

// The words of a comment: its line breaks and runs of spaces mean nothing.
inline std::vector<std::string_view> comment_words(std::string_view text) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  std::vector<std::string_view> words;
  for (std::size_t at = 0; at < text.size();) {
    while (at < text.size() && is_space(text[at])) ++at;
    std::size_t end = at;
    while (end < text.size() && !is_space(text[end])) ++end;
    if (end > at) words.push_back(text.substr(at, end - at));
    at = end;
  }
  return words;
}

}  // namespace gamerec
