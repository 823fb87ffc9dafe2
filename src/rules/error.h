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
  // The value given for `name`; "" when none is.
  std::string_view arg(std::string_view name) const {
    for (const auto& [key, value] : args)
      if (key == name) return value;
    return {};
  }
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

// A failure as it crosses the layers: every call that reads or writes a
// file, starts a program or opens a game returns one (in a Result), and the
// CLI shows it (gamerec(1), EXIT STATUS). The rules make MoveErrors and
// Messages only, since they cannot tell whose input was at fault (a header
// or the command line); the layer that can wraps them in an Error.
struct Error {
  // What failed, as the error[CODE] of a file's diagnostics: "io" (reading
  // or writing a file, starting a program), "header", "unknown-game",
  // "unsupported-variant" or "usage" (a bad --game, --variant or setting).
  std::string code;
  Message message;
  std::int64_t line = 0;  // the input line at fault; 0 when no line applies
  // The game whose texts hold the message (a position is read by its game's
  // own rules, whose texts may share a key with another game's); "" when
  // the message is the core's.
  std::string scope{};
};

// An operating system failure: what failed (a catalogue key) about `file`,
// with strerror(`errno_value`) as its reason.
Error system_error(std::string key, const std::string& file, int errno_value);
// A read that failed part-way: "file.cannot-read" with the system's reason.
Error read_failure(std::string reason);

// A MoveError placed in a file: where the move starts and what it said.
// 64-bit line numbers: an input may hold more than 2^31 lines.
struct RecordError {
  MoveError error;
  std::int64_t line = 0;
  std::int64_t column = 0;
  std::string move;
};

}  // namespace gamerec
