// Battleship's computer players: they see only their observation (by type
// and by behaviour), place legal fleets, and never waste a shot on what is
// known: hunter never shoots known water, density and sampler never shoot
// a cell that no remaining ship can cover. What "known" means is worked
// out here again, independently of the players' own Knowledge, from the
// shots and their answers alone.
#include <catch2/catch.hpp>

#include <type_traits>

#include "core/match.h"
#include "core/tourney.h"
#include "games/battleship/battleship.h"
#include "rules/typed.h"
#include "test_support.h"

using namespace gamerec;
using namespace gamerec::battleship;

// By type: an observation holds copies, and is no way to the State.
static_assert(!std::is_base_of_v<State, BattleshipObservation>);
static_assert(!std::is_convertible_v<const BattleshipObservation&, const State&>);
static_assert(!std::is_constructible_v<BattleshipObservation, const BattleshipState&>);

namespace {

const std::vector<std::string> kLevels = {"random", "hunter", "density", "sampler"};

// The reference: what a shooter knows of the enemy grid from its shots.
struct Reference {
  int width = 0;
  int height = 0;
  std::vector<Flag> fired;
  std::vector<bool> sunk_cell;
  std::vector<bool> water;  // shot water, around a sunk ship, or diagonal to a hit
  std::vector<int> afloat;  // lengths of the ships not sunk

  Reference(const BattleshipObservation& seen) : width(seen.rules().width), height(seen.rules().height) {
    const int cells = width * height;
    for (int c = 0; c < cells; ++c) fired.push_back(seen.fired(c));
    sunk_cell.assign(static_cast<std::size_t>(cells), false);
    water.assign(static_cast<std::size_t>(cells), false);
    afloat = seen.rules().ships;
    for (int c = 0; c < cells; ++c) {
      if (fired[static_cast<std::size_t>(c)] == kWater) water[static_cast<std::size_t>(c)] = true;
      if (is_hit(c)) {
        for (const int d : neighbours(c, true)) water[static_cast<std::size_t>(d)] = true;
      }
    }
    for (int c = 0; c < cells; ++c) {
      if (fired[static_cast<std::size_t>(c)] != kSunk) continue;
      // The sunk ship: the hits connected to the shot that sank it.
      std::vector<int> ship = {c};
      for (std::size_t i = 0; i < ship.size(); ++i) {
        for (const int d : neighbours(ship[i], false)) {
          if (is_hit(d) && std::find(ship.begin(), ship.end(), d) == ship.end()) ship.push_back(d);
        }
      }
      for (const int part : ship) {
        sunk_cell[static_cast<std::size_t>(part)] = true;
        for (const int d : neighbours(part, false)) water[static_cast<std::size_t>(d)] = !is_hit(d);
      }
      afloat.erase(std::find(afloat.begin(), afloat.end(), static_cast<int>(ship.size())));
    }
  }

  bool is_hit(int cell) const {
    const Flag answer = fired[static_cast<std::size_t>(cell)];
    return answer == kHit || answer == kSunk;
  }
  // The orthogonal neighbours, or with `diagonal` the diagonal ones.
  std::vector<int> neighbours(int cell, bool diagonal) const {
    std::vector<int> out;
    const int row = cell / width;
    const int col = cell % width;
    for (int dr = -1; dr <= 1; ++dr) {
      for (int dc = -1; dc <= 1; ++dc) {
        if ((dr == 0 && dc == 0) || ((dr != 0 && dc != 0) != diagonal)) continue;
        if (row + dr >= 0 && row + dr < height && col + dc >= 0 && col + dc < width)
          out.push_back((row + dr) * width + col + dc);
      }
    }
    return out;
  }
  // Whether some ship afloat may lie on `cell`: a straight run of its
  // length through it, on no water or sunk cell, with no hit of another
  // ship beside it.
  bool coverable(int cell) const {
    for (const int length : afloat) {
      for (const bool vertical : {false, true}) {
        for (int offset = 0; offset < length; ++offset) {
          std::vector<int> run;
          const int row = cell / width - (vertical ? offset : 0);
          const int col = cell % width - (vertical ? 0 : offset);
          for (int i = 0; i < length; ++i) {
            const int r = row + (vertical ? i : 0);
            const int c = col + (vertical ? 0 : i);
            if (r < 0 || r >= height || c < 0 || c >= width) break;
            run.push_back(r * width + c);
          }
          if (static_cast<int>(run.size()) != length) continue;
          bool fits = true;
          for (const int part : run) {
            if (water[static_cast<std::size_t>(part)] || sunk_cell[static_cast<std::size_t>(part)])
              fits = false;
            for (const int d : neighbours(part, false)) {
              if (is_hit(d) && std::find(run.begin(), run.end(), d) == run.end()) fits = false;
            }
          }
          if (fits) return true;
        }
      }
    }
    return false;
  }
};

// A player that checks every choice of another against the reference.
class Checked final : public Player {
 public:
  Checked(std::unique_ptr<MoveChooser> chooser, std::string level)
      : chooser_(std::move(chooser)), level_(std::move(level)) {}
  std::optional<Action> act(const Game&, const Observation& seen, std::span<const Move> legal) override {
    const auto move = chooser_->choose_move(seen, legal);
    REQUIRE(move);
    const auto& observation = gamerec::downcast<BattleshipObservation>(seen);
    if (!observation.placing()) {
      const Reference known(observation);
      INFO(level_ << " shoots " << cell_name(move->to, known.width));
      if (level_ == "hunter") CHECK_FALSE(known.water[static_cast<std::size_t>(move->to)]);
      if (level_ == "density" || level_ == "sampler") CHECK(known.coverable(move->to));
      ++shots;
    }
    return Action{{}, *move, false};
  }
  bool is_computer() const override { return true; }
  int shots = 0;

 private:
  std::unique_ptr<MoveChooser> chooser_;
  std::string level_;
};

class NoHooks final : public MatchHooks {};

}  // namespace

TEST_CASE("battleship players: hunter never shoots known water, density and sampler only coverable cells") {
  for (const std::string level : {"hunter", "density", "sampler"}) {
    for (const auto& variant : std::vector<std::vector<OptionOverride>>{
             {}, {{"width", "7"}, {"height", "6"}, {"ships", "3,2,2,1,1"}, {"extra_shot_on_hit", "false"}}}) {
      const auto game = gamerec::test::make("battleship", variant);
      for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        INFO(level << " seed " << seed);
        Checked shooter(game->make_chooser(level, ChooserSettings{seed, std::nullopt}), level);
        Checked other(game->make_chooser("random", ChooserSettings{seed + 100, std::nullopt}), "random");
        Match match(*game, game->new_state(), {&shooter, &other}, nullptr);
        NoHooks hooks;
        CHECK(match.run(hooks).reason == MatchEnd::Reason::kGameOver);
        CHECK(shooter.shots > 0);
      }
    }
  }
}

TEST_CASE(
    "battleship players: every player places a legal fleet and sinks the other, the same for one seed") {
  const auto game = gamerec::test::make("battleship");
  for (const std::string& level : kLevels) {
    INFO(level);
    std::vector<std::int64_t> lengths;
    for (int run = 0; run < 2; ++run) {
      ComputerPlayer one(game->make_chooser(level, ChooserSettings{5, std::nullopt}));
      ComputerPlayer two(game->make_chooser(level, ChooserSettings{6, std::nullopt}));
      Match match(*game, game->new_state(), {&one, &two}, nullptr);
      NoHooks hooks;
      const MatchEnd end = match.run(hooks);
      REQUIRE(end.reason == MatchEnd::Reason::kGameOver);  // a forfeit would mean an illegal move
      CHECK(end.outcome.end == "fleet-sunk");
      lengths.push_back(match.state().moves_played());
    }
    CHECK(lengths[0] == lengths[1]);
  }
}

TEST_CASE(
    "battleship players: a choice does not change with the hidden enemy fleet, only with what was seen") {
  // Two games alike but for player 2's ships of length 1. Player 1's
  // players, seeded alike, see the same until a shot finds a difference:
  // until then every choice must be the same in both games.
  const auto game = gamerec::test::make("battleship");
  const std::vector<std::string> fleet_one = {"A1 right", "A3 right", "E3 right", "A5 right", "D5 right",
                                              "G5 right", "A7",       "C7",       "E7",       "G7"};
  const std::vector<std::string> singles_a = {"A10", "C10", "E10", "G10"};
  const std::vector<std::string> singles_b = {"J1", "J3", "J7", "J10"};
  for (const std::string& level : kLevels) {
    INFO(level);
    int same = 0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      std::vector<std::unique_ptr<State>> states;
      std::vector<std::unique_ptr<MoveChooser>> choosers;
      for (const auto& singles : {singles_a, singles_b}) {
        auto state = game->new_state();
        gamerec::test::play_all(*game, *state, fleet_one);
        std::vector<std::string> theirs(fleet_one.begin(), fleet_one.begin() + 6);
        theirs.insert(theirs.end(), singles.begin(), singles.end());
        gamerec::test::play_all(*game, *state, theirs);
        states.push_back(std::move(state));
        choosers.push_back(game->make_chooser(level, ChooserSettings{seed, std::nullopt}));
      }
      while (!states[0]->is_over() && !states[1]->is_over()) {
        const auto seen_a = states[0]->observe(0);
        const auto seen_b = states[1]->observe(0);
        if (!(gamerec::downcast<BattleshipObservation>(*seen_a) ==
              gamerec::downcast<BattleshipObservation>(*seen_b)))
          break;
        // Player 2 does not shoot: player 1 shoots on, as if every shot hit.
        const auto legal = states[0]->legal_moves();
        const auto move_a = choosers[0]->choose_move(*seen_a, legal);
        const auto move_b = choosers[1]->choose_move(*seen_b, states[1]->legal_moves());
        REQUIRE(move_a == move_b);
        ++same;
        for (auto& state : states) {
          state->apply(*move_a);
          // Player 2 answers with a shot that misses (the same in both games).
          if (!state->is_over() && state->to_move() == 1) {
            for (const Move& shot : state->legal_moves()) {
              if (gamerec::downcast<BattleshipState>(*state)
                      .grid(0)
                      .ship_at[static_cast<std::size_t>(shot.to)] < 0) {
                state->apply(shot);
                break;
              }
            }
          }
        }
      }
    }
    CHECK(same >= 15);  // not a vacuous test: they agreed many times
  }
}

TEST_CASE("battleship players: a fixed-seed tourney always plays the same games (its fingerprint)") {
  // `gamerec tourney battleship --players sampler,density,hunter,random
  // --games 8 --seed 7`: its total number of moves. It changes only when
  // the players, the rules or the loop do; then check and update it.
  constexpr std::int64_t kFingerprint = 1042;
  const auto game = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {"sampler", "density", "hunter", "random"};
  options.games = 8;
  options.seed = 7;
  std::vector<std::int64_t> totals;
  for (int run = 0; run < 2; ++run) {
    Tourney tourney(gamerec::test::catalogue(), *game, options);
    REQUIRE_FALSE(tourney.prepare());
    // Each entrant's shots in the games it won, counted here again.
    std::vector<double> shots_in_wins(options.players.size(), 0);
    std::vector<std::int64_t> wins(options.players.size(), 0);
    while (auto played = tourney.play_next()) {
      REQUIRE(played->end.reason == MatchEnd::Reason::kGameOver);
      const Side winner = played->end.outcome.winners.at(0);
      const std::size_t entrant = played->seats[static_cast<std::size_t>(winner)];
      shots_in_wins[entrant] += played->end.outcome.score[static_cast<std::size_t>(winner)];
      ++wins[entrant];
    }
    for (std::size_t i = 0; i < options.players.size(); ++i) {
      const EntrantTally& tally = tourney.tallies()[i];
      CHECK(tally.wins == wins[i]);
      CHECK(tally.scored_wins == wins[i]);
      CHECK(tally.score_in_wins == shots_in_wins[i]);
    }
    totals.push_back(tourney.total_moves());
  }
  CHECK(totals[0] == totals[1]);
  CHECK(totals[0] == kFingerprint);
}
