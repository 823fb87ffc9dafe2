#pragma once
// One way to report failure: a call that can fail returns a Result, the
// value it made or the reason it made none (the shape of C++23's
// std::expected). The reasons are the error values of error.h: an Error
// wherever a failure crosses layers (a file read or written, a program
// started, a game opened), and the two narrower values the rules make
// (MoveError, Message), which the layer that knows whose input was at
// fault wraps in an Error. Exceptions are left for programmer errors and
// memory running out.
//
//   Result<Move, MoveError> read = game.read_move(state, "e2e4");
//   if (!read) return read.error();
//   state.apply(*read);
//
// A check that makes no value (State::check) returns std::optional<E>:
// the reason it failed, or nothing.
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

namespace gamerec {

template <typename T, typename E>
class [[nodiscard]] Result {
  static_assert(!std::is_same_v<T, E>, "a Result's value and error must be told apart by type");

 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit by design
  Result(E error) : state_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit by design
  // A value of a type T can be made from (a derived class's pointer).
  template <typename U>
    requires(std::is_constructible_v<T, U &&> && !std::is_same_v<std::decay_t<U>, T> &&
             !std::is_same_v<std::decay_t<U>, E> && !std::is_constructible_v<E, U &&>)
  Result(U&& value) : state_(std::in_place_index<0>, std::forward<U>(value)) {}  // NOLINT

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const E& error() const { return std::get<1>(state_); }
  E& error() { return std::get<1>(state_); }
  // The error, or nullptr on success: `if (const auto* why = read.if_error())`.
  const E* if_error() const { return ok() ? nullptr : &error(); }

 private:
  std::variant<T, E> state_;
};

}  // namespace gamerec
