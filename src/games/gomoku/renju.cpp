// Renju's forbidden points for Black (gamerec-games(7), GOMOKU, "Rules"),
// from the RIF definitions (and Piskvork's judgement of the one case they
// leave open, below): a five is exactly five in a row; a
// four, a row that one more stone makes a five; a straight four, a four
// with two such points five apart (_XXXX_); a three, a row that one more
// stone, not itself on a forbidden point, makes a straight four. Black may
// not make an overline, two fours or two threes with one stone, unless the
// same stone makes a five.
#include <algorithm>
#include <cstdlib>

#include "games/gomoku/gomoku.h"

namespace gamerec::gomoku {
namespace {

constexpr std::array<std::array<int, 2>, 4> kDirections = {{{0, 1}, {1, 0}, {1, 1}, {1, -1}}};

// A board the checks may put stones on and take them off again.
class RenjuBoard {
 public:
  RenjuBoard(std::span<const std::int8_t> stones, int size) : size_(size) {
    std::copy(stones.begin(), stones.begin() + size * size, cells_.begin());
  }

  // Whether a black stone on the empty point is forbidden.
  bool forbidden(int point) {
    cells_[static_cast<std::size_t>(point)] = kBlack;
    const bool result = forbidden_placed(point / size_, point % size_);
    cells_[static_cast<std::size_t>(point)] = kEmpty;
    return result;
  }

 private:
  bool on_board(int row, int col) const { return row >= 0 && row < size_ && col >= 0 && col < size_; }
  std::int8_t at(int row, int col) const {
    return on_board(row, col) ? cells_[static_cast<std::size_t>(row * size_ + col)] : std::int8_t{kWhite};
  }
  void set(int row, int col, std::int8_t stone) {
    cells_[static_cast<std::size_t>(row * size_ + col)] = stone;
  }

  // The length of the black run through the black stone at (row, col) along d.
  int run(int row, int col, const std::array<int, 2>& d) const {
    int length = 1;
    for (int k = 1; at(row + k * d[0], col + k * d[1]) == kBlack; ++k) ++length;
    for (int k = 1; at(row - k * d[0], col - k * d[1]) == kBlack; ++k) ++length;
    return length;
  }

  // The offsets along d of the empty points where a black stone would make
  // exactly five together with the stone at (row, col).
  std::vector<int> five_points(int row, int col, const std::array<int, 2>& d) {
    std::vector<int> offsets;
    for (int k = -4; k <= 4; ++k) {
      const int r = row + k * d[0];
      const int c = col + k * d[1];
      if (k == 0 || at(r, c) != kEmpty || !on_board(r, c)) continue;
      // The run through the new stone holds (row, col) only if every point
      // between them is black.
      bool joined = true;
      for (int j = std::min(k, 0) + 1; j < std::max(k, 0) && joined; ++j)
        joined = at(row + j * d[0], col + j * d[1]) == kBlack;
      if (!joined) continue;
      set(r, c, kBlack);
      if (run(r, c, d) == 5) offsets.push_back(k);
      set(r, c, kEmpty);
    }
    return offsets;
  }

  // The fours the stone at (row, col) is part of along d: a straight four
  // is one, two five points that do not frame the same four (X_XXX_X) two.
  int fours(int row, int col, const std::array<int, 2>& d) {
    const std::vector<int> points = five_points(row, col, d);
    if (points.size() == 2 && std::abs(points[0] - points[1]) == 5) return 1;
    return static_cast<int>(points.size());
  }

  bool straight_four(int row, int col, const std::array<int, 2>& d) {
    const std::vector<int> points = five_points(row, col, d);
    for (std::size_t i = 0; i < points.size(); ++i) {
      for (std::size_t j = i + 1; j < points.size(); ++j) {
        if (std::abs(points[i] - points[j]) == 5) return true;
      }
    }
    return false;
  }

  bool five(int row, int col) const {
    return std::any_of(kDirections.begin(), kDirections.end(),
                       [&](const auto& d) { return run(row, col, d) == 5; });
  }

  // Whether the stone at (row, col) makes a three along d: one more black
  // stone there makes a straight four, on a point that is not forbidden and
  // does not make a five in another line (the game would end there; Piskvork,
  // the Gomocup manager, judges so too).
  bool three(int row, int col, const std::array<int, 2>& d) {
    for (int k = -4; k <= 4; ++k) {
      const int r = row + k * d[0];
      const int c = col + k * d[1];
      if (k == 0 || !on_board(r, c) || at(r, c) != kEmpty) continue;
      set(r, c, kBlack);
      const bool makes_three = straight_four(row, col, d) && !five(r, c) && !forbidden_placed(r, c);
      set(r, c, kEmpty);
      if (makes_three) return true;
    }
    return false;
  }

  // forbidden() for a black stone already on (row, col).
  bool forbidden_placed(int row, int col) {
    if (five(row, col)) return false;  // a five wins, whatever else the stone makes
    if (std::any_of(kDirections.begin(), kDirections.end(),
                    [&](const auto& d) { return run(row, col, d) > 5; }))
      return true;
    int four_count = 0;
    std::array<bool, 4> has_four{};
    for (std::size_t i = 0; i < kDirections.size(); ++i) {
      const int n = fours(row, col, kDirections[i]);
      has_four[i] = n > 0;
      four_count += n;
    }
    if (four_count >= 2) return true;
    int three_count = 0;
    for (std::size_t i = 0; i < kDirections.size() && three_count < 2; ++i) {
      // A row that is already a four is not also a three.
      if (!has_four[i] && three(row, col, kDirections[i])) ++three_count;
    }
    return three_count >= 2;
  }

  int size_;
  std::array<std::int8_t, kMaxPoints> cells_{};
};

}  // namespace

bool renju_forbidden(std::span<const std::int8_t> stones, int size, int point) {
  if (stones[static_cast<std::size_t>(point)] != kEmpty) return false;
  // A cheap look first: a forbidden stone needs black stones on two of its
  // lines, or four of them on one (an overline, a double four in a row).
  const int row = point / size;
  const int col = point % size;
  int busy_lines = 0;
  for (const auto& d : kDirections) {
    int black = 0;
    for (int k = -5; k <= 5; ++k) {
      const int r = row + k * d[0];
      const int c = col + k * d[1];
      if (k != 0 && r >= 0 && r < size && c >= 0 && c < size &&
          stones[static_cast<std::size_t>(r * size + c)] == kBlack)
        ++black;
    }
    if (black >= 4)
      busy_lines += 2;
    else if (black >= 2)
      ++busy_lines;
  }
  if (busy_lines < 2) return false;
  return RenjuBoard(stones, size).forbidden(point);
}

}  // namespace gamerec::gomoku
