// Kalah's rules: sowing, extra moves and captures, the sweep at the end.
#include "games/kalah/kalah.h"

#include <numeric>

#include "games/kalah/search.h"

namespace gamerec::kalah {
namespace {

int row_sum(const Row& row, int pits) {
  return std::accumulate(row.pits.begin(), row.pits.begin() + pits, 0);
}

}  // namespace

KalahState::KalahState(const Rules& rules) : rules_(rules) {
  for (Row& row : rows_) {
    for (int pit = 0; pit < rules.pits; ++pit) row.pits[static_cast<std::size_t>(pit)] =
        static_cast<std::uint8_t>(rules.seeds);
  }
}

KalahState::KalahState(const Rules& rules, const Row& south, const Row& north, Side to_move)
    : rules_(rules), rows_{south, north}, to_move_(to_move) {
  finish_if_empty();
}

// The ring the seeds travel, from the mover's point of view: its pits
// 0..p-1, its store p, the opponent's pits p+1..2p (the opponent's store is
// skipped, so it is not on the ring). The pit opposite own pit i is 2p - i.
Sowing KalahState::sow(int pit) {
  const int p = rules_.pits;
  const int ring = 2 * p + 1;
  Row& own = rows_[to_move_];
  Row& other = rows_[1 - to_move_];
  auto seeds_at = [&](int slot) -> std::uint8_t& {
    return slot < p ? own.pits[static_cast<std::size_t>(slot)] : other.pits[static_cast<std::size_t>(slot - p - 1)];
  };
  const int start = pit - 1;
  const int seeds = own.pits[static_cast<std::size_t>(start)];
  own.pits[static_cast<std::size_t>(start)] = 0;
  // Whole laps first (every slot, the starting pit too), then the rest.
  const int laps = seeds / ring;
  const int rest = seeds % ring;
  if (laps > 0) {
    for (int slot = 0; slot < ring; ++slot) {
      if (slot == p) continue;
      seeds_at(slot) = static_cast<std::uint8_t>(seeds_at(slot) + laps);
    }
    own.store += laps;
  }
  for (int step = 1; step <= rest; ++step) {
    const int slot = (start + step) % ring;
    if (slot == p) {
      ++own.store;
    } else {
      ++seeds_at(slot);
    }
  }
  const int last = (start + seeds) % ring;
  Sowing result;
  if (last == p) {
    result.extra_move = true;
  } else if (last < p && own.pits[static_cast<std::size_t>(last)] == 1) {
    auto& opposite = other.pits[static_cast<std::size_t>(p - 1 - last)];
    if (opposite > 0 || !rules_.capture_needs_opposite_seeds) {
      result.captured = 1 + opposite;
      own.store += result.captured;
      own.pits[static_cast<std::size_t>(last)] = 0;
      opposite = 0;
    }
  }
  return result;
}

void KalahState::finish_if_empty() {
  const int south = row_sum(rows_[kSouth], rules_.pits);
  const int north = row_sum(rows_[kNorth], rules_.pits);
  if (south != 0 && north != 0) return;
  for (Row& row : rows_) {
    row.store += row_sum(row, rules_.pits);
    row.pits.fill(0);
  }
  over_ = true;
}

Sowing KalahState::preview(int pit) const {
  KalahState copy = *this;
  return copy.sow(pit);
}

std::vector<Move> KalahState::legal_moves() const {
  std::vector<Move> moves;
  if (over_) return moves;
  for (int pit = 1; pit <= rules_.pits; ++pit) {
    if (seeds_in(to_move_, pit) > 0) moves.push_back(Move{pit, -1, 0});
  }
  return moves;
}

std::optional<MoveError> KalahState::do_check(const Move& move) const {
  if (move.from < 1 || move.from > rules_.pits || move.to != -1 || move.flag != 0)
    return MoveError{ErrorCode::kNotation};
  if (seeds_in(to_move_, move.from) == 0) return MoveError{ErrorCode::kEmptyPit};
  return std::nullopt;
}

void KalahState::do_apply(const Move& move) {
  const Sowing sowing = sow(move.from);
  last_pit_ = move.from;
  last_mover_ = to_move_;
  extra_move_ = sowing.extra_move;
  if (!sowing.extra_move) to_move_ = 1 - to_move_;
  finish_if_empty();
}

// One sowing is one ply, an extra move a new ply by the same side. A move
// that ends the game is a leaf even above the last ply (the rule:
// the game tree's leaves are its ends and the positions `depth` deep).
std::uint64_t KalahState::count_leaves(int depth) const {
  if (depth == 0 || over_) return 1;
  std::uint64_t nodes = 0;
  for (int pit = 1; pit <= rules_.pits; ++pit) {
    if (seeds_in(to_move_, pit) == 0) continue;
    if (depth == 1) {
      ++nodes;
      continue;
    }
    KalahState child = *this;
    child.do_apply(Move{pit, -1, 0});
    nodes += child.count_leaves(depth - 1);
  }
  return nodes;
}

Outcome KalahState::outcome() const {
  Outcome result;
  result.over = over_;
  // The stores as they stand, also while the game goes on: a game won by
  // forfeit counts with them.
  result.score = {rows_[kSouth].store, rows_[kNorth].store};
  if (!over_) return result;
  result.end = "no-seeds";
  if (rows_[kSouth].store != rows_[kNorth].store)
    result.winners = {rows_[kSouth].store > rows_[kNorth].store ? kSouth : kNorth};
  return result;
}

std::unique_ptr<State> KalahState::clone() const { return std::make_unique<KalahState>(*this); }

bool KalahState::equals(const State& other) const {
  const auto* o = as<KalahState>(other);
  return o != nullptr && rows_ == o->rows_ && to_move_ == o->to_move_ && over_ == o->over_ &&
         extra_move_ == o->extra_move_ && rules_.pits == o->rules_.pits &&
         rules_.capture_needs_opposite_seeds == o->rules_.capture_needs_opposite_seeds;
}

std::unique_ptr<Observation> KalahState::observe(Side side) const {
  return std::make_unique<PositionObservation<KalahState>>(side, *this);  // nothing is hidden
}

std::optional<Message> KalahGame::turn_reason(const State& state) const {
  if (state_of(state).extra_move()) return Message{"status.extra-move"};
  return std::nullopt;
}

// Two rows, North on top, as the handset shows it: North's store at the
// left end, South's at the right; each row's pits numbered in its own
// sowing direction (North's from right to left), North's numbers above the
// board and South's below.
BoardView KalahState::view() const {
  const int p = rules_.pits;
  BoardGrid grid;
  grid.rows = 2;
  grid.cols = p + 2;
  grid.row_labels = {"", ""};
  auto count = [](int seeds, Side owner, bool highlight) {
    BoardCell cell;
    cell.text = std::to_string(seeds);
    cell.owner = owner;
    cell.highlight = highlight;
    return cell;
  };
  BoardCell corner;
  corner.mark = ' ';
  grid.cells.push_back(count(rows_[kNorth].store, kNorth, false));
  grid.col_labels.emplace_back();
  for (int pit = p; pit >= 1; --pit) {
    grid.cells.push_back(count(seeds_in(kNorth, pit), kNorth, last_mover_ == kNorth && last_pit_ == pit));
    grid.col_labels.push_back(std::to_string(pit));
  }
  grid.cells.push_back(corner);
  grid.col_labels.emplace_back();
  grid.cells.push_back(corner);
  grid.bottom_col_labels.emplace_back();
  for (int pit = 1; pit <= p; ++pit) {
    grid.cells.push_back(count(seeds_in(kSouth, pit), kSouth, last_mover_ == kSouth && last_pit_ == pit));
    grid.bottom_col_labels.push_back(std::to_string(pit));
  }
  grid.cells.push_back(count(rows_[kSouth].store, kSouth, false));
  grid.bottom_col_labels.emplace_back();
  return BoardView{{std::move(grid)}};
}

std::unique_ptr<State> KalahGame::new_state() const { return std::make_unique<KalahState>(rules_); }

Result<WrittenMove, MoveError> KalahGame::parse_move(std::string_view text) const {
  auto pit = parse_pit(text, rules_.pits);
  if (!pit) return std::move(pit.error());
  return WrittenMove{*pit, true, text};
}

std::string KalahGame::move_text(const Move& move, const State& /*before*/) const {
  return std::to_string(move.from);
}

std::unique_ptr<MoveChooser> KalahGame::make_chooser(std::string_view level,
                                                     const ChooserSettings& settings) const {
  if (level.size() != 1 || level[0] < '1' || level[0] > '7') return nullptr;
  const int number = level[0] - '0';
  if (number <= 5) return make_classic_chooser(number, settings.seed);
  if (number == 6) return make_alpha_beta_chooser(kLevelSixDepth);
  return make_perfect_chooser(settings.movetime_ms.value_or(kLevelSevenMovetimeMs), level_seven_tables_);
}

std::unique_ptr<Solver> KalahGame::solver() const { return make_solver(); }

Result<Move, MoveError> parse_pit(std::string_view text, int pits) {
  // Two digits at most: a longer text is no pit, and the value stays small.
  if (text.empty() || text.size() > 2 || text[0] == '0') return MoveError{ErrorCode::kNotation};
  int pit = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return MoveError{ErrorCode::kNotation};
    pit = pit * 10 + (c - '0');
  }
  if (pit > pits) return MoveError{ErrorCode::kNotation, "pit-range", {{"pits", std::to_string(pits)}}};
  return Move{pit, -1, 0};
}

Rules rules_from_options(const RuleOptions& options) {
  Rules rules;
  rules.pits = options.get_int("pits");
  rules.seeds = options.get_int("seeds");
  rules.capture_needs_opposite_seeds = options.get_bool("capture_needs_opposite_seeds");
  return rules;
}

Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options) {
  const Rules rules = rules_from_options(options);
  return std::unique_ptr<Game>(std::make_unique<KalahGame>(std::move(definition), std::move(options), rules));
}

}  // namespace gamerec::kalah
