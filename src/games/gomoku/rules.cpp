// Gomoku's rules: stones, five in a row as the rule counts it (freestyle,
// exact5, renju, caro), renju's forbidden moves (renju.cpp), a full board.
#include "games/gomoku/gomoku.h"

namespace gamerec::gomoku {
namespace {

// The four lines through a point, as (row step, column step); the other
// half of each line is the opposite step.
constexpr std::array<std::array<int, 2>, 4> kLines = {{{0, 1}, {1, 0}, {1, 1}, {1, -1}}};

}  // namespace

Result<Rules, Message> rules_from_options(const RuleOptions& options) {
  Rules rules;
  rules.size = options.get_int("size");
  const std::string& rule = options.get_string("rule");
  if (rule == "freestyle") {
    rules.rule = FiveRule::kFreestyle;
  } else if (rule == "exact5") {
    rules.rule = FiveRule::kExactFive;
  } else if (rule == "renju") {
    rules.rule = FiveRule::kRenju;
  } else if (rule == "caro") {
    rules.rule = FiveRule::kCaro;
  } else {
    return Message{"rule.unknown", {{"rule", rule}}};
  }
  // exact_five=true is what records said before `rule`: exact5 by its old name.
  if (options.get_bool("exact_five")) {
    if (rules.rule != FiveRule::kFreestyle && rules.rule != FiveRule::kExactFive)
      return Message{"rule.exact-five", {{"rule", rule}}};
    rules.rule = FiveRule::kExactFive;
  }
  // The YAML gives the range, but a --definitions definition may widen it:
  // columns are single letters, and five in a row must fit.
  if (rules.size < kMinSize || rules.size > kMaxSize)
    return Message{"size.out-of-range", {{"size", std::to_string(rules.size)}}};
  return rules;
}

GomokuState::GomokuState(const Rules& rules) : rules_(rules) { board_.fill(kEmpty); }

int GomokuState::run_length(int row, int col, int dr, int dc, int side) const {
  const int n = rules_.size;
  int length = 0;
  for (int r = row + dr, c = col + dc; r >= 0 && r < n && c >= 0 && c < n && board_[r * n + c] == side;
       r += dr, c += dc)
    ++length;
  return length;
}

bool GomokuState::wins(int side, int length, bool closed) const {
  switch (rules_.rule) {
    case FiveRule::kFreestyle:
      return length >= 5;
    case FiveRule::kExactFive:
      return length == 5;
    case FiveRule::kRenju:
      return side == kBlack ? length == 5 : length >= 5;
    case FiveRule::kCaro:
      return length >= 5 && !closed;
  }
  return false;
}

bool GomokuState::forbidden(int point) const {
  return rules_.rule == FiveRule::kRenju && point >= 0 && point < rules_.size * rules_.size &&
         renju_forbidden(board_, rules_.size, point);
}

std::optional<MoveError> GomokuState::do_check(const Move& move) const {
  // Moves from the parser are on the board; players and tests build Moves
  // themselves, and a bad one must be an error, not a stray read.
  if (move.to < 0 || move.to >= rules_.size * rules_.size) return MoveError{ErrorCode::kOffBoard};
  if (board_[static_cast<std::size_t>(move.to)] != kEmpty) return MoveError{ErrorCode::kOccupied};
  return std::nullopt;
}

void GomokuState::do_apply(const Move& move) {
  const int n = rules_.size;
  const int side = to_move_;
  // Asked before the stone is down; a move that makes a five is never forbidden.
  const bool forbidden_move = side == kBlack && forbidden(move.to);
  board_[static_cast<std::size_t>(move.to)] = static_cast<std::int8_t>(side);
  ++stones_;
  last_move_ = move.to;
  // Only the lines through the new stone can have changed.
  const int row = move.to / n;
  const int col = move.to % n;
  // Whether the point `steps` along (dr, dc) holds the opponent's stone.
  const auto opponent_at = [&](int steps, int dr, int dc) {
    const int r = row + steps * dr;
    const int c = col + steps * dc;
    return r >= 0 && r < n && c >= 0 && c < n && board_[static_cast<std::size_t>(r * n + c)] == 1 - side;
  };
  for (const auto& [dr, dc] : kLines) {
    const int forward = run_length(row, col, dr, dc, side);
    const int backward = run_length(row, col, -dr, -dc, side);
    const int length = forward + backward + 1;
    const bool closed = opponent_at(forward + 1, dr, dc) && opponent_at(-backward - 1, dr, dc);
    if (!wins(side, length, closed)) continue;
    winner_ = side;
    for (int k = -backward; k <= forward; ++k) winning_line_.push_back((row + k * dr) * n + col + k * dc);
  }
  if (winner_ == kNoSide && forbidden_move) {
    winner_ = kWhite;
    forbidden_move_ = true;
  }
  if (winner_ != kNoSide) {
    over_ = true;
    return;
  }
  if (stones_ == n * n) {
    over_ = true;  // a draw
    return;
  }
  to_move_ = 1 - side;
}

std::vector<Move> GomokuState::legal_moves() const {
  std::vector<Move> moves;
  if (over_) return moves;
  const int points = rules_.size * rules_.size;
  moves.reserve(static_cast<std::size_t>(points - stones_));
  for (int point = 0; point < points; ++point) {
    if (board_[static_cast<std::size_t>(point)] == kEmpty) moves.push_back(Move{-1, point, 0});
  }
  return moves;
}

Outcome GomokuState::outcome() const {
  Outcome result;
  result.over = over_;
  if (!over_) return result;
  if (winner_ != kNoSide) {
    result.winners = {winner_};
    result.end = forbidden_move_ ? "forbidden-move" : "line-of-five";
  } else {
    result.end = "board-full";
  }
  return result;
}

std::unique_ptr<State> GomokuState::clone() const { return std::make_unique<GomokuState>(*this); }

bool GomokuState::equals(const State& other) const {
  const auto* o = as<GomokuState>(other);
  return o != nullptr && rules_.size == o->rules_.size && rules_.rule == o->rules_.rule &&
         board_ == o->board_ && to_move_ == o->to_move_ && over_ == o->over_ && winner_ == o->winner_ &&
         forbidden_move_ == o->forbidden_move_;
}

std::unique_ptr<Observation> GomokuState::observe(Side side) const {
  return std::make_unique<PositionObservation<GomokuState>>(side, *this);  // nothing is hidden
}

BoardView GomokuState::view() const {
  const int n = rules_.size;
  BoardGrid grid;
  grid.rows = n;
  grid.cols = n;
  // Renju: the points Black may not play, while Black is to move.
  const bool show_forbidden = rules_.rule == FiveRule::kRenju && !over_ && to_move_ == kBlack;
  // The winning line once there is one, else the last stone played.
  std::vector<bool> highlighted(static_cast<std::size_t>(n * n), false);
  for (int point : winning_line_) highlighted[static_cast<std::size_t>(point)] = true;
  if (winning_line_.empty() && last_move_ >= 0) highlighted[static_cast<std::size_t>(last_move_)] = true;
  for (int row = n - 1; row >= 0; --row) {
    grid.row_labels.push_back(std::to_string(row + 1));
    for (int col = 0; col < n; ++col) {
      const int point = row * n + col;
      const int stone = board_[static_cast<std::size_t>(point)];
      BoardCell cell;
      cell.mark = stone == kBlack                      ? 'X'
                  : stone == kWhite                    ? 'O'
                  : show_forbidden && forbidden(point) ? '!'
                                                       : '.';
      cell.owner = stone == kEmpty ? kNoSide : stone;
      cell.highlight = highlighted[static_cast<std::size_t>(point)];
      grid.cells.push_back(cell);
    }
  }
  for (int col = 0; col < n; ++col) grid.col_labels.push_back(std::string(1, static_cast<char>('A' + col)));
  return BoardView{{std::move(grid)}};
}

std::unique_ptr<State> GomokuGame::new_state() const { return std::make_unique<GomokuState>(rules_); }

Result<WrittenMove, MoveError> GomokuGame::parse_move(std::string_view text) const {
  auto point = parse_point(text, rules_.size);
  if (!point) return std::move(point.error());
  return WrittenMove{Move{-1, *point, 0}, true, text};
}

std::string GomokuGame::move_text(const Move& move, const State& /*before*/) const {
  return point_text(move.to, rules_.size);
}

std::string GomokuGame::cell_move(int row, int col) const {
  const int n = rules_.size;
  if (row < 0 || row >= n || col < 0 || col >= n) return "A0";  // row 0 is off every board
  return point_text((n - 1 - row) * n + col, n);
}

CellBoard::Cell GomokuGame::cell_of(const Move& move) const {
  const int n = rules_.size;
  return Cell{n - 1 - move.to / n, move.to % n};
}

std::unique_ptr<MoveChooser> GomokuGame::make_chooser(std::string_view level,
                                                      const ChooserSettings& settings) const {
  if (level == "1") return make_random_chooser(settings.seed);
  if (level == "2") return make_threat_chooser(settings.seed);
  if (level == "3") return make_search_chooser(settings);
  return nullptr;
}

Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options) {
  auto rules = rules_from_options(options);
  if (!rules) return rules.error();
  // Either name of exact5 gives both, so that programs told the options
  // (exec:'s option lines) and records read either one.
  if (rules->rule == FiveRule::kExactFive) {
    options.set("rule", std::string("exact5"));
    options.set("exact_five", true);
  }
  return std::unique_ptr<Game>(std::make_unique<GomokuGame>(std::move(definition), std::move(options), *rules));
}

}  // namespace gamerec::gomoku
