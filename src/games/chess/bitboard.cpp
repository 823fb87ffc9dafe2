#include "games/chess/bitboard.h"

#include <memory>

namespace gamerec::chess {
namespace {

// A fixed-seed generator: the magics found are the same on every run.
class Xorshift {
 public:
  explicit Xorshift(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 2685821657736338717ULL;
  }
  // Few bits set: good magic candidates.
  std::uint64_t sparse() { return next() & next() & next(); }

 private:
  std::uint64_t state_;
};

template <std::size_t N>
void init_magics(std::array<Magic, 64>& magics, Bitboard* table, const std::array<board::Delta, N>& rays) {
  Xorshift random(0x9E3779B97F4A7C15ULL);
  std::array<Bitboard, 4096> occupancy{};
  std::array<Bitboard, 4096> reference{};
  std::array<int, 4096> epoch{};
  int attempt = 0;
  Bitboard* next = table;
  for (int square = 0; square < 64; ++square) {
    // The edges never block a ray that reaches them: left out of the mask.
    const Bitboard edges = ((rank_mask(0) | rank_mask(7)) & ~rank_mask(board::row_of(square))) |
                           ((file_mask(0) | file_mask(7)) & ~file_mask(board::col_of(square)));
    Magic& m = magics[square];
    m.mask = board::ray_attacks(square, 0, rays) & ~edges;
    m.shift = static_cast<unsigned>(64 - std::popcount(m.mask));
    m.attacks = next;
    // Every subset of the mask (carry-rippler) and its attacks.
    int size = 0;
    Bitboard subset = 0;
    do {
      occupancy[size] = subset;
      reference[size] = board::ray_attacks(square, subset, rays);
      ++size;
      subset = (subset - m.mask) & m.mask;
    } while (subset != 0);
    while (true) {
      do {
        m.magic = random.sparse();
      } while (std::popcount((m.mask * m.magic) >> 56) < 6);
      ++attempt;
      bool good = true;
      for (int i = 0; i < size && good; ++i) {
        const std::size_t index = m.index(occupancy[i]);
        if (epoch[index] < attempt) {
          epoch[index] = attempt;
          next[index] = reference[i];
        } else if (next[index] != reference[i]) {
          good = false;
        }
      }
      if (good) break;
    }
    next += size;
  }
}

std::unique_ptr<Tables> build_tables() {
  auto t = std::make_unique<Tables>();
  init_magics(t->rook, t->rook_table.data(), board::kRookRays);
  init_magics(t->bishop, t->bishop_table.data(), board::kBishopRays);
  for (int a = 0; a < 64; ++a) {
    t->rook_empty[a] = board::ray_attacks(a, 0, board::kRookRays);
    t->bishop_empty[a] = board::ray_attacks(a, 0, board::kBishopRays);
  }
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      t->between[a][b] = 0;
      t->line[a][b] = 0;
      if (a == b) continue;
      for (const auto* empty : {&t->rook_empty, &t->bishop_empty}) {
        if (((*empty)[a] & bit(b)) == 0) continue;
        const bool rook = empty == &t->rook_empty;
        const Bitboard from_a = rook ? rook_attacks(*t, a, bit(b)) : bishop_attacks(*t, a, bit(b));
        const Bitboard from_b = rook ? rook_attacks(*t, b, bit(a)) : bishop_attacks(*t, b, bit(a));
        t->between[a][b] = from_a & from_b;
        t->line[a][b] = ((*empty)[a] & (*empty)[b]) | bit(a) | bit(b);
      }
    }
  }
  return t;
}

}  // namespace

const Tables& tables() {
  static const std::unique_ptr<Tables> instance = build_tables();
  return *instance;
}

}  // namespace gamerec::chess
