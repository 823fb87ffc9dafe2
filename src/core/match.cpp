#include "core/match.h"

#include <chrono>

#include "records/move_list.h"
#include "rules/facets.h"

namespace gamerec {

ForfeitKind forfeit_kind(const MatchEnd& end) {
  if (end.reason != MatchEnd::Reason::kForfeit) return ForfeitKind::kOther;
  // Its clock ran out, or it did not answer in the time to answer (--timeout).
  if (end.out_of_time || (end.forfeit_reason && end.forfeit_reason->key == "exec.timeout"))
    return ForfeitKind::kTime;
  if (end.forfeit_reason && end.forfeit_reason->key == "limits.memory") return ForfeitKind::kMemory;
  return ForfeitKind::kOther;
}

Result<Move, MoveError> checked_move(const Game& game, const State& state, const Action& action, bool as_typed) {
  if (action.move) {
    if (auto error = state.check(*action.move)) return std::move(*error);
    return *action.move;
  }
  if (as_typed) {
    if (const auto* prompt = game.facet<PromptRules>())
      if (auto error = prompt->refused_at_prompt(action.text, state)) return std::move(*error);
  }
  return read_move(game, state, action.text);
}

std::optional<Action> ComputerPlayer::act(const Game& /*game*/, const Observation& seen,
                                          std::span<const Move> legal) {
  auto move = chooser_->choose_move(seen, legal);
  if (!move) return std::nullopt;
  return Action{{}, *move, false};
}

void Match::tell_players(Side mover, const Move& move) {
  for (std::size_t side = 0; side < players_.size(); ++side) {
    if (!players_[side]->wants_notices()) continue;
    const auto seen = state_->observe(static_cast<Side>(side));
    players_[side]->notice(game_, *seen, mover, move);
  }
}

std::optional<Error> Match::play(Side side, const Move& move, const std::string& text, bool by_computer,
                                 MatchHooks& hooks) {
  if (sink_ != nullptr) {
    if (auto failed = sink_->write_move(*state_, move, text)) return failed;
  }
  state_->apply(move);
  hooks.accepted(*this, side, move, text, by_computer);
  tell_players(side, move);
  return std::nullopt;
}

namespace {

MatchEnd write_failed(Error why) {
  MatchEnd end{MatchEnd::Reason::kWriteFailed};
  end.write_failure = std::move(why);
  return end;
}

}  // namespace

MatchEnd Match::run(MatchHooks& hooks, std::optional<std::int64_t> max_moves) {
  while (!state_->is_over()) {
    if (hooks.interrupted()) return MatchEnd{MatchEnd::Reason::kInterrupted};
    if (max_moves && state_->moves_played() >= *max_moves) return MatchEnd{MatchEnd::Reason::kMoveLimit};
    const Side side = state_->to_move();
    Player& player = *players_.at(static_cast<std::size_t>(side));
    const std::vector<Move> legal = state_->legal_moves();
    std::optional<Action> action;
    const auto started = std::chrono::steady_clock::now();
    {
      const auto seen = state_->observe(side);
      if (clocks_) player.clock(clocks_->reading(static_cast<std::size_t>(side)));
      action = player.act(game_, *seen, legal);
    }
    // A signal while the player thought ends the match here: whatever the
    // player did meanwhile (an external program cut off) is nobody's fault.
    if (hooks.interrupted()) return MatchEnd{MatchEnd::Reason::kInterrupted};
    if (clocks_) {
      const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::steady_clock::now() - started)
                               .count();
      const std::int64_t left = clocks_->remaining_ms(static_cast<std::size_t>(side));
      // Out of time loses, whatever the player answered (or failed to).
      if (!clocks_->spend(static_cast<std::size_t>(side), elapsed)) {
        MatchEnd end{MatchEnd::Reason::kForfeit, game_.forfeit(side), side, {}, {},
                     Message{"clock.out-of-time", {{"ms", std::to_string(elapsed)}, {"left", std::to_string(left)}}}};
        end.out_of_time = true;
        return end;
      }
    }
    if (!action) return MatchEnd{MatchEnd::Reason::kNoInput};
    if (action->failure)
      return MatchEnd{MatchEnd::Reason::kForfeit, game_.forfeit(side), side, {}, std::move(action->text),
                      std::move(action->failure)};

    Move move;
    std::string text;
    if (action->move || player.is_computer()) {
      // A program's move is checked as a Move, or as a record line when it
      // gave text; breaking the rules (or the notation) loses.
      auto checked = checked_move(game_, *state_, *action, /*as_typed=*/false);
      // A refused move is named as the program sent it (a UCI engine's
      // e2e4), when it sent text: the game cannot write a move it refuses.
      if (!checked)
        return MatchEnd{MatchEnd::Reason::kForfeit, game_.forfeit(side), side, std::move(checked.error()),
                        action->move && action->text.empty() ? game_.move_text(*action->move, *state_)
                                                             : action->text};
      move = *checked;
      text = action->move ? game_.move_text(move, *state_) : action->text;
    } else {
      // A person's line is cleaned as a record line is: spaces and a
      // trailing comment go; a blank or comment line asks again.
      auto stripped = strip_body_line(action->text);
      if (!stripped && !action->too_long) continue;
      text = stripped ? std::string(stripped->first) : action->text;
      const std::int64_t column = stripped ? stripped->second : 1;
      if (!action->too_long) {
        switch (hooks.command(*this, side, text)) {
          case MatchHooks::Command::kQuit:
            return MatchEnd{MatchEnd::Reason::kQuit};
          case MatchHooks::Command::kHandled:
            continue;
          case MatchHooks::Command::kNotACommand:
            break;
        }
      }
      const PromptRules* prompt = game_.facet<PromptRules>();
      if (!action->too_long && prompt != nullptr) {
        const auto seed = seed_ ^ (static_cast<std::uint64_t>(state_->moves_played()) * 0x9E3779B97F4A7C15U);
        const std::vector<Move> moves = prompt->shortcut_moves(text, *state_, seed);
        for (std::size_t i = 0; i < moves.size(); ++i) {
          moves_to_follow_ = moves.size() - 1 - i;
          if (auto failed = play(side, moves[i], game_.move_text(moves[i], *state_), false, hooks)) {
            moves_to_follow_ = 0;
            return write_failed(std::move(*failed));
          }
        }
        moves_to_follow_ = 0;
        if (!moves.empty()) continue;
      }
      Action typed;
      typed.text = text;
      auto checked = action->too_long ? Result<Move, MoveError>(MoveError{ErrorCode::kNotation, "too-long"})
                                      : checked_move(game_, *state_, typed, /*as_typed=*/true);
      if (!checked) {
        hooks.rejected(*this, side, RecordError{std::move(checked.error()), 0, column, text});
        continue;
      }
      move = *checked;
    }
    if (auto failed = play(side, move, text, player.is_computer(), hooks))
      return write_failed(std::move(*failed));
    if (adjudicator_ && !state_->is_over()) {
      // Full moves as the game numbers them (chess: from its FEN's move
      // number), else every side's moves counted as one.
      const auto* numbers = game_.facet<MoveNumbers>();
      const std::int64_t full_moves =
          numbers != nullptr ? numbers->move_number(*state_).number - 1
                             : state_->moves_played() / static_cast<std::int64_t>(players_.size());
      const auto* irreversible = game_.facet<IrreversibleMoves>();
      const bool reset = irreversible != nullptr && irreversible->after_irreversible(*state_);
      if (auto adjudged = adjudicator_->after_move(side, full_moves, action->score, reset)) {
        MatchEnd end{MatchEnd::Reason::kAdjudicated};
        end.outcome.over = true;
        end.outcome.winners = std::move(adjudged->winners);
        end.outcome.end = "adjudication";
        end.outcome.score = state_->outcome().score;
        end.adjudication = std::move(adjudged->why);
        return end;
      }
    }
  }
  MatchEnd end;
  end.outcome = state_->outcome();
  return end;
}

}  // namespace gamerec
