// tourney: the match loop with computer players only, game after game.
// Seats rotate, results are counted per entrant, every record written
// validates, --wins stops the run, and a fixed seed always gives the same
// games: the total move count is the run's fingerprint (like an engine's
// bench signature), so a change to the players or the loop shows.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/tourney.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

// The fingerprint of `tourney chaturanga --players 1,random --games 6
// --seed 7`: its total number of moves. It changes only when the players,
// the rules or the loop do; then check the new games and update it.
constexpr std::int64_t kChaturangaFingerprint = 199;

// An exec: player that exits at once: it breaks down at its first turn.
void write_quitting_program(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "w");
  REQUIRE(file != nullptr);
  std::fputs("#!/bin/sh\nexit 0\n", file);
  std::fclose(file);
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
}

}  // namespace

TEST_CASE("tourney: a fixed seed gives the same games, and the move count is the fingerprint") {
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"1", "random"};
  options.games = 6;
  options.seed = 7;
  const auto played_first = gamerec::test::played_tourney(*game, options);
  const auto played_again = gamerec::test::played_tourney(*game, options);
  const Tourney& first = *played_first;
  const Tourney& again = *played_again;
  CHECK(first.games_played() == 6);
  CHECK(first.total_moves() == again.total_moves());
  CHECK(first.total_moves() == kChaturangaFingerprint);
}

TEST_CASE("tourney: seats rotate, so each entrant plays every side") {
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"1", "random"};
  options.games = 2;
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  const auto first = tourney.play_next();
  const auto second = tourney.play_next();
  REQUIRE(first);
  REQUIRE(second);
  CHECK(first->seats == std::vector<std::size_t>{0, 1, 0, 1});  // entrant 1 plays Yellow+Red
  CHECK(second->seats == std::vector<std::size_t>{1, 0, 1, 0});
  CHECK_FALSE(tourney.play_next());
  for (const EntrantTally& tally : tourney.tallies()) {
    CHECK(tally.games == 2);
    CHECK(tally.wins + tally.losses + tally.draws == 2);
  }
  // A team game between two entrants: one's win is the other's loss.
  CHECK(tourney.tallies()[0].wins == tourney.tallies()[1].losses);
}

TEST_CASE("tourney: every record written to --out validates, with the moves played") {
  gamerec::test::TempDir dir;
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"greedy", "random"};
  options.games = 4;
  options.seed = 3;
  options.out_dir = dir.path() + "/records";
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  int records = 0;
  while (auto played = tourney.play_next()) {
    INFO(played->record);
    REQUIRE(std::filesystem::exists(played->record));
    const RunResult run = gamerec::test::validate_record(played->record);
    CHECK_FALSE(run.error);
    CHECK(run.moves == played->moves);
    ++records;
  }
  CHECK(records == 4);
  // A second run into the same directory would replace them: refused.
  const std::string first = dir.path() + "/records/chaturanga-0001.chaturanga";
  const auto before = std::filesystem::last_write_time(first);
  Tourney again(gamerec::test::catalogue(), *game, options);
  const auto error = again.prepare();
  REQUIRE(error);
  CHECK(error->key == "tourney.out-has-records");
  CHECK(std::filesystem::last_write_time(first) == before);
}

TEST_CASE("tourney: --wins plays until an entrant has that many wins") {
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"1", "random"};
  options.wins = 3;
  const auto tourney = gamerec::test::played_tourney(*game, options);
  const auto& tallies = tourney->tallies();
  CHECK(std::max(tallies[0].wins, tallies[1].wins) == 3);
  CHECK(tourney->games_played() >= 3);
}

TEST_CASE("tourney: an unknown player is refused before any game") {
  const auto game = gamerec::test::make("chaturanga");
  TourneyOptions options;
  options.players = {"1", "grandmaster"};
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  const auto error = tourney.prepare();
  REQUIRE(error);
  CHECK_THAT(gamerec::test::english(*error),
             Catch::Contains("grandmaster") && Catch::Contains("1, greedy, random"));
}

TEST_CASE("tourney: an entrant that cannot be made for a later game loses that game, with the reason") {
  // exec: checks its program when the player is made, once per game; the
  // program disappears after the tourney started.
  gamerec::test::TempDir dir("tourney");
  const std::string program = dir.path() + "/player.sh";
  write_quitting_program(program);
  const auto game = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {"exec:" + program, "random"};
  options.games = 1;
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(tourney.prepare());
  std::filesystem::remove(program);
  const auto played = tourney.play_next();
  REQUIRE(played);
  CHECK(played->end.reason == MatchEnd::Reason::kForfeit);
  CHECK(played->end.forfeited == 0);
  REQUIRE(played->end.forfeit_reason);
  CHECK(played->end.forfeit_reason->key == "exec.not-found");
  CHECK(tourney.tallies()[0].forfeits == 1);
  CHECK(tourney.tallies()[1].wins == 1);
}

TEST_CASE("tourney: a round robin meets every pair in both seat orders, a gauntlet only the first entrant") {
  const auto game = gamerec::test::make("kalah");
  TourneyOptions options;
  options.players = {"1", "2", "3"};
  options.pairing = Pairing::kRoundRobin;
  Tourney robin(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(robin.prepare());
  CHECK(robin.game_limit() == 6);  // one round: 3 pairs x 2 seat orders
  std::vector<std::vector<std::size_t>> seats;
  for (std::int64_t n = 1; n <= 6; ++n) seats.push_back(robin.seats_of(n));
  CHECK(seats == std::vector<std::vector<std::size_t>>{{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}});
  CHECK(robin.seats_of(7) == std::vector<std::size_t>{0, 1});  // round 2 starts again

  options.pairing = Pairing::kGauntlet;
  options.players = {"1", "2", "3", "4"};
  options.rounds = 2;
  Tourney gauntlet(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(gauntlet.prepare());
  CHECK(gauntlet.game_limit() == 12);  // 3 opponents x 2 seat orders x 2 rounds
  seats.clear();
  for (std::int64_t n = 1; n <= 6; ++n) seats.push_back(gauntlet.seats_of(n));
  CHECK(seats == std::vector<std::vector<std::size_t>>{{0, 1}, {1, 0}, {0, 2}, {2, 0}, {0, 3}, {3, 0}});

  // Four seats (chaturanga's teams): the pair's first entrant has Yellow and Red.
  const auto chaturanga = gamerec::test::make("chaturanga");
  options.players = {"1", "greedy"};
  options.pairing = Pairing::kRoundRobin;
  options.rounds.reset();
  Tourney teams(gamerec::test::catalogue(), *chaturanga, options);
  REQUIRE_FALSE(teams.prepare());
  CHECK(teams.seats_of(2) == std::vector<std::size_t>{1, 0, 1, 0});
}

TEST_CASE("tourney: the crosstable counts each pair's results, and they add up to the table") {
  const auto game = gamerec::test::make("kalah");
  TourneyOptions options;
  options.players = {"1", "3", "4"};
  options.pairing = Pairing::kRoundRobin;
  options.rounds = 2;
  const auto tourney = gamerec::test::played_tourney(*game, options);
  CHECK(tourney->games_played() == 12);
  const auto& pairs = tourney->pairs();
  for (std::size_t a = 0; a < 3; ++a) {
    const EntrantTally& tally = tourney->tallies()[a];
    CHECK(tally.games == 8);  // 2 opponents x 2 seat orders x 2 rounds
    std::int64_t wins = 0;
    std::int64_t losses = 0;
    std::int64_t draws = 0;
    for (std::size_t b = 0; b < 3; ++b) {
      if (a == b) {
        CHECK(pairs[a][b].games() == 0);
        continue;
      }
      CHECK(pairs[a][b].games() == 4);
      CHECK(pairs[a][b].wins == pairs[b][a].losses);
      CHECK(pairs[a][b].draws == pairs[b][a].draws);
      wins += pairs[a][b].wins;
      losses += pairs[a][b].losses;
      draws += pairs[a][b].draws;
    }
    CHECK(wins == tally.wins);
    CHECK(losses == tally.losses);
    CHECK(draws == tally.draws);
  }
}

TEST_CASE("tourney: a win by forfeit is a win everywhere, with the score standing when it came") {
  // An exec: battleship player that places its fleet and then breaks the
  // protocol: its opponent wins by forfeit, and those wins have shots.
  gamerec::test::TempDir dir("tourney");
  const std::string program = dir.path() + "/player.sh";
  write_quitting_program(program);
  const auto game = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {"random", "exec:" + program};
  options.games = 2;
  const auto tourney = gamerec::test::played_tourney(*game, options);
  const EntrantTally& winner = tourney->tallies()[0];
  CHECK(winner.wins == 2);
  CHECK(tourney->tallies()[1].forfeits == 2);
  CHECK(winner.scored_wins == 2);  // "per win" is a number, not "-"
  CHECK(tourney->pairs()[0][1].wins == 2);
}

TEST_CASE("tourney: kalah games won by forfeit count in the seeds columns, with the stores as they stood") {
  // Every game a forfeit: the program breaks down at its first turn (in
  // game 1 after level 3's first move, in game 2 at once).
  gamerec::test::TempDir dir("tourney");
  const std::string program = dir.path() + "/player.sh";
  write_quitting_program(program);
  const auto game = gamerec::test::make("kalah");
  TourneyOptions options;
  options.players = {"3", "exec:" + program};
  options.games = 2;
  const auto tourney = gamerec::test::played_tourney(*game, options);
  const EntrantTally& winner = tourney->tallies()[0];
  const EntrantTally& loser = tourney->tallies()[1];
  CHECK(winner.wins == 2);
  CHECK(loser.forfeits == 2);
  CHECK(winner.scored_games == 2);
  CHECK(loser.scored_games == 2);
  CHECK(winner.scored_wins == 2);
  // Game 1: South (level 3) sowed once; whatever it put in its store is
  // its score, and North's store is empty. Game 2: nothing sown.
  CHECK(loser.score_sum == 0);
  CHECK(winner.score_sum >= 0);
  CHECK(winner.margin_sum == winner.score_sum);
}

TEST_CASE("tourney: games played at once give the same results as one after the other") {
  const auto game = gamerec::test::make("kalah");
  TourneyOptions options;
  options.players = {"1", "2", "4"};
  options.pairing = Pairing::kRoundRobin;
  options.seed = 5;
  const auto serial = gamerec::test::played_tourney(*game, options);
  Tourney parallel(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(parallel.prepare());
  auto work = [&] {
    while (auto number = parallel.claim_next()) parallel.play(*number);
  };
  std::thread other(work);
  work();
  other.join();
  CHECK(parallel.games_played() == serial->games_played());
  CHECK(parallel.total_moves() == serial->total_moves());
  for (std::size_t a = 0; a < 3; ++a) {
    CHECK(parallel.tallies()[a].wins == serial->tallies()[a].wins);
    CHECK(parallel.tallies()[a].score_sum == serial->tallies()[a].score_sum);
  }
}

TEST_CASE("tourney: --trace writes each external program's dialogue, with times, and none for built-in players") {
  gamerec::test::TempDir dir("tourney");
  const auto game = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {"exec:" GAMEREC_SOURCE_DIR "/samples/battleship/players/simple.sh", "random"};
  options.games = 2;
  options.trace_dir = dir.path() + "/trace";
  const auto tourney = gamerec::test::played_tourney(*game, options);
  // Seats rotate: the program is the first side in game 1, the second in game 2.
  const std::string first = dir.path() + "/trace/battleship-0001-player1.log";
  const std::string second = dir.path() + "/trace/battleship-0002-player2.log";
  REQUIRE(std::filesystem::exists(first));
  REQUIRE(std::filesystem::exists(second));
  CHECK_FALSE(std::filesystem::exists(dir.path() + "/trace/battleship-0001-player2.log"));
  std::ifstream in(first);
  std::string head;
  std::getline(in, head);
  CHECK(head.rfind("# exec:", 0) == 0);
  int sent = 0;
  int read = 0;
  for (std::string line; std::getline(in, line);) {
    INFO(line);
    // "    12.345 > shot": seconds with milliseconds, a direction, the line.
    REQUIRE(line.size() > 13);
    CHECK(line[10] == ' ');
    CHECK(line[line.find('.') + 4] == ' ');
    sent += line[11] == '>';
    read += line[11] == '<';
  }
  CHECK(sent > 10);
  CHECK(read > 10);
}

namespace {

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// The first `lines` lines of `text`.
std::string first_lines(const std::string& text, int lines) {
  std::size_t end = 0;
  for (int line = 0; line < lines; ++line) end = text.find('\n', end) + 1;
  return text.substr(0, end);
}

void check_same_results(const Tourney& resumed, const Tourney& whole) {
  CHECK(resumed.games_played() == whole.games_played());
  CHECK(resumed.total_moves() == whole.total_moves());
  for (std::size_t a = 0; a < whole.tallies().size(); ++a) {
    const EntrantTally& got = resumed.tallies()[a];
    const EntrantTally& want = whole.tallies()[a];
    CHECK(got.games == want.games);
    CHECK(got.wins == want.wins);
    CHECK(got.losses == want.losses);
    CHECK(got.draws == want.draws);
    CHECK(got.forfeits == want.forfeits);
    CHECK(got.score_sum == want.score_sum);
    CHECK(got.moves_in_wins == want.moves_in_wins);
    for (std::size_t b = 0; b < whole.tallies().size(); ++b) {
      CHECK(resumed.pairs()[a][b].wins == whole.pairs()[a][b].wins);
      CHECK(resumed.pairs()[a][b].draws == whole.pairs()[a][b].draws);
    }
  }
}

}  // namespace

TEST_CASE("tourney --state: a run stopped after any game, its last line torn, ends as a run never stopped") {
  gamerec::test::TempDir dir("state");
  const auto game = gamerec::test::make("chess");
  TourneyOptions options;
  options.players = {"random", "1"};
  options.games = 6;
  options.seed = 2;
  options.max_moves = 60;  // some games stop unfinished
  options.date = "2026-12-05";
  TourneyOptions whole_options = options;
  whole_options.state = dir.path() + "/whole.state";
  whole_options.archive = dir.path() + "/whole.pgn";
  whole_options.out_dir = dir.path() + "/whole";
  const auto whole = gamerec::test::played_tourney(*game, whole_options);
  const std::string whole_state = file_text(whole_options.state);
  const std::string whole_archive = file_text(whole_options.archive);
  REQUIRE(whole->games_played() == 6);
  // The state names the tourney, then a line per game.
  CHECK(std::count(whole_state.begin(), whole_state.end(), '\n') == 7);

  for (const int counted : {0, 1, 4, 6}) {
    DYNAMIC_SECTION("stopped after " << counted << " games") {
      // What a run killed after `counted` games leaves: the state's lines
      // so far and half of the next one; the archive and the records with
      // the next game too (written before its state line).
      TourneyOptions resumed_options = whole_options;
      resumed_options.state = dir.path() + "/stopped.state";
      resumed_options.archive = dir.path() + "/stopped.pgn";
      resumed_options.out_dir = dir.path() + "/stopped";
      // The settings name the archive and the records: a state file is
      // kept for one tourney's files.
      std::string state = first_lines(whole_state, counted + 1);
      const std::string next_line =
          whole_state.substr(state.size(), whole_state.find('\n', state.size()) - state.size());
      state += next_line.substr(0, next_line.size() / 2);
      std::string settings = first_lines(whole_state, 1);
      Tourney probe(gamerec::test::catalogue(), *game, resumed_options);
      state.replace(0, settings.size(), "gamerec tourney state 1: " + probe.settings_text() + "\n");
      write_text(resumed_options.state, state);
      write_text(resumed_options.archive, whole_archive);
      std::filesystem::copy(whole_options.out_dir, resumed_options.out_dir);
      // A record the stopped game left half written, and one of a game
      // started after it (games at once) that this run will not reach.
      const auto record = [&](int number) {
        char name[64];
        std::snprintf(name, sizeof name, "/chess-%04d.chess", number);
        return resumed_options.out_dir + name;
      };
      if (counted < 6) {
        REQUIRE(std::filesystem::exists(record(counted + 1)));
        write_text(record(counted + 1), "1. e4");
      }
      write_text(record(7), "1. d4");
      // The temporary of a record a kill caught while it was being made.
      const std::string leftover = record(counted + 1) + ".gamerec-tmp-4242-0";
      write_text(leftover, "---\n");

      Tourney resumed(gamerec::test::catalogue(), *game, resumed_options);
      REQUIRE_FALSE(resumed.prepare());
      CHECK(resumed.resumed_games() == counted);
      int played = 0;
      while (resumed.play_next()) ++played;
      CHECK(played == 6 - counted);
      check_same_results(resumed, *whole);
      // Every game once, in the archive and the state: byte for byte what
      // the run never stopped wrote (the state's first line aside).
      CHECK(file_text(resumed_options.archive) == whole_archive);
      const std::string state_after = file_text(resumed_options.state);
      CHECK(state_after.substr(state_after.find('\n')) == whole_state.substr(whole_state.find('\n')));
      for (const auto& entry : std::filesystem::directory_iterator(whole_options.out_dir)) {
        INFO(entry.path());
        CHECK(file_text(resumed_options.out_dir + "/" + entry.path().filename().string()) ==
              file_text(entry.path().string()));
      }
      CHECK_FALSE(std::filesystem::exists(record(7)));
      CHECK_FALSE(std::filesystem::exists(leftover));
      // Nothing but the records of the run never stopped.
      CHECK(std::distance(std::filesystem::directory_iterator(resumed_options.out_dir),
                          std::filesystem::directory_iterator()) ==
            std::distance(std::filesystem::directory_iterator(whole_options.out_dir),
                          std::filesystem::directory_iterator()));
    }
  }
}

TEST_CASE("tourney --state: games counted out of order (games at once) are not played again") {
  gamerec::test::TempDir dir("state-gaps");
  const auto game = gamerec::test::make("kalah");
  TourneyOptions options;
  options.players = {"1", "3"};
  options.games = 8;
  options.seed = 9;
  options.state = dir.path() + "/whole.state";
  const auto whole = gamerec::test::played_tourney(*game, options);
  const std::string whole_state = file_text(options.state);
  // Games 2, 5 and 6 were under way when the run stopped.
  std::string state = first_lines(whole_state, 1);
  std::vector<std::string> lines;
  for (std::size_t at = state.size(); at < whole_state.size();) {
    const std::size_t end = whole_state.find('\n', at) + 1;
    lines.push_back(whole_state.substr(at, end - at));
    at = end;
  }
  for (const int number : {1, 3, 4, 7, 8}) state += lines[static_cast<std::size_t>(number - 1)];
  options.state = dir.path() + "/gaps.state";
  write_text(options.state, state);
  Tourney resumed(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(resumed.prepare());
  std::vector<std::int64_t> played;
  while (auto next = resumed.play_next()) played.push_back(next->number);
  CHECK(played == std::vector<std::int64_t>{2, 5, 6});
  check_same_results(resumed, *whole);
}

TEST_CASE("tourney --state: an SPRT continued from its state decides as the run never stopped") {
  gamerec::test::TempDir dir("state-sprt");
  const auto game = gamerec::test::make("kalah");
  TourneyOptions options;
  options.players = {"3", "1"};
  options.sprt = SprtSettings{0, 200, 0.05, 0.05, EloModel::kLogistic};
  options.state = dir.path() + "/whole.state";
  const auto whole = gamerec::test::played_tourney(*game, options);
  const std::string whole_state = file_text(options.state);
  const auto lines = std::count(whole_state.begin(), whole_state.end(), '\n');
  REQUIRE(lines > 6);
  // Stopped in the middle of a pair.
  options.state = dir.path() + "/stopped.state";
  write_text(options.state, first_lines(whole_state, 4));
  Tourney resumed(gamerec::test::catalogue(), *game, options);
  REQUIRE_FALSE(resumed.prepare());
  while (resumed.play_next()) {
  }
  check_same_results(resumed, *whole);
  const auto got = resumed.sprt_status();
  const auto want = whole->sprt_status();
  REQUIRE(got);
  REQUIRE(want);
  CHECK(got->verdict == want->verdict);
  CHECK(got->llr == want->llr);
  CHECK(got->pairs.counts == want->pairs.counts);
}

TEST_CASE(
    "tourney --state: another tourney's state, a line changed by hand, or an archive short of it is "
    "refused") {
  gamerec::test::TempDir dir("state-bad");
  const auto game = gamerec::test::make("chess");
  TourneyOptions options;
  options.players = {"random", "random"};
  options.games = 2;
  options.max_moves = 10;
  options.state = dir.path() + "/run.state";
  options.archive = dir.path() + "/run.pgn";
  gamerec::test::played_tourney(*game, options);
  const std::string state = file_text(options.state);
  const std::string archive = file_text(options.archive);
  // A refusal changes neither file.
  const auto refusal = [&](const TourneyOptions& with) {
    const std::string state_before = file_text(with.state);
    const bool had_archive = std::filesystem::exists(with.archive);
    const std::string archive_before = file_text(with.archive);
    Tourney tourney(gamerec::test::catalogue(), *game, with);
    const auto error = tourney.prepare();
    CHECK(file_text(with.state) == state_before);
    CHECK(std::filesystem::exists(with.archive) == had_archive);
    CHECK(file_text(with.archive) == archive_before);
    return error ? *error : Message{};
  };
  SECTION("other settings: the first that differs is named") {
    TourneyOptions other = options;
    other.games = 3;
    const Message error = refusal(other);
    CHECK(error.key == "tourney.state-other");
    CHECK(error.arg("theirs") == "games=2");
    CHECK(error.arg("ours") == "games=3");
  }
  SECTION("a game's line changed") {
    std::string changed = state;
    changed.replace(changed.find(" moves="), 7, " noves=");
    write_text(options.state, changed);
    const Message error = refusal(options);
    CHECK(error.key == "tourney.state-line");
    CHECK(error.arg("line") == "2");
  }
  SECTION("a forfeit that names no seat, or a winner the game has not") {
    std::string changed = state;
    const std::size_t end = changed.find(" end=");
    changed.replace(end, changed.find(' ', end + 1) - end, " end=forfeit");  // and forfeited=-
    write_text(options.state, changed);
    CHECK(refusal(options).key == "tourney.state-game");
    changed = state;
    const std::size_t winners = changed.find(" winners=");
    changed.replace(winners, changed.find(' ', winners + 1) - winners, " winners=5");
    write_text(options.state, changed);
    CHECK(refusal(options).key == "tourney.state-game");
  }
  SECTION("a game counted twice") {
    write_text(options.state, state + state.substr(state.find('\n') + 1));
    CHECK(refusal(options).key == "tourney.state-game");
  }
  SECTION("not a state file") {
    write_text(options.state, "[Event \"?\"]\n");
    CHECK(refusal(options).key == "tourney.state-not");
  }
  SECTION("the archive lost games the state counts") {
    write_text(options.archive, archive.substr(0, archive.size() / 2));
    CHECK(refusal(options).key == "tourney.state-archive");
    std::filesystem::remove(options.archive);
    CHECK(refusal(options).key == "tourney.state-archive");
  }
}

TEST_CASE(
    "tourney --state: a tourney that cannot start leaves no state, and the files are named wherever it is "
    "run from") {
  gamerec::test::TempDir dir("state-new");
  const auto game = gamerec::test::make("chess");
  TourneyOptions options;
  options.players = {"random", "random"};
  options.games = 1;
  options.state = dir.path() + "/run.state";
  options.archive = dir.path() + "/no-such-folder/run.pgn";
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  REQUIRE(tourney.prepare());
  CHECK_FALSE(std::filesystem::exists(options.state));
  // A relative --out or --pgn-out is kept as the absolute path it names.
  options.out_dir = "records";
  options.archive = "games.pgn";
  const std::string settings = Tourney(gamerec::test::catalogue(), *game, options).settings_text();
  CHECK_THAT(settings,
             Catch::Contains(" out=" + (std::filesystem::current_path() / "records").string() + " "));
  CHECK_THAT(settings,
             Catch::EndsWith(" pgn-out=" + (std::filesystem::current_path() / "games.pgn").string()));
}

namespace {

// The move lines of a record written by --out (after its header).
std::vector<std::string> record_moves(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> moves;
  int rulers = 0;
  for (std::string line; std::getline(in, line);) {
    if (line == "---") {
      ++rulers;
      continue;
    }
    if (rulers >= 2 && !line.empty()) moves.push_back(line);
  }
  return moves;
}

}  // namespace

TEST_CASE(
    "tourney --random-plies: an opening's games start with the same random moves, and every record "
    "validates") {
  gamerec::test::TempDir dir("plies");
  for (const std::string name : {"kalah", "chess", "gomoku", "chaturanga"}) {
    INFO(name);
    const auto game = gamerec::test::make(name);
    TourneyOptions options;
    options.players = {"1", "random"};
    if (name == "kalah" || name == "gomoku") options.players = {"1", "2"};
    options.games = 4;
    options.seed = 3;
    options.random_plies = 6;
    options.out_dir = dir.path() + "/" + name;
    Tourney tourney(gamerec::test::catalogue(), *game, options);
    REQUIRE_FALSE(tourney.prepare());
    std::vector<std::vector<std::string>> openings;
    while (auto played = tourney.play_next()) {
      const RunResult run = gamerec::test::validate_record(played->record);
      CHECK_FALSE(run.error);
      CHECK(run.moves == played->moves);
      const auto moves = record_moves(played->record);
      // The opening never ends the game: the players play on after it.
      REQUIRE(moves.size() > 6);
      openings.emplace_back(moves.begin(), moves.begin() + 6);
    }
    REQUIRE(openings.size() == 4);
    CHECK(openings[0] == openings[1]);  // a pair: one opening, the sides swapped
    CHECK(openings[2] == openings[3]);
    CHECK(openings[0] != openings[2]);
  }
}

TEST_CASE(
    "tourney --random-plies: a game that hides moves from a side is refused, and the plies are in the "
    "settings") {
  const auto battleship = gamerec::test::make("battleship");
  TourneyOptions options;
  options.players = {"random", "random"};
  options.random_plies = 2;
  Tourney tourney(gamerec::test::catalogue(), *battleship, options);
  const auto error = tourney.prepare();
  REQUIRE(error);
  CHECK(error->key == "tourney.random-plies-hidden");
  const auto kalah = gamerec::test::make("kalah");
  options.players = {"1", "1"};
  CHECK_THAT(Tourney(gamerec::test::catalogue(), *kalah, options).settings_text(),
             Catch::Contains(" random-plies=2 "));
}

namespace {

class KeptMoves final : public MoveSink {
 public:
  std::optional<Error> write_move(const State&, const Move& move, std::string_view) override {
    moves.push_back(move);
    return std::nullopt;
  }
  std::vector<Move> moves;
};

}  // namespace

TEST_CASE("tourney --random-plies: no random move ends the game, the opening stops where every move would") {
  // Kalah with two pits of three seeds ends within a few dozen moves.
  const auto game = gamerec::test::make("kalah", {{"pits", "2"}, {"seeds", "3"}});
  int shortened = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto state = game->new_state();
    KeptMoves sink;
    REQUIRE_FALSE(play_random_plies(*game, *state, 40, seed, sink));
    INFO("seed " << seed << ", " << sink.moves.size() << " moves");
    CHECK_FALSE(state->is_over());
    if (sink.moves.size() < 40) {
      ++shortened;
      // Stopped early: every move left would end the game.
      for (const Move& move : state->legal_moves()) {
        auto after = state->clone();
        after->apply(move);
        CHECK(after->is_over());
      }
    }
  }
  CHECK(shortened == 40);
}

TEST_CASE("tourney --random-plies: an opening as long as --max-moves is refused") {
  const auto game = gamerec::test::make("kalah");
  TourneyOptions options;
  options.players = {"1", "1"};
  options.random_plies = 10;
  options.max_moves = 10;
  Tourney tourney(gamerec::test::catalogue(), *game, options);
  const auto error = tourney.prepare();
  REQUIRE(error);
  CHECK(error->key == "tourney.random-plies-max");
  options.max_moves = 11;
  CHECK_FALSE(Tourney(gamerec::test::catalogue(), *game, options).prepare());
}
