#pragma once
// The parts of the PGN format that pgn.cpp registers: the reader
// (pgn_reader.cpp), the writer (pgn_writer.cpp), and where an archive may
// be cut (RecordFormat::find_game_start).
#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string_view>

#include "records/line_source.h"
#include "records/record_format.h"
#include "records/record_source.h"

namespace gamerec {

// A tag name's characters, looked up once for each character of each tag
// (the reader); the writer keeps a comment's word that looks like a tag
// from starting one.
inline constexpr std::array<bool, 256> kPgnNameChar = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[c] = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
               c == '+' || c == '#' || c == '=' || c == ':' || c == '-';
  return table;
}();
inline bool is_pgn_name_char(char c) { return kPgnNameChar[static_cast<unsigned char>(c)]; }

std::unique_ptr<RecordSource> open_pgn_reader(std::unique_ptr<LineSource> lines);
std::unique_ptr<RecordWriter> open_pgn_writer();
std::optional<std::size_t> pgn_game_start(std::string_view text, std::size_t from);

}  // namespace gamerec
