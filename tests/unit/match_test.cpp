// The one match loop (core/match.h) that play and tourney share: what it
// does with a person's lines (cleaned like record lines, commands first,
// rejected moves reported and asked again), with a computer player's moves
// (checked; breaking the rules or breaking down forfeits the game; an
// external program's text is checked as a record line), with the record sink,
// the move limit and the players that want to hear every move.
#include <catch2/catch.hpp>

#include <deque>

#include "core/match.h"
#include "test_support.h"

using namespace gamerec;

namespace {

// A person who types the given lines, then nothing (end of input).
class Typist final : public Player {
 public:
  explicit Typist(std::deque<std::string> lines) : lines_(std::move(lines)) {}
  std::optional<Action> act(const Game&, const Observation&, std::span<const Move>) override {
    if (lines_.empty()) return std::nullopt;
    Action action{lines_.front(), std::nullopt, lines_.front() == "<too long>"};
    lines_.pop_front();
    return action;
  }
  bool is_computer() const override { return false; }

 private:
  std::deque<std::string> lines_;
};

// A program that always plays the same move, legal or not.
class Stubborn final : public MoveChooser {
 public:
  explicit Stubborn(Move move) : move_(move) {}
  std::optional<Move> choose_move(const Observation&, std::span<const Move>) override { return move_; }

 private:
  Move move_;
};

// An external program as the match sees it: it answers with text (or breaks
// down, when `failure` is set).
class Program final : public Player {
 public:
  explicit Program(std::deque<std::string> answers, std::optional<Message> failure = std::nullopt)
      : answers_(std::move(answers)), failure_(std::move(failure)) {}
  std::optional<Action> act(const Game&, const Observation&, std::span<const Move>) override {
    if (answers_.empty()) return Action{{}, std::nullopt, false, failure_};
    Action action{answers_.front(), std::nullopt, false};
    answers_.pop_front();
    return action;
  }
  bool is_computer() const override { return true; }

 private:
  std::deque<std::string> answers_;
  std::optional<Message> failure_;
};

struct Sink final : MoveSink {
  std::vector<std::string> lines;
  std::optional<Error> write_move(const State&, const Move&, std::string_view text) override {
    lines.emplace_back(text);
    return std::nullopt;
  }
};

// A record that takes `room` moves, then cannot be written (a full disk).
struct FullSink final : MoveSink {
  explicit FullSink(std::size_t room) : room(room) {}
  std::size_t room;
  std::vector<std::string> lines;
  std::optional<Error> write_move(const State&, const Move&, std::string_view text) override {
    if (lines.size() == room) return Error{"io", Message{"write.cannot-write", {{"file", "full.cht"}}}};
    lines.emplace_back(text);
    return std::nullopt;
  }
};

struct Hooks final : MatchHooks {
  std::vector<std::string> commands;
  std::vector<RecordError> rejected_errors;
  std::vector<std::pair<Side, std::string>> accepted_moves;
  Command command(Match&, Side, std::string_view line) override {
    if (line == "quit") return Command::kQuit;
    if (line != "help") return Command::kNotACommand;
    commands.emplace_back(line);
    return Command::kHandled;
  }
  void accepted(const Match&, Side mover, const Move&, std::string_view text, bool) override {
    accepted_moves.emplace_back(mover, std::string(text));
  }
  void rejected(const Match&, Side, const RecordError& error) override { rejected_errors.push_back(error); }
};

// Hears every move, as its side sees the game afterwards.
class Listener final : public Player {
 public:
  std::optional<Action> act(const Game&, const Observation&, std::span<const Move> legal) override {
    return Action{{}, legal.front(), false};
  }
  bool is_computer() const override { return true; }
  bool wants_notices() const override { return true; }
  void notice(const Game&, const Observation& seen, Side mover, const Move&) override {
    heard.emplace_back(seen.viewer(), mover);
  }
  std::vector<std::pair<Side, Side>> heard;  // (viewer, mover)
};

Move move_of(const Game& game, const char* text) {
  WrittenMove written;
  REQUIRE_FALSE(gamerec::test::parse_text(game, text, written));
  return written.move;
}

}  // namespace

TEST_CASE("match: a person's lines are cleaned like record lines, and commands come before moves") {
  const auto game = gamerec::test::make("chaturanga");
  Typist yellow({"", "# just a comment", "help", "  2A-3A   # opening", "quit"});
  Typist green({"4G-4F"});
  Typist red({"7H-7G", "7H-6H"});  // the first is onto Red's own pawn: asked again
  Typist black({"5B-5C"});
  Sink sink;
  Hooks hooks;
  Match match(*game, game->new_state(), {&yellow, &green, &red, &black}, &sink);
  const MatchEnd end = match.run(hooks);
  CHECK(end.reason == MatchEnd::Reason::kQuit);
  // Written as typed, without spaces and comment, before being played.
  CHECK(sink.lines == std::vector<std::string>{"2A-3A", "4G-4F", "7H-6H", "5B-5C"});
  CHECK(hooks.commands == std::vector<std::string>{"help"});
  REQUIRE(hooks.rejected_errors.size() == 1);
  CHECK(hooks.rejected_errors[0].error.code == ErrorCode::kAlliedDestination);
  CHECK(hooks.rejected_errors[0].move == "7H-7G");
  CHECK(match.state().moves_played() == 4);
  CHECK(hooks.accepted_moves.front() == std::make_pair(Side{0}, std::string("2A-3A")));
}

TEST_CASE("match: the end of a person's input ends the match, and a line too long is rejected") {
  const auto game = gamerec::test::make("chaturanga");
  Typist yellow({"<too long>", "2A-3A"});
  Typist green({});
  Typist red({});
  Typist black({});
  Hooks hooks;
  Match match(*game, game->new_state(), {&yellow, &green, &red, &black}, nullptr);
  CHECK(match.run(hooks).reason == MatchEnd::Reason::kNoInput);
  REQUIRE(hooks.rejected_errors.size() == 1);
  CHECK(hooks.rejected_errors[0].error == MoveError{ErrorCode::kNotation, "too-long"});
  CHECK(match.state().moves_played() == 1);
}

TEST_CASE("match: a computer player that breaks the rules forfeits, and nothing is written") {
  const auto game = gamerec::test::make("chaturanga");
  // Yellow's program insists on moving Green's pawn.
  ComputerPlayer cheat(std::make_unique<Stubborn>(move_of(*game, "4G-4F")));
  Typist others({});
  Sink sink;
  Hooks hooks;
  Match match(*game, game->new_state(), {&cheat, &others, &others, &others}, &sink);
  const MatchEnd end = match.run(hooks);
  CHECK(end.reason == MatchEnd::Reason::kForfeit);
  CHECK(end.forfeited == 0);
  CHECK(end.forfeit_error == MoveError{ErrorCode::kNotYourTurn});
  CHECK(end.forfeit_move == "4G-4F");
  CHECK(end.outcome.winners == std::vector<Side>{1, 3});  // Green+Black win
  CHECK(sink.lines.empty());
}

TEST_CASE("match: a program's text is checked as a record line, and a bad one forfeits unwritten") {
  const auto game = gamerec::test::make("chaturanga");
  Program yellow({"2A-3A", "3A-3A"});  // the second lands on itself
  Program green({"4G-4F"});
  Program red({"7H-6H"});
  Program black({"5B-5C"});
  Sink sink;
  Hooks hooks;
  Match match(*game, game->new_state(), {&yellow, &green, &red, &black}, &sink);
  const MatchEnd end = match.run(hooks);
  CHECK(sink.lines == std::vector<std::string>{"2A-3A", "4G-4F", "7H-6H", "5B-5C"});
  CHECK(end.reason == MatchEnd::Reason::kForfeit);
  CHECK(end.forfeited == 0);
  CHECK(end.forfeit_error == MoveError{ErrorCode::kAlliedDestination});
  CHECK(end.forfeit_move == "3A-3A");
  CHECK_FALSE(end.forfeit_reason);
  // No person is at the keyboard: nothing was reported as rejected.
  CHECK(hooks.rejected_errors.empty());

  Program garbled({"hello"});
  Match again(*game, game->new_state(), {&garbled, &green, &red, &black}, nullptr);
  const MatchEnd notation = again.run(hooks);
  CHECK(notation.reason == MatchEnd::Reason::kForfeit);
  CHECK(notation.forfeit_error->code == ErrorCode::kNotation);
  CHECK(notation.forfeit_move == "hello");
}

TEST_CASE("match: a program that breaks down forfeits, with its reason") {
  const auto game = gamerec::test::make("chaturanga");
  Program yellow({"2A-3A"}, Message{"exec.timeout", {{"ms", "10"}}});
  Program green({"4G-4F"});
  Program red({"7H-6H"});
  Program black({"5B-5C"});
  Sink sink;
  Hooks hooks;
  Match match(*game, game->new_state(), {&yellow, &green, &red, &black}, &sink);
  const MatchEnd end = match.run(hooks);
  CHECK(end.reason == MatchEnd::Reason::kForfeit);
  CHECK(end.forfeited == 0);
  CHECK_FALSE(end.forfeit_error);
  CHECK(end.forfeit_reason == Message{"exec.timeout", {{"ms", "10"}}});
  CHECK(end.outcome.winners == std::vector<Side>{1, 3});
  CHECK(sink.lines.size() == 4);  // the moves before it broke down stay
}

// Chaturanga's four seats, each the level-1 computer player (owned by `owned`).
std::vector<Player*> level_one_players(const Game& game, std::vector<std::unique_ptr<Player>>& owned) {
  std::vector<Player*> players;
  for (std::uint64_t seat = 0; seat < 4; ++seat) {
    auto player = gamerec::test::catalogue().make_player(game, "1", PlayerSettings{{seat, std::nullopt}});
    owned.push_back(std::move(player.value()));
    players.push_back(owned.back().get());
  }
  return players;
}

TEST_CASE("match: computer players play to the end, or stop at the move limit") {
  const auto game = gamerec::test::make("chaturanga");
  std::vector<std::unique_ptr<Player>> owned;
  const std::vector<Player*> players = level_one_players(*game, owned);
  Hooks hooks;
  Match limited(*game, game->new_state(), players, nullptr);
  CHECK(limited.run(hooks, 10).reason == MatchEnd::Reason::kMoveLimit);
  CHECK(limited.state().moves_played() == 10);
  Match whole(*game, game->new_state(), players, nullptr);
  const MatchEnd end = whole.run(hooks);
  CHECK(end.reason == MatchEnd::Reason::kGameOver);
  CHECK(end.outcome.over);
  CHECK(whole.state().is_over());
}

TEST_CASE("match: a move the record cannot take is not played, and the match ends saying why") {
  const auto game = gamerec::test::make("chaturanga");
  std::vector<std::unique_ptr<Player>> owned;
  const std::vector<Player*> players = level_one_players(*game, owned);
  Hooks hooks;
  FullSink sink(3);
  Match match(*game, game->new_state(), players, &sink);
  const MatchEnd end = match.run(hooks);
  CHECK(end.reason == MatchEnd::Reason::kWriteFailed);
  REQUIRE(end.write_failure);
  CHECK(end.write_failure->message.key == "write.cannot-write");
  CHECK(match.state().moves_played() == 3);  // as it was before the move not written
  CHECK(hooks.accepted_moves.size() == 3);
}

TEST_CASE("match: a player that asks is told every move, as its side sees it") {
  const auto game = gamerec::test::make("chaturanga");
  Listener yellow;
  Listener green;
  Listener red;
  Listener black;
  Hooks hooks;
  Match match(*game, game->new_state(), {&yellow, &green, &red, &black}, nullptr);
  match.run(hooks, 5);
  REQUIRE(yellow.heard.size() == 5);
  CHECK(yellow.heard[0] == std::make_pair(Side{0}, Side{0}));
  CHECK(green.heard[1] == std::make_pair(Side{1}, Side{1}));
  CHECK(black.heard[4] == std::make_pair(Side{3}, Side{0}));
}
