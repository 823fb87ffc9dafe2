// The PGN input of chess_bench.sh: GAMES realistic games in one file, the
// way the big game servers export them (a long tag roster, the movetext on
// one line, a clock comment after every move, an eval comment in some).
//
//   make_pgn GAMES OUT [SEED]
//
// Each game is played by the library: mostly the best capture (by the
// value taken), else a random legal move, which gives decisive games of
// realistic length; a game still going after 40 to 110 moves is given up
// by one side or drawn by agreement, as real ones are. Fixed seed: the
// same file every time.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <string>

#include "app/builtin_games.h"
#include "games/chess/chess.h"
#include "rules/typed.h"

namespace {

using namespace gamerec;
using namespace gamerec::chess;

constexpr int kValue[] = {0, 9, 5, 3, 3, 1};

std::string clock(int seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: make_pgn GAMES OUT [SEED]\n";
    return 2;
  }
  const long games = std::atol(argv[1]);
  std::ofstream out(argv[2], std::ios::binary);
  std::mt19937_64 random(argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1);
  const GameCatalogue catalogue = make_builtin_catalogue();
  auto made = catalogue.make_game("chess", {});
  const Game& game = *made.value();
  for (long index = 1; index <= games; ++index) {
    auto state = game.new_state();
    const int limit = 80 + static_cast<int>(random() % 140);
    std::string movetext;
    int clocks[2] = {180, 180};
    const bool evals = random() % 4 == 0;
    while (!state->is_over() && state->moves_played() < limit) {
      const auto moves = state->legal_moves();
      const Position& p = gamerec::downcast<ChessState>(*state).position();
      Move chosen = moves[random() % moves.size()];
      if (random() % 10 < 7) {
        int best = 0;
        for (const Move& move : moves) {
          const Cell target = p.cells[move.to];
          const int value = target == kEmpty ? 0 : kValue[cell_type(target)];
          if (value > best) {
            best = value;
            chosen = move;
          }
        }
      }
      const std::int64_t ply = state->moves_played();
      const int side = static_cast<int>(ply % 2);
      movetext += side == 0 ? std::to_string(ply / 2 + 1) + ". " : std::to_string(ply / 2 + 1) + "... ";
      movetext += game.move_text(chosen, *state);
      clocks[side] = std::max(1, clocks[side] - static_cast<int>(random() % 6));
      movetext += " { ";
      if (evals) movetext += "[%eval " + std::to_string(static_cast<int>(random() % 300) - 150) + "] ";
      movetext += "[%clk " + clock(clocks[side]) + "] } ";
      state->apply(chosen);
    }
    std::string result;
    const Outcome outcome = state->outcome();
    if (outcome.over)
      result = outcome.winners.empty() ? "1/2-1/2" : outcome.winners.front() == 0 ? "1-0" : "0-1";
    else
      result = random() % 5 == 0 ? "1/2-1/2" : random() % 2 == 0 ? "1-0" : "0-1";
    out << "[Event \"Rated Blitz game\"]\n"
        << "[Site \"https://example.org/" << index << "\"]\n"
        << "[Date \"2024.01." << (index % 28 + 1) << "\"]\n"
        << "[Round \"-\"]\n"
        << "[White \"player" << random() % 5000 << "\"]\n"
        << "[Black \"player" << random() % 5000 << "\"]\n"
        << "[Result \"" << result << "\"]\n"
        << "[UTCDate \"2024.01." << (index % 28 + 1) << "\"]\n"
        << "[UTCTime \"12:" << index % 60 << ":00\"]\n"
        << "[WhiteElo \"" << 1200 + random() % 1200 << "\"]\n"
        << "[BlackElo \"" << 1200 + random() % 1200 << "\"]\n"
        << "[TimeControl \"180+0\"]\n"
        << "[Termination \"" << (outcome.over ? "Normal" : "Time forfeit") << "\"]\n\n"
        << movetext << result << "\n\n";
  }
  return out ? 0 : 1;
}
