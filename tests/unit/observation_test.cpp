// Hidden information: a computer player decides from its side's Observation
// and the legal moves, never from the State. Proved two ways: by type (the
// chooser's interface cannot take a State, and an Observation is no way to
// one), and by behaviour, with a small game defined here whose sides each
// hold a secret: the match loop hands each player only what its side knows,
// so changing the hidden secret changes nothing a player sees or does.
#include <catch2/catch.hpp>

#include <type_traits>

#include "core/match.h"
#include "rules/typed.h"
#include "test_support.h"

using namespace gamerec;

// By type: MoveChooser takes an Observation, and an Observation is not a
// State nor convertible to one, so no chooser can be handed the whole game.
static_assert(std::is_invocable_v<decltype(&MoveChooser::choose_move), MoveChooser&, const Observation&,
                                  std::span<const Move>>);
static_assert(!std::is_invocable_v<decltype(&MoveChooser::choose_move), MoveChooser&, const State&,
                                   std::span<const Move>>);
static_assert(!std::is_base_of_v<State, Observation> && !std::is_base_of_v<Observation, State>);
static_assert(!std::is_convertible_v<const Observation&, const State&>);
static_assert(!std::is_convertible_v<const State&, const Observation&>);
// The Player the match loop asks gets an Observation too.
static_assert(std::is_invocable_v<decltype(&Player::act), Player&, const Game&, const Observation&,
                                  std::span<const Move>>);
static_assert(
    !std::is_invocable_v<decltype(&Player::act), Player&, const Game&, const State&, std::span<const Move>>);

namespace {

// "Guess": each of two sides holds a secret digit; they take turns naming a
// digit (a Move whose `to` is the digit) and hear "higher" or "lower"; who
// names the other's secret first wins.
struct GuessObservation final : Observation {
  GuessObservation(Side viewer, int own_secret, std::vector<std::pair<int, int>> guesses)
      : Observation(viewer), own_secret(own_secret), guesses(std::move(guesses)) {}
  int own_secret;
  std::vector<std::pair<int, int>> guesses;  // (digit, answer: -1 lower, +1 higher)
  BoardView view() const override { return {}; }
};

class GuessState final : public State {
 public:
  GuessState(int secret_a, int secret_b) : secrets_{secret_a, secret_b} {}
  Side to_move() const override { return winner_ >= 0 ? kNoSide : turn_; }
  std::vector<Move> legal_moves() const override {
    std::vector<Move> moves;
    for (int digit = 0; digit <= 9 && winner_ < 0; ++digit) moves.push_back(Move{-1, digit, 0});
    return moves;
  }
  bool is_over() const override { return winner_ >= 0; }
  Outcome outcome() const override {
    Outcome outcome;
    outcome.over = winner_ >= 0;
    if (outcome.over) {
      outcome.winners = {winner_};
      outcome.end = "guessed";
    }
    return outcome;
  }
  std::unique_ptr<State> clone() const override { return std::make_unique<GuessState>(*this); }
  bool equals(const State& other) const override {
    const auto* o = gamerec::as<GuessState>(other);
    return o != nullptr && o->secrets_ == secrets_ && o->turn_ == turn_ && o->guesses_ == guesses_;
  }
  BoardView view() const override { return {}; }
  std::unique_ptr<Observation> observe(Side side) const override {
    return std::make_unique<GuessObservation>(side, secrets_[side], guesses_[side]);
  }

 protected:
  std::optional<MoveError> do_check(const Move& move) const override {
    if (move.to < 0 || move.to > 9) return MoveError{ErrorCode::kOffBoard};
    return std::nullopt;
  }
  void do_apply(const Move& move) override {
    const int target = secrets_[1 - turn_];
    guesses_[turn_].emplace_back(move.to, target < move.to ? -1 : +1);
    if (move.to == target) winner_ = turn_;
    turn_ = 1 - turn_;
  }

 private:
  std::array<int, 2> secrets_;
  std::array<std::vector<std::pair<int, int>>, 2> guesses_;
  int turn_ = 0;
  int winner_ = -1;
};

class GuessGame final : public Game {
 public:
  GuessGame() : Game(GameType{.rules = "guess"}, std::make_shared<const GameDefinition>(definition()), RuleOptions{}) {}
  static GameDefinition definition() {
    GameDefinition d;
    d.name = "guess";
    d.rules = "guess";
    d.sides = {"a", "b"};
    return d;
  }
  std::unique_ptr<State> new_state() const override { return std::make_unique<GuessState>(3, 7); }
  Result<WrittenMove, MoveError> parse_move(std::string_view text) const override {
    if (text.size() != 1 || text[0] < '0' || text[0] > '9') return MoveError{ErrorCode::kNotation};
    return WrittenMove{Move{-1, text[0] - '0', 0}, true, text};
  }
  std::string move_text(const Move& move, const State&) const override { return std::to_string(move.to); }
  std::unique_ptr<MoveChooser> make_chooser(std::string_view, const ChooserSettings&) const override {
    return nullptr;
  }
  std::vector<std::string> levels() const override { return {}; }
};

// Bisects on what it has heard, and keeps every observation it was given.
class BisectingChooser final : public MoveChooser {
 public:
  explicit BisectingChooser(std::vector<std::pair<int, std::vector<std::pair<int, int>>>>& seen)
      : seen_(seen) {}
  std::optional<Move> choose_move(const Observation& observation, std::span<const Move> legal) override {
    const auto& guess = gamerec::downcast<GuessObservation>(observation);
    seen_.emplace_back(guess.own_secret, guess.guesses);
    int low = 0;
    int high = 9;
    for (const auto& [digit, answer] : guess.guesses) {
      if (answer < 0) high = std::min(high, digit - 1);
      if (answer > 0) low = std::max(low, digit + 1);
    }
    const int pick = (low + high) / 2;
    for (const Move& move : legal) {
      if (move.to == pick) return move;
    }
    return legal.front();
  }

 private:
  std::vector<std::pair<int, std::vector<std::pair<int, int>>>>& seen_;
};

class NoHooks final : public MatchHooks {};

struct Played {
  std::vector<std::pair<int, std::vector<std::pair<int, int>>>> seen_by_a;
  std::vector<Move> moves_of_a;
};

// Plays a game in which side a's secret is 2 and b's is `secret_b`; b
// always names 0, so only a's play and what a sees matter.
Played play_guess(int secret_b) {
  GuessGame game;
  Played played;
  ComputerPlayer a(std::make_unique<BisectingChooser>(played.seen_by_a));
  class Zero final : public MoveChooser {
    std::optional<Move> choose_move(const Observation&, std::span<const Move> legal) override {
      return legal.front();
    }
  };
  ComputerPlayer b(std::make_unique<Zero>());
  class Recorder final : public MatchHooks {
   public:
    explicit Recorder(std::vector<Move>& moves) : moves_(moves) {}
    void accepted(const Match&, Side mover, const Move& move, std::string_view, bool) override {
      if (mover == 0) moves_.push_back(move);
    }
    std::vector<Move>& moves_;
  } hooks(played.moves_of_a);
  Match match(game, std::make_unique<GuessState>(2, secret_b), {&a, &b}, nullptr);
  const MatchEnd end = match.run(hooks);
  REQUIRE(end.reason == MatchEnd::Reason::kGameOver);
  return played;
}

}  // namespace

TEST_CASE("observations: a computer player sees its own side's knowledge, never the other's secret") {
  const Played played = play_guess(7);
  REQUIRE_FALSE(played.seen_by_a.empty());
  for (const auto& [own_secret, guesses] : played.seen_by_a) CHECK(own_secret == 2);  // its own, not b's 7
  CHECK(played.moves_of_a.back().to == 7);  // it found b's secret by what it heard
}

TEST_CASE("observations: while what a player has seen is the same, so are its choices, whatever is hidden") {
  // b's secret is 7 in one game and 8 in the other: a's first guess (4)
  // hears "higher" in both, its second (7) ends the first game only. As
  // long as the two observations agree, the moves must agree.
  const Played seven = play_guess(7);
  const Played eight = play_guess(8);
  std::size_t same = 0;
  while (same < seven.seen_by_a.size() && same < eight.seen_by_a.size() &&
         seven.seen_by_a[same] == eight.seen_by_a[same]) {
    CHECK(seven.moves_of_a[same] == eight.moves_of_a[same]);
    ++same;
  }
  CHECK(same == 2);  // both guesses before the answers differ
  CHECK(eight.moves_of_a.size() > seven.moves_of_a.size());
}

TEST_CASE("observations: chaturanga hides nothing, its observation is the whole position") {
  const auto game = gamerec::test::make("chaturanga");
  auto state = game->new_state();
  gamerec::test::play_all(*game, *state, {"2A-3A", "4G-4F"});
  for (Side side = 0; side < 4; ++side) {
    const auto seen = state->observe(side);
    CHECK(seen->viewer() == side);
    const BoardView whole = state->view();
    const BoardView theirs = seen->view();
    REQUIRE(theirs.grids.size() == whole.grids.size());
    for (std::size_t i = 0; i < whole.grids[0].cells.size(); ++i) {
      CHECK(theirs.grids[0].cells[i].piece == whole.grids[0].cells[i].piece);
      CHECK(theirs.grids[0].cells[i].owner == whole.grids[0].cells[i].owner);
    }
  }
}
