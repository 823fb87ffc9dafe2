// A sixth game, tic-tac-toe, added as docs/ARCHITECTURE.md says: its folder
// (tests/toy/src/games/tictactoe/), its definition (tests/toy/definitions/),
// the one catalogue line below, and this test. Nothing else changes: the
// record formats, the move loop, the match loop and tourney take it as
// they are.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/builtin_games.h"
#include "conformance/conformance.h"
#include "core/record_input.h"
#include "core/tourney.h"
#include "games/tictactoe/tictactoe.h"
#include "support/temp_dir.h"

using namespace gamerec;

namespace {

const std::string& definition_text() {
  static const std::string text = [] {
    std::ifstream in(GAMEREC_TOY_DIR "/definitions/tictactoe.yaml");
    std::ostringstream read;
    read << in.rdbuf();
    return read.str();
  }();
  return text;
}

// The built-in catalogue with the sixth game in it, as app/builtin_games.cpp
// would have it (definitions/*.yaml are compiled in; this one is read).
const GameCatalogue& catalogue() {
  static const GameCatalogue instance = [] {
    GameCatalogue games = make_builtin_catalogue();
    games.register_rules<tictactoe::TicTacToeGame>(tictactoe::make_game);  // the one catalogue line
    if (games.add_builtin_definition(definition_text(), "tictactoe.yaml"))
      throw std::runtime_error("tictactoe.yaml");
    return games;
  }();
  return instance;
}

// validate's path for one record: its game told by the extension.
RunResult validate(const std::string& path, std::string& game_name) {
  auto input = open_input(path, catalogue());
  REQUIRE(input);
  auto header = input->source->next_game();
  REQUIRE((header && header->ok()));
  auto game = open_game(std::move(*header).value(), *input, path, catalogue(), {});
  REQUIRE(game);
  game_name = game->game->name();
  return run_moves(*input->source, *game->game, *game->start);
}

}  // namespace

TEST_CASE("toy game: a record is validated through the same formats and loop as every game") {
  test::TempDir dir("toy");
  const std::string path = dir.path() + "/game.ttt";
  // X takes the b column at move 7; a move after that is game-over.
  std::ofstream(path) << "b2\na1\nA3\nc1\nb1\nc3\n# X takes the b column\nb3\nc2\n";
  std::string name;
  const RunResult run = validate(path, name);
  CHECK(name == "tictactoe");  // by the extension its definition claims
  CHECK(run.moves == 7);
  REQUIRE(run.error);
  CHECK(run.error->error.code == ErrorCode::kGameOver);
  CHECK(run.error->line == 9);
}

TEST_CASE("toy game: errors come in the documented order, and a won game is over") {
  auto game = catalogue().make_game("tictactoe", {});
  REQUIRE(game);
  auto state = (*game)->new_state();
  const auto code = [&](const char* text) {
    const auto move = read_move(**game, *state, text);
    return move ? std::string("ok") : std::string(code_name(move.error().code));
  };
  CHECK(code("b") == "notation");
  CHECK(code("d1") == "off-board");
  for (const char* text : {"a1", "b1", "a2", "b2", "a3"}) {
    REQUIRE(code(text) == "ok");
    state->apply(*read_move(**game, *state, text));
  }
  CHECK(code("c3") == "game-over");
  const Outcome outcome = state->outcome();
  CHECK(outcome.end == "three-in-a-row");
  CHECK(outcome.winners == std::vector<Side>{0});
  auto fresh = (*game)->new_state();
  fresh->apply(*read_move(**game, *fresh, "b2"));
  CHECK(read_move(**game, *fresh, "B2").error().code == ErrorCode::kOccupied);
}

TEST_CASE("toy game: tourney plays it and every legal move's text reads back to it") {
  auto game = catalogue().make_game("tictactoe", {});
  REQUIRE(game);
  TourneyOptions options;
  options.players = {"random", "random"};
  options.games = 20;
  Tourney tourney(catalogue(), **game, options);
  REQUIRE_FALSE(tourney.prepare());
  while (auto played = tourney.play_next()) {
    CHECK(played->end.reason == MatchEnd::Reason::kGameOver);
    CHECK(played->moves >= 5);
    CHECK(played->moves <= 9);
  }
  CHECK(tourney.games_played() == 20);
  auto state = (*game)->new_state();
  for (const Move& move : state->legal_moves()) {
    const auto back = read_move(**game, *state, (*game)->move_text(move, *state));
    REQUIRE(back);
    CHECK(*back == move);
  }
}

namespace {

// Tic-tac-toe that forgets a piece: its move text leaves out the row.
class ForgetfulGame final : public GameOf<ForgetfulGame, tictactoe::TicTacToeState> {
 public:
  static constexpr GameFacts kFacts{.rules = "forgetful"};
  ForgetfulGame(const SharedDefinition& definition, const RuleOptions& options)
      : GameOf(definition, options), whole_(definition, options) {}
  std::unique_ptr<State> new_state() const override { return whole_.new_state(); }
  Result<WrittenMove, MoveError> parse_move(std::string_view text) const override { return whole_.parse_move(text); }
  std::string move_text(const Move& move, const State& before) const override {
    return whole_.move_text(move, before).substr(0, 1) + "1";
  }
  std::unique_ptr<MoveChooser> make_chooser(std::string_view level, const ChooserSettings& settings) const override {
    return whole_.make_chooser(level, settings);
  }
  std::vector<std::string> levels() const override { return whole_.levels(); }

 private:
  tictactoe::TicTacToeGame whole_;
};

// Tic-tac-toe that tells programs something wrong.
enum class Mistold {
  kMoveWithoutRow,  // "b" for b2
  kNoPosition,      // nothing of a game under way (as the toy game once did)
};
template <Mistold kWhat>
class MistoldGame final : public GameOf<MistoldGame<kWhat>, tictactoe::TicTacToeState>, public ProgramNotation {
 public:
  static constexpr GameFacts kFacts{.rules = kWhat == Mistold::kMoveWithoutRow ? "mumbling" : "silent"};
  MistoldGame(const SharedDefinition& definition, const RuleOptions& options)
      : GameOf<MistoldGame<kWhat>, tictactoe::TicTacToeState>(definition, options), whole_(definition, options) {}
  std::unique_ptr<State> new_state() const override { return whole_.new_state(); }
  Result<WrittenMove, MoveError> parse_move(std::string_view text) const override {
    return whole_.parse_move(text);
  }
  std::string move_text(const Move& move, const State& before) const override {
    return whole_.move_text(move, before);
  }
  std::unique_ptr<MoveChooser> make_chooser(std::string_view level,
                                            const ChooserSettings& settings) const override {
    return whole_.make_chooser(level, settings);
  }
  std::vector<std::string> levels() const override { return whole_.levels(); }
  std::string program_move_text(const Move& move) const override {
    const std::string text = whole_.program_move_text(move);
    return kWhat == Mistold::kMoveWithoutRow ? text.substr(0, 1) : text;
  }
  Told told_position(const State& position) const override {
    return kWhat == Mistold::kNoPosition ? Told{} : whole_.told_position(position);
  }

 private:
  tictactoe::TicTacToeGame whole_;
};

// The kit's findings on GameT, registered with the toy game's definition
// under GameT's rules name.
template <typename GameT>
std::vector<conformance::Finding> kit_findings(const std::string& extension, const std::string& work_dir) {
  const std::string name(GameT::kFacts.rules);
  std::string text = definition_text();
  text.replace(text.find("name: tictactoe"), 15, "name: " + name);
  text.replace(text.find("rules: tictactoe"), 16, "rules: " + name);
  text.replace(text.find("extensions: [ttt]"), 17, "extensions: [" + extension + "]");
  GameCatalogue games = make_builtin_catalogue();
  games.register_rules<GameT>([](SharedDefinition definition, RuleOptions options) {
    return Result<std::unique_ptr<Game>, Message>(std::make_unique<GameT>(definition, options));
  });
  REQUIRE_FALSE(games.add_builtin_definition(text, name + ".yaml"));
  return conformance::check_game(games, name, conformance::kit_options(work_dir));
}

}  // namespace

TEST_CASE("toy game: it passes the conformance kit every game passes") {
  test::TempDir dir("toy");
  CHECK(conformance::describe(conformance::check_game(catalogue(), "tictactoe", conformance::kit_options(dir.path()))) == "");
}

TEST_CASE("toy game: the kit names the piece a game forgets") {
  test::TempDir dir("toy");
  SECTION("a move text that leaves out the row") {
    const auto findings = kit_findings<ForgetfulGame>("fgt", dir.path());
    REQUIRE_FALSE(findings.empty());
    CHECK(findings[0].check == "notation");
    CHECK_THAT(findings[0].detail, Catch::Matchers::StartsWith("the legal move {from -1, to 3, flag 0} is written 'a1'"));
  }
  SECTION("a move told to programs in a text the game does not read back") {
    const auto findings = kit_findings<MistoldGame<Mistold::kMoveWithoutRow>>("mbl", dir.path());
    REQUIRE_FALSE(findings.empty());
    CHECK(findings[0].check == "program-notation");
    CHECK_THAT(findings[0].detail,
               Catch::Matchers::StartsWith("the legal move {from -1, to 0, flag 0} is told 'a'"));
  }
  SECTION("a game under way told to programs as if it had not begun") {
    const auto findings = kit_findings<MistoldGame<Mistold::kNoPosition>>("sil", dir.path());
    REQUIRE_FALSE(findings.empty());
    CHECK(findings[0].check == "program-notation");
    CHECK(findings[0].detail == "the start and the moves told replay to another position than the one told");
  }
  SECTION("an end reason without its words in one language") {
    static const std::string kWordless = [] {
      std::string text = definition_text();
      const std::string spanish = "      three-in-a-row: \"tres en raya\"\n";
      text.erase(text.find(spanish), spanish.size());
      return text;
    }();
    GameCatalogue games = make_builtin_catalogue();
    games.register_rules<tictactoe::TicTacToeGame>(tictactoe::make_game);
    REQUIRE_FALSE(games.add_builtin_definition(kWordless, "tictactoe.yaml"));
    CHECK(conformance::describe(conformance::check_game(games, "tictactoe", conformance::kit_options(dir.path()))) ==
          "tictactoe: texts: the end reason 'three-in-a-row' has no text in 'es' "
          "(its definition's messages: es: ends: three-in-a-row)\n");
  }
}
