#include "rules/error.h"

#include <array>
#include <cstring>
#include <utility>

namespace gamerec {
namespace {

constexpr std::array<std::pair<ErrorCode, std::string_view>, kErrorCodeCount> kCodeNames = {{
    {ErrorCode::kNotation, "notation"},
    {ErrorCode::kOffBoard, "off-board"},
    {ErrorCode::kEmptySquare, "empty-square"},
    {ErrorCode::kNotYourTurn, "not-your-turn"},
    {ErrorCode::kAlliedDestination, "allied-destination"},
    {ErrorCode::kIllegalMove, "illegal-move"},
    {ErrorCode::kBlockedPath, "blocked-path"},
    {ErrorCode::kKingInCheck, "king-in-check"},
    {ErrorCode::kAmbiguous, "ambiguous"},
    {ErrorCode::kOccupied, "occupied"},
    {ErrorCode::kEmptyPit, "empty-pit"},
    {ErrorCode::kShipPlacement, "ship-placement"},
    {ErrorCode::kRepeatedShot, "repeated-shot"},
    {ErrorCode::kResponseMismatch, "response-mismatch"},
    {ErrorCode::kGameOver, "game-over"},
    {ErrorCode::kHeader, "header"},
}};

}  // namespace

std::string_view code_name(ErrorCode code) {
  for (const auto& [c, name] : kCodeNames) {
    if (c == code) return name;
  }
  return "unknown";
}

std::optional<ErrorCode> code_from_name(std::string_view name) {
  for (const auto& [c, n] : kCodeNames) {
    if (n == name) return c;
  }
  return std::nullopt;
}

Error system_error(std::string key, const std::string& file, int errno_value) {
  return Error{"io", Message{std::move(key), {{"file", file}, {"reason", std::strerror(errno_value)}}}};
}

Error read_failure(std::string reason) {
  return Error{"io", Message{"file.cannot-read", {{"reason", std::move(reason)}}}};
}

}  // namespace gamerec
