#pragma once
// Battleship (gamerec-games(7), BATTLESHIP), the game of hidden information.
//
// Two players, each with a grid (10x10: columns A-J, rows 1-10, row 1 at the
// top; a cell is written "A8" or "j10"). Each places a fleet, 4,3,3,2,2,2,1,
// 1,1,1 by default, with no two ships overlapping or touching, not even at a
// corner. A record holds the placements first, player 1's ships in fleet
// order then player 2's, each "<cell> <direction>": the ship's first cell
// and the way the rest extends (right, down, left, up; also R D L U and
// derecha abajo izquierda arriba; "down" is towards higher rows; a ship of
// length 1 may omit it). Then the shots, one cell each, optionally with the
// answer that was given (water, hit, sunk; agua, tocado, hundido), which is
// checked. After water the turn passes; after a hit or a sunk ship the
// shooter shoots again. A player whose every ship is sunk loses.
//
// A placement must also leave room for the rest of its fleet: a fleet that
// can no longer be completed would leave its player without a move.
//
// Moves: Move::to is the cell (row * width + column), Move::flag a Flag: a
// direction for a placement, the recorded answer (or none) for a shot.
// Which ship a placement places follows from the position.
//
// Options (definitions/battleship.yaml):
//   width, height (int, 10, 1..26): the grid.
//   ships (int list, 4,3,3,2,2,2,1,1,1,1): the fleet, in placement order.
//   first (int, 1): which player shoots first (1 or 2).
//   extra_shot_on_hit (bool, true): a hit or a sunk ship earns another
//     shot; when false the players strictly alternate.
//
// Ends: "fleet-sunk". Outcome::score holds the shots each player fired.
//
// Hidden information: observe(side) gives a BattleshipObservation, that
// side's own fleet, the enemy's shots at it and its own shots with their
// answers; the computer players (random, hunter, density, sampler) decide
// from that alone.
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "rules/facets.h"
#include "rules/game.h"
#include "rules/typed.h"

namespace gamerec::battleship {

inline constexpr int kMaxSize = 26;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;

// Move::flag: a placement's direction or a shot's answer.
enum Flag : int {
  kNoFlag = 0,  // a shot without answer; a ship of length 1 without direction
  kRight = 1,
  kDown = 2,
  kLeft = 3,
  kUp = 4,
  kWater = 5,
  kHit = 6,
  kSunk = 7,
};
constexpr bool is_direction(int flag) { return flag >= kRight && flag <= kUp; }
constexpr bool is_answer(int flag) { return flag >= kWater && flag <= kSunk; }

// A set of cells of a grid up to 26x26, as bits: placing ships and sampling
// fleets test thousands of these per shot.
class CellSet {
 public:
  static constexpr int kWords = (kMaxCells + 63) / 64;
  void set(int cell) { words_[static_cast<std::size_t>(cell >> 6)] |= std::uint64_t{1} << (cell & 63); }
  bool test(int cell) const {
    return ((words_[static_cast<std::size_t>(cell >> 6)] >> (cell & 63)) & 1U) != 0;
  }
  bool intersects(const CellSet& other) const {
    std::uint64_t any = 0;
    for (int i = 0; i < kWords; ++i) any |= words_[i] & other.words_[i];
    return any != 0;
  }
  CellSet& operator|=(const CellSet& other) {
    for (int i = 0; i < kWords; ++i) words_[i] |= other.words_[i];
    return *this;
  }
  int count_common(const CellSet& other) const;
  bool empty() const;
  bool operator==(const CellSet&) const = default;

 private:
  std::array<std::uint64_t, kWords> words_{};
};

struct Rules {
  int width = 10;
  int height = 10;
  std::vector<int> ships = {4, 3, 3, 2, 2, 2, 1, 1, 1, 1};
  Side first = 0;
  bool extra_shot_on_hit = true;
};

// A placed ship: its top or left cell and which way it runs. A ship of
// length 1 is never vertical, so one ship has one value however written.
struct Ship {
  int length = 1;
  int row = 0;
  int col = 0;
  bool vertical = false;
  bool operator==(const Ship&) const = default;
};

struct Placement {
  Ship ship;
  CellSet cells;
  CellSet halo;  // the neighbours of the cells, corners included: no other ship may touch them
  CellSet ring;  // cells and halo
};

// The grid and every placement of each ship length of the fleet, shared by
// the game, its states and their observations.
class Geometry {
 public:
  explicit Geometry(Rules rules);

  const Rules& rules() const { return rules_; }
  int width() const { return rules_.width; }
  int height() const { return rules_.height; }
  int cells() const { return rules_.width * rules_.height; }
  int cell(int row, int col) const { return row * rules_.width + col; }
  bool on_board(int row, int col) const {
    return row >= 0 && row < rules_.height && col >= 0 && col < rules_.width;
  }
  // Every placement of a ship of `length` (a length of the fleet), each
  // once: right or down, in cell order.
  const std::vector<Placement>& placements(int length) const;
  Placement placement(const Ship& ship) const;
  // The ship a placement move means: `length` from `cell` towards `flag`;
  // nullopt when it leaves the grid.
  std::optional<Ship> ship_from(int cell, int flag, int length) const;
  // Whether ships of `lengths` all fit on the grid without using a cell of
  // `forbidden` or touching each other. A search with a budget: a fleet it
  // cannot settle in time counts as not fitting.
  bool fits(std::vector<int> lengths, const CellSet& forbidden) const;

 private:
  Rules rules_;
  std::map<int, std::vector<Placement>> placements_;
};

// Reads the typed options; a message when the fleet is empty or cannot be
// placed on the grid.
Result<Rules, Message> rules_from_options(const RuleOptions& options);

// One player's own grid: the ships placed so far and the enemy's shots.
struct Grid {
  std::vector<Ship> ships;            // fleet order
  std::vector<std::int16_t> ship_at;  // per cell: index into ships, -1 for sea
  std::vector<std::uint8_t> shots;    // per cell: the answer the enemy's shot got (a Flag), 0 if none
  std::vector<int> hits;              // per ship
  CellSet forbidden;                  // the ships' rings: no new ship may use a cell of them
  int sunk = 0;
  bool operator==(const Grid&) const = default;
};

// What one side has seen: its own fleet, the enemy's shots at it and its own
// shots with their answers. Copies, with no way back to the State.
class BattleshipObservation final : public Observation {
 public:
  BattleshipObservation(Side viewer, std::shared_ptr<const Geometry> geometry, std::vector<Ship> fleet,
                        std::vector<std::uint8_t> received, std::vector<std::uint8_t> fired,
                        int last_shot = -1, Side last_shooter = kNoSide);

  const Geometry& geometry() const { return *geometry_; }
  const Rules& rules() const { return geometry_->rules(); }
  const std::vector<Ship>& fleet() const { return fleet_; }
  // Whether this side still has ships to place, and which comes next.
  bool placing() const { return fleet_.size() < rules().ships.size(); }
  std::size_t next_ship() const { return fleet_.size(); }
  // The answer the enemy's shot at own `cell` got, or kNoFlag.
  Flag received(int cell) const { return static_cast<Flag>(received_[static_cast<std::size_t>(cell)]); }
  // The answer own shot at the enemy's `cell` got, or kNoFlag.
  Flag fired(int cell) const { return static_cast<Flag>(fired_[static_cast<std::size_t>(cell)]); }
  bool own_fleet_sunk() const;
  bool enemy_fleet_sunk() const;
  bool operator==(const BattleshipObservation& other) const;

  // Own fleet with the hits on it, beside what is known of the enemy grid.
  BoardView view() const override;

 private:
  std::shared_ptr<const Geometry> geometry_;
  std::vector<Ship> fleet_;
  std::vector<std::uint8_t> received_;
  std::vector<std::uint8_t> fired_;
  int last_shot_;  // highlighted: the last shot, by either side
  Side last_shooter_;
};

class BattleshipState final : public State {
 public:
  explicit BattleshipState(std::shared_ptr<const Geometry> geometry);

  const Geometry& geometry() const { return *geometry_; }
  const Grid& grid(Side side) const { return grids_[static_cast<std::size_t>(side)]; }
  bool placing() const { return to_move_ != kNoSide && placing_; }
  // Shots `side` has fired.
  int shots(Side side) const { return fired_[static_cast<std::size_t>(side)]; }

  Side to_move() const override { return over_ ? kNoSide : to_move_; }
  std::vector<Move> legal_moves() const override;
  bool is_over() const override { return over_; }
  Outcome outcome() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<BattleshipState>(*this); }
  bool equals(const State& other) const override;
  // Both fleets with the shots at them, for replay.
  BoardView view() const override;
  std::unique_ptr<Observation> observe(Side side) const override;
  // A placement is seen by its player only; a shot by both.
  bool last_move_seen_by(Side viewer) const { return !last_placed_by_.has_value() || *last_placed_by_ == viewer; }
  // The answer to the last move when it was a shot (water, hit, sunk), else kNoFlag.
  Flag last_answer() const {
    if (last_placed_by_ || last_shot_ < 0) return kNoFlag;
    return static_cast<Flag>(grid(1 - last_shooter_).shots[static_cast<std::size_t>(last_shot_)]);
  }

 protected:
  std::optional<MoveError> do_check(const Move& move) const override;
  void do_apply(const Move& move) override;

 private:
  std::optional<MoveError> check_placement(const Move& move) const;
  std::optional<MoveError> check_shot(const Move& move) const;
  void place(const Ship& ship);
  void shoot(int cell);

  std::shared_ptr<const Geometry> geometry_;
  std::array<Grid, 2> grids_;
  std::array<int, 2> fired_{};
  Side to_move_ = 0;
  bool placing_ = true;
  bool over_ = false;
  Side winner_ = kNoSide;
  int last_shot_ = -1;
  Side last_shooter_ = kNoSide;
  std::optional<Side> last_placed_by_;  // when the last move was a placement
};

class BattleshipGame final : public GameOf<BattleshipGame, BattleshipState>,
                             public HiddenInformation,
                             public PromptRules,
                             public LineProtocol,
                             public Pictured {
 public:
  static constexpr GameFacts kFacts{.rules = "battleship"};
  BattleshipGame(SharedDefinition definition, RuleOptions options, Rules rules)
      : GameOf(std::move(definition), std::move(options)),
        geometry_(std::make_shared<const Geometry>(std::move(rules))) {}

  std::unique_ptr<State> new_state() const override { return std::make_unique<BattleshipState>(geometry_); }
  Result<WrittenMove, MoveError> parse_move(std::string_view text) const override;
  std::string move_text(const Move& move, const State& before) const override;
  std::unique_ptr<MoveChooser> make_chooser(std::string_view level,
                                            const ChooserSettings& settings) const override;
  std::vector<std::string> levels() const override { return {"sampler", "density", "hunter", "random"}; }

  // HiddenInformation: a placement is seen by its player only.
  // "answers.water", "answers.hit", "answers.sunk" after a shot.
  std::optional<std::string> last_move_answer(const State& after) const override;
  bool last_move_seen_by(const State& after, Side viewer) const override {
    return state_of(after).last_move_seen_by(viewer);
  }
  // PromptRules: a shot typed with its answer is refused (the answer
  // comes from the enemy fleet); "random" (or "azar") while placing is the
  // rest of the side's fleet, each ship uniformly among its legal
  // placements, as the computer players place theirs; a shot cannot be
  // taken back (its answer told about a hidden fleet, and the shooter's
  // opponent placed or moved on knowing where it landed).
  std::optional<MoveError> refused_at_prompt(std::string_view text, const State& state) const override;
  std::vector<Move> shortcut_moves(std::string_view line, const State& state, std::uint64_t seed) const override;
  std::optional<Message> undo_refused(const State& before, const Move& move) const override;
  // LineProtocol: exec:PROGRAM players (protocol.cpp).
  std::vector<std::string> start_lines(const Observation& seen) const override;
  std::string request(const Observation& seen) const override;
  std::vector<std::string> after_move(const Observation& seen, Side mover, const Move& move) const override;
  // Pictured: both fleets with the shots at them, or what one side has
  // seen (its fleet and its shots), as grids of sea with the ships, hits,
  // misses and sunk ships, the last shot ringed (picture.cpp).
  std::vector<Glyph> glyphs() const override { return {}; }
  Picture picture(const State& state, Side viewer) const override;

  const Geometry& geometry() const { return *geometry_; }
  const std::shared_ptr<const Geometry>& shared_geometry() const { return geometry_; }

 private:
  std::shared_ptr<const Geometry> geometry_;
};

// Notation. A cell: a column letter and a row number ("A8", "j10").
// Stage one of a move: `notation` for text that is neither a placement nor
// a shot, `off-board` for a well-formed cell outside the grid.
Result<Move, MoveError> parse_battleship_move(std::string_view text, int width, int height);
std::string cell_name(int cell, int width);
// "A1 right", "E5", "E5 hit": English words, as a record written by
// gamerec holds them.
std::string battleship_move_text(const Move& move, int width);
// "water", "hit", "sunk", "right", ...; "" for kNoFlag.
std::string_view flag_word(int flag);
// Whether a person's line asks for the rest of the fleet placed at random
// ("random", "azar", any case).
bool is_random_fleet_word(std::string_view line);

// Computer players. All place a random legal fleet (a uniform choice among
// the legal placements of each ship in turn) and then shoot:
//   random   any cell not shot yet;
//   hunter   a random cell that may hold a ship until a hit, then its
//            neighbours, then along the line of two hits; the diagonal
//            neighbours of a hit and the ring around a sunk ship are water;
//   density  the cell the most placements of the remaining ships cover
//            (in target mode, of those that cover the hits);
//   sampler  the cell most often occupied in whole fleets sampled
//            consistent with everything seen.
// Ties are broken at random; everything follows from the seed.
std::unique_ptr<MoveChooser> make_random_chooser(std::uint64_t seed);
std::unique_ptr<MoveChooser> make_hunter_chooser(std::uint64_t seed);
std::unique_ptr<MoveChooser> make_density_chooser(std::uint64_t seed);
std::unique_ptr<MoveChooser> make_sampler_chooser(std::uint64_t seed);

// Builds the game from its definition and options (the catalogue's factory).
Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options);

}  // namespace gamerec::battleship
