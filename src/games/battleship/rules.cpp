// Battleship's rules: placing the fleets, shots and their answers, the end.
#include "games/battleship/battleship.h"

#include <algorithm>
#include <random>

namespace gamerec::battleship {
namespace {

constexpr Side other(Side side) { return 1 - side; }

MessageArgs ship_args(std::size_t index, int length) {
  return {{"ship", std::to_string(index + 1)}, {"length", std::to_string(length)}};
}

}  // namespace

BattleshipState::BattleshipState(std::shared_ptr<const Geometry> geometry) : geometry_(std::move(geometry)) {
  const auto cells = static_cast<std::size_t>(geometry_->cells());
  for (Grid& grid : grids_) {
    grid.ship_at.assign(cells, -1);
    grid.shots.assign(cells, kNoFlag);
  }
}

std::vector<Move> BattleshipState::legal_moves() const {
  std::vector<Move> moves;
  if (over_) return moves;
  const Grid& own = grids_[static_cast<std::size_t>(to_move_)];
  if (placing_) {
    const auto& fleet = geometry_->rules().ships;
    const std::size_t index = own.ships.size();
    const std::vector<int> rest(fleet.begin() + static_cast<std::ptrdiff_t>(index) + 1, fleet.end());
    for (const Placement& placement : geometry_->placements(fleet[index])) {
      if (placement.cells.intersects(own.forbidden)) continue;
      CellSet after = own.forbidden;
      after |= placement.ring;
      if (!rest.empty() && !geometry_->fits(rest, after)) continue;
      const Ship& ship = placement.ship;
      const int flag = ship.length == 1 ? kNoFlag : ship.vertical ? kDown : kRight;
      moves.push_back(Move{-1, geometry_->cell(ship.row, ship.col), flag});
    }
    return moves;
  }
  const Grid& target = grids_[static_cast<std::size_t>(other(to_move_))];
  for (int cell = 0; cell < geometry_->cells(); ++cell) {
    if (target.shots[static_cast<std::size_t>(cell)] == kNoFlag) moves.push_back(Move{-1, cell, kNoFlag});
  }
  return moves;
}

std::optional<MoveError> BattleshipState::do_check(const Move& move) const {
  // A program's move may hold anything: the cell and flag are checked here.
  if (move.to < 0 || move.to >= geometry_->cells())
    return MoveError{
        ErrorCode::kOffBoard,
        "",
        {{"width", std::to_string(geometry_->width())}, {"height", std::to_string(geometry_->height())}}};
  if (move.flag < kNoFlag || move.flag > kSunk) return MoveError{ErrorCode::kNotation};
  return placing_ ? check_placement(move) : check_shot(move);
}

std::optional<MoveError> BattleshipState::check_placement(const Move& move) const {
  const Grid& own = grids_[static_cast<std::size_t>(to_move_)];
  const auto& fleet = geometry_->rules().ships;
  const std::size_t index = own.ships.size();
  const int length = fleet[index];
  if (is_answer(move.flag))
    return MoveError{ErrorCode::kNotation, "placement-expected", ship_args(index, length)};
  if (move.flag == kNoFlag && length > 1)
    return MoveError{ErrorCode::kShipPlacement, "needs-direction", ship_args(index, length)};
  const auto ship = geometry_->ship_from(move.to, move.flag, length);
  if (!ship) return MoveError{ErrorCode::kShipPlacement, "off-board", ship_args(index, length)};
  const Placement placement = geometry_->placement(*ship);
  // Overlapping is the worse fault: it is reported before touching.
  for (const bool overlap : {true, false}) {
    for (std::size_t i = 0; i < own.ships.size(); ++i) {
      const Placement placed = geometry_->placement(own.ships[i]);
      if (!placement.cells.intersects(overlap ? placed.cells : placed.ring)) continue;
      MessageArgs args = ship_args(index, length);
      args.emplace_back("other", std::to_string(i + 1));
      args.emplace_back("other_length", std::to_string(own.ships[i].length));
      return MoveError{ErrorCode::kShipPlacement, overlap ? "overlap" : "touch", std::move(args)};
    }
  }
  const std::vector<int> rest(fleet.begin() + static_cast<std::ptrdiff_t>(index) + 1, fleet.end());
  CellSet after = own.forbidden;
  after |= placement.ring;
  if (!rest.empty() && !geometry_->fits(rest, after))
    return MoveError{ErrorCode::kShipPlacement, "no-room", ship_args(index, length)};
  return std::nullopt;
}

std::optional<MoveError> BattleshipState::check_shot(const Move& move) const {
  const Grid& target = grids_[static_cast<std::size_t>(other(to_move_))];
  const MessageArgs cell = {{"cell", cell_name(move.to, geometry_->width())}};
  if (is_direction(move.flag)) return MoveError{ErrorCode::kNotation, "shot-expected", cell};
  const auto cell_index = static_cast<std::size_t>(move.to);
  if (target.shots[cell_index] != kNoFlag) return MoveError{ErrorCode::kRepeatedShot, "", cell};
  if (move.flag == kNoFlag) return std::nullopt;
  Flag answer = kWater;
  if (const int ship = target.ship_at[cell_index]; ship >= 0) {
    const auto index = static_cast<std::size_t>(ship);
    answer = target.hits[index] + 1 == target.ships[index].length ? kSunk : kHit;
  }
  if (move.flag != answer)
    return MoveError{ErrorCode::kResponseMismatch, std::string(flag_word(answer)), cell};
  return std::nullopt;
}

std::optional<std::string> BattleshipGame::last_move_answer(const State& after) const {
  const Flag answer = state_of(after).last_answer();
  if (answer == kNoFlag) return std::nullopt;
  return "answers." + std::string(flag_word(answer));
}

void BattleshipState::do_apply(const Move& move) {
  if (placing_) {
    last_placed_by_ = to_move_;
    Grid& own = grids_[static_cast<std::size_t>(to_move_)];
    const int length = geometry_->rules().ships[own.ships.size()];
    place(*geometry_->ship_from(move.to, move.flag, length));
  } else {
    last_placed_by_.reset();
    shoot(move.to);
  }
}

void BattleshipState::place(const Ship& ship) {
  Grid& own = grids_[static_cast<std::size_t>(to_move_)];
  const Placement placement = geometry_->placement(ship);
  const auto index = static_cast<std::int16_t>(own.ships.size());
  for (int i = 0; i < ship.length; ++i) {
    const int cell = geometry_->cell(ship.row + (ship.vertical ? i : 0), ship.col + (ship.vertical ? 0 : i));
    own.ship_at[static_cast<std::size_t>(cell)] = index;
  }
  own.ships.push_back(ship);
  own.hits.push_back(0);
  own.forbidden |= placement.ring;
  if (own.ships.size() < geometry_->rules().ships.size()) return;
  if (to_move_ == 0) {
    to_move_ = 1;
  } else {
    placing_ = false;
    to_move_ = geometry_->rules().first;
  }
}

void BattleshipState::shoot(int cell) {
  const Side shooter = to_move_;
  Grid& target = grids_[static_cast<std::size_t>(other(shooter))];
  const auto cell_index = static_cast<std::size_t>(cell);
  ++fired_[static_cast<std::size_t>(shooter)];
  last_shot_ = cell;
  last_shooter_ = shooter;
  Flag answer = kWater;
  if (const int ship = target.ship_at[cell_index]; ship >= 0) {
    const auto index = static_cast<std::size_t>(ship);
    answer = ++target.hits[index] == target.ships[index].length ? kSunk : kHit;
  }
  target.shots[cell_index] = static_cast<std::uint8_t>(answer);
  if (answer == kSunk && ++target.sunk == static_cast<int>(target.ships.size())) {
    over_ = true;
    winner_ = shooter;
    return;
  }
  if (answer == kWater || !geometry_->rules().extra_shot_on_hit) to_move_ = other(shooter);
}

Outcome BattleshipState::outcome() const {
  Outcome outcome;
  outcome.score = {fired_[0], fired_[1]};
  if (!over_) return outcome;
  outcome.over = true;
  outcome.end = "fleet-sunk";
  outcome.winners = {winner_};
  return outcome;
}

bool BattleshipState::equals(const State& other_state) const {
  const auto* other_state_ptr = as<BattleshipState>(other_state);
  if (other_state_ptr == nullptr) return false;
  const BattleshipState& o = *other_state_ptr;
  return geometry_->rules().ships == o.geometry_->rules().ships &&
         geometry_->cells() == o.geometry_->cells() && grids_ == o.grids_ && fired_ == o.fired_ &&
         to_move_ == o.to_move_ && placing_ == o.placing_ && over_ == o.over_ && winner_ == o.winner_;
}

std::unique_ptr<Observation> BattleshipState::observe(Side side) const {
  const Grid& own = grids_[static_cast<std::size_t>(side)];
  const Grid& enemy = grids_[static_cast<std::size_t>(other(side))];
  return std::make_unique<BattleshipObservation>(side, geometry_, own.ships, own.shots, enemy.shots,
                                                 last_shot_, last_shooter_);
}

std::vector<Move> BattleshipGame::shortcut_moves(std::string_view line, const State& state,
                                                  std::uint64_t seed) const {
  const BattleshipState& start = state_of(state);
  if (!is_random_fleet_word(line) || !start.placing()) return {};
  BattleshipState placing = start;
  const Side side = placing.to_move();
  std::mt19937_64 random(seed);
  std::vector<Move> moves;
  while (placing.placing() && placing.to_move() == side) {
    const std::vector<Move> legal = placing.legal_moves();
    if (legal.empty()) break;
    moves.push_back(legal[static_cast<std::size_t>(random() % legal.size())]);
    placing.apply(moves.back());
  }
  return moves;
}

Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options) {
  auto rules = rules_from_options(options);
  if (!rules) return rules.error();
  return std::unique_ptr<Game>(
      std::make_unique<BattleshipGame>(std::move(definition), std::move(options), std::move(rules).value()));
}

}  // namespace gamerec::battleship
