// The sampler: whole enemy fleets drawn at random among those consistent
// with everything seen, and the shot at the cell most of them occupy.
//
// A fleet is drawn the way the computer players place theirs, ship after
// ship, longest first, each uniformly among the places still open to it,
// restricted to places that agree with what is known; fleets that run into
// a dead end are dropped. Unlike per-ship density, the ships of one fleet
// never overlap or touch, so the counts see how ships crowd each other
// out: a lone free cell is likelier to hold a ship of length 1 than one
// amid other free cells.
//
// While a ship afloat has been hit, the sampler finishes it the way density
// does (the placements through its hits, counted one ship at a time):
// measured, that needs fewer shots than counting the hit ship's cells in
// sampled fleets, and it costs far less.
#include <algorithm>

#include "games/battleship/players.h"

namespace gamerec::battleship {
namespace {

// Ship places drawn per shot; a fleet of ten ships takes ten, so fewer
// ships afloat get more fleets.
constexpr int kDrawsPerShot = 10000;
constexpr int kMaxFleets = 8000;
// Random tries for a ship's place before listing the open ones.
constexpr int kTries = 32;

// Cell sets of W words: the sampler tests millions of them per game, so a
// 10x10 grid takes two words instead of CellSet's eleven.
template <int W>
struct Bits {
  std::array<std::uint64_t, W> words{};
  bool intersects(const Bits& other) const {
    std::uint64_t any = 0;
    for (int i = 0; i < W; ++i) any |= words[i] & other.words[i];
    return any != 0;
  }
  void add(const Bits& other) {
    for (int i = 0; i < W; ++i) words[i] |= other.words[i];
  }
  void set(int cell) { words[static_cast<std::size_t>(cell >> 6)] |= std::uint64_t{1} << (cell & 63); }
};

// One place of a ship: its cells and its ring as Bits.
template <int W>
struct Spot {
  Bits<W> cells;
  Bits<W> ring;
  const Placement* placement;
};

// A ship's cells, and its ring: the box around it one cell wider.
template <int W>
Spot<W> spot_of(const Placement& placement, const Geometry& geometry) {
  Spot<W> spot{{}, {}, &placement};
  const Ship& ship = placement.ship;
  const int last_row = ship.row + (ship.vertical ? ship.length - 1 : 0);
  const int last_col = ship.col + (ship.vertical ? 0 : ship.length - 1);
  for (int row = ship.row - 1; row <= last_row + 1; ++row) {
    for (int col = ship.col - 1; col <= last_col + 1; ++col) {
      if (!geometry.on_board(row, col)) continue;
      spot.ring.set(geometry.cell(row, col));
      if (row >= ship.row && row <= last_row && col >= ship.col && col <= last_col)
        spot.cells.set(geometry.cell(row, col));
    }
  }
  return spot;
}

template <int W>
class FleetSampler {
 public:
  FleetSampler(const Knowledge& known, std::mt19937_64& random) : known_(known), random_(random) {
    const Geometry& geometry = *known.geometry;
    for (const auto& [length, count] : known.remaining_counts()) {
      Length entry{length, count, {}};
      for (const Placement& placement : geometry.placements(length)) {
        if (known.allows(placement)) entry.places.push_back(spot_of<W>(placement, geometry));
      }
      lengths_.push_back(std::move(entry));
    }
  }

  // Adds the cells of up to `fleets` drawn fleets to `score`; how many
  // fleets were drawn. For a grid without hits on ships afloat.
  int run(int fleets, std::vector<double>& score) {
    const Geometry& geometry = *known_.geometry;
    int drawn = 0;
    for (int fleet = 0; fleet < fleets; ++fleet) {
      if (!draw()) continue;
      ++drawn;
      for (const Placement* placement : chosen_) {
        const Ship& ship = placement->ship;
        for (int k = 0; k < ship.length; ++k) {
          const int cell =
              geometry.cell(ship.row + (ship.vertical ? k : 0), ship.col + (ship.vertical ? 0 : k));
          score[static_cast<std::size_t>(cell)] += 1;
        }
      }
    }
    return drawn;
  }

 private:
  struct Length {
    int length = 0;
    int count = 0;                // ships of this length afloat
    std::vector<Spot<W>> places;  // where one may lie, from what is known
  };

  // One fleet into chosen_, longest ship first; false at a dead end.
  bool draw() {
    chosen_.clear();
    Bits<W> forbidden;
    for (const Length& entry : lengths_) {
      for (int copy = 0; copy < entry.count; ++copy) {
        const Spot<W>* spot = pick(entry.places, forbidden);
        if (spot == nullptr) return false;
        forbidden.add(spot->ring);
        chosen_.push_back(spot->placement);
      }
    }
    return true;
  }

  // A uniform choice among the places of `list` clear of `forbidden`: a
  // few random tries, then the open ones listed.
  const Spot<W>* pick(const std::vector<Spot<W>>& list, const Bits<W>& forbidden) {
    if (list.empty()) return nullptr;
    for (int t = 0; t < kTries; ++t) {
      const Spot<W>& spot = list[random_index(random_, list.size())];
      if (!spot.cells.intersects(forbidden)) return &spot;
    }
    open_.clear();
    for (const Spot<W>& spot : list) {
      if (!spot.cells.intersects(forbidden)) open_.push_back(&spot);
    }
    return open_.empty() ? nullptr : open_[random_index(random_, open_.size())];
  }

  const Knowledge& known_;
  std::mt19937_64& random_;
  std::vector<Length> lengths_;
  // Scratch space, kept between draws.
  std::vector<const Placement*> chosen_;
  std::vector<const Spot<W>*> open_;
};

template <int W>
int sample(const Knowledge& known, std::mt19937_64& random, std::vector<double>& score) {
  const int ships = std::max<int>(1, static_cast<int>(known.remaining.size()));
  FleetSampler<W> sampler(known, random);
  return sampler.run(std::min(kMaxFleets, kDrawsPerShot / ships), score);
}

class SamplerChooser final : public KnowingChooser {
 public:
  using KnowingChooser::KnowingChooser;

 private:
  Move aim(const Knowledge& known, const std::vector<Move>& open) override {
    std::vector<double> score(static_cast<std::size_t>(known.geometry->cells()), 0.0);
    const int cells = known.geometry->cells();
    if (!known.targets.empty()) return best_scored(open, placement_density(known), random_);
    const int drawn = cells <= 128   ? sample<2>(known, random_, score)
                      : cells <= 256 ? sample<4>(known, random_, score)
                                     : sample<CellSet::kWords>(known, random_, score);
    // No fleet could be drawn (when very few fit, random draws may miss
    // them all): count placements one ship at a time instead.
    if (drawn == 0) score = placement_density(known);
    return best_scored(open, score, random_);
  }
};

}  // namespace

std::unique_ptr<MoveChooser> make_sampler_chooser(std::uint64_t seed) {
  return std::make_unique<SamplerChooser>(seed);
}

}  // namespace gamerec::battleship
