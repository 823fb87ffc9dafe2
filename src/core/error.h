#pragma once
// Errors are values with a stable code. The code names are part of the
// contract (SPEC section 3): they appear in text and JSON output and key the
// message catalogue, so never rename one.
#include <optional>
#include <string>
#include <string_view>

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

std::string_view code_name(ErrorCode code);
std::optional<ErrorCode> code_from_name(std::string_view name);

// Why a move was rejected. `detail` is a code-specific argument for the
// message (the blocking square, a suggested spelling); empty when unused.
// `kind` picks a more specific message for the same code ("hint": a
// suggested spelling in detail; "too-long": an overlong line).
struct MoveError {
  ErrorCode code;
  std::string detail;
  std::string_view kind = {};

  bool operator==(const MoveError&) const = default;
};

// A MoveError placed in a file: where the move starts and what it said.
struct RecordError {
  MoveError error;
  int line = 0;
  int column = 0;
  std::string move;
};

}  // namespace gamerec
