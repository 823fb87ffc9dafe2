#pragma once
// A game's own classes behind the interface: its State, its observation and
// its Game, reached through the one checked downcast here instead of casts
// spread over the code.
//
//   class KalahGame final : public GameOf<KalahGame, KalahState> { ... };
//   const KalahState& state = KalahGame::state_of(any_state);
//
//   class Level1 final : public ChooserOf<PositionObservation<KalahState>> {
//     std::optional<Move> choose(const PositionObservation<KalahState>& seen,
//                                std::span<const Move> legal) override;
//   };
#include <span>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "rules/facets.h"
#include "rules/game.h"

namespace gamerec {

// `base` as the game's own type T; a programmer error (std::logic_error)
// when it is another game's. The only place that casts to a game's types.
// A game's classes are final: comparing the dynamic type is the whole
// check, and cheaper than dynamic_cast on validate's path.
template <typename T, typename Base>
const T& downcast(const Base& base) {
  if constexpr (std::is_final_v<T>) {
    if (typeid(base) == typeid(T)) [[likely]]
      return static_cast<const T&>(base);
  } else if (const auto* typed = dynamic_cast<const T*>(&base)) {
    return *typed;
  }
  throw std::logic_error(std::string("a ") + typeid(base).name() + " is not a " + typeid(T).name());
}
template <typename T, typename Base>
T& downcast(Base& base) {
  return const_cast<T&>(downcast<T>(static_cast<const Base&>(base)));
}
// `base` as T, or nullptr when it is of another type (State::equals).
template <typename T, typename Base>
const T* as(const Base& base) {
  return dynamic_cast<const T*>(&base);
}

// The base of a game's Game class: Derived is the class itself (final,
// with its `static constexpr GameFacts kFacts`), StateT its State. Every
// game Derived makes has game_type<Derived>() as its type. Derived's
// parse_move and StateT's checks run without a virtual call per move in
// play_texts (validate's loop) and read_move. A Derived that defines
// bool proves_text(const StateT&, std::string_view, Move&) gives both its
// one fast path: a cheap proof of a plainly legal text, tried first (true
// only when the text is legal, and then the game is not over; false means
// "run both stages", never "illegal").
template <typename Derived, typename StateT>
class GameOf : public Game {
 public:
  // Whether play_texts applies moves with StateT::apply_direct (see apply()).
  static constexpr bool kAppliesDirectly =
      std::is_final_v<StateT> && requires(StateT & state, const Move& move) {
    state.apply_direct(move);
  };

  GameOf(SharedDefinition definition, RuleOptions options)
      : Game(game_type<Derived>(), std::move(definition), std::move(options)) {}

  static const StateT& state_of(const State& state) { return downcast<StateT>(state); }
  static StateT& state_of(State& state) { return downcast<StateT>(state); }

  Result<Move, MoveError> read_move(const State& state, std::string_view text) const override {
    const StateT& typed = state_of(state);
    if constexpr (requires(Move move) { self().proves_text(typed, text, move); }) {
      Move move;
      if (self().proves_text(typed, text, move)) return move;
    }
    return self().read_text(typed, text);
  }
  TextsPlayed play_texts(State& state, std::span<const std::string_view> texts,
                         std::vector<Move>* played = nullptr) const override {
    StateT& typed = state_of(state);
    TextsPlayed result;
    for (const std::string_view text : texts) {
      Move move;
      // A game may prove a plainly legal text legal first, cheaply
      // (Derived::proves_text); the rest goes through both stages.
      if constexpr (requires { self().proves_text(typed, text, move); }) {
        if (self().proves_text(typed, text, move)) [[likely]] {
          if (played != nullptr) played->push_back(move);
          apply(typed, move);
          ++result.played;
          continue;
        }
      }
      auto read = self().read_text(typed, text);
      if (!read) [[unlikely]] {
        result.refused = std::move(read.error());
        break;
      }
      if (played != nullptr) played->push_back(*read);
      apply(typed, *read);
      ++result.played;
    }
    return result;
  }

  // Both stages with the game's own types, for a notation that writes whole
  // moves. A notation that leaves parts to the position (chess's SAN)
  // defines its own in Derived, which finds the move they mean.
  Result<Move, MoveError> read_text(const StateT& state, std::string_view text) const {
    auto written = self().Derived::parse_move(text);
    if (!written) [[unlikely]]
      return std::move(written.error());
    if (auto error = state.check(written->move)) [[unlikely]]
      return std::move(*error);
    return written->move;
  }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
  // State::apply, without its virtual call when StateT is final and lets
  // this class (a friend) call its `void apply_direct(const Move&)`, which
  // does what its do_apply does: the compiler can then inline it in
  // play_texts' loop (GCC does not see through apply()'s call, even for a
  // final class). A class derived from StateT could override do_apply.
  static void apply(StateT& state, const Move& move) {
    if constexpr (kAppliesDirectly) {
      state.apply_direct(move);
      ++state.moves_played_;
    } else {
      state.apply(move);
    }
  }
};

// The base of a computer player that decides from its side's own
// observation type (a PositionObservation<ItsState>, BattleshipObservation).
template <typename ObservationT>
class ChooserOf : public MoveChooser {
 public:
  std::optional<Move> choose_move(const Observation& seen, std::span<const Move> legal) final {
    return choose(downcast<ObservationT>(seen), legal);
  }

 protected:
  virtual std::optional<Move> choose(const ObservationT& seen, std::span<const Move> legal) = 0;
};

}  // namespace gamerec
