#include "records/move_run.h"

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "rules/facets.h"

namespace gamerec {
namespace {

// Whether the source itself already found a move event wanting (an
// overlong line, a PGN comment never closed), before the game sees it.
bool source_refused(const RecordEvent& event) { return event.too_long || !event.notation_kind.empty(); }
MoveError source_error(const RecordEvent& event) {
  if (event.too_long) return MoveError{ErrorCode::kNotation, "too-long"};
  return MoveError{ErrorCode::kNotation, std::string(event.notation_kind)};
}

RecordError record_error(const RecordEvent& event, MoveError error) {
  return RecordError{std::move(error), event.line, event.column,
                     std::string(event.shown.empty() ? event.text : event.shown)};
}

// One line of play inside a variation: where it branched from, the moves
// played in it since, and whether it is still checked (an illegal move
// stops the checking of the rest of its variation).
struct Branch {
  std::unique_ptr<State> start;
  std::unique_ptr<State> position;
  std::vector<Move> moves;
  bool checked = true;
};

// The loop's state between events: the moves of the current batch that
// wait to be played together (validate), and what was found so far.
class Run {
 public:
  Run(RecordSource& source, const Game& game, State& state, RecordVisitor* visitor, RunOptions options)
      : source_(source), game_(game), state_(state), visitor_(visitor), options_(options) {
    // One allocation per game rather than a doubling series: an archive
    // runs this loop once per game.
    pending_.reserve(kBatchReserve);
    texts_.reserve(kBatchReserve);
    if (source.may_branch()) {
      // A variation branches from the position before a main-line move:
      // the start and the moves since rebuild it.
      main_start_ = state.clone();
      main_moves_.emplace();
      main_moves_->reserve(kMovesReserve);
    }
  }

  RunResult go() {
    // Without a visitor, and outside a variation, moves are played from
    // their texts alone.
    const auto texts_suffice = [this] { return visitor_ == nullptr && branches_.empty(); };
    for (EventBatch batch = source_.next_events(texts_suffice()); !batch.empty();
         batch = source_.next_events(texts_suffice())) {
      if (!batch.move_texts.empty() && texts_suffice()) [[likely]] {
        // Moves alone, nothing waiting: the batch goes to the game as it is.
        if (!play_texts(batch.move_texts,
                        [this](std::size_t i) -> const RecordEvent& { return source_.batch_event(i); }))
          return finish();
        continue;
      }
      for (const RecordEvent& event : batch.events) {
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
  static constexpr std::size_t kMovesReserve = 256;  // a long game's plies, at once

  // False when the run ends at `event`.
  bool take(const RecordEvent& event) {
    if (!branches_.empty()) return take_in_variation(event);
    if (event.kind == RecordEvent::Kind::kMove && visitor_ == nullptr && !source_refused(event)) [[likely]] {
      pending_.push_back(&event);
      texts_.push_back(event.text);
      return true;
    }
    // A comment changes nothing: the moves around it stay one batch.
    if (event.kind == RecordEvent::Kind::kComment || event.kind == RecordEvent::Kind::kNag) {
      if (visitor_ != nullptr) visitor_->annotation(event);
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
      case RecordEvent::Kind::kVariationStart:
        open_variation(event);
        return true;
      case RecordEvent::Kind::kVariationEnd:  // the source pairs them: never at the main line
      case RecordEvent::Kind::kComment:
      case RecordEvent::Kind::kNag:
        return true;
    }
    return true;
  }

  bool play_one(const RecordEvent& event) {
    std::optional<MoveError> error;
    if (source_refused(event)) [[unlikely]]
      error = source_error(event);
    Move move;
    while (!error) {
      auto read = game_.read_move(state_, event.text);
      if (read) [[likely]] {
        move = *read;
        break;
      }
      if (!pass_end(event, read.error())) error = std::move(read.error());
    }
    if (error) [[unlikely]] {
      refuse(event, std::move(*error));
      return false;
    }
    if (visitor_ != nullptr) visitor_->before_move(event, move, state_);
    const Side mover = state_.to_move();
    if (main_moves_) main_moves_->push_back(move);
    state_.apply(move);
    count_move();
    if (visitor_ != nullptr && !visitor_->after_move(event, mover, move, state_)) {
      result_.stopped = true;
      return false;
    }
    return true;
  }

  // Plays the waiting moves; false when one was refused.
  bool play_pending() {
    const bool played =
        play_texts(texts_, [this](std::size_t i) -> const RecordEvent& { return *pending_[i]; });
    pending_.clear();
    texts_.clear();
    return played;
  }

  // Plays the moves of `texts` in one call to the game, and on past an
  // end the rules reached by themselves; false when one was refused.
  // event_at(i) is the event of texts[i].
  template <typename EventAt>
  bool play_texts(std::span<const std::string_view> texts, const EventAt& event_at) {
    std::size_t done = 0;
    while (done < texts.size()) {
      TextsPlayed played =
          game_.play_texts(state_, texts.subspan(done), main_moves_ ? &*main_moves_ : nullptr);
      count_moves(static_cast<std::int64_t>(played.played));
      done += played.played;
      if (!played.refused) break;
      const RecordEvent& refused = event_at(done);
      if (!pass_end(refused, *played.refused)) {
        refuse(refused, std::move(*played.refused));
        return false;
      }
    }
    return true;
  }

  void count_moves(std::int64_t moves) {
    result_.moves += moves;
    if (result_.passed_end) result_.passed_end->moves_after += moves;
  }
  void count_move() { count_moves(1); }

  // A main-line move refused because the game is over: true when the end
  // is one the rules reached by themselves and the record may go on past it
  // (not under RunOptions::strict); the state then goes on.
  bool pass_end(const RecordEvent& event, const MoveError& error) {
    if (error.code != ErrorCode::kGameOver || options_.strict) return false;
    // Looked up here, not once per game: a facet's lookup is a
    // dynamic_cast, and few games pass an end.
    const auto* automatic_ends = game_.facet<AutomaticEnds>();
    if (automatic_ends == nullptr) return false;
    const Outcome reached = state_.outcome();
    if (!automatic_ends->lift_automatic_end(state_)) return false;
    if (!result_.passed_end) result_.passed_end = PassedEnd{reached, result_.moves, 0, record_error(event, error)};
    return true;
  }

  void refuse(const RecordEvent& event, MoveError error) {
    result_.end_offset = event.offset;
    result_.error = record_error(event, std::move(error));
  }

  // ---- variations ----

  // The position before the last move of the innermost line, where a
  // variation opened now branches from.
  std::unique_ptr<State> branch_point() const {
    const State& start = branches_.empty() ? *main_start_ : *branches_.back().start;
    const std::vector<Move>& moves = branches_.empty() ? *main_moves_ : branches_.back().moves;
    auto position = start.clone();
    // A variation before any move of its line branches from the line's start.
    const std::size_t before_last = moves.empty() ? 0 : moves.size() - 1;
    for (std::size_t i = 0; i < before_last; ++i) position->apply(moves[i]);
    return position;
  }

  void open_variation(const RecordEvent& event) {
    ++result_.variations;
    if (visitor_ != nullptr) visitor_->annotation(event);
    const bool parent_checked = branches_.empty() || branches_.back().checked;
    Branch branch;
    branch.checked = parent_checked && main_start_ != nullptr;
    if (branch.checked) {
      branch.start = branch_point();
      branch.position = branch.start->clone();
    }
    branches_.push_back(std::move(branch));
  }

  bool take_in_variation(const RecordEvent& event) {
    switch (event.kind) {
      case RecordEvent::Kind::kMove:
        return variation_move(event);
      case RecordEvent::Kind::kVariationStart:
        open_variation(event);
        return true;
      case RecordEvent::Kind::kVariationEnd:
        branches_.pop_back();
        if (visitor_ != nullptr) visitor_->annotation(event);
        return true;
      case RecordEvent::Kind::kComment:
      case RecordEvent::Kind::kNag:
        if (visitor_ != nullptr) visitor_->annotation(event);
        return true;
      case RecordEvent::Kind::kResult:
      case RecordEvent::Kind::kQuit:
        return true;  // not the game's: a variation has no result
    }
    return true;
  }

  bool variation_move(const RecordEvent& event) {
    // What the source could not read (a comment or variation never closed)
    // is the record's error wherever it stands.
    if (source_refused(event)) {
      refuse(event, source_error(event));
      return false;
    }
    Branch& branch = branches_.back();
    if (!branch.checked) {
      if (visitor_ != nullptr) visitor_->variation_move(event, nullptr, state_);
      return true;
    }
    auto read = game_.read_move(*branch.position, event.text);
    if (!read) {
      if (visitor_ != nullptr) visitor_->variation_move(event, nullptr, *branch.position);
      VariationError found{record_error(event, std::move(read.error())), branch.position->to_move(),
                           move_number(*branch.position)};
      if (options_.strict) {
        result_.end_offset = event.offset;
        result_.error = found.error;
        result_.error_in_variation = std::move(found);
        return false;
      }
      result_.variation_warnings.push_back(std::move(found));
      branch.checked = false;
      return true;
    }
    const Move& move = *read;
    if (visitor_ != nullptr) visitor_->variation_move(event, &move, *branch.position);
    branch.moves.push_back(move);
    branch.position->apply(move);
    return true;
  }

  // The number of the move the side to move makes next, as the main
  // line's errors count it (gamerec(1), "Diagnostics").
  std::int64_t move_number(const State& state) const {
    if (const auto* numbers = game_.facet<MoveNumbers>()) return numbers->move_number(state).number;
    return state.moves_played() + 1;
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
  RecordVisitor* visitor_;
  RunOptions options_;
  std::vector<const RecordEvent*> pending_;
  std::vector<std::string_view> texts_;
  // For a source with variations: the main line's start and moves, and the
  // variations open now, innermost last.
  std::unique_ptr<State> main_start_;
  std::optional<std::vector<Move>> main_moves_;
  std::vector<Branch> branches_;
  RunResult result_;
};

}  // namespace

RunResult run_moves(RecordSource& source, const Game& game, State& state, RecordVisitor* visitor,
                    RunOptions options) {
  return Run(source, game, state, visitor, options).go();
}

}  // namespace gamerec
