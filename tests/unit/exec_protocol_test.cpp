// The exec: line protocol of the games of perfect information
// (gamerec-games(7), PLAYERS AS PROGRAMS): what a program is told at the
// start, on a resumed game, at its turn and after each move; and every
// game's example player of samples/ finishing a tourney whose records
// validate.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/tourney.h"
#include "players/turn_protocol.h"
#include "rules/facets.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

const std::string kSource = GAMEREC_SOURCE_DIR;

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> words;
  std::size_t at = 0;
  while ((at = line.find_first_not_of(' ', at)) != std::string::npos) {
    const auto end = line.find(' ', at);
    words.push_back(line.substr(at, end - at));
    at = end;
  }
  return words;
}

// The shared protocol, which exec: players speak for every game of perfect
// information.
std::unique_ptr<LineProtocol> protocol_of(const Game& game) {
  auto protocol = turn_protocol(game);
  REQUIRE(protocol != nullptr);
  return protocol;
}

std::vector<std::string> start_lines(const Game& game, const State& state, Side side) {
  return protocol_of(game)->start_lines(*state.observe(side));
}

// The words after "move" in the request, each read back as a move of
// `state`: they must be its legal moves, each once.
void check_request_lists_the_legal_moves(const Game& game, const State& state) {
  const std::string request = protocol_of(game)->request(*state.observe(state.to_move()));
  std::vector<std::string> words = split_words(request);
  REQUIRE(!words.empty());
  CHECK(words.front() == "move");
  words.erase(words.begin());
  std::vector<Move> listed;
  for (const std::string& word : words) {
    auto move = read_move(game, state, word);
    INFO(word);
    REQUIRE(move.ok());
    listed.push_back(*move);
  }
  const std::vector<Move> legal = state.legal_moves();
  CHECK(listed.size() == legal.size());
  for (const Move& move : legal) CHECK(std::count(listed.begin(), listed.end(), move) == 1);
}

std::vector<std::string> options_of(const std::vector<std::string>& lines) {
  std::vector<std::string> options;
  for (const std::string& line : lines) {
    if (line.rfind("option ", 0) == 0) options.push_back(line);
  }
  return options;
}

}  // namespace

TEST_CASE("exec protocol: a new game tells the side and every rule option, and asks with the legal moves") {
  const auto kalah = gamerec::test::make("kalah", {{"seeds", "3"}});
  const auto start = kalah->new_state();
  CHECK(start_lines(*kalah, *start, 0) ==
        std::vector<std::string>{"new-game kalah south", "option seeds 3", "option pits 6",
                                 "option capture_needs_opposite_seeds true"});
  CHECK(protocol_of(*kalah)->request(*start->observe(0)) == "move 1 2 3 4 5 6");
  const auto gomoku = gamerec::test::make("gomoku", {{"size", "9"}, {"exact_five", "true"}});
  CHECK(start_lines(*gomoku, *gomoku->new_state(), 0) ==
        std::vector<std::string>{"new-game gomoku black", "option size 9", "option rule exact5",
                                 "option exact_five true"});
  const auto chaturanga = gamerec::test::make("chaturanga");
  const auto lines = start_lines(*chaturanga, *chaturanga->new_state(), 2);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "new-game chaturanga red");
  CHECK(lines[1] == "option castling true");
  CHECK(lines[2].rfind("option setup R1A N1B B1C K1D P2A", 0) == 0);
}

TEST_CASE("exec protocol: the request lists exactly the legal moves, in a notation the game reads") {
  for (const std::string name : {"chaturanga", "chess", "chess960", "gomoku", "kalah"}) {
    INFO(name);
    const auto game = gamerec::test::make(name);
    auto state = game->new_state();
    check_request_lists_the_legal_moves(*game, *state);
    // And further in, with captures, castling, promotions where the game has them.
    for (int ply = 0; ply < 40 && !state->is_over(); ++ply) {
      const auto moves = state->legal_moves();
      state->apply(moves[static_cast<std::size_t>(ply * 7) % moves.size()]);
      if (!state->is_over()) check_request_lists_the_legal_moves(*game, *state);
    }
  }
  // Castling and promotion in chess, told in coordinates.
  const auto chess = gamerec::test::make("chess");
  auto castle = chess->new_state_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  REQUIRE(castle.ok());
  const std::string request = protocol_of(*chess)->request(*castle.value()->observe(0));
  CHECK(request.find(" e1g1") != std::string::npos);
  CHECK(request.find(" e1c1") != std::string::npos);
  auto promote = chess->new_state_from("8/P6k/8/8/8/8/8/K7 w - - 0 1");
  REQUIRE(promote.ok());
  check_request_lists_the_legal_moves(*chess, *promote.value());
  CHECK(protocol_of(*chess)->request(*promote.value()->observe(0)).find(" a7a8q") != std::string::npos);
}

TEST_CASE("exec protocol: every move is told, the program's own too, and the end says who won") {
  const auto gomoku = gamerec::test::make("gomoku", {{"size", "7"}});
  auto state = gomoku->new_state();
  const auto protocol = protocol_of(*gomoku);
  gamerec::test::play_all(*gomoku, *state, {"A1"});
  const Move a1 = *read_move(*gomoku, *gomoku->new_state(), "A1");
  CHECK(protocol->after_move(*state->observe(1), 0, a1) == std::vector<std::string>{"played black A1"});
  CHECK(protocol->after_move(*state->observe(0), 0, a1) == std::vector<std::string>{"played black A1"});
  gamerec::test::play_all(*gomoku, *state, {"A7", "B1", "B7", "C1", "C7", "D1", "D7"});
  const Move e1 = *read_move(*gomoku, *state, "E1");
  gamerec::test::play_all(*gomoku, *state, {"E1"});
  REQUIRE(state->is_over());
  CHECK(protocol->after_move(*state->observe(0), 0, e1) ==
        std::vector<std::string>{"played black E1", "end won"});
  CHECK(protocol->after_move(*state->observe(1), 0, e1) ==
        std::vector<std::string>{"played black E1", "end lost"});
}

TEST_CASE("exec protocol: a drawn game ends with 'end drawn'") {
  // Kalah games played to the end by a fixed rule until one is a draw.
  const auto kalah = gamerec::test::make("kalah");
  for (int game = 0; game < 200; ++game) {
    auto state = kalah->new_state();
    Move last;
    Side mover = 0;
    int ply = 0;
    while (!state->is_over()) {
      const auto moves = state->legal_moves();
      mover = state->to_move();
      last = moves[static_cast<std::size_t>(game * 31 + ply++ * 17) % moves.size()];
      state->apply(last);
    }
    if (!state->outcome().winners.empty()) continue;
    const auto told = protocol_of(*kalah)->after_move(*state->observe(mover), mover, last);
    REQUIRE(told.size() == 2);
    CHECK(told[1] == "end drawn");
    return;
  }
  FAIL("no drawn game found");
}

TEST_CASE("exec protocol: a resumed game tells the position, which the game reads back") {
  SECTION("kalah: a position: line") {
    const auto kalah = gamerec::test::make("kalah");
    auto state = kalah->new_state();
    gamerec::test::play_all(*kalah, *state, {"3", "6"});  // an extra move, then North's turn
    const auto lines = start_lines(*kalah, *state, 1);
    REQUIRE(lines.size() == 5);
    CHECK(lines[4] == "position south: 4 4 0 5 5 0 | 2; north: 5 5 5 5 4 4 | 0; to-move: north");
    auto read = kalah->new_state_from(lines[4].substr(9));
    REQUIRE(read.ok());
    CHECK(read.value()->equals(*state));
  }
  SECTION("chaturanga: a position: line, with who is out") {
    const auto chaturanga = gamerec::test::make("chaturanga");
    auto read = chaturanga->new_state_from("K1D R1A P3A / K4H / K8E R8H / P5C; to-move: green; eliminated: black");
    REQUIRE(read.ok());
    const auto lines = start_lines(*chaturanga, *read.value(), 1);
    REQUIRE(lines.size() == 4);
    CHECK(lines[3] == "position R1A K1D P3A / K4H / K8E R8H / P5C; to-move: green; eliminated: black");
    auto again = chaturanga->new_state_from(lines[3].substr(9));
    REQUIRE(again.ok());
    CHECK(again.value()->equals(*read.value()));
    auto state = chaturanga->new_state();
    gamerec::test::play_all(*chaturanga, *state, {"2D-3D", "4G-4F"});
    const auto played = start_lines(*chaturanga, *state, 2);
    auto back = chaturanga->new_state_from(played.back().substr(9));
    REQUIRE(back.ok());
    CHECK(back.value()->equals(*state));
    CHECK(start_lines(*chaturanga, *chaturanga->new_state(), 0).size() == 3);  // at the start, none
  }
  SECTION("gomoku: the stones, in point order") {
    const auto gomoku = gamerec::test::make("gomoku");
    auto state = gomoku->new_state();
    gamerec::test::play_all(*gomoku, *state, {"H8", "A1", "O15"});
    const auto lines = start_lines(*gomoku, *state, 1);
    CHECK(std::vector<std::string>(lines.begin() + 4, lines.end()) ==
          std::vector<std::string>{"stone white A1", "stone black H8", "stone black O15"});
  }
  SECTION("chess: the start when unusual, then every move, its own side's too") {
    const auto chess = gamerec::test::make("chess");
    auto state = chess->new_state();
    gamerec::test::play_all(*chess, *state, {"e4", "e5", "Nf3"});
    const auto lines = start_lines(*chess, *state, 1);
    CHECK(std::vector<std::string>(lines.begin() + 1 + static_cast<long>(options_of(lines).size()), lines.end()) ==
          std::vector<std::string>{"played white e2e4", "played black e7e5", "played white g1f3"});
    auto from_fen = chess->new_state_from("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    REQUIRE(from_fen.ok());
    gamerec::test::play_all(*chess, *from_fen.value(), {"O-O"});
    const auto fen_lines = start_lines(*chess, *from_fen.value(), 1);
    CHECK(fen_lines[fen_lines.size() - 2] == "position 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK(fen_lines.back() == "played white e1g1");
  }
}

TEST_CASE("exec players: every game's example player finishes a tourney, and every record validates") {
  struct Entry {
    std::string game;
    std::string player;
    std::string opponent;
  };
  for (const Entry& entry : {Entry{"chaturanga", "chaturanga/players/greedy.py", "random"},
                             Entry{"chess", "chess/players/capture.py", "random"},
                             Entry{"chess960", "chess/players/capture.py", "1"},
                             Entry{"gomoku", "gomoku/players/nearby.py", "1"},
                             Entry{"kalah", "kalah/players/greedy.py", "1"},
                             Entry{"battleship", "battleship/players/simple.sh", "random"}}) {
    INFO(entry.game);
    gamerec::test::TempDir dir;
    const auto game = gamerec::test::make(entry.game);
    TourneyOptions options;
    options.players = {"exec:" + kSource + "/samples/" + entry.player, entry.opponent};
    options.games = 2;
    options.max_moves = 300;
    options.out_dir = dir.path() + "/out";
    Tourney tourney(gamerec::test::catalogue(), *game, options);
    REQUIRE_FALSE(tourney.prepare());
    while (auto played = tourney.play_next()) {
      INFO(played->record);
      INFO((played->end.forfeit_reason ? gamerec::test::english(*played->end.forfeit_reason) : ""));
      CHECK(played->end.reason != MatchEnd::Reason::kForfeit);
      const RunResult run = gamerec::test::validate_record(played->record);
      CHECK_FALSE(run.error);
      CHECK(run.moves == played->moves);
    }
    CHECK(tourney.games_played() == 2);
    CHECK(tourney.tallies()[0].forfeits == 0);
  }
}
