// Fuzz target: bytes as a FEN (a header's position:, a PGN FEN tag, perft
// --fen). Beyond "no crash": a FEN that is accepted writes back to a FEN
// that reads as the same position, and the move generator, the validator
// and SAN agree on it.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "games/chess/chess.h"

namespace {

using namespace gamerec;
using namespace gamerec::chess;

[[noreturn]] void invariant_failed(const char* what, const std::string& fen) {
  std::fprintf(stderr, "fen_fuzz: invariant failed: %s: %s\n", what, fen.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto parsed = parse_fen(text);
  if (auto* error = parsed.if_error()) {
    if (error->key.rfind("fen.", 0) != 0) invariant_failed("an error outside fen.*", text);
    return 0;
  }
  const Position& p = parsed.value();
  const std::string written = fen_of(p);
  auto again = parse_fen(written);
  // `passed` only serves messages (an en passant square no capture can
  // use is not written); everything else must come back.
  Position expected = p;
  if (p.ep < 0) expected.passed = -1;
  if (!again.ok() || !(again.value() == expected))
    invariant_failed("the written FEN does not read back as the same position", written);
  if (p.key != p.compute_key()) invariant_failed("the key is not the position's", written);
  const ChessState state(p);
  const Tables& t = tables();
  std::uint64_t count = 0;
  for_each_legal_move(p, t, [&](ChessMove move) {
    ++count;
    if (check_chess_move(p, move)) invariant_failed("the validator rejects a generated move", written);
    const auto w = parse_chess_move(san(p, move));
    ChessMove back;
    if (!w || (!w->complete && resolve_san(p, *w, back)) || (!w->complete && !(back == move)))
      invariant_failed("the SAN of a legal move does not resolve back to it", written);
    return false;
  });
  if (count != perft(p, t, 1)) invariant_failed("perft 1 differs from the moves generated", written);
  return 0;
}
