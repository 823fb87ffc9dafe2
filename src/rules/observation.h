#pragma once
// What one side has seen of a game. Computer players and hints decide from an
// Observation and the legal moves alone: the type has no way back to the
// State, so a game with hidden information (battleship) hands out only what
// the side may know. A game without hidden information gives a copy of the
// whole position (PositionObservation).
#include <utility>

#include "rules/view.h"

namespace gamerec {

class State;

class Observation {
 public:
  explicit Observation(Side viewer) : viewer_(viewer) {}
  virtual ~Observation() = default;
  Observation(const Observation&) = delete;
  Observation& operator=(const Observation&) = delete;

  Side viewer() const { return viewer_; }
  // The board as this side sees it.
  virtual BoardView view() const = 0;
  // The whole position, where the side sees it all (PositionObservation):
  // what the players library tells a program of a game of perfect
  // information. nullptr where the side sees less.
  virtual const State* whole_position() const { return nullptr; }

 private:
  Side viewer_;
};

// Perfect information: the side sees the whole position, a copy of it.
template <typename Position>
class PositionObservation final : public Observation {
 public:
  PositionObservation(Side viewer, const Position& position) : Observation(viewer), position_(position) {}
  const Position& position() const { return position_; }
  BoardView view() const override { return position_.view(); }
  const State* whole_position() const override { return &position_; }

 private:
  Position position_;
};

}  // namespace gamerec
