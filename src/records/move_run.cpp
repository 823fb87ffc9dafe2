#include "records/move_run.h"

#include <span>
#include <vector>

namespace gamerec {
namespace {

// Whether the source itself already found a move event wanting (an
// overlong line, a PGN comment never closed), before the game sees it.
bool source_refused(const RecordEvent& event) { return event.too_long || !event.notation_kind.empty(); }
MoveError source_error(const RecordEvent& event) {
  if (event.too_long) return MoveError{ErrorCode::kNotation, "too-long"};
  return MoveError{ErrorCode::kNotation, std::string(event.notation_kind)};
}

// The loop's state between events: the moves of the current batch that
// wait to be played together (validate), and what was found so far.
class Run {
 public:
  Run(RecordSource& source, const Game& game, State& state, MoveObserver* observer)
      : source_(source), game_(game), state_(state), observer_(observer) {
    // One allocation per game rather than a doubling series: an archive
    // runs this loop once per game.
    pending_.reserve(kBatchReserve);
    texts_.reserve(kBatchReserve);
  }

  RunResult go() {
    for (auto events = source_.next_events(); !events.empty(); events = source_.next_events()) {
      for (const RecordEvent& event : events) {
        if (!take(event)) return finish();
      }
      // A batch's texts are valid until the source is asked again.
      if (!play_pending()) return finish();
    }
    result_.end_offset = source_.bytes_read();
    return finish();
  }

 private:
  static constexpr std::size_t kBatchReserve = 128;

  // False when the run ends at `event`.
  bool take(const RecordEvent& event) {
    if (event.kind == RecordEvent::Kind::kMove && observer_ == nullptr && !source_refused(event)) [[likely]] {
      pending_.push_back(&event);
      texts_.push_back(event.text);
      return true;
    }
    // A comment changes nothing: the moves around it stay one batch.
    if (event.kind == RecordEvent::Kind::kComment) {
      if (observer_ != nullptr) observer_->comment(event);
      return true;
    }
    if (!play_pending()) return false;
    switch (event.kind) {
      case RecordEvent::Kind::kMove:
        return play_one(event);
      case RecordEvent::Kind::kQuit:
        result_.end_offset = event.offset;
        result_.quit_line = event.line;
        result_.lines_after_quit = event.more_after;
        return false;
      case RecordEvent::Kind::kResult:
        result_.declared_result = std::string(event.text);
        result_.declared_result_line = event.line;
        return true;
      case RecordEvent::Kind::kComment:
        return true;
    }
    return true;
  }

  bool play_one(const RecordEvent& event) {
    std::optional<MoveError> error;
    if (source_refused(event)) [[unlikely]]
      error = source_error(event);
    Move move;
    if (!error) {
      auto read = game_.read_move(state_, event.text);
      if (read) [[likely]]
        move = *read;
      else
        error = std::move(read.error());
    }
    if (error) [[unlikely]] {
      refuse(event, std::move(*error));
      return false;
    }
    if (observer_ != nullptr) observer_->before(event, move, state_);
    const Side mover = state_.to_move();
    state_.apply(move);
    ++result_.moves;
    if (observer_ != nullptr && !observer_->after(event, mover, move, state_)) {
      result_.stopped = true;
      return false;
    }
    return true;
  }

  // Plays the waiting moves; false when one was refused.
  bool play_pending() {
    if (pending_.empty()) return true;
    const TextsPlayed played = game_.play_texts(state_, texts_);
    result_.moves += static_cast<std::int64_t>(played.played);
    const bool whole = !played.refused;
    if (!whole) refuse(*pending_[played.played], *played.refused);
    pending_.clear();
    texts_.clear();
    return whole;
  }

  void refuse(const RecordEvent& event, MoveError error) {
    result_.end_offset = event.offset;
    result_.error = RecordError{std::move(error), event.line, event.column,
                                std::string(event.shown.empty() ? event.text : event.shown)};
  }

  RunResult finish() {
    // An input cut short makes its last line look like a bad move: the
    // read error, when there is one, is what went wrong.
    result_.read_error = source_.read_error();
    return std::move(result_);
  }

  RecordSource& source_;
  const Game& game_;
  State& state_;
  MoveObserver* observer_;
  std::vector<const RecordEvent*> pending_;
  std::vector<std::string_view> texts_;
  RunResult result_;
};

}  // namespace

RunResult run_moves(RecordSource& source, const Game& game, State& state, MoveObserver* observer) {
  return Run(source, game, state, observer).go();
}

}  // namespace gamerec
