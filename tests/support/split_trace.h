#pragma once
// What a record format's reader makes of an input, as text: every game
// (its place, its header or header error) and every event (kind, line,
// column, text). Reading an input whole and reading the parts
// ArchiveSplitter cuts it into must give the same trace: the check of a
// format's find_game_start (tests/unit/archive_splitter_test.cpp, the
// pgn_split fuzz target).
#include <memory>
#include <string>

#include "records/archive_splitter.h"
#include "records/record_format.h"

namespace gamerec::test {

// Appends the trace of `source`'s games to `trace`, numbering them from
// `first_index`; returns how many games it read.
inline int append_trace(RecordSource& source, int first_index, std::string& trace) {
  int games = 0;
  while (auto game = source.next_game()) {
    ++games;
    trace += "game " + std::to_string(first_index + games - 1);
    if (const auto* error = game->if_error()) {
      trace += " header-error " + error->error.kind + " line " + std::to_string(error->line) + "\n";
      continue;
    }
    const GameHeader& header = game->value();
    trace += " line " + std::to_string(header.line) + " tags " + std::to_string(header.tags.size()) + "\n";
    for (const auto& [name, value] : header.tags) trace += "  [" + name + " " + value + "]\n";
    while (const RecordEvent* event = source.next_event()) {
      trace += "  " + std::to_string(static_cast<int>(event->kind)) + " " + std::to_string(event->line) + ":" +
               std::to_string(event->column) + " " + std::string(event->text) + " " +
               std::string(event->notation_kind) + "\n";
    }
  }
  if (source.read_error())
    trace += "read-error " + std::string(source.read_error()->message.arg("reason")) + "\n";
  return games;
}

// A read that fails for `reason` after the bytes, if one is given.
inline std::optional<Error> failure(const std::optional<std::string>& reason) {
  if (!reason) return std::nullopt;
  return read_failure(*reason);
}

inline std::string whole_trace(const RecordFormat& format, const std::string& bytes,
                               const std::optional<std::string>& read_error = std::nullopt) {
  auto source = format.open_reader(
      std::make_unique<LineSource>(std::make_unique<BytesStream>(bytes, failure(read_error))));
  std::string trace;
  append_trace(*source, 1, trace);
  return trace;
}

// The trace of the parts of `bytes` cut about every `part_size` bytes.
inline std::string parts_trace(const RecordFormat& format, const std::string& bytes, std::size_t part_size,
                               std::size_t max_part, int* parts = nullptr,
                               const std::optional<std::string>& read_error = std::nullopt) {
  ArchiveSplitter splitter(std::make_unique<BytesStream>(bytes, failure(read_error)), format.find_game_start,
                           part_size, max_part);
  std::string trace;
  int index = 1;
  int count = 0;
  while (auto part = splitter.next()) {
    ++count;
    auto source = format.open_reader(part->lines());
    index += append_trace(*source, index, trace);
  }
  if (parts != nullptr) *parts = count;
  return trace;
}

}  // namespace gamerec::test
