#pragma once
// "Did you mean ...?": the known word closest to a mistyped one, by edit
// distance (insertions, deletions, substitutions and swaps of two
// neighbours each cost 1). No I/O: messages carry the suggestion as an
// argument ("closest"), and the catalogue words it (core/messages.h).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gamerec {

// The edit distance between `a` and `b` (optimal string alignment).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word`, when it is close enough to be a typo
// (at most a third of the word's length, and at least 1 or 2 edits) or
// `word` starts it (a name cut short: --ga for --game); nullopt otherwise.
// Ties go to the first candidate.
std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace gamerec
