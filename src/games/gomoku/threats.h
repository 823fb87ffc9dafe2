#pragma once
// What a stone would make on a gomoku board: the computer players' view of
// the position. For every empty point, each colour and each of the four
// lines through it, the threat a stone of that colour there would make on
// that line (a five, an open four, a four, an open three, ...), and from the
// four lines the point's class and value. Kept up to date stone by stone:
// a stone changes one digit of the line code of each point within five
// steps along its four lines, so a move costs some eighty table lookups.
#include <array>
#include <cstdint>
#include <vector>

#include "games/gomoku/gomoku.h"

namespace gamerec::gomoku {

// What one stone makes on one line, weakest first. A four has one point
// that would make five with it, an open four two or more (it cannot be
// stopped); an open three can become an open four with one more stone, a
// three only a four; an open two can become an open three, a two a three.
enum Threat : std::uint8_t { kNoThreat, kTwo, kOpenTwo, kThree, kOpenThree, kFour, kOpenFour, kFive };
inline constexpr int kThreatKinds = 8;

// What a stone makes on all four lines together, weakest first. kWinNext:
// an open four or two fours, which win on the next move unless the
// opponent wins first.
enum PointClass : std::uint8_t {
  kQuiet,
  kMakesOpenThree,
  kMakesDoubleThree,
  kMakesFour,
  kMakesFourThree,
  kWinsNext,
  kWins,
};
inline constexpr int kPointClasses = 7;

// A point's class and value, as four line threats give them.
struct ClassAndValue {
  std::uint8_t point_class;
  std::int32_t value;
};

class ThreatBoard {
 public:
  // An empty board, or `state`'s stones.
  ThreatBoard(int size, FiveRule rule);
  explicit ThreatBoard(const GomokuState& state);

  // Points are indices into a board padded with five wall cells on every
  // side, so that lines never leave the array.
  int size() const { return size_; }
  int padded(int point) const { return (point / size_ + kPad) * stride_ + point % size_ + kPad; }
  int unpadded(int p) const { return (p / stride_ - kPad) * size_ + p % stride_ - kPad; }
  const std::vector<int>& points() const { return points_; }  // every board point, padded
  int step(int line) const { return steps_[static_cast<std::size_t>(line)]; }

  bool empty(int p) const { return cells_[static_cast<std::size_t>(p)] == kEmptyCell; }
  // kBlack, kWhite, or -1 for an empty point or a wall.
  int stone(int p) const {
    const int cell = cells_[static_cast<std::size_t>(p)];
    return cell == kBlackCell || cell == kWhiteCell ? cell - 1 : -1;
  }
  int stones() const { return stones_; }
  bool full() const { return stones_ == size_ * size_; }
  // Stones within two points (either way, any direction) of p.
  int near(int p) const { return near_[static_cast<std::size_t>(p)]; }

  // What a stone of `color` on the empty point p would make.
  Threat threat(int color, int p, int line) const {
    return static_cast<Threat>(info(p).threats[static_cast<std::size_t>(color)][static_cast<std::size_t>(line)]);
  }
  PointClass point_class(int color, int p) const {
    return static_cast<PointClass>(info(p).point_class[static_cast<std::size_t>(color)]);
  }
  std::int32_t value(int color, int p) const { return info(p).value[static_cast<std::size_t>(color)]; }
  // Over all empty points: the sum of `color`'s values, and how many points
  // have each class.
  std::int64_t total_value(int color) const { return total_[static_cast<std::size_t>(color)]; }
  int count(int color, PointClass point_class) const {
    return counts_[static_cast<std::size_t>(color)][point_class];
  }
  // How many empty points have `point_class` or a stronger one.
  int at_least(int color, PointClass point_class) const {
    int total = 0;
    for (int c = point_class; c < kPointClasses; ++c) total += counts_[static_cast<std::size_t>(color)][c];
    return total;
  }
  // The empty points where `color` would have at least `point_class`.
  std::vector<int> points_of(int color, PointClass point_class) const;

  void place(int p, int color);
  void remove(int p);

 private:
  static constexpr int kPad = 5;
  static constexpr std::uint8_t kEmptyCell = 0, kBlackCell = 1, kWhiteCell = 2, kWall = 3;

  // Sets the stone (or emptiness) of p and updates the points it affects.
  void set_cell(int p, std::uint8_t cell);
  // What the board knows of one point, for both colours; one struct, so
  // that updating a point touches one cache line.
  struct PointInfo {
    // The base-3 code of the ten points around it on each line (0 empty,
    // 1 own stone, 2 the other colour's stone or a wall).
    std::array<std::array<std::uint16_t, 4>, 2> codes{};
    std::array<std::array<std::uint8_t, 4>, 2> threats{};
    std::array<std::uint8_t, 2> point_class{};
    std::array<std::int32_t, 2> value{};
  };
  const PointInfo& info(int p) const { return info_[static_cast<std::size_t>(p)]; }
  // The threats, class and value of p from its codes.
  void refresh(int p);
  // The same after the codes of an empty point changed on one line, with
  // the totals kept up to date.
  void refresh_line(PointInfo& point, std::size_t line);
  void account(int p, int sign);  // adds p's class and value to the totals

  int size_;
  int stride_;
  std::array<int, 4> steps_{};
  std::vector<int> points_;
  std::vector<std::uint8_t> cells_;
  std::vector<std::uint8_t> near_;
  // By line code, for each colour (threats.cpp's tables).
  std::array<const std::uint8_t*, 2> line_threats_;
  const std::array<ClassAndValue, 4096>* combined_;  // by the four threats, 3 bits each
  std::vector<PointInfo> info_;
  std::array<std::int64_t, 2> total_{};
  std::array<std::array<int, kPointClasses>, 2> counts_{};
  int stones_ = 0;
};

}  // namespace gamerec::gomoku
