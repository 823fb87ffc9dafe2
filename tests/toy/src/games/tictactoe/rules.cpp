// Tic-tac-toe's rules: marks on empty cells, three in a row, a full board.
#include "games/tictactoe/tictactoe.h"

namespace gamerec::tictactoe {
namespace {

constexpr int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

}  // namespace

std::vector<Move> TicTacToeState::legal_moves() const {
  std::vector<Move> moves;
  if (is_over()) return moves;
  for (int cell = 0; cell < kCells; ++cell)
    if (at(cell) == kNoSide) moves.push_back(Move{-1, cell, 0});
  return moves;
}

Outcome TicTacToeState::outcome() const {
  Outcome outcome;
  if (!is_over()) return outcome;
  outcome.over = true;
  outcome.end = winner_ != kNoSide ? "three-in-a-row" : "board-full";
  if (winner_ != kNoSide) outcome.winners = {winner_};
  return outcome;
}

bool TicTacToeState::equals(const State& other) const {
  const auto* o = as<TicTacToeState>(other);
  return o != nullptr && cells_ == o->cells_;
}

BoardView TicTacToeState::view() const {
  BoardGrid grid;
  grid.rows = grid.cols = 3;
  for (int row = 2; row >= 0; --row) {
    grid.row_labels.push_back(std::to_string(row + 1));
    for (int col = 0; col < 3; ++col) {
      BoardCell cell;
      const Side mark = at(row * 3 + col);
      cell.mark = mark == 0 ? 'X' : mark == 1 ? 'O' : '.';
      cell.owner = mark;
      grid.cells.push_back(cell);
    }
  }
  grid.col_labels = {"a", "b", "c"};
  return BoardView{{std::move(grid)}};
}

std::optional<MoveError> TicTacToeState::do_check(const Move& move) const {
  if (move.to < 0 || move.to >= kCells) return MoveError{ErrorCode::kOffBoard};
  if (at(move.to) != kNoSide) return MoveError{ErrorCode::kOccupied};
  return std::nullopt;
}

void TicTacToeState::do_apply(const Move& move) {
  const Side mover = to_move();
  cells_[static_cast<std::size_t>(move.to)] = mover;
  ++marks_;
  for (const auto& line : kLines)
    if (at(line[0]) == mover && at(line[1]) == mover && at(line[2]) == mover) winner_ = mover;
}

Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options) {
  return std::unique_ptr<Game>(std::make_unique<TicTacToeGame>(std::move(definition), std::move(options)));
}

}  // namespace gamerec::tictactoe
