#include "core/game.h"

namespace gamerec {

std::uint64_t perft(const State& state, int depth) {
  if (depth == 0 || state.is_over()) return depth == 0 ? 1 : 0;
  auto moves = state.legal_moves();
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const Move& move : moves) {
    auto child = state.clone();
    child->apply(move);
    nodes += perft(*child, depth - 1);
  }
  return nodes;
}

}  // namespace gamerec
