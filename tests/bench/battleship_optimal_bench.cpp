// How far the sampler's rule is from the best possible shooter, on boards
// small enough to search every line of play (battleship_bench.sh with
// BENCH_OPTIMAL=1). For a board and a fleet it lists every fleet with its
// chance under the computer players' placement (each ship in turn
// uniformly among the legal places, those that leave room for the rest),
// then computes exactly, over all of them, the average shots to sink the
// whole fleet of:
//
//   optimal    the best possible shooter: an exhaustive search over what a
//              shooter may know (its shots and their answers, water, hit
//              or sunk), cut off by the ship cells still to hit;
//   sampler's rule  the likeliest cell, given the exact chances, and only
//              cells next to a hit while a hit ship is afloat, ties drawn
//              uniformly (the sampler estimates those chances by sampling);
//   likeliest anywhere  the same without the rule for hit ships;
//   one step improved  the cell after which the sampler's rule needs the
//              fewest shots, at every shot (one step of policy improvement,
//              what a rollout planner approximates);
//   improved finishing  the same only while a hit ship is afloat, else
//              the sampler's rule.
//
// It is a reference written apart from the game's own code: its own fleet
// lists, its own answers. A board of 25 cells already takes gigabytes.
//
//   battleship_optimal_bench WIDTH HEIGHT LENGTHS [--no-optimum]   e.g. 5 4 3,1
//
// --no-optimum leaves out the exhaustive search, which is what a board of
// 25 cells cannot afford: the rules alone still compare, each as a ratio
// to the sampler's.
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <unordered_map>
#include <vector>

namespace {

using Mask = std::uint64_t;

Mask bit(int cell) { return Mask{1} << cell; }

struct Place {
  Mask cells = 0;
  Mask ring = 0;  // the cells and every cell touching them, corners included
};

struct Fleet {
  Mask cells = 0;
  std::vector<Mask> ships;
  double chance = 0;
};

class Board {
 public:
  Board(int width, int height, std::vector<int> lengths)
      : width_(width), height_(height), lengths_(std::move(lengths)) {
    for (const int length : lengths_) {
      std::vector<Place> places;
      for (int row = 0; row < height_; ++row) {
        for (int col = 0; col < width_; ++col) {
          for (const bool down : {false, true}) {
            if (down && length == 1) continue;
            const int last_row = row + (down ? length - 1 : 0);
            const int last_col = col + (down ? 0 : length - 1);
            if (last_row >= height_ || last_col >= width_) continue;
            Place place;
            for (int k = 0; k < length; ++k)
              place.cells |= bit((row + (down ? k : 0)) * width_ + col + (down ? 0 : k));
            for (int r = std::max(0, row - 1); r <= std::min(height_ - 1, last_row + 1); ++r) {
              for (int c = std::max(0, col - 1); c <= std::min(width_ - 1, last_col + 1); ++c)
                place.ring |= bit(r * width_ + c);
            }
            places.push_back(place);
          }
        }
      }
      places_.push_back(std::move(places));
    }
  }

  int width() const { return width_; }
  int cells() const { return width_ * height_; }

  // Every fleet, ships in any order merged, with its chance.
  std::vector<Fleet> fleets() const {
    std::map<std::vector<Mask>, double> chances;
    std::vector<Mask> ships;
    place(0, 0, 1.0, ships, chances);
    std::vector<Fleet> out;
    for (const auto& [sorted, chance] : chances) {
      Fleet fleet;
      fleet.ships = sorted;
      for (const Mask ship : sorted) fleet.cells |= ship;
      fleet.chance = chance;
      out.push_back(std::move(fleet));
    }
    return out;
  }

 private:
  bool fits(std::size_t ship, Mask taken) const {
    if (ship == lengths_.size()) return true;
    for (const Place& place : places_[ship]) {
      if ((place.cells & taken) == 0 && fits(ship + 1, taken | place.ring)) return true;
    }
    return false;
  }

  void place(std::size_t ship, Mask taken, double chance, std::vector<Mask>& ships,
             std::map<std::vector<Mask>, double>& chances) const {
    if (ship == lengths_.size()) {
      std::vector<Mask> sorted = ships;
      std::sort(sorted.begin(), sorted.end());
      chances[sorted] += chance;
      return;
    }
    std::vector<const Place*> legal;
    for (const Place& place : places_[ship]) {
      if ((place.cells & taken) == 0 && fits(ship + 1, taken | place.ring)) legal.push_back(&place);
    }
    for (const Place* place : legal) {
      ships.push_back(place->cells);
      this->place(ship + 1, taken | place->ring, chance / static_cast<double>(legal.size()), ships, chances);
      ships.pop_back();
    }
  }

  int width_;
  int height_;
  std::vector<int> lengths_;
  std::vector<std::vector<Place>> places_;  // per ship of the fleet order
};

// What the shooter knows: the cells shot, the hits among them, and the
// cells of the ships reported sunk. The fleets that agree with it are
// passed along with it.
struct Known {
  Mask shot = 0;
  Mask hits = 0;
  Mask sunk = 0;
  bool operator==(const Known&) const = default;
};

// What the rest of the game can cost depends only on the fleets that
// still agree with what is known and on the hits (cells shot where no
// such fleet has a ship are never shot again): the key of the memo.
using StateKey = std::vector<std::uint32_t>;

struct StateKeyHash {
  std::size_t operator()(const StateKey& key) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (const std::uint32_t word : key) {
      h ^= word + 0x632BE59BD9B4E019ULL + (h << 6) + (h >> 2);
      h *= 0xBF58476D1CE4E5B9ULL;
    }
    return static_cast<std::size_t>(h ^ (h >> 31));
  }
};

// The shot-choice rules compared.
enum class Rule {
  kOptimal,            // the exhaustive search
  kSampler,            // the likeliest cell, next to a hit while a hit ship is afloat
  kLikeliest,          // the likeliest cell anywhere
  kImproved,           // the cell after which the sampler's rule does best (one step of policy improvement)
  kImprovedFinishing,  // kImproved while a hit ship is afloat, else kSampler
};
constexpr std::size_t kRules = 5;

class Search {
 public:
  Search(const Board& board, std::vector<Fleet> fleets) : board_(board), fleets_(std::move(fleets)) {
    ship_cells_ = std::popcount(fleets_.front().cells);
  }

  // The average shots to sink the fleet under `rule`.
  double shots(Rule rule) {
    std::vector<int> all(fleets_.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    return value(Known{}, all, rule).value;
  }
  // The states the search of `rule` visited.
  std::size_t states(Rule rule) const { return memo_[static_cast<std::size_t>(rule)].size(); }

 private:
  // The answers to a shot at `cell`: the fleets split by what the shooter
  // learns, each part with its chance.
  struct Part {
    Known known;
    std::vector<int> fleets;
    double chance = 0;
  };
  std::vector<Part> split(const Known& known, const std::vector<int>& fleets, int cell) const {
    std::vector<Part> parts;
    for (const int index : fleets) {
      const Fleet& fleet = fleets_[static_cast<std::size_t>(index)];
      Known next = known;
      next.shot |= bit(cell);
      if ((fleet.cells & bit(cell)) != 0) {
        next.hits |= bit(cell);
        for (const Mask ship : fleet.ships) {
          if ((ship & bit(cell)) != 0 && (ship & ~next.hits) == 0) next.sunk |= ship;
        }
      }
      auto it = std::find_if(parts.begin(), parts.end(), [&](const Part& p) { return p.known == next; });
      if (it == parts.end()) {
        parts.push_back(Part{next, {}, 0});
        it = parts.end() - 1;
      }
      it->fleets.push_back(index);
      it->chance += fleet.chance;
    }
    return parts;
  }

  static constexpr double kNoCut = 1e300;
  // A value, or when a cut stopped the search a bound at or above the cut
  // (then the true value is at least the cut).
  struct Entry {
    double value = 0;
    bool exact = true;
  };

  // The average shots to the end after a shot at `cell`, or a bound once
  // the shot is known to cost at least `cut`.
  Entry after(const Known& known, const std::vector<int>& fleets, int cell, double total, Rule rule,
              double cut) {
    const std::vector<Part> parts = split(known, fleets, cell);
    // Every ship cell not hit yet takes a shot: the least a part can cost.
    auto least = [&](const Part& part) {
      return static_cast<double>(ship_cells_ - std::popcount(part.known.hits));
    };
    double bound = 1;
    for (const Part& part : parts) bound += part.chance / total * least(part);
    for (const Part& part : parts) {
      if (bound >= cut) return {bound, false};
      const double share = part.chance / total;
      // The most this part may cost before the shot costs `cut`.
      const double room = least(part) + (cut - bound) / share;
      const Entry rest = value(part.known, part.fleets, rule, room);
      bound += share * (rest.value - least(part));
      if (!rest.exact) return {std::max(bound, cut), false};
    }
    return {bound, true};
  }

  // The average shots to the end from `known`, or (the optimum only) a
  // bound once it is known to be at least `cut`.
  Entry value(const Known& known, const std::vector<int>& fleets, Rule rule, double cut = kNoCut) {
    if (std::popcount(known.hits) == ship_cells_) return {0, true};
    StateKey key = {static_cast<std::uint32_t>(known.hits), static_cast<std::uint32_t>(known.hits >> 32)};
    for (const int index : fleets) key.push_back(static_cast<std::uint32_t>(index));
    auto& memo = memo_[static_cast<std::size_t>(rule)];
    const auto found = memo.find(key);
    if (found != memo.end() && (found->second.exact || found->second.value >= cut)) return found->second;
    const int cells = board_.cells();
    std::vector<double> chance(static_cast<std::size_t>(cells), 0.0);
    double total = 0;
    Mask everywhere = ~Mask{0};
    for (const int index : fleets) {
      const Fleet& fleet = fleets_[static_cast<std::size_t>(index)];
      total += fleet.chance;
      everywhere &= fleet.cells;
      for (Mask rest = fleet.cells & ~known.shot; rest != 0; rest &= rest - 1)
        chance[static_cast<std::size_t>(std::countr_zero(rest))] += fleet.chance;
    }
    Entry result;
    if (rule != Rule::kOptimal) {
      // The rule's cell, or its tied cells drawn uniformly.
      const std::vector<int> choice = chosen(known, fleets, rule, chance, total);
      double sum = 0;
      for (const int cell : choice) sum += after(known, fleets, cell, total, rule, kNoCut).value;
      result = {sum / static_cast<double>(choice.size()), true};
    } else if (const Mask sure = everywhere & ~known.shot; sure != 0) {
      // A cell every fleet holds: shooting it first loses nothing.
      result = after(known, fleets, std::countr_zero(sure), total, rule, cut);
    } else {
      std::vector<int> order = possible(chance);
      std::sort(order.begin(), order.end(), [&](int a, int b) {
        return chance[static_cast<std::size_t>(a)] > chance[static_cast<std::size_t>(b)];
      });
      // The best exact value so far, and the least bound of the cells cut off.
      double best = kNoCut;
      double least_bound = kNoCut;
      for (const int cell : order) {
        const Entry shot = after(known, fleets, cell, total, rule, std::min(best, cut));
        if (shot.exact)
          best = std::min(best, shot.value);
        else
          least_bound = std::min(least_bound, shot.value);
      }
      // A cell cut off costs at least its cut, so no less than `best`.
      result = best < cut ? Entry{best, true} : Entry{std::min(best, least_bound), false};
    }
    memo[std::move(key)] = result;
    return result;
  }

  // The cells where some fleet still agreeing has a ship.
  static std::vector<int> possible(const std::vector<double>& chance) {
    std::vector<int> cells;
    for (std::size_t cell = 0; cell < chance.size(); ++cell) {
      if (chance[cell] > 0) cells.push_back(static_cast<int>(cell));
    }
    return cells;
  }

  // The cells a rule other than the optimum shoots, tied.
  std::vector<int> chosen(const Known& known, const std::vector<int>& fleets, Rule rule,
                          const std::vector<double>& chance, double total) {
    const Mask afloat_hits = known.hits & ~known.sunk;
    std::vector<int> cells = possible(chance);
    std::vector<double> score(cells.size());
    if (rule == Rule::kImproved || (rule == Rule::kImprovedFinishing && afloat_hits != 0)) {
      // The cells after which the sampler's rule does best (fewest shots: scored negated).
      for (std::size_t i = 0; i < cells.size(); ++i)
        score[i] = -after(known, fleets, cells[i], total, Rule::kSampler, kNoCut).value;
    } else {
      // The likeliest cell; with the sampler's rule, next to a hit of a ship afloat if any.
      if (rule != Rule::kLikeliest && afloat_hits != 0) {
        std::vector<int> next;
        for (const int cell : cells) {
          if (next_to(afloat_hits, cell)) next.push_back(cell);
        }
        if (!next.empty()) cells = std::move(next);
        score.resize(cells.size());
      }
      for (std::size_t i = 0; i < cells.size(); ++i) score[i] = chance[static_cast<std::size_t>(cells[i])];
    }
    const double top = *std::max_element(score.begin(), score.end());
    std::vector<int> ties;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (score[i] >= top - 1e-9 * std::abs(top)) ties.push_back(cells[i]);
    }
    return ties;
  }

  bool next_to(Mask hits, int cell) const {
    const int width = board_.width();
    const int row = cell / width;
    const int col = cell % width;
    Mask sides = 0;
    if (row > 0) sides |= bit(cell - width);
    if (cell + width < board_.cells()) sides |= bit(cell + width);
    if (col > 0) sides |= bit(cell - 1);
    if (col + 1 < width) sides |= bit(cell + 1);
    return (sides & hits) != 0;
  }

  const Board& board_;
  std::vector<Fleet> fleets_;
  int ship_cells_ = 0;
  std::array<std::unordered_map<StateKey, Entry, StateKeyHash>, kRules> memo_;  // per rule
};

}  // namespace

int main(int argc, char** argv) {
  const bool with_optimum = !(argc == 5 && std::strcmp(argv[4], "--no-optimum") == 0);
  if (argc != 4 && with_optimum) {
    std::fprintf(stderr,
                 "usage: battleship_optimal_bench WIDTH HEIGHT LENGTHS [--no-optimum] (e.g. 5 4 3,1)\n");
    return 2;
  }
  const int width = std::atoi(argv[1]);
  const int height = std::atoi(argv[2]);
  std::vector<int> lengths;
  for (const char* p = argv[3];;) {
    char* end = nullptr;
    const long length = std::strtol(p, &end, 10);
    if (end == p || length < 1 || length > 8 || (*end != ',' && *end != '\0')) {
      lengths.clear();
      break;
    }
    lengths.push_back(static_cast<int>(length));
    if (*end == '\0') break;
    p = end + 1;
  }
  if (width < 1 || height < 1 || width * height > 64 || lengths.empty()) {
    std::fprintf(stderr, "battleship_optimal_bench: at most 64 cells, and ship lengths 1 to 8 like 3,1\n");
    return 2;
  }
  const Board board(width, height, lengths);
  std::vector<Fleet> fleets = board.fleets();
  if (fleets.empty()) {
    std::fprintf(stderr, "battleship_optimal_bench: the fleet does not fit\n");
    return 2;
  }
  std::printf("%dx%d, ships %s: %zu fleets\n", width, height, argv[3], fleets.size());
  Search search(board, std::move(fleets));
  const auto start = std::chrono::steady_clock::now();
  const double sampler = search.shots(Rule::kSampler);
  const double likeliest = search.shots(Rule::kLikeliest);
  const double improved = search.shots(Rule::kImproved);
  const double finishing = search.shots(Rule::kImprovedFinishing);
  // Without the optimum the ratios are to the sampler's rule.
  const double optimal = with_optimum ? search.shots(Rule::kOptimal) : sampler;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (with_optimum)
    std::printf("optimal %.4f  ", optimal);
  else
    std::printf("optimal not searched; ratios to the sampler's rule  ");
  std::printf(
      "sampler's rule %.4f (x%.4f)  likeliest anywhere %.4f (x%.4f)"
      "  one step improved %.4f (x%.4f)  improved finishing %.4f (x%.4f)  (%zu states, %.1f s)\n",
      sampler, sampler / optimal, likeliest, likeliest / optimal, improved, improved / optimal, finishing,
      finishing / optimal, search.states(with_optimum ? Rule::kOptimal : Rule::kImproved), seconds);
  return 0;
}
