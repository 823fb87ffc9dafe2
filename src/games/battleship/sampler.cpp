// The sampler: whole enemy fleets drawn among those consistent with
// everything seen, each as likely as the computer players' placement makes
// it, and the shot at the cell most of them occupy.
//
// A consistent fleet puts every ship afloat where no shot found water and
// no sunk ship's ring lies, no two ships touch, every hit on a ship afloat
// lies in exactly one ship, and no ship consists of hits only (it would
// have been reported sunk). Such fleets are drawn by a Markov chain: a
// first fleet is found by a randomised search, then one ship at a time is
// lifted and put back at a place drawn uniformly among those that keep the
// fleet consistent, the move kept or undone by a Metropolis test against
// the placement prior (PlacementPrior below), so that the chain's steady
// state is the posterior of the fleets given what was seen. While ships
// afloat have been hit, the chain also lifts two ships of different
// lengths together and puts the pair back, so which ship lies through the
// hits can change. The cells the fleets occupy, counted over all steps,
// estimate how likely each cell is to hold a ship (tests compare them with
// fleets drawn by the placement itself, and on a small grid with the exact
// chances of every fleet).
//
// While a ship afloat has been hit, the sampler shoots only at cells that
// may continue it (the likeliest of them): finishing it clears its ring.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "games/battleship/players.h"

namespace gamerec::battleship {
namespace {

// Chain steps (one ship moved each) per shot, and before counting starts:
// well inside the range where more steps no longer sink the benchmark's
// fleets in fewer shots (docs/benchmarks.md, "Why some constants are what
// they are").
constexpr int kSteps = 6000;
constexpr int kBurnIn = 400;
// Of the steps while ships afloat have been hit, one in kPairEvery moves
// two ships together.
constexpr int kPairEvery = 8;
// One step in kSwapEvery swaps two ships of one length in the fleet order.
constexpr int kSwapEvery = 10;
// holder_ of a place in the fleet order before label_fleet() fills it.
constexpr int kNoHolder = 1 << 30;
// Random tries for a ship's place before listing the open ones.
constexpr int kTries = 24;
// Search steps for the first fleet before the sampler gives up on it.
constexpr long kSearchBudget = 200000;
// Groups of hits the sampler can follow (one bit each).
constexpr std::size_t kMaxGroups = 32;

// The chain's own random numbers (xoshiro256**, seeded from the player's
// generator): it draws tens of millions per game, and mt19937_64 and a
// division per draw would take a good part of the time.
class ChainRandom {
 public:
  explicit ChainRandom(std::mt19937_64& seed) {
    for (std::uint64_t& word : state_) word = seed();
  }
  std::uint64_t operator()() {
    const std::uint64_t result = std::rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = std::rotl(state_[3], 45);
    return result;
  }
  // Uniform in [0, size), size < 2^32 (multiply and shift, no division).
  std::size_t below(std::size_t size) { return static_cast<std::size_t>(((*this)() >> 32) * size >> 32); }
  // Uniform in [0, 1).
  double unit() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

 private:
  std::array<std::uint64_t, 4> state_{};
};

// Bits set in a word, without relying on a popcount instruction being
// enabled (the call to the library's would take a fifth of the time).
inline int bits_in(std::uint64_t word) {
  word -= (word >> 1) & 0x5555555555555555U;
  word = (word & 0x3333333333333333U) + ((word >> 2) & 0x3333333333333333U);
  word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0FU;
  return static_cast<int>((word * 0x0101010101010101U) >> 56);
}

// Cell sets of W words: the chain tests millions of them per game, so a
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
  void keep(const Bits& other) {
    for (int i = 0; i < W; ++i) words[i] &= other.words[i];
  }
  // Bit c of the result is bit c + by of this.
  Bits shifted(int by) const {
    Bits out;
    const int skip = by >> 6;
    const int bits = by & 63;
    for (int i = 0; i + skip < W; ++i) {
      out.words[i] = words[i + skip] >> bits;
      if (bits != 0 && i + skip + 1 < W) out.words[i] |= words[i + skip + 1] << (64 - bits);
    }
    return out;
  }
  int count() const {
    int total = 0;
    for (int i = 0; i < W; ++i) total += bits_in(words[i]);
    return total;
  }
};

// How the computer players place a fleet, and so how the fleets they face
// are drawn: each ship in fleet order uniformly among the places still open
// to it. A fleet's chance is then the product, over its ships, of one over
// the places open to that ship when it was placed; the chain weighs the
// fleets it visits by it (a Metropolis step), so that it samples fleets
// as likely as that placement makes them, not all alike: uniform fleets
// crowd the long ships against the edges, where their rings take less room.
template <int W>
class PlacementPrior {
 public:
  explicit PlacementPrior(const Geometry& geometry) : width_(geometry.width()) {
    for (int cell = 0; cell < geometry.cells(); ++cell) board_.set(cell);
    for (const int length : geometry.rules().ships) {
      if (std::find(lengths_.begin(), lengths_.end(), length) != lengths_.end()) continue;
      lengths_.push_back(length);
      Starts starts;
      for (int row = 0; row < geometry.height(); ++row) {
        for (int col = 0; col < geometry.width(); ++col) {
          if (col + length <= geometry.width()) starts.across.set(geometry.cell(row, col));
          if (length > 1 && row + length <= geometry.height()) starts.down.set(geometry.cell(row, col));
        }
      }
      starts_.push_back(starts);
    }
  }

  std::size_t kind(int length) const {
    return static_cast<std::size_t>(std::find(lengths_.begin(), lengths_.end(), length) - lengths_.begin());
  }

  // The places open to a ship of length lengths_[kind] when the cells of `taken` are
  // used or touched by the ships placed before it.
  // `kind` is kind(length).
  int open(std::size_t kind, const Bits<W>& taken) const {
    Bits<W> free = board_;
    for (int i = 0; i < W; ++i) free.words[i] &= ~taken.words[i];
    const int length = lengths_[kind];
    const std::size_t index = kind;
    Bits<W> across = free;
    Bits<W> down = free;
    for (int k = 1; k < length; ++k) {
      across.keep(free.shifted(k));
      down.keep(free.shifted(k * width_));
    }
    across.keep(starts_[index].across);
    down.keep(starts_[index].down);
    return across.count() + down.count();
  }

 private:
  struct Starts {
    Bits<W> across;  // where a ship of the length may start, going right
    Bits<W> down;    // and going down (none for length 1: one place, one way)
  };
  int width_;
  Bits<W> board_;
  std::vector<int> lengths_;
  std::vector<Starts> starts_;
};

// One place of a ship: its cells, its ring (the box around it one cell
// wider) and the groups of hits it covers.
template <int W>
struct Spot {
  Bits<W> cells;
  Bits<W> ring;
  std::uint32_t groups = 0;
  const Placement* placement = nullptr;
};

// The places of one ship length that agree with what is known.
template <int W>
struct Places {
  int length = 0;
  std::vector<Spot<W>> spots;
  std::vector<int> clear;  // the spots covering no hit
  // Spots covering hits, by the groups they cover.
  std::vector<std::pair<std::uint32_t, std::vector<int>>> covering;

  const std::vector<int>* through(std::uint32_t groups) const {
    if (groups == 0) return &clear;
    for (const auto& [mask, list] : covering) {
      if (mask == groups) return &list;
    }
    return nullptr;
  }
};

template <int W>
class FleetChain {
 public:
  FleetChain(const Knowledge& known, std::mt19937_64& random)
      : known_(known), random_(random), prior_(*known.geometry) {
    const Geometry& geometry = *known.geometry;
    std::vector<int> group_of(static_cast<std::size_t>(geometry.cells()), -1);
    for (std::size_t g = 0; g < known.targets.size(); ++g) {
      for (const int cell : known.targets[g]) group_of[static_cast<std::size_t>(cell)] = static_cast<int>(g);
    }
    all_groups_ = known.targets.size() >= kMaxGroups
                      ? ~std::uint32_t{0}
                      : (std::uint32_t{1} << known.targets.size()) - 1;
    for (const auto& [length, count] : known.remaining_counts()) {
      Places<W> places;
      places.length = length;
      for (const Placement& placement : geometry.placements(length)) {
        if (!known.allows(placement)) continue;
        // All hits: that ship would have been reported sunk.
        if (placement.cells.count_common(known.hits) == length) continue;
        const Spot<W> spot = spot_of(placement, geometry.cells(), group_of);
        const int index = static_cast<int>(places.spots.size());
        places.spots.push_back(spot);
        if (spot.groups == 0) {
          places.clear.push_back(index);
          continue;
        }
        auto it = std::find_if(places.covering.begin(), places.covering.end(),
                               [&](const auto& entry) { return entry.first == spot.groups; });
        if (it == places.covering.end()) {
          places.covering.push_back({spot.groups, {}});
          it = places.covering.end() - 1;
        }
        it->second.push_back(index);
      }
      const int kind = static_cast<int>(kinds_.size());
      kinds_.push_back(std::move(places));
      for (int copy = 0; copy < count; ++copy) kind_of_.push_back(kind);
    }
    at_.assign(kind_of_.size(), -1);
    for (const Places<W>& places : kinds_) counts_.emplace_back(places.spots.size(), 0.0);
  }

  // Runs the chain and adds, for every cell, the share of steps a ship lay
  // on it to `score`; false if no consistent fleet was found.
  bool run(int steps, std::vector<double>& score) {
    if (known_.targets.size() > kMaxGroups || !first_fleet() || !label_fleet()) return false;
    const bool hits = !known_.targets.empty();
    const std::size_t ships = kind_of_.size();
    for (int step = 0; step < kBurnIn + steps; ++step) {
      if (step % kSwapEvery == 0)
        swap_labels();
      else if (hits && ships > 1 && step % kPairEvery == 0)
        move_pair();
      else
        move_one(random_.below(ships));
      if (step < kBurnIn) continue;
      for (std::size_t ship = 0; ship < ships; ++ship)
        counts_[static_cast<std::size_t>(kind_of_[ship])][static_cast<std::size_t>(at_[ship])] += 1;
    }
    const Geometry& geometry = *known_.geometry;
    for (std::size_t kind = 0; kind < kinds_.size(); ++kind) {
      for (std::size_t i = 0; i < kinds_[kind].spots.size(); ++i) {
        const double count = counts_[kind][i];
        if (count == 0) continue;
        const Ship& ship = kinds_[kind].spots[i].placement->ship;
        for (int k = 0; k < ship.length; ++k) {
          const int cell =
              geometry.cell(ship.row + (ship.vertical ? k : 0), ship.col + (ship.vertical ? 0 : k));
          score[static_cast<std::size_t>(cell)] += count / steps;
        }
      }
    }
    return true;
  }

 private:
  static Spot<W> spot_of(const Placement& placement, int cells, const std::vector<int>& group_of) {
    Spot<W> spot;
    spot.placement = &placement;
    for (int cell = 0; cell < cells; ++cell) {
      if (placement.ring.test(cell)) spot.ring.set(cell);
      if (!placement.cells.test(cell)) continue;
      spot.cells.set(cell);
      const int group = group_of[static_cast<std::size_t>(cell)];
      if (group >= 0 && static_cast<std::size_t>(group) < kMaxGroups)
        spot.groups |= std::uint32_t{1} << group;
    }
    return spot;
  }

  const Spot<W>& spot(std::size_t ship) const {
    return kinds_[static_cast<std::size_t>(kind_of_[ship])].spots[static_cast<std::size_t>(at_[ship])];
  }

  // The rings and the groups of hits of every placed ship but `skip` and `skip2`.
  std::pair<Bits<W>, std::uint32_t> others(std::size_t skip, std::size_t skip2) const {
    Bits<W> forbidden;
    std::uint32_t groups = 0;
    for (std::size_t ship = 0; ship < at_.size(); ++ship) {
      if (ship == skip || ship == skip2 || at_[ship] < 0) continue;
      forbidden.add(spot(ship).ring);
      groups |= spot(ship).groups;
    }
    return {forbidden, groups};
  }

  // Moves `ship` to a place chosen uniformly among those that keep the
  // fleet consistent (its own place among them).
  void move_one(std::size_t ship) {
    const auto [forbidden, covered] = others(ship, ship);
    const Places<W>& places = kinds_[static_cast<std::size_t>(kind_of_[ship])];
    const std::vector<int>* list = places.through(all_groups_ & ~covered);
    if (list == nullptr || list->empty()) return;
    const int before = at_[ship];
    at_[ship] = pick(places, *list, forbidden, (all_groups_ & ~covered) == 0);
    if (at_[ship] != before && !accept(label_of_[ship])) at_[ship] = before;
  }

  // A uniform choice among the spots of `list` clear of `forbidden` (there
  // is one: the ship's own): a few random tries when the list is long,
  // then the open ones listed.
  int pick(const Places<W>& places, const std::vector<int>& list, const Bits<W>& forbidden, bool long_list) {
    if (long_list) {
      for (int t = 0; t < kTries; ++t) {
        const int index = list[random_.below(list.size())];
        if (!places.spots[static_cast<std::size_t>(index)].cells.intersects(forbidden)) return index;
      }
    }
    open_.clear();
    for (const int index : list) {
      if (!places.spots[static_cast<std::size_t>(index)].cells.intersects(forbidden)) open_.push_back(index);
    }
    return open_[random_.below(open_.size())];
  }

  // The Metropolis test for the fleet now in at_ and holder_ against the
  // one before (whose open places are in places_open_): kept with the
  // ratio of their chances under the placement prior.
  // Only the ships after `from` in the fleet order can see a change.
  bool accept(std::size_t from) {
    trial_ = places_open_;
    prior_open(trial_, from + 1);
    double ratio = 1;
    for (std::size_t label = from + 1; label < trial_.size(); ++label)
      ratio *= static_cast<double>(places_open_[label]) / trial_[label];
    if (ratio < 1 && random_.unit() >= ratio) return false;
    places_open_.swap(trial_);
    return true;
  }

  // For every ship of the fleet in fleet order, the places open to it
  // given the ships before it.
  // (those from `from` on).
  void prior_open(std::vector<int>& open, std::size_t from) const {
    open.resize(holder_.size());
    Bits<W> taken;
    for (std::size_t label = 0; label < holder_.size(); ++label) {
      if (label >= from) open[label] = std::max(1, prior_.open(kind_of_label_[label], taken));
      const int holder = holder_[label];
      taken.add(holder >= 0 ? spot(static_cast<std::size_t>(holder)).ring
                            : sunk_rings_[static_cast<std::size_t>(-1 - holder)]);
    }
  }

  // Which ship of the fleet order is which: the ships afloat and the sunk
  // ones of each length share that length's places in the order, first
  // the sunk ones; false when the ships seen do not fit the fleet.
  bool label_fleet() {
    const Geometry& geometry = *known_.geometry;
    std::vector<bool> seen(static_cast<std::size_t>(geometry.cells()), false);
    std::vector<int> sunk_lengths;
    for (int cell = 0; cell < geometry.cells(); ++cell) {
      if (known_.at(cell) != Known::kSunk || seen[static_cast<std::size_t>(cell)]) continue;
      Bits<W> ring;
      int length = 0;
      std::vector<int> pending = {cell};
      seen[static_cast<std::size_t>(cell)] = true;
      while (!pending.empty()) {
        const int part = pending.back();
        pending.pop_back();
        ++length;
        const int row = part / geometry.width();
        const int col = part % geometry.width();
        for (int dr = -1; dr <= 1; ++dr) {
          for (int dc = -1; dc <= 1; ++dc) {
            if (!geometry.on_board(row + dr, col + dc)) continue;
            const int next = geometry.cell(row + dr, col + dc);
            ring.set(next);
            if ((dr == 0) == (dc == 0) || seen[static_cast<std::size_t>(next)] || known_.at(next) != Known::kSunk)
              continue;
            seen[static_cast<std::size_t>(next)] = true;
            pending.push_back(next);
          }
        }
      }
      sunk_rings_.push_back(ring);
      sunk_lengths.push_back(length);
    }
    length_of_label_ = geometry.rules().ships;
    holder_.assign(length_of_label_.size(), kNoHolder);
    label_of_.assign(kind_of_.size(), 0);
    auto take = [&](int length, int holder) {
      for (std::size_t label = 0; label < holder_.size(); ++label) {
        if (length_of_label_[label] != length || holder_[label] != kNoHolder) continue;
        holder_[label] = holder;
        if (holder >= 0) label_of_[static_cast<std::size_t>(holder)] = label;
        return static_cast<int>(label);
      }
      return -1;
    };
    for (std::size_t sunk = 0; sunk < sunk_lengths.size(); ++sunk) {
      if (take(sunk_lengths[sunk], -1 - static_cast<int>(sunk)) < 0) return false;
    }
    for (std::size_t ship = 0; ship < kind_of_.size(); ++ship) {
      if (take(kinds_[static_cast<std::size_t>(kind_of_[ship])].length, static_cast<int>(ship)) < 0) return false;
    }
    if (std::find(holder_.begin(), holder_.end(), kNoHolder) != holder_.end()) return false;
    for (const int length : length_of_label_) kind_of_label_.push_back(prior_.kind(length));
    prior_open(places_open_, 0);
    return true;
  }

  // Swaps the places in the fleet order of two ships of one length.
  void swap_labels() {
    const std::size_t first = random_.below(holder_.size());
    same_.clear();
    for (std::size_t label = 0; label < holder_.size(); ++label) {
      if (label != first && length_of_label_[label] == length_of_label_[first]) same_.push_back(label);
    }
    if (same_.empty()) return;
    const std::size_t second = same_[random_.below(same_.size())];
    if (holder_[first] < 0 && holder_[second] < 0) return;
    swap_holders(first, second);
    if (!accept(std::min(first, second))) swap_holders(first, second);
  }

  void swap_holders(std::size_t first, std::size_t second) {
    std::swap(holder_[first], holder_[second]);
    for (const std::size_t label : {first, second}) {
      if (holder_[label] >= 0) label_of_[static_cast<std::size_t>(holder_[label])] = label;
    }
  }

  // Lifts a ship through hits and a ship of another length, and puts the
  // pair back uniformly among the consistent pairs of places.
  void move_pair() {
    const std::size_t ships = at_.size();
    const std::size_t first = random_.below(ships);
    std::size_t second = random_.below(ships - 1);
    if (second >= first) ++second;
    if (kind_of_[first] == kind_of_[second]) {
      move_one(first);
      return;
    }
    const auto [forbidden, covered] = others(first, second);
    const std::uint32_t uncovered = all_groups_ & ~covered;
    if (uncovered == 0) {  // two ships in open water: one at a time will do
      move_one(first);
      move_one(second);
      return;
    }
    const Places<W>& a = kinds_[static_cast<std::size_t>(kind_of_[first])];
    const Places<W>& b = kinds_[static_cast<std::size_t>(kind_of_[second])];
    pairs_.clear();
    auto try_a = [&](int index) {
      const Spot<W>& spot_a = a.spots[static_cast<std::size_t>(index)];
      if ((spot_a.groups & ~uncovered) != 0 || spot_a.cells.intersects(forbidden)) return;
      const std::vector<int>* list = b.through(uncovered & ~spot_a.groups);
      if (list == nullptr) return;
      Bits<W> around = forbidden;
      around.add(spot_a.ring);
      for (const int other : *list) {
        if (!b.spots[static_cast<std::size_t>(other)].cells.intersects(around)) pairs_.emplace_back(index, other);
      }
    };
    for (const int index : a.clear) try_a(index);
    for (const auto& [mask, list] : a.covering) {
      if ((mask & ~uncovered) != 0) continue;
      for (const int index : list) try_a(index);
    }
    if (pairs_.empty()) return;
    const auto [place_a, place_b] = pairs_[random_.below(pairs_.size())];
    const int before_a = at_[first];
    const int before_b = at_[second];
    at_[first] = place_a;
    at_[second] = place_b;
    if ((place_a != before_a || place_b != before_b) &&
        !accept(std::min(label_of_[first], label_of_[second]))) {
      at_[first] = before_a;
      at_[second] = before_b;
    }
  }

  // A first consistent fleet, by a randomised depth-first search: ships
  // through the hits first, then the rest longest first.
  bool first_fleet() {
    long budget = kSearchBudget;
    std::vector<bool> placed(kind_of_.size(), false);
    return search(placed, budget);
  }

  bool search(std::vector<bool>& placed, long& budget) {
    if (--budget < 0) return false;
    const auto [forbidden, covered] = others(kind_of_.size(), kind_of_.size());
    const std::uint32_t uncovered = all_groups_ & ~covered;
    std::vector<std::pair<std::size_t, int>> options;  // ship, spot
    if (uncovered != 0) {
      // The lowest group not covered yet: one ship of each length may cover it.
      const std::uint32_t group = uncovered & (~uncovered + 1);
      std::vector<int> tried_kinds;
      for (std::size_t ship = 0; ship < kind_of_.size(); ++ship) {
        if (placed[ship] ||
            std::find(tried_kinds.begin(), tried_kinds.end(), kind_of_[ship]) != tried_kinds.end())
          continue;
        tried_kinds.push_back(kind_of_[ship]);
        const Places<W>& places = kinds_[static_cast<std::size_t>(kind_of_[ship])];
        for (const auto& [mask, list] : places.covering) {
          if ((mask & group) == 0 || (mask & ~uncovered) != 0) continue;
          for (const int index : list) {
            if (!places.spots[static_cast<std::size_t>(index)].cells.intersects(forbidden))
              options.emplace_back(ship, index);
          }
        }
      }
    } else {
      std::size_t ship = 0;
      while (ship < kind_of_.size() && placed[ship]) ++ship;
      if (ship == kind_of_.size()) return true;
      const Places<W>& places = kinds_[static_cast<std::size_t>(kind_of_[ship])];
      for (const int index : places.clear) {
        if (!places.spots[static_cast<std::size_t>(index)].cells.intersects(forbidden))
          options.emplace_back(ship, index);
      }
    }
    // A random order (Fisher-Yates, the same with every standard library).
    for (std::size_t i = options.size(); i > 1; --i) std::swap(options[i - 1], options[random_.below(i)]);
    for (const auto& [ship, index] : options) {
      placed[ship] = true;
      at_[ship] = index;
      if (search(placed, budget)) return true;
      placed[ship] = false;
      at_[ship] = -1;
      if (budget < 0) return false;
    }
    return false;
  }

  const Knowledge& known_;
  ChainRandom random_;
  std::uint32_t all_groups_ = 0;
  std::vector<Places<W>> kinds_;              // one per ship length afloat
  std::vector<int> kind_of_;                  // per ship afloat, longest first
  std::vector<int> at_;                       // per ship: its spot in its kind, -1 while unplaced
  std::vector<std::vector<double>> counts_;   // per kind and spot: steps a ship lay there
  // The fleet order, for the placement prior: the length of each of its
  // ships, and who is that ship (a ship afloat, or -1 - a sunk ship).
  PlacementPrior<W> prior_;
  std::vector<int> length_of_label_;
  std::vector<int> holder_;
  std::vector<std::size_t> label_of_;  // per ship afloat: its place in the fleet order
  std::vector<std::size_t> kind_of_label_;  // for prior_
  std::vector<Bits<W>> sunk_rings_;
  std::vector<int> places_open_;  // per ship of the fleet order
  // Scratch space, kept between steps.
  std::vector<int> open_;
  std::vector<std::pair<int, int>> pairs_;
  std::vector<int> trial_;
  std::vector<std::size_t> same_;
};

template <int W>
bool sample(const Knowledge& known, std::mt19937_64& random, int steps, std::vector<double>& score) {
  FleetChain<W> chain(known, random);
  return chain.run(steps, score);
}

class SamplerChooser final : public KnowingChooser {
 public:
  using KnowingChooser::KnowingChooser;

 private:
  Move aim(const Knowledge& known, const std::vector<Move>& open) override {
    std::vector<double> score = sampled_cover(known, random_, kSteps);
    // No consistent fleet found (the search has a budget): count placements
    // one ship at a time instead.
    if (score.empty()) score = placement_density(known);
    if (!known.targets.empty()) {
      // Finish a ship that was hit: only the cells next to its hits.
      std::vector<Move> next;
      for (const Move& move : open) {
        if (next_to_hit(known, move.to)) next.push_back(move);
      }
      if (!next.empty()) return best_scored(next, score, random_);
    }
    return best_scored(open, score, random_);
  }

  static bool next_to_hit(const Knowledge& known, int cell) {
    const Geometry& geometry = *known.geometry;
    const int row = cell / geometry.width();
    const int col = cell % geometry.width();
    constexpr std::pair<int, int> kSides[] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
    for (const auto& [dr, dc] : kSides) {
      if (geometry.on_board(row + dr, col + dc) && known.at(geometry.cell(row + dr, col + dc)) == Known::kHit)
        return true;
    }
    return false;
  }
};

}  // namespace

std::vector<double> sampled_cover(const Knowledge& known, std::mt19937_64& random, int steps) {
  const int cells = known.geometry->cells();
  std::vector<double> score(static_cast<std::size_t>(cells), 0.0);
  const bool drawn = cells <= 128   ? sample<2>(known, random, steps, score)
                     : cells <= 256 ? sample<4>(known, random, steps, score)
                                    : sample<CellSet::kWords>(known, random, steps, score);
  if (!drawn) score.clear();
  return score;
}

std::unique_ptr<MoveChooser> make_sampler_chooser(std::uint64_t seed) {
  return std::make_unique<SamplerChooser>(seed);
}

}  // namespace gamerec::battleship
