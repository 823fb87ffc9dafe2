// gamerec play [FILE]: replay FILE, then continue it interactively. Every
// accepted move reaches the record file before the next prompt.
//
// Three parts: the options wired to the record session (PlayCommand; which
// record is written and how is core/play_session.h's), the players of each
// side, and what the prompt does besides moves (PlayHooks: help, board,
// hint, undo, Q). The match loop itself is the core's (core/match.h), the
// same one tourney runs.
#include <unistd.h>

#include <algorithm>
#include <functional>
#include <map>
#include <ostream>
#include <random>
#include <string_view>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "cli/number_options.h"
#include "cli/players.h"
#include "cli/display.h"
#include "cli/record_opening.h"
#include "core/match.h"
#include "core/play_session.h"
#include "core/record_session.h"
#include "core/tourney.h"
#include "rules/facets.h"
#include "rules/text.h"
#include "ui/board_view.h"
#include "ui/input.h"
#include "ui/terminal.h"

namespace gamerec::cli {
namespace {

struct PlayOptions {
  std::string file;
  std::string output;
  bool step = false;
  std::vector<std::string> ai;  // SIDE[=LEVEL]
  std::string hint;             // --hint PLAYER: who answers `hint` (the default level when empty)
  std::optional<std::uint64_t> seed;
  std::optional<std::int64_t> movetime_ms;
  std::string position;  // --position (--fen): a new game's start, in the game's notation
  int game_index = 1;    // --game-index: which game of an archive FILE continues
  bool flip = false;     // --flip: the board turned round
  bool no_flip = false;  // --no-flip: never turned round
};

bool hides_information(const Game& game) { return game.type().information == GameType::Information::kHidden; }

// The players of a session, one per side: a person, or the computer.
struct Seats {
  std::vector<std::unique_ptr<Player>> players;
  // Who answers `hint`: any computer player --ai takes (a level,
  // uci:ENGINE, exec:PROGRAM). One is made with the seats, so that a bad
  // --hint is refused before the game; make_hint makes more.
  std::unique_ptr<Player> hint;
  std::function<Result<std::unique_ptr<Player>, Message>()> make_hint;
  std::uint64_t shortcut_seed = 0;  // for Game::shortcut_moves (battleship's "random")

  // The player of `side`; nullptr for no side (the game is over).
  const Player* at(Side side) const {
    return side >= 0 && static_cast<std::size_t>(side) < players.size()
               ? players[static_cast<std::size_t>(side)].get()
               : nullptr;
  }
  bool is_computer(Side side) const { return at(side) != nullptr && at(side)->is_computer(); }
  bool draws_board(const Game& game, Side side) const {
    return at(side) != nullptr && at(side)->draws_board(game);
  }
  int people() const {
    int count = 0;
    for (Side side = 0; side < static_cast<Side>(players.size()); ++side) count += !is_computer(side);
    return count;
  }
  // The side of the one person at the keyboard, or kNoSide when nobody or
  // several people play.
  Side only_person() const {
    if (people() != 1) return kNoSide;
    for (Side side = 0; side < static_cast<Side>(players.size()); ++side)
      if (!is_computer(side)) return side;
    return kNoSide;
  }
  // Whether every person at the keyboard may know the move that led to
  // `after` (a computer's ship placement is its own secret); true when
  // nobody plays.
  bool people_see_last_move(const Game& game, const State& after) const {
    for (Side side = 0; side < static_cast<Side>(players.size()); ++side)
      if (!is_computer(side) && !last_move_seen_by(game, after, side)) return false;
    return true;
  }
  // Whether boards are shown turned round: --flip, or by default when the
  // one person at the keyboard plays the second of two sides that face
  // each other (Black in chess), who then sees the board from their end.
  bool turned(const Game& game, bool flip, bool no_flip) const {
    if (flip || no_flip) return flip;
    return game.type().sides_face && game.definition().sides.size() == 2 && only_person() == 1;
  }
  std::vector<Player*> pointers() const {
    std::vector<Player*> result;
    for (const auto& player : players) result.push_back(player.get());
    return result;
  }
};

// What the prompt does besides moves, and how the session shows the game.
class PlayHooks final : public MatchHooks {
 public:
  PlayHooks(const Context& context, const Game& game, Seats& seats, RecordSession& session,
            const ui::InterruptGuard& interrupts, ui::InputReader& input, bool turned)
      : context_(context),
        game_(game),
        seats_(seats),
        session_(session),
        interrupts_(interrupts),
        input_(input),
        private_screens_(hides_information(game) && seats.people() > 1 && ui::stdin_is_terminal() &&
                         ui::stdout_is_terminal()),
        turned_(turned) {}

  // The board as the side at the keyboard sees it: the only person's side,
  // or the person to move; everything when nobody or several play. When
  // several people share a terminal and the game hides information, the
  // screen is cleared before the keyboard passes to another of them, who
  // presses Enter when the others look away (not through a pipe).
  void show_board(const State& state) {
    Side viewer = seats_.only_person();
    if (seats_.people() > 1 && !state.is_over() && !seats_.is_computer(state.to_move())) {
      viewer = state.to_move();
    }
    if (private_screens_ && viewer != kNoSide && viewer != shown_to_) {
      // The one who just moved sees what the move did before passing on.
      if (shown_to_ != kNoSide) print_board(state, shown_to_);
      pass_to(viewer);
    }
    shown_to_ = viewer;
    // A cursor draws the board with itself on it: drawing it here too
    // would show it twice.
    if (!state.is_over() && seats_.draws_board(game_, state.to_move()))
      context_.out() << status_line(context_, game_, state) << '\n';
    else
      print_board(state, viewer);
  }

  Command command(Match& match, Side side, std::string_view line) override {
    if (line == "Q" || line == "q" || line == "quit") return Command::kQuit;
    if (line == "help") {
      context_.out() << context_.text("ui.help", {{"example", game_.definition().example}}) << '\n';
    } else if (line == "board") {
      show_board(match.state());
    } else if (line == "hint") {
      hint(match.state(), side);
    } else if (line == "undo") {
      if (!undo(match)) return Command::kQuit;
    } else {
      return Command::kNotACommand;
    }
    return Command::kHandled;
  }

  void accepted(const Match& match, Side mover, const Move& move, std::string_view text,
                bool by_computer) override {
    for (auto& [side, hint] : hints_) {
      if (hint.player->wants_notices()) hint.unseen.push_back({mover, move});
    }
    const State& after = match.state();
    // The moves one line stands for (a fleet placed at random) are told
    // once, after the last of them, with the board.
    if (match.moves_to_follow() > 0) return;
    if (by_computer)
      context_.out() << context_.text("ui.ai-move", {{"side", side_display(context_, game_, mover)},
                                                     {"move", shown_text(after, text)}})
                     << '\n';
    // A shot's answer in words (water, hit, sunk), as the game says them.
    const auto* hidden = game_.facet<HiddenInformation>();
    const auto answer = hidden != nullptr ? hidden->last_move_answer(after) : std::nullopt;
    if (answer)
      context_.out() << context_.text("ui.accepted-answer",
                                      {{"answer", context_.text(*answer, {}, &game_.definition())}})
                     << '\n';
    else
      context_.out() << context_.text("ui.accepted") << '\n';
    // No board after a move the people at the keyboard cannot see while a
    // computer plays on (its fleet placed ship by ship): it changed nothing
    // they see, and the board comes before their turn.
    if (!seats_.people_see_last_move(game_, after) && !after.is_over() && seats_.is_computer(after.to_move()))
      return;
    show_board(after);
  }

  void rejected(const Match& match, Side, const RecordError& error) override {
    context_.out() << move_error_text(context_, game_, match.state(), error) << '\n';
  }

  // A computer player that broke down, made a move the rules refuse or
  // withheld one lost: say so, as tourney does, before the session ends;
  // the record says so too, in a comment after its last move.
  std::optional<Error> report_forfeit(const MatchEnd& end, const State& position) const {
    ForfeitText why = forfeit_text(context_, game_, end);
    why.args.insert(why.args.begin(), {"side", side_display(context_, game_, end.forfeited)});
    // The refused move and why can tell where its hidden ships are.
    const bool hidden = why.refused_move && hides_information(game_) && seats_.people() > 0;
    const char* key = hidden ? "ui.forfeit-hidden" : why.refused_move ? "ui.forfeit" : "ui.forfeit-failure";
    const std::string text = context_.text(key, why.args);
    context_.out() << text << '\n';
    return session_.write_comment(text, position);
  }

  // SIGINT or SIGTERM, or output that cannot be written: the session ends
  // between two turns, as Q ends it.
  bool interrupted() const override { return interrupts_.signal() != 0 || !context_.out(); }

  // Why the session had to end (the record no longer reads as it wrote
  // it, or cannot be written), or nullopt.
  const std::optional<Message>& failure() const { return failure_; }

 private:
  // A move as the people at the keyboard may see it once it led to `after`.
  std::string shown_text(const State& after, std::string_view text) const {
    return seats_.people_see_last_move(game_, after) ? printable(last_numbered_move(game_, after, text))
                                                     : context_.text("ui.hidden-move");
  }

  void print_board(const State& state, Side viewer) const {
    const BoardView view = viewer == kNoSide ? state.view() : state.observe(viewer)->view();
    context_.out() << board_and_status(context_, game_, state, turned_ ? ui::turned_round(view) : view);
  }

  // Clears the screen (and its scrollback), asks for the keyboard to pass
  // to `side`, waits for Enter and clears again.
  void pass_to(Side side) {
    constexpr std::string_view kClear = "\x1b[H\x1b[2J\x1b[3J";
    context_.out() << kClear << context_.text("ui.pass-to", {{"side", side_display(context_, game_, side)}})
                   << std::flush;
    std::string ignored;
    bool too_long = false;
    (void)input_.read_line(ignored, too_long);
    context_.out() << kClear;
  }

  // The hint player of `side`: each side that asks gets its own, since an
  // external program follows the game as one side sees it. nullptr when
  // there is no hint player (or a new one cannot be made: then why).
  Player* hint_player(Side side) {
    if (auto found = hints_.find(side); found != hints_.end()) return found->second.player.get();
    std::unique_ptr<Player> player = std::move(seats_.hint);
    if (!player && seats_.make_hint) {
      auto made = seats_.make_hint();
      if (auto* error = made.if_error()) {
        context_.out() << context_.text(*error, &game_.definition()) << '\n';
        return nullptr;
      }
      player = std::move(made).value();
    }
    if (!player) return nullptr;
    HintSeat& seat = hints_[side];
    seat.player = std::move(player);
    return seat.player.get();
  }

  // The hint player's move, checked as a person's typed line is. An
  // engine that broke down, or a move the rules refuse, says why instead,
  // and the session goes on. A player told of every move (exec:) first
  // hears of the moves since its last hint, as --ai players do.
  void hint(const State& state, Side side) {
    std::optional<Move> move;
    std::optional<std::string> refused;
    if (Player* player = hint_player(side)) {
      HintSeat& seat = hints_[side];
      for (const auto& [mover, made] : seat.unseen) player->notice(game_, *state.observe(side), mover, made);
      seat.unseen.clear();
      const std::vector<Move> legal = state.legal_moves();
      const auto action = player->act(game_, *state.observe(side), legal);
      if (action && action->failure) {
        refused = context_.text(*action->failure, &game_.definition());
      } else if (action) {
        // Checked as a person's typed move is: an answer in it would be
        // told for free, right or wrong.
        auto checked = checked_move(game_, state, *action, /*as_typed=*/true);
        if (checked)
          move = *checked;
        else
          refused = context_.text(
              "ui.bad-hint", {{"reason", context_.messages().error_reason(checked.error(), game_.definition())}});
      }
    }
    if (refused)
      context_.out() << *refused << '\n';
    else if (move)
      context_.out() << context_.text("ui.hint",
                                      {{"move", numbered_move(game_, state, game_.move_text(*move, state))}})
                     << '\n';
    else
      context_.out() << context_.text("ui.no-hint") << '\n';
  }

  // Takes back the last move, and the computer's replies before it, back to
  // a person's turn; in the record too (RecordSession::plan_undo decides).
  // False when the session must end (failure() says why).
  bool undo(Match& match) {
    auto planned = session_.plan_undo(game_, context_.catalogue(), match.state().moves_played(),
                                      [this](Side side) { return seats_.is_computer(side); });
    if (!planned) {
      failure_ = Message{"write.changed", {{"file", session_.path()}}};
      return false;
    }
    UndoPlan& plan = *planned;
    if (plan.refused) {
      context_.out() << context_.text(*plan.refused, &game_.definition()) << '\n';
      return true;
    }
    for (auto taken = plan.moves.rbegin(); taken != plan.moves.rend(); ++taken)
      context_.out() << context_.text("ui.undone", {{"move", shown_text(*taken->after, taken->text)}}) << '\n';
    if (auto failed = session_.undo(plan)) {
      failure_ = std::move(failed->message);
      return false;
    }
    match.set_position(std::move(plan.position));
    // A hint program cannot be told that moves were taken back: the next
    // hint starts a new one, which learns the game as it now stands.
    hints_.clear();
    show_board(match.state());
    return true;
  }

  struct HintSeat {
    std::unique_ptr<Player> player;
    std::vector<std::pair<Side, Move>> unseen;  // moves since its last hint (for wants_notices())
  };

  const Context& context_;
  const Game& game_;
  Seats& seats_;
  std::map<Side, HintSeat> hints_;
  std::optional<Message> failure_;
  RecordSession& session_;
  const ui::InterruptGuard& interrupts_;
  ui::InputReader& input_;
  const bool private_screens_;
  const bool turned_;        // boards shown turned round (Seats::turned)
  Side shown_to_ = kNoSide;  // whose view the screen shows
};

class PlayCommand {
 public:
  PlayCommand(const Context& context, const PlayOptions& options) : context_(context), options_(options) {}

  // Which record is written and how is the record session's policy
  // (core/play_session.h); this wires the options to it, makes the players,
  // shows the record's moves (--step) and its problems, and runs the match.
  int run() {
    PlayRequest request{options_.file, options_.output, options_.position, context_.game_choice(),
                        options_.game_index, seed_};
    auto opened = PlayOpening::open(context_.catalogue(), std::move(request));
    if (!opened) return refuse(opened.error());
    PlayOpening& opening = *opened;
    game_ = &opening.game();
    if (auto error = make_seats()) return seats_error(*error);
    // A continued record names who plays its sides now (the computer's).
    opening.name_players(computer_names_, [this](const std::string& players) {
      return context_.text("ui.branch-players", {{"players", players}});
    });
    const bool new_game = !opening.resumes();  // begin() forgets the input
    const RunResult run = opening.resumes() ? replay(opening) : RunResult{};
    if (opening.resumes() && !run.read_error) {
      const std::string file_name = display_name(options_.file);
      if (run.error)
        context_.err() << error_line(file_name, *run.error,
                                     move_error_text(context_, *game_, opening.position(), *run.error))
                       << '\n';
      if (run.lines_after_quit)
        context_.err() << quit_warning_line(context_, file_name, *run.quit_line) << '\n';
    }
    auto session = opening.begin(run);
    if (!session) return refuse(session.error());
    if (run.error)
      context_.out() << context_.text("ui.resume-error",
                                      {{"file", display_name(options_.file)},
                                       {"moves", context_.messages().count("ui.moves", run.moves)}})
                     << '\n';
    owned_game_ = opening.take_game();
    return loop(*session, opening.take_position(), run.error ? kExitInvalid : kExitOk, new_game);
  }

 private:
  int refuse(const PlayRefusal& refusal) const {
    if (refusal.in_record) return report_file_error(context_, display_name(options_.file), refusal.error);
    return context_.usage_error(refusal.error.message, context_.catalogue().find(refusal.error.scope));
  }

  // The record's moves; with --step, each shown as the person at the
  // keyboard may see it (with several people and hidden information, no
  // board at all), waiting for Enter.
  RunResult replay(PlayOpening& opening) {
    if (!options_.step) return opening.replay(nullptr);
    const bool hidden = hides_information(*game_);
    const Side step_viewer = hidden ? seats_.only_person() : kNoSide;
    const bool step_boards = !hidden || step_viewer != kNoSide || seats_.people() == 0;
    auto nothing = [](const RecordEvent&, const Move&, const State&) {};
    auto step = [&](const RecordEvent& event, Side mover, const Move&, const State& after) {
      const bool seen = seats_.people_see_last_move(*game_, after);
      context_.out() << move_line(context_, *game_, after.moves_played(),
                                  seen ? last_numbered_move(*game_, after, event.text)
                                       : context_.text("ui.hidden-move"),
                                  mover)
                     << '\n';
      if (step_boards) {
        const BoardView view = step_viewer == kNoSide ? after.view() : after.observe(step_viewer)->view();
        context_.out() << board_and_status(context_, *game_, after, turned() ? ui::turned_round(view) : view);
      }
      wait_for_enter();
      return true;
    };
    MoveCalls<decltype(nothing), decltype(step)> calls(nothing, step);
    return opening.replay(&calls);
  }

  // A player that could not be made; a signal while an engine was being
  // started ends the session instead, with the status a shell expects.
  int seats_error(const Message& error) const {
    if (interrupts_.signal() != 0) return 128 + interrupts_.signal();
    return context_.usage_error(error);
  }

  // One player per side: a person at the prompt, or the computer for --ai.
  std::optional<Message> make_seats() {
    const auto& sides = game_->definition().sides;
    const std::uint64_t seed = seed_;
    seats_.players.clear();
    computer_names_.assign(sides.size(), "");
    for (std::size_t i = 0; i < sides.size(); ++i)
      seats_.players.push_back(make_human_player(context_, input_));
    for (const std::string& spec : options_.ai) {
      const auto equals = spec.find('=');
      const std::string side = spec.substr(0, equals);
      const std::string level =
          equals == std::string::npos ? game_->default_level() : spec.substr(equals + 1);
      const int index = game_->definition().side_index(side);
      if (index < 0)
        return Message{
            "play.ai-side",
            {{"spec", spec}, {"game", game_->name()}, {"side", side}, {"sides", join(sides, ", ")}}};
      // Seeded as tourney seeds game 1: a tourney game can be watched again
      // here with the same --seed.
      auto player = context_.catalogue().make_player(
          *game_, level,
          PlayerSettings{{seat_seed(seed, 1, static_cast<std::size_t>(index)), options_.movetime_ms}, {},
                         interrupts_.wake_fd()});
      if (auto* error = player.if_error()) return *error;
      computer_names_[static_cast<std::size_t>(index)] = player_record_name(level, player.value()->name());
      seats_.players[static_cast<std::size_t>(index)] = std::move(player).value();
    }
    seats_.shortcut_seed = seat_seed(seed, 0, 1);
    // Its own seed: hints must not replay a computer side's choices.
    const std::string hint_spec = options_.hint.empty() ? game_->default_level() : options_.hint;
    if (hint_spec.empty()) return std::nullopt;  // no computer player: no hint
    seats_.make_hint = [this, hint_spec, settings = PlayerSettings{{seat_seed(seed, 0, 0), options_.movetime_ms},
                                                                   {}, interrupts_.wake_fd()}] {
      return context_.catalogue().make_player(*game_, hint_spec, settings);
    };
    auto hint = seats_.make_hint();
    if (auto* error = hint.if_error()) return *error;
    seats_.hint = std::move(hint).value();
    return std::nullopt;
  }

  // Seats must exist (make_seats) before the record file is touched.
  // `new_game`: the session created its record, which it removes if the
  // game gets no move (nothing worth keeping).
  int loop(RecordSession& session, std::unique_ptr<State> start, int exit_status, bool new_game) {
    context_.out() << context_.text("ui.writing-to", {{"file", display_name(session.path())}}) << '\n';
    PlayHooks hooks(context_, *game_, seats_, session, interrupts_, input_, turned());
    hooks.show_board(*start);
    Match match(*game_, std::move(start), seats_.pointers(), &session);
    match.set_seed(seats_.shortcut_seed);
    const MatchEnd end = match.run(hooks);
    if (hooks.failure()) return context_.usage_error(*hooks.failure());
    if (end.write_failure) return context_.usage_error(end.write_failure->message);
    if (end.reason == MatchEnd::Reason::kForfeit) {
      if (auto failed = hooks.report_forfeit(end, match.state()))
        return context_.usage_error(failed->message);
    }
    if (new_game && match.state().moves_played() == 0 && end.reason != MatchEnd::Reason::kForfeit &&
        session.remove())
      context_.out() << context_.text("ui.not-kept", {{"file", display_name(session.path())}}) << '\n';
    // The last board shown already carries the final status line.
    context_.out() << context_.text("ui.session-over") << '\n';
    // Ended by a signal: the status a shell expects (130 for SIGINT).
    if (interrupts_.signal() != 0) return 128 + interrupts_.signal();
    if (!context_.out().flush()) return context_.usage_error(Message{"output.cannot-write"});
    return exit_status;
  }

  bool turned() const { return seats_.turned(*game_, options_.flip, options_.no_flip); }

  // --step: Enter goes on (so does the end of input or a signal).
  void wait_for_enter() {
    context_.out().flush();
    std::string ignored;
    bool too_long = false;
    (void)input_.read_line(ignored, too_long);
  }

  const Context& context_;
  const PlayOptions& options_;
  // For the whole session: a signal ends it between turns, and what is
  // typed is read next to the signal's pipe.
  ui::InterruptGuard interrupts_;
  ui::InputReader input_{STDIN_FILENO, &interrupts_, kMaxLineLength};
  // --seed, or one drawn for the session: the players', the hint's and a
  // drawn start's seeds come from it.
  const std::uint64_t seed_ = options_.seed.value_or(std::random_device{}());
  const Game* game_ = nullptr;
  std::shared_ptr<const Game> owned_game_;  // the session's, once the record is chosen
  Seats seats_;
  std::vector<std::string> computer_names_;  // by side: a computer player's record name, "" a person
};

}  // namespace

Command add_play_command(CLI::App& app) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* command = app.add_subcommand("play", "Replay FILE, then continue the game interactively");
  command->add_option("file", options->file,
                      "Record to continue (a new one is started if it does not exist)");
  command->add_option("-o,--output", options->output, "Write the record here instead of FILE");
  command->add_flag("--step", options->step, "Show each move of FILE and wait for Enter");
  command->add_option("--ai", options->ai, "Let the computer play SIDE (SIDE[=LEVEL], repeatable)")
      ->allow_extra_args(false);
  command->add_option("--hint", options->hint,
                      "Who answers `hint`: any player --ai takes (a level, uci:ENGINE, ...)");
  command->add_option("--seed", options->seed, "Seed for the computer players' random choices")
      ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
  command
      ->add_option("--movetime", options->movetime_ms, "Time per move for searching computer players, in ms")
      ->check(whole_number(1, kMaxMilliseconds));
  command
      ->add_option("--game-index", options->game_index,
                   "Which game of an archive FILE to continue (1: the first); -o names the record written")
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  auto* flip = command->add_flag("--flip", options->flip,
                                 "Show the board turned round (by default, when the one person plays Black)");
  command->add_flag("--no-flip", options->no_flip, "Never show the board turned round")->excludes(flip);
  command->add_option("--position,--fen", options->position,
                      "Start a new game from this position, in the game's notation (a header's position:)");
  return {command, [options](const Context& context) { return PlayCommand(context, *options).run(); }};
}

}  // namespace gamerec::cli
