// The uci:ENGINE player: a tiny fake engine that the tests build
// (tests/support/fake_uci_engine.cpp) for each way an engine can behave,
// and Stockfish when it is installed.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/match.h"
#include "core/tourney.h"
#include "players/uci.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Sets the fake engine's behaviour for the players made in this scope.
struct FakeMode {
  explicit FakeMode(const char* mode, const std::string& log = "") {
    ::setenv("FAKE_UCI_MODE", mode, 1);
    if (!log.empty()) ::setenv("FAKE_UCI_LOG", log.c_str(), 1);
  }
  ~FakeMode() {
    ::unsetenv("FAKE_UCI_MODE");
    ::unsetenv("FAKE_UCI_LOG");
    ::unsetenv("FAKE_UCI_MOVE");
    ::unsetenv("FAKE_UCI_NAME");
    ::unsetenv("FAKE_UCI_DELAY");
    ::unsetenv("FAKE_UCI_INFO");
  }
};

Result<std::unique_ptr<Player>, Message> make(const Game& game, const std::string& spec,
                                                   std::int64_t movetime = 20) {
  return test::catalogue().make_player(game, spec, PlayerSettings{{1, movetime}});
}

std::optional<Action> ask(Player& player, const Game& game, const State& state) {
  const auto legal = state.legal_moves();
  return player.act(game, *state.observe(state.to_move()), legal);
}

std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("uci player: handshake, the position, go movetime, bestmove, quit") {
  const auto game = test::make("chess");
  test::TempDir dir("uci");
  const std::string log = dir.path() + "/sent";
  {
    FakeMode mode("good", log);
    auto made = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI, 20);
    REQUIRE(made.ok());
    auto& player = *made.value();
    CHECK(player.is_computer());
    const auto state = test::position(*game, kStart);
    const auto action = ask(player, *game, *state);
    REQUIRE(action);
    REQUIRE(action->move);
    CHECK(action->text == "e2e4");  // as the engine sent it
    CHECK(game->move_text(*action->move, *state) == "e4");
  }  // the player stops the engine here
  CHECK(read_all(log) == "uci\nisready\nucinewgame\nposition startpos\ngo movetime 20\nquit\n");
}

namespace {

// The `position` lines a fake engine was sent, asked once in `state`.
std::string position_sent(const Game& game, const State& state) {
  test::TempDir dir("uci");
  const std::string log = dir.path() + "/sent";
  {
    FakeMode mode("good", log);
    auto made = make(game, std::string("uci:") + GAMEREC_FAKE_UCI, 20);
    REQUIRE(made.ok());
    ask(*made.value(), game, state);
  }
  std::string lines;
  std::istringstream sent(read_all(log));
  for (std::string line; std::getline(sent, line);)
    if (line.rfind("position", 0) == 0) lines += line + "\n";
  return lines;
}

}  // namespace

TEST_CASE("uci player: a Chess960 game sets UCI_Chess960 before isready and tells its start as a FEN") {
  const auto game = test::make("chess960", {{"start", "0"}});
  test::TempDir dir("uci");
  const std::string log = dir.path() + "/sent";
  {
    FakeMode mode("good", log);
    auto made = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI, 20);
    REQUIRE(made.ok());
    ask(*made.value(), *game, *game->new_state());
  }
  // Start 0 is BBQNNRKR.
  CHECK_THAT(read_all(log), Catch::Matchers::StartsWith("uci\nsetoption name UCI_Chess960 value true\nisready\n"
                                                        "ucinewgame\nposition fen bbqnnrkr/pppppppp/8/8/8/8/"
                                                        "PPPPPPPP/BBQNNRKR w "));
}

TEST_CASE("uci player: the engine is told every move since the start, so it sees repetitions") {
  const auto game = test::make("chess");
  auto state = game->new_state();
  // Both knights out and back: the start position stands for the second
  // time, which a FEN alone cannot say. SAN and coordinates alike reach the
  // engine as UCI coordinates; castling as the king's move.
  test::play_all(*game, *state, {"Nf3", "g8f6", "Ng1", "Ng8"});
  CHECK(position_sent(*game, *state) == "position startpos moves g1f3 g8f6 f3g1 f6g8\n");

  //  8 r . . . k . . r
  //  7 . P . . . . . .
  //  1 R . . . K . . R   a game from a FEN: the FEN, then its moves
  const std::string fen = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";
  auto from_fen = test::position(*game, fen);
  CHECK(position_sent(*game, *from_fen) == "position fen " + fen + "\n");
  test::play_all(*game, *from_fen, {"O-O", "a8a7", "b8=N"});
  CHECK(position_sent(*game, *from_fen) == "position fen " + fen + " moves e1g1 a8a7 b7b8n\n");

  // The start position with other move counters is not `startpos`.
  const std::string later = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3";
  CHECK(position_sent(*game, *test::position(*game, later)) == "position fen " + later + "\n");
}

TEST_CASE("uci player: a promotion in UCI text (e7e8q) is the promotion") {
  const auto game = test::make("chess");
  FakeMode mode("good");
  ::setenv("FAKE_UCI_MOVE", "e7e8q", 1);
  auto made = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI);
  REQUIRE(made.ok());
  const auto state = test::position(*game, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
  const auto action = ask(*made.value(), *game, *state);
  REQUIRE(action);
  REQUIRE(action->move);
  CHECK(game->move_text(*action->move, *state) == "e8=Q+");
}

TEST_CASE("uci player: a missing engine, an empty name, a program that is not an engine") {
  const auto game = test::make("chess");
  auto missing = make(*game, "uci:/nonexistent/engine");
  REQUIRE(!missing.ok());
  CHECK(missing.error().key == "players.uci-cannot-start");
  CHECK(test::english(missing.error()) ==
        "uci:/nonexistent/engine: cannot start the engine: No such file or directory");

  auto empty = make(*game, "uci:");
  REQUIRE(!empty.ok());
  CHECK(empty.error().key == "players.uci-no-program");

  FakeMode mode("mute");
  auto mute = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI);
  REQUIRE(!mute.ok());
  CHECK(mute.error().key == "players.uci-no-handshake");
}

namespace {

// What a fake engine in `mode` does, asked for a move from the start.
std::optional<Action> action_of(const char* mode) {
  const auto game = test::make("chess");
  const auto state = test::position(*game, kStart);
  FakeMode fake(mode);
  auto made = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI);
  REQUIRE(made.ok());
  return ask(*made.value(), *game, *state);
}

// Why a fake engine in `mode` loses, asked for a move from the start (the
// action's failure, which the match turns into a forfeit); nullopt when it
// answered a move or none.
std::optional<Message> failure_of(const char* mode) {
  const auto action = action_of(mode);
  if (!action || !action->failure) return std::nullopt;
  CHECK_FALSE(action->move);
  return action->failure;
}

}  // namespace

TEST_CASE("uci player: an engine that crashes mid-game or answers nonsense loses, with a clear reason") {
  const auto died = failure_of("crash");
  REQUIRE(died);
  CHECK(died->key == "players.uci-died");
  const auto nonsense = failure_of("garbage");
  REQUIRE(nonsense);
  CHECK(nonsense->key == "players.uci-bad-move");
  CHECK(test::english(*nonsense).find("'zz99'") != std::string::npos);

  // "bestmove (none)" or the null move "0000" where the rules give moves:
  // the engine withholds a move it owes, and loses as for an illegal move
  // (the action names what it sent, so the match counts a rules infraction).
  for (const char* mode : {"none", "nullmove"}) {
    const auto action = action_of(mode);
    REQUIRE(action);
    REQUIRE(action->failure);
    CHECK(action->failure->key == "players.uci-no-move");
    CHECK_FALSE(action->move);
    CHECK(action->text == (std::string(mode) == "none" ? "(none)" : "0000"));
  }
}

namespace {

// White (`chooser`) against Black (`engine`) from `state` for up to
// `plies` plies: every move the engine sends is legal.
void play_against(const Game& game, State& state, MoveChooser& chooser, Player& engine, int plies) {
  for (int ply = 0; ply < plies && !state.is_over(); ++ply) {
    const auto legal = state.legal_moves();
    Move move;
    if (state.to_move() == 0) {
      move = *chooser.choose_move(*state.observe(0), legal);
    } else {
      const auto answer = engine.act(game, *state.observe(1), legal);
      REQUIRE(answer);
      REQUIRE(answer->move);
      move = *answer->move;
    }
    REQUIRE(std::find(legal.begin(), legal.end(), move) != legal.end());
    state.apply(move);
  }
}

}  // namespace

TEST_CASE("uci player: Stockfish mates in one and plays a whole game") {
  const char* stockfish = "/usr/games/stockfish";
  // .ci/setup installs it (Debian's stockfish).
  REQUIRE(::access(stockfish, X_OK) == 0);
  const auto game = test::make("chess");
  auto made = make(*game, std::string("uci:") + stockfish, 50);
  REQUIRE(made.ok());
  auto& engine = *made.value();
  //  8 . . . . . . . k
  //  6 . . . . . . K .
  //  1 R . . . . . . .   Ra8 mates
  const auto mate = test::position(*game, "7k/8/6K1/8/8/8/8/R7 w - - 0 1");
  const auto action = ask(engine, *game, *mate);
  REQUIRE(action);
  REQUIRE(action->move);
  CHECK(game->move_text(*action->move, *mate) == "Ra8#");

  // Stockfish against level 1 from the start: every move it sends is legal.
  auto level1 = game->make_chooser("1", ChooserSettings{1, {}});
  play_against(*game, *test::position(*game, kStart), *level1, engine, 40);
}

TEST_CASE("uci player: Stockfish plays Chess960, castling included, told UCI_Chess960") {
  const char* stockfish = "/usr/games/stockfish";
  REQUIRE(::access(stockfish, X_OK) == 0);
  // Start 0 (BBQNNRKR): the kings stand on g1 and g8 beside the h-rooks.
  const auto game = test::make("chess960", {{"start", "0"}});
  auto made = make(*game, std::string("uci:") + stockfish, 20);
  REQUIRE(made.ok());
  auto& engine = *made.value();
  // O-O-O is the one mate in one: the king on b1 blocks Ra1-d1, castling
  // brings the rook to d1 anyway (the engine writes it b1a1).
  const auto castle = test::position(*game, "2rkr3/2p1p3/8/8/8/8/5PPP/RK6 w A - 0 1");
  REQUIRE(game->facet<PositionText>()->variant_tag() == "Chess960");  // UCI_Chess960 is set
  auto random = game->make_chooser("random", ChooserSettings{7, {}});
  play_against(*game, *game->new_state(), *random, engine, 60);
  const auto answer = engine.act(*game, *castle->observe(0), castle->legal_moves());
  REQUIRE(answer);
  REQUIRE(answer->move);
  CHECK(game->move_text(*answer->move, *castle) == "O-O-O#");
}

TEST_CASE("uci player: in a tourney, an engine that crashes loses that game and the tourney goes on") {
  // As an exec: program that breaks down: a forfeit with the reason, never
  // the end of the whole run.
  const auto game = test::make("chess");
  FakeMode mode("crash");
  TourneyOptions options;
  options.players = {std::string("uci:") + GAMEREC_FAKE_UCI, "1"};
  options.games = 2;
  options.movetime_ms = 20;
  Tourney tourney(test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  int games = 0;
  while (auto played = tourney.play_next()) {
    ++games;
    CHECK(played->end.reason == MatchEnd::Reason::kForfeit);
    REQUIRE(played->end.forfeit_reason);
    CHECK(played->end.forfeit_reason->key == "players.uci-died");
  }
  CHECK(games == 2);
  CHECK(tourney.tallies()[0].forfeits == 2);
  CHECK(tourney.tallies()[1].wins == 2);
}

TEST_CASE("uci player: a search limit per engine, options set before the game, the engine's own name") {
  const auto game = test::make("chess");
  test::TempDir dir("uci");
  const std::string log = dir.path() + "/sent";
  {
    FakeMode mode("good", log);
    ::setenv("FAKE_UCI_NAME", "Fake Engine 2.0", 1);
    auto made = make(*game,
                     std::string("uci:") + GAMEREC_FAKE_UCI +
                         ";depth=3;nodes=5000;option.Skill Level=3;option.hash=16;option.Threads=1",
                     20);
    REQUIRE(made.ok());
    CHECK(made.value()->name() == "Fake Engine 2.0");
    ask(*made.value(), *game, *test::position(*game, kStart));
  }
  // Option names are not case sensitive in UCI: "hash" is sent as given.
  CHECK(read_all(log) ==
        "uci\nsetoption name Skill Level value 3\nsetoption name hash value 16\nsetoption name Threads value 1\n"
        "isready\nucinewgame\nposition startpos\ngo depth 3 nodes 5000\nquit\n");

  // movetime= overrides --movetime; name= overrides the engine's name.
  const std::string log2 = dir.path() + "/sent2";
  {
    FakeMode mode("good", log2);
    auto made = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI + ";movetime=7;name=Weak", 20);
    REQUIRE(made.ok());
    CHECK(made.value()->name() == "Weak");
    ask(*made.value(), *game, *test::position(*game, kStart));
  }
  CHECK(read_all(log2).find("go movetime 7\n") != std::string::npos);
}

TEST_CASE("uci player: a setting it does not know, or an option the engine lacks, is refused by name") {
  const auto game = test::make("chess");
  FakeMode mode("good");
  auto bad = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI + ";depth=0");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().key == "players.uci-bad-setting");
  CHECK_THAT(test::english(bad.error()), Catch::Contains("'depth=0' is not a setting"));
  auto unknown = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI + ";ponder=true");
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().key == "players.uci-bad-setting");
  auto missing = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI + ";option.Contempt=10");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().key == "players.uci-no-option");
  CHECK_THAT(test::english(missing.error()),
             Catch::Contains("no option 'Contempt'") && Catch::Contains("Threads, Hash, Skill Level"));
}

TEST_CASE("uci player: under a clock it is told wtime, btime, winc, binc and movestogo") {
  const auto game = test::make("chess");
  test::TempDir dir("uci");
  const std::string log = dir.path() + "/sent";
  {
    FakeMode mode("good", log);
    auto made = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI);
    REQUIRE(made.ok());
    made.value()->clock(ClockReading{{59000, 60000}, 500, 39});
    ask(*made.value(), *game, *test::position(*game, kStart));
  }
  CHECK(read_all(log).find("go wtime 59000 btime 60000 winc 500 binc 500 movestogo 39\n") != std::string::npos);
}

TEST_CASE("uci player: in a match with clocks, an engine that runs out of time loses on time") {
  const auto game = test::make("chess");
  FakeMode mode("slow");
  ::setenv("FAKE_UCI_DELAY", "400", 1);
  auto engine = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI);
  REQUIRE(engine.ok());
  auto level = test::catalogue().make_player(*game, "1", PlayerSettings{{1, {}}});
  REQUIRE(level.ok());
  // 0.25 s for the game: the engine's 0.4 s first move is over it.
  Match match(*game, game->new_state(), {engine.value().get(), level.value().get()}, nullptr);
  match.set_time_control(TimeControl{0, 250, 0});
  struct Quiet final : MatchHooks {} hooks;
  const MatchEnd end = match.run(hooks);
  CHECK(end.reason == MatchEnd::Reason::kForfeit);
  CHECK(end.out_of_time);
  CHECK(end.forfeited == 0);
  REQUIRE(end.forfeit_reason);
  CHECK(end.forfeit_reason->key == "clock.out-of-time");
  CHECK(end.outcome.winners == std::vector<Side>{1});
  CHECK(match.state().moves_played() == 0);
}

TEST_CASE("uci player: Stockfish at Skill Level 0 and depth 1 under a clock plays legal moves in time") {
  const char* stockfish = "/usr/games/stockfish";
  REQUIRE(::access(stockfish, X_OK) == 0);
  const auto game = test::make("chess");
  auto made = make(*game, std::string("uci:") + stockfish + ";depth=1;option.Skill Level=0;option.Threads=1");
  REQUIRE(made.ok());
  CHECK_THAT(made.value()->name(), Catch::StartsWith("Stockfish"));
  auto level = test::catalogue().make_player(*game, "1", PlayerSettings{{1, {}}});
  REQUIRE(level.ok());
  Match match(*game, game->new_state(), {made.value().get(), level.value().get()}, nullptr);
  match.set_time_control(TimeControl{0, 20000, 100});
  struct Quiet final : MatchHooks {} hooks;
  const MatchEnd end = match.run(hooks, 30);
  CHECK((end.reason == MatchEnd::Reason::kMoveLimit || end.reason == MatchEnd::Reason::kGameOver));
  CHECK_FALSE(end.out_of_time);
}

TEST_CASE("uci player: the move carries the engine's last score for the main line, cp or mate, for adjudication") {
  const auto game = test::make("chess");
  const auto state = test::position(*game, kStart);
  struct Case {
    const char* info;
    std::optional<ReportedScore> score;
  };
  const std::vector<Case> cases = {
      {"info depth 1 score cp 13|info depth 2 score cp -35 nodes 40 pv e2e4", ReportedScore{false, -35}},
      {"info depth 9 score mate -3 pv e2e4", ReportedScore{true, -3}},
      {"info depth 5 score cp 80 lowerbound", ReportedScore{false, 80}},  // a bound counts as the score
      // Another line of a multi-PV search is not the move's.
      {"info depth 3 multipv 1 score cp 20|info depth 3 multipv 2 score cp -400", ReportedScore{false, 20}},
      // Free text and lines without a score leave the last real one.
      {"info depth 4 score cp 7|info string score cp 999|info nodes 1000 nps 5000", ReportedScore{false, 7}},
      {"info depth 1 nodes 20", std::nullopt},
      // Numbers beyond any score are held at a billion, never overflowing.
      {"info depth 2 score cp -9223372036854775808", ReportedScore{false, -1000000000}},
      {"info depth 2 score cp 99999999999999999999999", ReportedScore{false, 1000000000}},
      {"info depth 1 score cp x", std::nullopt},
  };
  for (const Case& c : cases) {
    INFO(c.info);
    FakeMode mode("good");
    ::setenv("FAKE_UCI_INFO", c.info, 1);
    auto made = make(*game, std::string("uci:") + GAMEREC_FAKE_UCI, 20);
    REQUIRE(made.ok());
    const auto action = ask(*made.value(), *game, *state);
    REQUIRE(action);
    REQUIRE(action->move);
    REQUIRE(action->score.has_value() == c.score.has_value());
    if (c.score) {
      CHECK(action->score->mate == c.score->mate);
      CHECK(action->score->value == c.score->value);
    }
  }
}
