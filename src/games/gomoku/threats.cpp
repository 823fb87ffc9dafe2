#include "games/gomoku/threats.h"

#include <algorithm>

namespace gamerec::gomoku {
namespace {

// A line code: the ten points around a point on one line, five each side,
// as base-3 digits (0 empty, 1 own stone, 2 blocked: an opponent's stone or
// the edge). Digit i < 5 is the point i + 1 steps back, digit i >= 5 the
// point i - 4 steps forward.
constexpr int kCodes = 59049;  // 3^10
constexpr std::array<int, 10> kPow3 = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

int digit_of(int offset) { return offset < 0 ? -offset - 1 : offset + 4; }

// Which runs of own stones a table counts as a five.
enum class Fives {
  kFiveOrMore,
  kExactlyFive,
  kOpenEnded,  // caro: five or more, not closed at both ends (the edge counts as closing here)
};

// What an own stone in the middle of the line `code` makes, found by trying
// the stones that could follow it; memoised, since a line with one more own
// stone is another code.
class ThreatTable {
 public:
  explicit ThreatTable(Fives fives) : fives_(fives) {
    memo_.fill(kUnknown);
    for (int code = 0; code < kCodes; ++code) classify(code);
  }
  const std::uint8_t* data() const { return memo_.data(); }

 private:
  static constexpr std::uint8_t kUnknown = 0xFF;

  // Cells 0..10 of the line, the stone under test at 5.
  static std::array<int, 11> decode(int code) {
    std::array<int, 11> line{};
    for (int offset = -5; offset <= 5; ++offset) {
      if (offset != 0) line[static_cast<std::size_t>(offset + 5)] = code / kPow3[digit_of(offset)] % 3;
    }
    line[5] = 1;
    return line;
  }

  // Whether the own run through cell i holds the middle stone and wins.
  bool five_through(const std::array<int, 11>& line, int i) const {
    int first = i;
    int last = i;
    while (first > 0 && line[static_cast<std::size_t>(first - 1)] == 1) --first;
    while (last < 10 && line[static_cast<std::size_t>(last + 1)] == 1) ++last;
    if (first > 5 || last < 5) return false;
    const int length = last - first + 1;
    switch (fives_) {
      case Fives::kFiveOrMore:
        return length >= 5;
      case Fives::kExactlyFive:
        // A run that reaches the end of the window is longer than five.
        return length == 5 && first > 0 && last < 10;
      case Fives::kOpenEnded:
        return length >= 5 && !(first > 0 && last < 10 && line[static_cast<std::size_t>(first - 1)] == 2 &&
                                line[static_cast<std::size_t>(last + 1)] == 2);
    }
    return false;
  }

  std::uint8_t classify(int code) {
    std::uint8_t& result = memo_[static_cast<std::size_t>(code)];
    if (result != kUnknown) return result;
    std::array<int, 11> line = decode(code);
    if (five_through(line, 5)) return result = kFive;
    int wins = 0;
    for (int i = 1; i <= 9; ++i) {
      if (line[static_cast<std::size_t>(i)] != 0) continue;
      line[static_cast<std::size_t>(i)] = 1;
      if (five_through(line, i)) ++wins;
      line[static_cast<std::size_t>(i)] = 0;
    }
    if (wins >= 2) return result = kOpenFour;
    if (wins == 1) return result = kFour;
    // One stone weaker than the best that one more stone makes.
    std::uint8_t best = kNoThreat;
    for (int offset = -4; offset <= 4; ++offset) {
      if (offset == 0 || line[static_cast<std::size_t>(offset + 5)] != 0) continue;
      const std::uint8_t next = classify(code + kPow3[digit_of(offset)]);
      const std::uint8_t weaker = next == kOpenFour    ? kOpenThree
                                  : next == kFour      ? kThree
                                  : next == kOpenThree ? kOpenTwo
                                  : next == kThree     ? kTwo
                                                       : kNoThreat;
      best = std::max(best, weaker);
    }
    return result = best;
  }

  Fives fives_;
  std::array<std::uint8_t, kCodes> memo_{};
};

// Built once, then only read: constant tables, shared by every player.
const ThreatTable& threat_table(Fives fives) {
  static const ThreatTable five_or_more(Fives::kFiveOrMore);
  static const ThreatTable exactly_five(Fives::kExactlyFive);
  static const ThreatTable open_ended(Fives::kOpenEnded);
  switch (fives) {
    case Fives::kExactlyFive:
      return exactly_five;
    case Fives::kOpenEnded:
      return open_ended;
    case Fives::kFiveOrMore:
      break;
  }
  return five_or_more;
}

// The fives `color` makes under `rule`. Renju's forbidden moves are not in
// the tables: the players keep Black off them where they choose a move.
Fives fives_of(FiveRule rule, int color) {
  switch (rule) {
    case FiveRule::kExactFive:
      return Fives::kExactlyFive;
    case FiveRule::kRenju:
      return color == kBlack ? Fives::kExactlyFive : Fives::kFiveOrMore;
    case FiveRule::kCaro:
      return Fives::kOpenEnded;
    case FiveRule::kFreestyle:
      break;
  }
  return Fives::kFiveOrMore;
}

constexpr std::array<std::int32_t, kThreatKinds> kThreatValue = {0, 20, 120, 150, 1000, 1200, 1000000, 10000000};

// A point's class and value from its four line threats, indexed by
// t0 + 8 t1 + 64 t2 + 512 t3.
std::array<ClassAndValue, 4096> make_combined() {
  std::array<ClassAndValue, 4096> table{};
  for (int index = 0; index < 4096; ++index) {
    int fives = 0, open_fours = 0, fours = 0, open_threes = 0;
    std::int32_t value = 0;
    for (int line = 0; line < 4; ++line) {
      const int threat = index >> (3 * line) & 7;
      fives += threat == kFive;
      open_fours += threat == kOpenFour;
      fours += threat == kFour;
      open_threes += threat == kOpenThree;
      value += kThreatValue[static_cast<std::size_t>(threat)];
    }
    PointClass point_class = kQuiet;
    if (fives > 0) {
      point_class = kWins;
    } else if (open_fours > 0 || fours >= 2) {
      point_class = kWinsNext;
      value += 1000000;
    } else if (fours == 1 && open_threes > 0) {
      point_class = kMakesFourThree;
      value += 100000;
    } else if (fours == 1) {
      point_class = kMakesFour;
    } else if (open_threes >= 2) {
      point_class = kMakesDoubleThree;
      value += 50000;
    } else if (open_threes == 1) {
      point_class = kMakesOpenThree;
    }
    table[static_cast<std::size_t>(index)] = {static_cast<std::uint8_t>(point_class), value};
  }
  return table;
}

const std::array<ClassAndValue, 4096>& combined_table() {
  static const std::array<ClassAndValue, 4096> table = make_combined();
  return table;
}

}  // namespace

ThreatBoard::ThreatBoard(int size, FiveRule rule)
    : size_(size),
      stride_(size + 2 * kPad),
      line_threats_{threat_table(fives_of(rule, kBlack)).data(), threat_table(fives_of(rule, kWhite)).data()},
      combined_(&combined_table()) {
  steps_ = {1, stride_, stride_ + 1, stride_ - 1};
  const auto cells = static_cast<std::size_t>(stride_ * stride_);
  cells_.assign(cells, kWall);
  near_.assign(cells, 0);
  for (int point = 0; point < size * size; ++point) {
    points_.push_back(padded(point));
    cells_[static_cast<std::size_t>(points_.back())] = kEmptyCell;
  }
  info_.assign(cells, PointInfo{});
  // The codes of an empty board: only the walls are blocked.
  for (int p : points_) {
    for (int line = 0; line < 4; ++line) {
      int code = 0;
      for (int offset = -5; offset <= 5; ++offset) {
        if (offset != 0 && cells_[static_cast<std::size_t>(p + offset * steps_[line])] == kWall)
          code += 2 * kPow3[digit_of(offset)];
      }
      for (auto& codes : info_[static_cast<std::size_t>(p)].codes) codes[static_cast<std::size_t>(line)] = static_cast<std::uint16_t>(code);
    }
    refresh(p);
    account(p, +1);
  }
}

ThreatBoard::ThreatBoard(const GomokuState& state) : ThreatBoard(state.size(), state.rule()) {
  for (int point = 0; point < size_ * size_; ++point) {
    if (state.at(point) != kEmpty) place(padded(point), state.at(point));
  }
}

void ThreatBoard::refresh(int p) {
  PointInfo& point = info_[static_cast<std::size_t>(p)];
  for (std::size_t color = 0; color < 2; ++color) {
    auto& threats = point.threats[color];
    for (std::size_t line = 0; line < 4; ++line)
      threats[line] = line_threats_[color][point.codes[color][line]];
    const ClassAndValue& result =
        (*combined_)[static_cast<std::size_t>(threats[0] | threats[1] << 3 | threats[2] << 6 | threats[3] << 9)];
    point.point_class[color] = result.point_class;
    point.value[color] = result.value;
  }
}

void ThreatBoard::refresh_line(PointInfo& point, std::size_t line) {
  for (std::size_t color = 0; color < 2; ++color) {
    auto& threats = point.threats[color];
    const std::uint8_t threat = line_threats_[color][point.codes[color][line]];
    if (threat == threats[line]) continue;
    threats[line] = threat;
    const ClassAndValue& result =
        (*combined_)[static_cast<std::size_t>(threats[0] | threats[1] << 3 | threats[2] << 6 | threats[3] << 9)];
    total_[color] += result.value - point.value[color];
    --counts_[color][point.point_class[color]];
    ++counts_[color][result.point_class];
    point.point_class[color] = result.point_class;
    point.value[color] = result.value;
  }
}

void ThreatBoard::account(int p, int sign) {
  const PointInfo& point = info_[static_cast<std::size_t>(p)];
  for (std::size_t color = 0; color < 2; ++color) {
    total_[color] += sign * point.value[color];
    counts_[color][point.point_class[color]] += sign;
  }
}

void ThreatBoard::set_cell(int p, std::uint8_t cell) {
  const std::uint8_t old_cell = cells_[static_cast<std::size_t>(p)];
  cells_[static_cast<std::size_t>(p)] = cell;
  // The digit p has in each colour's codes: 0 empty, 1 own, 2 the other's.
  auto digit = [](std::uint8_t value, std::size_t color) {
    return value == kEmptyCell ? 0 : value == color + 1 ? 1 : 2;
  };
  const std::array<int, 2> change = {digit(cell, 0) - digit(old_cell, 0), digit(cell, 1) - digit(old_cell, 1)};
  for (int line = 0; line < 4; ++line) {
    const int step = steps_[static_cast<std::size_t>(line)];
    for (int offset = -5; offset <= 5; ++offset) {
      if (offset == 0) continue;
      const auto at = static_cast<std::size_t>(p + offset * step);
      if (cells_[at] == kWall) continue;
      // Seen from q, p lies -offset steps away.
      const int weight = kPow3[static_cast<std::size_t>(digit_of(-offset))];
      PointInfo& point = info_[at];
      for (std::size_t color = 0; color < 2; ++color)
        point.codes[color][static_cast<std::size_t>(line)] =
            static_cast<std::uint16_t>(point.codes[color][static_cast<std::size_t>(line)] + change[color] * weight);
      // A stone's threats are brought up to date when it is removed.
      if (cells_[at] == kEmptyCell) refresh_line(point, static_cast<std::size_t>(line));
    }
  }
  const int delta = cell == kEmptyCell ? -1 : +1;
  for (int dr = -2; dr <= 2; ++dr) {
    for (int dc = -2; dc <= 2; ++dc) {
      const auto at = static_cast<std::size_t>(p + dr * stride_ + dc);
      if (at < near_.size() && (dr != 0 || dc != 0)) near_[at] = static_cast<std::uint8_t>(near_[at] + delta);
    }
  }
}

void ThreatBoard::place(int p, int color) {
  account(p, -1);  // no longer empty
  set_cell(p, static_cast<std::uint8_t>(color + 1));
  ++stones_;
}

void ThreatBoard::remove(int p) {
  set_cell(p, kEmptyCell);
  --stones_;
  // p's codes followed every change while it held a stone; its threats did not.
  refresh(p);
  account(p, +1);
}

std::vector<int> ThreatBoard::points_of(int color, PointClass wanted_class) const {
  std::vector<int> found;
  const int wanted = at_least(color, wanted_class);
  if (wanted == 0) return found;
  for (int p : points_) {
    if (empty(p) && point_class(color, p) >= wanted_class) {
      found.push_back(p);
      if (static_cast<int>(found.size()) == wanted) break;
    }
  }
  return found;
}

}  // namespace gamerec::gomoku
