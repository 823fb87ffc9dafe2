// For gomoku_bench.sh: did each computer player take every win in one it
// had? Reads tourney records (their `players:` header says which player had
// which side) and, before each move, tries every legal move on a copy of the
// position through the rules alone: a move that ends the game with the
// mover winning is a win in one. Independent of the players' own threat
// code.
//
//   missed_wins FILE...
//
// Prints, per player: "PLAYER: N moves, W wins in one available, M missed".
// Exit 1 when a record cannot be read.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>

#include "app/builtin_games.h"
#include "core/record_input.h"

namespace {

using namespace gamerec;

struct Tally {
  long moves = 0;
  long chances = 0;
  long missed = 0;
};

// "players: {black: 3, white: 2}" -> the player of each side id.
std::map<std::string, std::string> players_of(const std::string& header) {
  std::map<std::string, std::string> players;
  const auto open = header.find("players: {");
  if (open == std::string::npos) return players;
  const auto close = header.find('}', open);
  std::string list = header.substr(open + 10, close - open - 10);
  std::size_t at = 0;
  while (at < list.size()) {
    const auto comma = std::min(list.find(',', at), list.size());
    const std::string item = list.substr(at, comma - at);
    const auto colon = item.find(':');
    auto trim = [](std::string text) {
      text.erase(0, text.find_first_not_of(' '));
      text.erase(text.find_last_not_of(' ') + 1);
      return text;
    };
    if (colon != std::string::npos) players[trim(item.substr(0, colon))] = trim(item.substr(colon + 1));
    at = comma + 1;
  }
  return players;
}

bool wins(const State& before, const Move& move) {
  auto after = before.clone();
  const Side mover = before.to_move();
  after->apply(move);
  const Outcome outcome = after->outcome();
  return outcome.over && outcome.winners == std::vector<Side>{mover};
}

}  // namespace

int main(int argc, char** argv) {
  const GameCatalogue catalogue = make_builtin_catalogue();
  std::map<std::string, Tally> tallies;
  for (int i = 1; i < argc; ++i) {
    const std::string path = argv[i];
    auto input = open_input(path, catalogue);
    if (!input.ok()) {
      std::cerr << path << ": cannot open\n";
      return 1;
    }
    auto& record = input.value();
    auto next = record.source->next_game();
    if (!next || !next->ok()) {
      std::cerr << path << ": no game\n";
      return 1;
    }
    auto game = open_game(std::move(*next).value(), record, path, catalogue, {});
    if (!game.ok()) {
      std::cerr << path << ": cannot open the game\n";
      return 1;
    }
    auto& opened = game.value();
    const auto players = players_of(opened.header.text);
    const auto& sides = opened.game->definition().sides;
    const RunResult run = run_moves(
        *record.source, *opened.game, *opened.start,
        [&](const RecordEvent&, const Move& move, const State& before) {
          const std::string side = sides[static_cast<std::size_t>(before.to_move())];
          const auto player = players.find(side);
          Tally& tally = tallies[player == players.end() ? side : player->second];
          ++tally.moves;
          const auto legal = before.legal_moves();
          const bool chance = std::any_of(legal.begin(), legal.end(), [&](const Move& m) { return wins(before, m); });
          if (!chance) return;
          ++tally.chances;
          if (!wins(before, move)) ++tally.missed;
        },
        [](const RecordEvent&, Side, const Move&, const State&) {});
    if (run.error) {
      std::cerr << path << ": invalid at line " << run.error->line << '\n';
      return 1;
    }
  }
  for (const auto& [player, tally] : tallies)
    std::printf("%s: %ld moves, %ld wins in one available, %ld missed\n", player.c_str(), tally.moves, tally.chances,
                tally.missed);
  return 0;
}
