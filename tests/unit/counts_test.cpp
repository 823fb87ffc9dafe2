// Counts that come from input are 64-bit everywhere: a record may hold
// more than 2^31 lines or moves, and JSON must never show a negative line.
// Generating such a file takes minutes, so the types are checked instead.
#include <catch2/catch.hpp>

#include <cstdint>
#include <type_traits>

#include "records/line_source.h"
#include "records/move_run.h"
#include "records/record_source.h"

using namespace gamerec;

static_assert(std::is_same_v<decltype(LineSource::Line::number), std::int64_t>);
static_assert(std::is_same_v<decltype(LineSource::Line::offset), std::uint64_t>);
static_assert(std::is_same_v<decltype(RecordEvent::line), std::int64_t>);
static_assert(std::is_same_v<decltype(RecordEvent::column), std::int64_t>);
static_assert(std::is_same_v<decltype(RecordError::line), std::int64_t>);
static_assert(std::is_same_v<decltype(RecordError::column), std::int64_t>);
static_assert(std::is_same_v<decltype(RunResult::moves), std::int64_t>);
static_assert(std::is_same_v<decltype(std::declval<const State&>().moves_played()), std::int64_t>);
static_assert(std::is_same_v<decltype(GameHeader::line), std::int64_t>);

TEST_CASE("counts: line, column and move counts from input are 64-bit") {
  RecordError error;
  error.line = std::int64_t{1} << 33;  // past 2^31 and 2^32
  CHECK(error.line > 0);
  CHECK(error.line == 8589934592);
}
