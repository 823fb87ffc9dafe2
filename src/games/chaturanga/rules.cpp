// Chaturanga's rules: moves and their checks, eliminations and skipped turns, the end.
#include "games/chaturanga/chaturanga.h"

#include <bit>
#include <cstdlib>

#include "games/board/steps.h"

namespace gamerec::chaturanga {
namespace {

using board::col_of;
using board::kBishopRays;
using board::kKingSteps;
using board::kKnightJumps;
using board::kRookRays;
using board::make_square;
using board::neighbours;
using board::on_board;
using board::row_of;
using tables::kKingTargets;
using tables::kKnightTargets;
using tables::kPawnCaptures;
using tables::kPawnForward;
using tables::kPawnPushes;

int sign(int v) { return (v > 0) - (v < 0); }

// Bitboards of the squares a slider reaches first, one step away in its
// directions: the squares it must reach to move at all.
constexpr auto kRookFirstSteps = neighbours(kRookRays);
constexpr auto kBishopFirstSteps = neighbours(kBishopRays);

// Per side, piece and square: the first squares the piece may move to when
// empty (quiet) and when holding an enemy (capture). Indexed instead of
// switched on, since the switch's jump mispredicted in has_legal_move.
using FirstSteps = std::array<std::array<std::array<std::uint64_t, board::kSquares>, 5>, kSides>;
constexpr FirstSteps first_steps(bool captures) {
  FirstSteps table{};
  for (int side = 0; side < kSides; ++side) {
    table[side][static_cast<int>(Piece::kKing)] = kKingTargets;
    table[side][static_cast<int>(Piece::kRook)] = kRookFirstSteps;
    table[side][static_cast<int>(Piece::kBishop)] = kBishopFirstSteps;
    table[side][static_cast<int>(Piece::kKnight)] = kKnightTargets;
    table[side][static_cast<int>(Piece::kPawn)] = captures ? kPawnCaptures[side] : kPawnPushes[side];
  }
  return table;
}
constexpr FirstSteps kQuietSteps = first_steps(false);
constexpr FirstSteps kCaptureSteps = first_steps(true);

}  // namespace

ChaturangaState::ChaturangaState(const Rules& rules) : castling_(rules.castling) {
  king_home_.fill(-1);
  rook_home_.fill(-1);
  place(rules.setup);
  for (int side = 0; side < kSides; ++side) {
    for (const Placed& placed : rules.setup[side]) {
      if (placed.piece == Piece::kKing) king_home_[side] = placed.square;
      if (placed.piece == Piece::kRook) rook_home_[side] = placed.square;
    }
  }
  // Yellow starts, unless a setup leaves it without a move: then the first
  // side that can move starts, as if Yellow had been skipped.
  start_turn_at(kYellow);
}

ChaturangaState::ChaturangaState(const Rules& rules, const Position& position) : ChaturangaState(rules) {
  board_.fill(Cell{});
  occupied_.fill(0);
  place(position.pieces);
  eliminated_ = position.eliminated;
  over_ = false;
  winning_team_ = -1;
  // A team already out of the game has lost.
  for (int team = 0; team < 2; ++team) {
    if (eliminated_[team] && eliminated_[team + 2]) {
      over_ = true;
      winning_team_ = 1 - team;
      return;
    }
  }
  start_turn_at(position.to_move);
}

void ChaturangaState::place(const std::array<std::vector<Placed>, kSides>& pieces) {
  for (int side = 0; side < kSides; ++side) {
    for (const Placed& placed : pieces[side]) put(placed.square, side, placed.piece);
  }
}

void ChaturangaState::start_turn_at(int first) {
  to_move_ = (first + kSides - 1) % kSides;
  advance_turn(false);
  settled_ = true;
}

void ChaturangaState::settle_turn() const {
  to_move_ = last_mover_;
  advance_turn(false);
  settled_ = true;
}

void ChaturangaState::put(int square, int side, Piece piece) {
  const std::uint64_t bit = std::uint64_t{1} << square;
  if (!board_[square].empty()) occupied_[board_[square].side] &= ~bit;
  board_[square] = {static_cast<std::int8_t>(side), piece};
  occupied_[side] |= bit;
}

bool ChaturangaState::is_castling(int side, int from, int to) const {
  return castling_ && from == king_home_[side] && to == rook_home_[side] && from >= 0 && to >= 0 &&
         board_[from] == Cell{static_cast<std::int8_t>(side), Piece::kKing} &&
         board_[to] == Cell{static_cast<std::int8_t>(side), Piece::kRook};
}

// Checks 6 and 7 of gamerec-games(7), CHATURANGA, "Checking a move", for a move whose destination is not allied.
std::optional<MoveError> ChaturangaState::check_shape(const Cell& mover, int from, int to) const {
  const int dr = row_of(to) - row_of(from);
  const int dc = col_of(to) - col_of(from);
  // Built only when returned: a MoveError holds a std::string.
  const auto illegal = [] { return MoveError{ErrorCode::kIllegalMove}; };
  switch (mover.piece) {
    case Piece::kKing:
      if (std::abs(dr) > 1 || std::abs(dc) > 1) return illegal();
      return std::nullopt;
    case Piece::kKnight:
      if (std::abs(dr * dc) != 2) return illegal();
      return std::nullopt;
    case Piece::kPawn: {
      const auto [fr, fc] = kPawnForward[mover.side];
      const bool straight = dr == fr && dc == fc;
      // Diagonally forward: one step forward plus one step to either side.
      const bool diagonal = fr != 0 ? (dr == fr && std::abs(dc) == 1) : (dc == fc && std::abs(dr) == 1);
      if (straight && board_[to].empty()) return std::nullopt;
      if (diagonal && !board_[to].empty()) return std::nullopt;
      return illegal();
    }
    case Piece::kRook:
    case Piece::kBishop: {
      const bool straight_line = dr == 0 || dc == 0;
      const bool diagonal_line = std::abs(dr) == std::abs(dc);
      if (mover.piece == Piece::kRook ? !straight_line : !diagonal_line) return illegal();
      const int step_r = sign(dr);
      const int step_c = sign(dc);
      for (int r = row_of(from) + step_r, c = col_of(from) + step_c; make_square(r, c) != to;
           r += step_r, c += step_c) {
        if (!board_[make_square(r, c)].empty())
          return MoveError{ErrorCode::kBlockedPath, {}, {{"square", board::row_col_name(make_square(r, c))}}};
      }
      return std::nullopt;
    }
  }
  return illegal();
}

std::optional<MoveError> ChaturangaState::do_check(const Move& move) const {
  // Moves from the parser are always on the board; players and tests build
  // Moves themselves, and a bad one must be an error, not a stray read.
  const auto outside = [](int square) { return square < 0 || square >= board::kSquares; };
  if (outside(move.from) || outside(move.to)) return MoveError{ErrorCode::kOffBoard};
  const Cell& mover = board_[move.from];
  if (mover.empty()) return MoveError{ErrorCode::kEmptySquare};
  if (mover.side != to_move_) return MoveError{ErrorCode::kNotYourTurn};
  if (is_castling(to_move_, move.from, move.to)) return std::nullopt;
  const Cell& target = board_[move.to];
  if (move.from == move.to || (!target.empty() && same_team(target.side, mover.side)))
    return MoveError{ErrorCode::kAlliedDestination};
  return check_shape(mover, move.from, move.to);
}

template <typename Visit>
bool ChaturangaState::for_each_move(int side, Visit&& visit) const {
  auto open_to = [&](int square) { return board_[square].empty() || !same_team(board_[square].side, side); };
  auto steps = [&](int from, const auto& deltas) {
    for (const auto& [dr, dc] : deltas) {
      const int r = row_of(from) + dr;
      const int c = col_of(from) + dc;
      if (on_board(r, c) && open_to(make_square(r, c)) && visit(from, make_square(r, c))) return true;
    }
    return false;
  };
  auto rays = [&](int from, const auto& directions) {
    for (const auto& [dr, dc] : directions) {
      for (int r = row_of(from) + dr, c = col_of(from) + dc; on_board(r, c); r += dr, c += dc) {
        const int to = make_square(r, c);
        if (open_to(to) && visit(from, to)) return true;
        if (!board_[to].empty()) break;
      }
    }
    return false;
  };
  for (std::uint64_t pieces = occupied_[side]; pieces != 0; pieces &= pieces - 1) {
    const int from = std::countr_zero(pieces);
    const Cell& cell = board_[from];
    bool stop = false;
    switch (cell.piece) {
      case Piece::kKing:
        stop = steps(from, kKingSteps) ||
               (is_castling(side, from, rook_home_[side]) && visit(from, rook_home_[side]));
        break;
      case Piece::kKnight:
        stop = steps(from, kKnightJumps);
        break;
      case Piece::kRook:
        stop = rays(from, kRookRays);
        break;
      case Piece::kBishop:
        stop = rays(from, kBishopRays);
        break;
      case Piece::kPawn: {
        const auto [fr, fc] = kPawnForward[side];
        const int r = row_of(from) + fr;
        const int c = col_of(from) + fc;
        if (on_board(r, c) && board_[make_square(r, c)].empty() && visit(from, make_square(r, c))) {
          stop = true;
          break;
        }
        for (int sidestep : {-1, 1}) {
          const int cr = r + (fr == 0 ? sidestep : 0);
          const int cc = c + (fc == 0 ? sidestep : 0);
          if (!on_board(cr, cc)) continue;
          const Cell& target = board_[make_square(cr, cc)];
          if (!target.empty() && !same_team(target.side, side) && visit(from, make_square(cr, cc))) {
            stop = true;
            break;
          }
        }
        break;
      }
    }
    if (stop) return true;
  }
  return false;
}

std::vector<Move> ChaturangaState::legal_moves() const {
  std::vector<Move> moves;
  settle();
  if (over_) return moves;
  for_each_move(to_move_, [&](int from, int to) {
    moves.push_back(Move{from, to, 0});
    return false;
  });
  return moves;
}

// Whether `side` can move at all. A slider that can move can move one step,
// so every piece needs only its first squares checked: a few bit operations
// per piece instead of generating moves (this runs after every move).
bool ChaturangaState::has_legal_move(int side) const {
  const std::uint64_t team = occupied_[side] | occupied_[(side + 2) & 3];
  const std::uint64_t enemies = occupied_[(side + 1) & 3] | occupied_[(side + 3) & 3];
  const std::uint64_t empty = ~(team | enemies);
  for (std::uint64_t pieces = occupied_[side]; pieces != 0; pieces &= pieces - 1) {
    const int from = std::countr_zero(pieces);
    const int piece = static_cast<int>(board_[from].piece);
    if (((kQuietSteps[side][piece][from] & empty) | (kCaptureSteps[side][piece][from] & enemies)) != 0)
      return true;
  }
  return is_castling(side, king_home_[side], rook_home_[side]);
}

void ChaturangaState::do_apply(const Move& move) { apply_direct(move); }

void ChaturangaState::advance_turn(bool king_captured) const {
  for (int team = 0; king_captured && team < 2; ++team) {
    if (eliminated_[team] && eliminated_[team + 2]) {
      over_ = true;
      winning_team_ = 1 - team;
      return;
    }
  }
  // The next side in turn order that is still in the game and can move; the
  // side that just moved comes last, so it moves again if nobody else can.
  for (int offset = 1; offset <= kSides; ++offset) {
    const int side = (to_move_ + offset) % kSides;
    if (!eliminated_[side] && has_legal_move(side)) {
      to_move_ = side;
      return;
    }
  }
  over_ = true;  // nobody can move: a draw
  winning_team_ = -1;
}

std::uint64_t ChaturangaState::count_leaves(int depth) const {
  if (depth == 0) return 1;
  settle();
  if (over_) return 0;
  std::uint64_t nodes = 0;
  // Children on the stack, moves never stored: perft visits millions.
  for_each_move(to_move_, [&](int from, int to) {
    if (depth == 1) {
      ++nodes;
    } else {
      ChaturangaState child = *this;
      child.do_apply(Move{from, to, 0});
      nodes += child.count_leaves(depth - 1);
    }
    return false;
  });
  return nodes;
}

Outcome ChaturangaState::outcome() const {
  settle();
  Outcome result;
  result.over = over_;
  if (!over_) return result;
  if (winning_team_ >= 0) {
    result.winners = {winning_team_, winning_team_ + 2};
    result.end = "kings-captured";
  } else {
    result.end = "no-moves";
  }
  return result;
}

std::unique_ptr<State> ChaturangaState::clone() const { return std::make_unique<ChaturangaState>(*this); }

bool ChaturangaState::equals(const State& other) const {
  const auto* o = as<ChaturangaState>(other);
  if (o == nullptr) return false;
  settle();
  o->settle();
  return board_ == o->board_ && eliminated_ == o->eliminated_ && to_move_ == o->to_move_ &&
         over_ == o->over_ && winning_team_ == o->winning_team_ && castling_ == o->castling_ &&
         king_home_ == o->king_home_ && rook_home_ == o->rook_home_;
}

std::unique_ptr<Observation> ChaturangaState::observe(Side side) const {
  return std::make_unique<PositionObservation<ChaturangaState>>(side, *this);  // nothing is hidden
}

BoardView ChaturangaState::view() const {
  BoardGrid view;
  view.rows = board::kSize;
  view.cols = board::kSize;
  for (int row = board::kSize - 1; row >= 0; --row) {
    view.row_labels.push_back(std::string(1, static_cast<char>('1' + row)));
    for (int col = 0; col < board::kSize; ++col) {
      const Cell& cell = board_[make_square(row, col)];
      BoardCell out;
      if (!cell.empty()) {
        out.piece = static_cast<int>(cell.piece);
        out.owner = cell.side;
      }
      view.cells.push_back(out);
    }
  }
  for (int col = 0; col < board::kSize; ++col)
    view.col_labels.push_back(std::string(1, static_cast<char>('A' + col)));
  return BoardView{{std::move(view)}};
}

std::unique_ptr<State> ChaturangaGame::new_state() const { return std::make_unique<ChaturangaState>(rules_); }

Result<std::unique_ptr<State>, Message> ChaturangaGame::new_state_from(std::string_view position) const {
  if (position.empty()) return new_state();
  auto parsed = parse_position(position, definition());
  if (!parsed) return parsed.error();
  return std::unique_ptr<State>(std::make_unique<ChaturangaState>(rules_, *parsed));
}

std::string ChaturangaGame::move_text(const Move& move, const State& /*before*/) const {
  return chaturanga_move_text(move);
}

std::unique_ptr<MoveChooser> ChaturangaGame::make_chooser(std::string_view level,
                                                          const ChooserSettings& settings) const {
  if (level == "1" || level == "greedy") return make_greedy_chooser(settings.seed);
  if (level == "random") return make_random_chooser(settings.seed);
  return nullptr;
}

Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options) {
  auto rules = rules_from_options(options);
  if (!rules) return rules.error();
  return std::unique_ptr<Game>(
      std::make_unique<ChaturangaGame>(std::move(definition), std::move(options), std::move(rules).value()));
}

}  // namespace gamerec::chaturanga
