#pragma once
// Tic-tac-toe, the sixth game docs/ARCHITECTURE.md adds: a 3x3 board, X
// moves first, then O; a move puts the mover's mark on an empty cell,
// written as its column letter and row number ("b2", row 1 at the bottom).
// Three in a row (a row, a column or a diagonal) wins; a full board is a
// draw. It lives in tests/toy/ as a fixture that the build compiles and
// checks like a game of src/games/.
//
// Ends: "three-in-a-row", "board-full".
#include <array>
#include <memory>
#include <string>
#include <string_view>

#include "rules/facets.h"
#include "rules/game.h"
#include "rules/typed.h"

namespace gamerec::tictactoe {

inline constexpr int kCells = 9;

class TicTacToeState final : public State {
 public:
  TicTacToeState() { cells_.fill(kNoSide); }

  Side at(int cell) const { return cells_[static_cast<std::size_t>(cell)]; }
  Side to_move() const override { return winner_ != kNoSide || marks_ == kCells ? kNoSide : marks_ % 2; }
  std::vector<Move> legal_moves() const override;
  bool is_over() const override { return to_move() == kNoSide; }
  Outcome outcome() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<TicTacToeState>(*this); }
  bool equals(const State& other) const override;
  BoardView view() const override;
  std::unique_ptr<Observation> observe(Side side) const override {
    return std::make_unique<PositionObservation<TicTacToeState>>(side, *this);
  }

 protected:
  std::optional<MoveError> do_check(const Move& move) const override;
  void do_apply(const Move& move) override;

 private:
  std::array<Side, kCells> cells_{};
  int marks_ = 0;
  Side winner_ = kNoSide;
};

// exec: players speak the protocol every game of perfect information
// shares (players/turn_protocol.h) over the game's ProgramNotation: how a
// move and a position are told.
class TicTacToeGame final : public GameOf<TicTacToeGame, TicTacToeState>, public ProgramNotation {
 public:
  static constexpr GameFacts kFacts{.rules = "tictactoe"};
  using GameOf::GameOf;
  std::unique_ptr<State> new_state() const override { return std::make_unique<TicTacToeState>(); }
  Result<WrittenMove, MoveError> parse_move(std::string_view text) const override;
  std::string move_text(const Move& move, const State& before) const override;
  std::unique_ptr<MoveChooser> make_chooser(std::string_view level, const ChooserSettings& settings) const override;
  std::vector<std::string> levels() const override { return {"random"}; }
  std::string program_move_text(const Move& move) const override;
  Told told_position(const State& position) const override;
};

// Builds the game from its definition and options (the catalogue's factory).
Result<std::unique_ptr<Game>, Message> make_game(SharedDefinition definition, RuleOptions options);

}  // namespace gamerec::tictactoe
