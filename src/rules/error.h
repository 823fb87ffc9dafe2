#pragma once
// Errors are values with a stable code. The code names are part of the
// contract (gamerec-record(5), ERROR CODES): they appear in text and JSON output and key the
// message catalogue, so never rename one.
//
// No text for people is built here: a Message names a catalogue entry and
// the values to fill in, and the CLI turns it into English or Spanish.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gamerec {

enum class ErrorCode {
  kNotation,
  kOffBoard,
  kEmptySquare,
  kNotYourTurn,
  kAlliedDestination,
  kIllegalMove,
  kBlockedPath,
  kKingInCheck,
  kAmbiguous,
  kOccupied,
  kEmptyPit,
  kShipPlacement,
  kRepeatedShot,
  kResponseMismatch,
  kGameOver,
  kHeader,
};
inline constexpr int kErrorCodeCount = static_cast<int>(ErrorCode::kHeader) + 1;

std::string_view code_name(ErrorCode code);
std::optional<ErrorCode> code_from_name(std::string_view name);

// Named values for a message's {placeholders}: {"square", "7E"}. A name
// ending in '@' holds a catalogue key whose text, in the reader's language,
// fills the placeholder without the '@': {"piece@", "piece.knight"}; one
// ending in '#' a count key and a number, whose count text fills it:
// {"moves#", "ui.moves 3"} ("3 moves").
using MessageArgs = std::vector<std::pair<std::string, std::string>>;

// A text for people, not yet in a language: a key of the message catalogue
// ("options.unknown") and the values it mentions.
struct Message {
  std::string key;
  MessageArgs args = {};
  bool operator==(const Message&) const = default;
};

// Why a move was rejected. `kind` picks a more specific message for the same
// code (catalogue key "errors.<code>-<kind>", e.g. notation-hint); `args`
// fill it ("square" for blocked-path, "suggestion" for a near miss).
struct MoveError {
  ErrorCode code;
  std::string kind = {};
  MessageArgs args = {};
  bool operator==(const MoveError&) const = default;
};

// A MoveError placed in a file: where the move starts and what it said.
// 64-bit line numbers: an input may hold more than 2^31 lines.
struct RecordError {
  MoveError error;
  std::int64_t line = 0;
  std::int64_t column = 0;
  std::string move;
};

}  // namespace gamerec
