// Inputs for the benchmarks (bench.sh, GAME_bench.sh): records that
// `gamerec validate` accepts.
//
//   make_records long N OUT
//     N moves (one per line, nothing else) in which only the four knights
//     hop out and back, never capturing, so the game never ends:
//       Yellow 1B-3A|1B-3C, Green 2H-3F|2H-1F, Red 8G-6H|8G-6F,
//       Black 7A-6C|7A-8C, then each knight back home in the same order.
//     All eight destinations are empty in the starting position and the four
//     sides' choices never collide, so every prefix is legal. Which of the two
//     squares each knight visits varies pseudo-randomly (fixed seed) per
//     8-move cycle, so the file is not one line pattern repeated.
//
//   make_records games COUNT DIR [MOVES] [SEED]
//     COUNT files DIR/gNNNNN.cht, each a random legal game of about MOVES
//     moves (default 40: 30..50) drawn uniformly from the library's own move
//     generator (so captures and eliminations happen; a game that ends early
//     is simply shorter). Every 10th file has a YAML header, every 7th has
//     comments and a blank line, every 13th has CRLF line ends: the mix that
//     a batch of real saved games has.
//
//   make_records random GAME COUNT DIR [SEED]
//     COUNT files DIR/gNNNNN.EXT (EXT: the game's first extension), each a
//     uniformly random legal game of GAME played to its end (at most 1000
//     moves), one move per line; every 10th file has a header.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "app/builtin_games.h"
#include "games/chaturanga/chaturanga.h"

namespace {

int usage() {
  std::cerr << "usage: make_records long N OUT\n"
               "       make_records games COUNT DIR [MOVES] [SEED]\n"
               "       make_records random GAME COUNT DIR [SEED]\n";
  return 2;
}

int make_long(long long moves, const std::string& out_path) {
  // [side][choice]: the out-move; the back-move is its reverse.
  static const char* const kOut[4][2] = {
      {"1B-3A", "1B-3C"}, {"2H-3F", "2H-1F"}, {"8G-6H", "8G-6F"}, {"7A-6C", "7A-8C"}};
  std::FILE* out = std::fopen(out_path.c_str(), "wb");
  if (out == nullptr) {
    std::perror(out_path.c_str());
    return 2;
  }
  std::vector<char> chunk;
  chunk.reserve(1 << 20);
  std::uint64_t rng = 0x9E3779B97F4A7C15ULL;
  long long written = 0;
  while (written < moves) {
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    const unsigned bits = static_cast<unsigned>(rng >> 60);  // one choice bit per side
    for (int phase = 0; phase < 2 && written < moves; ++phase) {
      for (int side = 0; side < 4 && written < moves; ++side, ++written) {
        const char* m = kOut[side][(bits >> side) & 1];
        if (phase == 0)
          chunk.insert(chunk.end(), {m[0], m[1], '-', m[3], m[4], '\n'});
        else
          chunk.insert(chunk.end(), {m[3], m[4], '-', m[0], m[1], '\n'});
      }
    }
    if (chunk.size() >= (1 << 20) - 64) {
      std::fwrite(chunk.data(), 1, chunk.size(), out);
      chunk.clear();
    }
  }
  std::fwrite(chunk.data(), 1, chunk.size(), out);
  if (std::fclose(out) != 0) {
    std::perror(out_path.c_str());
    return 2;
  }
  return 0;
}

int make_games(int count, const std::string& dir, int moves, std::uint64_t seed) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  const gamerec::GameCatalogue catalogue = gamerec::make_builtin_catalogue();
  auto made = catalogue.make_game("chaturanga", {});
  if (auto* error = made.if_error()) {
    std::cerr << "make_records: " << error->key << '\n';
    return 2;
  }
  const gamerec::Game& game = *made.value();
  std::mt19937_64 rng(seed);
  const int spread = moves / 4;
  for (int i = 1; i <= count; ++i) {
    const bool header = i % 10 == 0;
    const bool comments = i % 7 == 0;
    const std::string eol = i % 13 == 0 ? "\r\n" : "\n";
    std::string text;
    if (header)
      text += "---" + eol + "game: chaturanga" + eol +
              "players: {yellow: Ana, green: Luis, red: Eva, black: Tom}" + eol + "date: 2026-11-29" + eol +
              "---" + eol;
    if (comments) text += "# saved by make_records" + eol + eol;
    const int length = moves - spread + static_cast<int>(rng() % static_cast<std::uint64_t>(2 * spread + 1));
    auto state = game.new_state();
    for (int n = 0; n < length && !state->is_over(); ++n) {
      const std::vector<gamerec::Move> legal = state->legal_moves();
      if (legal.empty()) break;
      const gamerec::Move move = legal[rng() % legal.size()];
      text += game.move_text(move, *state);
      if (comments && n % 9 == 4) text += "  # note";
      text += eol;
      state->apply(move);
    }
    char name[32];
    std::snprintf(name, sizeof name, "g%05d.cht", i);
    std::ofstream out(fs::path(dir) / name, std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "make_records: cannot write " << (fs::path(dir) / name).string() << '\n';
      return 2;
    }
  }
  return 0;
}

int make_random_games(const std::string& name, int count, const std::string& dir, std::uint64_t seed) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  const gamerec::GameCatalogue catalogue = gamerec::make_builtin_catalogue();
  auto made = catalogue.make_game(name, {});
  if (auto* error = made.if_error()) {
    std::cerr << "make_records: " << error->key << '\n';
    return 2;
  }
  const gamerec::Game& game = *made.value();
  const auto& extensions = game.definition().extensions;
  const std::string extension = extensions.empty() ? "txt" : extensions.front();
  std::mt19937_64 rng(seed);
  for (int i = 1; i <= count; ++i) {
    std::string text = i % 10 == 0 ? "---\ngame: " + name + "\nplayers: {a: Ana, b: Luis}\n---\n" : "";
    auto state = game.new_state();
    for (int n = 0; n < 1000 && !state->is_over(); ++n) {
      const std::vector<gamerec::Move> legal = state->legal_moves();
      if (legal.empty()) break;
      const gamerec::Move move = legal[rng() % legal.size()];
      text += game.move_text(move, *state) + '\n';
      state->apply(move);
    }
    char file[32];
    std::snprintf(file, sizeof file, "g%05d.", i);
    std::ofstream out(fs::path(dir) / (file + extension), std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "make_records: cannot write in " << dir << '\n';
      return 2;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 3 && args[0] == "long") return make_long(std::atoll(args[1].c_str()), args[2]);
  if (args.size() >= 3 && args.size() <= 5 && args[0] == "games") {
    const int moves = args.size() >= 4 ? std::atoi(args[3].c_str()) : 40;
    const std::uint64_t seed = args.size() >= 5 ? std::strtoull(args[4].c_str(), nullptr, 10) : 20261129;
    if (moves < 1) return usage();
    return make_games(std::atoi(args[1].c_str()), args[2], moves, seed);
  }
  if (args.size() >= 4 && args.size() <= 5 && args[0] == "random") {
    const std::uint64_t seed = args.size() >= 5 ? std::strtoull(args[4].c_str(), nullptr, 10) : 20261129;
    return make_random_games(args[1], std::atoi(args[2].c_str()), args[3], seed);
  }
  return usage();
}
