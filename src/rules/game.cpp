#include "rules/game.h"

#include "rules/facets.h"

namespace gamerec {

std::uint64_t State::count_leaves(int depth) const {
  if (depth == 0) return 1;
  if (is_over()) return 0;
  const auto moves = legal_moves();
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const Move& move : moves) {
    auto child = clone();
    child->apply(move);
    nodes += child->count_leaves(depth - 1);
  }
  return nodes;
}

Outcome Game::forfeit(Side loser) const {
  const auto* teams = facet<Teams>();
  const auto same_team = [&](Side side) {
    return side == loser || (teams != nullptr && teams->team_of(side) == teams->team_of(loser));
  };
  Outcome outcome;
  outcome.over = true;
  outcome.end = "forfeit";
  for (Side side = 0; side < static_cast<Side>(definition_->sides.size()); ++side) {
    if (!same_team(side)) outcome.winners.push_back(side);
  }
  return outcome;
}

TextsPlayed Game::play_texts(State& state, std::span<const std::string_view> texts,
                             std::vector<Move>* played) const {
  TextsPlayed result;
  for (const std::string_view text : texts) {
    auto move = read_move(state, text);
    if (!move) {
      result.refused = std::move(move.error());
      break;
    }
    if (played != nullptr) played->push_back(*move);
    state.apply(*move);
    ++result.played;
  }
  return result;
}

std::uint64_t perft(const State& state, int depth) { return state.count_leaves(depth); }

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const State& state, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> rows;
  if (depth < 1 || state.is_over()) return rows;
  for (const Move& move : state.legal_moves()) {
    auto child = state.clone();
    child->apply(move);
    rows.emplace_back(move, child->count_leaves(depth - 1));
  }
  return rows;
}

}  // namespace gamerec
