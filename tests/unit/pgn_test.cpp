// The PGN reader and writer (gamerec-games(7), CHESS, "PGN"): tricky valid inputs, malformed
// ones (each an error with a line number, never a crash), many games with a
// bad one among them, and convert both ways.
#include <catch2/catch.hpp>

#include <fstream>

#include "formats/pgn.h"
#include "records/move_list.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

struct GameResult {
  std::vector<std::pair<std::string, std::string>> tags;
  std::string position;
  std::optional<std::string> header_error;  // the header error's kind
  std::int64_t header_line = 0;
  std::vector<HeaderWarning> header_warnings;
  std::optional<std::string> game_error;  // open_game's error kind (an unsupported variant)
  std::string game;                       // the game the header chose
  RunResult run;
  std::string end;  // the outcome's end id
};

std::vector<GameResult> read_all(const std::string& text, RunOptions options = {}) {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/games.pgn";
  std::ofstream(path, std::ios::binary) << text;
  auto opened = open_input(path, gamerec::test::catalogue());
  REQUIRE(opened.ok());
  auto& input = opened.value();
  REQUIRE(input.format->name == "pgn");
  std::vector<GameResult> games;
  while (auto next = input.source->next_game()) {
    GameResult result;
    if (auto* error = next->if_error()) {
      result.header_error = error->error.kind;
      result.header_line = error->line;
      games.push_back(std::move(result));
      continue;
    }
    auto game = open_game(std::move(*next).value(), input, path, gamerec::test::catalogue(), {});
    if (!game.ok()) {
      result.game_error = game.error().code;
      games.push_back(std::move(result));
      continue;
    }
    auto& opened_game = game.value();
    result.tags = opened_game.header.tags;
    result.position = opened_game.header.position;
    result.header_warnings = opened_game.header.warnings;
    result.game = opened_game.game->definition().name;
    result.run = run_moves(*input.source, *opened_game.game, *opened_game.start, nullptr, options);
    result.end = opened_game.start->outcome().end;
    games.push_back(std::move(result));
  }
  return games;
}

std::string tag(const GameResult& game, const std::string& name) {
  for (const auto& [key, value] : game.tags) {
    if (key == name) return value;
  }
  return "(none)";
}

}  // namespace

TEST_CASE("pgn: a server export with clocks, evals, NAGs and a long tag roster") {
  const auto games = read_all(
      "\xEF\xBB\xBF[Event \"Rated Blitz game\"]\r\n[Site \"https://example.org/abc\"]\r\n"
      "[Date \"2024.01.02\"]\r\n[White \"ana\"]\r\n[Black \"luis\"]\r\n[Result \"0-1\"]\r\n"
      "[WhiteElo \"1500\"]\r\n[BlackElo \"1510\"]\r\n[TimeControl \"180+0\"]\r\n[ECO \"C20\"]\r\n"
      "[Termination \"Normal\"]\r\n\r\n"
      "1. e4 { [%eval 0.2] [%clk 0:03:00] } 1... e5 { [%eval 0.25] [%clk 0:03:00] } 2. Qh5?! "
      "{ [%clk 0:02:58] } 2... Nc6 $1 3. Bc4 Nf6?? 4. Qxf7# { [%clk 0:02:50] } 1-0\r\n");
  REQUIRE(games.size() == 1);
  CHECK_FALSE(games[0].run.error);
  CHECK(games[0].run.moves == 7);
  CHECK(games[0].end == "checkmate");
  CHECK(tag(games[0], "Event") == "Rated Blitz game");
  CHECK(tag(games[0], "TimeControl") == "180+0");
  CHECK(games[0].run.declared_result == "1-0");
}

TEST_CASE("pgn: escaped quotes, comments of both kinds, % lines, nested variations, glued numbers") {
  const auto games = read_all(
      "% a line for the program that wrote this\n"
      "[Event \"A \\\"quoted\\\" name \\\\ and a backslash\"]\n"
      "[Result \"*\"]\n"
      "\n"
      "1.e4 e5 ; to the end of the line\n"
      "2.Nf3 (2.f4 exf4 (2...d5) 3.Nf3) 2...Nc6 {a comment\n"
      "over two lines} 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O *\n");
  REQUIRE(games.size() == 1);
  CHECK(tag(games[0], "Event") == "A \"quoted\" name \\ and a backslash");
  CHECK_FALSE(games[0].run.error);
  CHECK(games[0].run.moves == 16);
  CHECK(games[0].run.declared_result == "*");
}

TEST_CASE("pgn: games with no moves, without a result, from a FEN") {
  const auto games = read_all(
      "[Event \"empty\"]\n[Result \"*\"]\n\n*\n\n"
      "[Event \"no result\"]\n\n1. d4 d5\n\n"
      "[Event \"from a FEN\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n\n"
      "[Event \"no tags after\"]\n1. e4\n");
  REQUIRE(games.size() == 4);
  CHECK(games[0].run.moves == 0);
  CHECK(games[1].run.moves == 2);
  CHECK_FALSE(games[1].run.declared_result);
  CHECK(games[2].position == "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  CHECK_FALSE(games[2].run.error);
  CHECK(games[3].run.moves == 1);
}

TEST_CASE("pgn: a tag line after movetext of only a NAG or a variation starts the next game") {
  // pgn-extract reads these as two games each; the tags of the second were
  // once dropped without a word.
  for (const std::string movetext : {"$1", "( 1. d4 )"}) {
    INFO(movetext);
    const auto games = read_all("[Event \"c\"]\n" + movetext + "\n[Event \"d\"]\n1. e4 *\n");
    REQUIRE(games.size() == 2);
    CHECK(tag(games[0], "Event") == "c");
    CHECK(games[0].run.moves == 0);
    CHECK(tag(games[1], "Event") == "d");
    CHECK(games[1].run.moves == 1);
  }
}

TEST_CASE("pgn: a bad game never stops the games after it") {
  const auto games = read_all(
      "[Event \"1\"]\n\n1. e4 e5 2. Ke3 Nf6 3. Nf3 *\n\n"
      "[Event \"2\"]\n\n1. d4 d5 2. c4 *\n\n"
      "[Event \"3\"]\n[White]\n\n1. e4 *\n\n"
      "[Event \"4\"]\n\n1. e4 {never closed\n\n"
      "[Event \"5\"]\n\n1. e4 (1. d4 2. c4\n\n"
      "[Event \"6\"]\n\n1. e4 ) e5 *\n\n"
      "[Event \"7\"]\n\n1. Nf3 *\n");
  REQUIRE(games.size() == 7);
  REQUIRE(games[0].run.error);
  CHECK(games[0].run.error->line == 3);
  CHECK(games[0].run.error->column == 13);
  CHECK(games[0].run.error->error.code == ErrorCode::kIllegalMove);
  CHECK_FALSE(games[1].run.error);
  CHECK(games[2].header_error == "pgn-tag-value");
  CHECK(games[2].header_line == 10);
  REQUIRE(games[3].run.error);
  CHECK(games[3].run.error->error.kind == "pgn-unclosed-comment");
  CHECK(games[3].run.error->line == 16);
  CHECK(games[3].run.error->column == 7);
  REQUIRE(games[4].run.error);
  CHECK(games[4].run.error->error.kind == "pgn-unclosed-variation");
  CHECK(games[4].run.error->line == 20);
  REQUIRE(games[5].run.error);
  CHECK(games[5].run.error->error.kind == "pgn-unopened-variation");
  CHECK_FALSE(games[6].run.error);
  CHECK(games[6].run.moves == 1);
}

TEST_CASE("pgn: malformed tags are header errors on their line") {
  CHECK(read_all("[Event \"x\"]\n[ \"no name\"]\n1. e4 *\n")[0].header_error == "pgn-tag-name");
  CHECK(read_all("[Event \"x\"]\n[White \"open\n1. e4 *\n")[0].header_error == "pgn-tag-value");
  CHECK(read_all("[Event \"x\"]\n[White \"Ana\" junk\n1. e4 *\n")[0].header_error == "pgn-tag-close");
}

TEST_CASE("pgn: a line over 16 MiB and binary junk give an error with a line number") {
  std::string big = "[Event \"big\"]\n\n1. e4 {" + std::string(kMaxRecordLine, 'x') + "} e5 *\n\n[Event \"after\"]\n1. d4 *\n";
  const auto games = read_all(big);
  REQUIRE(games.size() == 2);
  REQUIRE(games[0].run.error);
  CHECK(games[0].run.error->line == 3);
  CHECK(games[0].run.error->error.code == ErrorCode::kNotation);
  CHECK(games[1].run.moves == 1);

  std::string junk = "[Event \"junk\"]\n\n1. e4 ";
  for (int i = 0; i < 256; ++i) junk += static_cast<char>((i * 37) % 256);
  junk += "\n";
  const auto bad = read_all(junk);
  REQUIRE(bad.size() >= 1);
  REQUIRE(bad[0].run.error);
  CHECK(bad[0].run.error->line >= 3);
}

TEST_CASE("pgn: content starting with a tag pair is PGN whatever the file is called") {
  CHECK(looks_like_pgn("[Event \"x\"]\n1. e4"));
  CHECK(looks_like_pgn("\xEF\xBB\xBF\n\n  [Event \"x\"]\n"));
  CHECK_FALSE(looks_like_pgn("e2e4\ne7e5\n"));
  CHECK_FALSE(looks_like_pgn("---\ngame: chess\n---\n"));
  CHECK_FALSE(looks_like_pgn("[not a tag]\n"));
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/games.txt";
  std::ofstream(path) << "[Event \"x\"]\n\n1. e4 e5 *\n";
  auto opened = open_input(path, gamerec::test::catalogue());
  REQUIRE(opened.ok());
  CHECK(opened.value().format->name == "pgn");
}

// ---- what real archives hold (gamerec-games(7), CHESS, "PGN as real files write it") ----

TEST_CASE("pgn: a line starting with % inside a comment is comment text") {
  const auto games = read_all("1. e4 {a comment that wraps\n%02 [ still the comment ]} e5 2. Nf3 Nc6 *\n");
  REQUIRE(games.size() == 1);
  CHECK_FALSE(games[0].run.error);
  CHECK(games[0].run.moves == 4);
  // Outside a comment it is still an escape line.
  const auto escaped = read_all("[Event \"x\"]\n\n1. e4 e5\n% 2. Ke3 is not read\n2. Nf3 *\n");
  CHECK_FALSE(escaped[0].run.error);
  CHECK(escaped[0].run.moves == 3);
}

TEST_CASE("pgn: moves after a dead position, fivefold repetition or the 75-move rule are a warning") {
  const std::string dead =
      "[SetUp \"1\"]\n[FEN \"8/8/2N5/4K3/2B5/1rk5/8/8 w - - 0 57\"]\n\n57. Bxb3 Kxb3\n58. Ke4 1/2-1/2\n";
  auto games = read_all(dead);
  REQUIRE(games.size() == 1);
  CHECK_FALSE(games[0].run.error);
  CHECK(games[0].run.moves == 3);
  REQUIRE(games[0].run.passed_end);
  CHECK(games[0].run.passed_end->outcome.end == "insufficient-material");
  CHECK(games[0].run.passed_end->moves == 2);
  CHECK(games[0].run.passed_end->moves_after == 1);
  CHECK(games[0].run.passed_end->first_after.line == 5);
  CHECK(games[0].run.passed_end->first_after.column == 5);
  CHECK(games[0].run.passed_end->first_after.move == "Ke4");

  const auto strict = read_all(dead, RunOptions{.strict = true});
  REQUIRE(strict[0].run.error);
  CHECK(strict[0].run.error->error.code == ErrorCode::kGameOver);
  CHECK(strict[0].run.error->line == 5);

  const auto fivefold = read_all(
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4 e5 *\n");
  CHECK_FALSE(fivefold[0].run.error);
  REQUIRE(fivefold[0].run.passed_end);
  CHECK(fivefold[0].run.passed_end->outcome.end == "fivefold");
  CHECK(fivefold[0].run.passed_end->moves == 16);
  CHECK(fivefold[0].run.passed_end->moves_after == 2);

  const auto seventy_five = read_all(
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 149 80\"]\n\n80. Ra2 Kd7 81. Ra3 *\n");
  CHECK_FALSE(seventy_five[0].run.error);
  REQUIRE(seventy_five[0].run.passed_end);
  CHECK(seventy_five[0].run.passed_end->outcome.end == "seventy-five-moves");
  CHECK(seventy_five[0].run.passed_end->moves_after == 2);
}

TEST_CASE("pgn: moves after checkmate or stalemate stay errors") {
  const auto mate = read_all("1. f3 e5 2. g4 Qh4# 3. a3 0-1\n");
  REQUIRE(mate[0].run.error);
  CHECK(mate[0].run.error->error.code == ErrorCode::kGameOver);
  CHECK_FALSE(mate[0].run.passed_end);
  const auto stalemate = read_all("[SetUp \"1\"]\n[FEN \"k7/8/8/1Q6/8/8/8/4K3 w - - 0 1\"]\n\n1. Qb6 Kb8 *\n");
  REQUIRE(stalemate[0].run.error);
  CHECK(stalemate[0].run.error->error.code == ErrorCode::kGameOver);
  CHECK_FALSE(stalemate[0].run.passed_end);
}

TEST_CASE("pgn: the Variant tag picks the rules or refuses the game") {
  const auto games = read_all(
      "[Variant \"Standard\"]\n\n1. e4 *\n\n"
      "[Variant \"From Position\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O *\n\n"
      "[Variant \"Antichess\"]\n\n1. e3 b5 2. Bxb5 *\n\n"
      "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *\n\n"
      "[Variant \"Three-check\"]\n\n1. e4 *\n\n"
      "[Variant \"King of the Hill\"]\n\n1. e4 *\n\n"
      "[Event \"after them\"]\n\n1. d4 *\n");
  REQUIRE(games.size() == 7);
  CHECK(games[0].game == "chess");
  CHECK_FALSE(games[0].run.error);
  CHECK(games[1].game == "chess");
  CHECK_FALSE(games[1].run.error);
  for (int i = 2; i < 6; ++i) {
    INFO("game " << i + 1);
    CHECK(games[i].game_error == "unsupported-variant");
  }
  CHECK(games[6].run.moves == 1);
}

TEST_CASE("pgn: games in a row under other rules are each checked under their own") {
  // An input's games share their rules while the name and options stay the
  // same (core/record_input.h): a change must never carry the last rules on.
  const auto games = read_all(
      "[Event \"a\"]\n\n1. e4 *\n\n"
      "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/5K1R w H - 0 1\"]\n\n1. O-O Kd7 2. Kg2 *\n\n"
      "[Event \"c\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 2. Kg2 *\n\n"
      "[Event \"d\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/5K1R w H - 0 1\"]\n\n1. O-O *\n");
  REQUIRE(games.size() == 4);
  CHECK(games[0].game == "chess");
  CHECK(games[0].run.moves == 1);
  CHECK(games[1].game == "chess960");
  CHECK_FALSE(games[1].run.error);
  CHECK(games[1].position == "4k3/8/8/8/8/8/8/5K1R w H - 0 1");
  CHECK(games[2].game == "chess");
  CHECK_FALSE(games[2].run.error);
  CHECK(games[2].run.moves == 3);
  // Chess again: a Chess960 castling field is no standard FEN.
  CHECK(games[3].game_error == "header");
}

TEST_CASE("pgn: quirks every reference accepts") {
  SECTION("a lone ... after a move number, and dots glued to a move") {
    const auto games = read_all("1. e4 e5 2. Nf3 Nc6 3. Bb5 ... a6 4. Ba4 4... Nf6 5. O-O 5...Be7 *\n");
    CHECK_FALSE(games[0].run.error);
    CHECK(games[0].run.moves == 10);
  }
  SECTION("a NAG glyph set apart by a space, and $ NAGs") {
    const auto games = read_all("1. e4 ! e5 ?! 2. Nf3 !! $14 Nc6 $2 ?? *\n");
    CHECK_FALSE(games[0].run.error);
    CHECK(games[0].run.moves == 4);
  }
  SECTION("SetUp \"0\" with a FEN uses the FEN, with a warning") {
    const auto games = read_all("[SetUp \"0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n");
    CHECK(games[0].position == "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    CHECK_FALSE(games[0].run.error);
    REQUIRE(games[0].header_warnings.size() == 1);
    CHECK(games[0].header_warnings[0].code == "pgn-setup-zero");
    CHECK(games[0].header_warnings[0].line == 2);  // the FEN's line
  }
  SECTION("a tag value with unescaped inner quotes reads to the last quote before ]") {
    const auto games = read_all("[Event \"LA \"C\" Open\"]\n[Site \"x\"]\n\n1. e4 *\n");
    CHECK(tag(games[0], "Event") == "LA \"C\" Open");
    CHECK(tag(games[0], "Site") == "x");
    REQUIRE(games[0].header_warnings.size() == 1);
    CHECK(games[0].header_warnings[0].code == "pgn-tag-quotes");
    CHECK_FALSE(games[0].run.error);
  }
  SECTION("movetext without tags") {
    CHECK(looks_like_pgn("1. e4 e5 2. Nf3 *\n"));
    CHECK(looks_like_pgn("\n12... Nc6 13. Bb5\n"));
    CHECK_FALSE(looks_like_pgn("1\n2\n"));  // a kalah move list
    const auto games = read_all("1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 *\n");
    REQUIRE(games.size() == 1);
    CHECK(games[0].run.moves == 6);
  }
}

TEST_CASE("pgn: every move of a variation is checked from where it branches") {
  const std::string text =
      "[Event \"v\"]\n\n"
      "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) e5 2. Nf3 (2. Ke3 Nc6) (2. f4 exf4 3. Bc4) Nc6\n"
      "3. Bb5 (3. Bc4 Bc5 (3... Nf6 4. Ng5 Bxf2+ 5. Kxf2)) a6 *\n";
  const auto games = read_all(text);
  REQUIRE(games.size() == 1);
  CHECK_FALSE(games[0].run.error);
  CHECK(games[0].run.moves == 6);
  CHECK(games[0].run.variations == 6);
  // 2. Ke3 is illegal where it branches (after 1. e4 e5); Bxf2+ in the
  // nested variation is illegal after 3... Nf6 4. Ng5 (no bishop on c5 there).
  REQUIRE(games[0].run.variation_warnings.size() == 2);
  CHECK(games[0].run.variation_warnings[0].error.move == "Ke3");
  CHECK(games[0].run.variation_warnings[0].error.line == 3);
  CHECK(games[0].run.variation_warnings[0].error.column == 55);
  CHECK(games[0].run.variation_warnings[1].error.move == "Bxf2+");
  CHECK(games[0].run.variation_warnings[1].error.line == 4);
  // Numbered as chess players number them, as the main line's errors are.
  CHECK(games[0].run.variation_warnings[0].move_number == 2);
  CHECK(games[0].run.variation_warnings[0].to_move == 0);
  CHECK(games[0].run.variation_warnings[1].move_number == 4);
  CHECK(games[0].run.variation_warnings[1].to_move == 1);

  const auto strict = read_all(text, RunOptions{.strict = true});
  REQUIRE(strict[0].run.error);
  CHECK(strict[0].run.error->move == "Ke3");
  REQUIRE(strict[0].run.error_in_variation);
  CHECK(strict[0].run.error_in_variation->to_move == 0);  // White, after 1. e4 e5

  // A variation that is never closed is the record's error, not a warning.
  const auto unclosed = read_all("1. e4 (1. d4 {never closed\n");
  REQUIRE(unclosed[0].run.error);
}

TEST_CASE("pgn: a line ending in a move number never spoils the moves before it when the buffer moves") {
  // Validate plays a line's moves together, as views into the line; the
  // buffer shifts when it fills (every MiB): a move number at the end of a
  // line must not make the reader load the next line into that batch.
  const std::string game =
      "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2.\nNf3 Nc6 3.\nBb5 a6 4.\nBa4 Nf6 5.\nO-O Be7 6.\n"
      "Re1 b5 7. Bb3 d6 8.\nc3 O-O 9...\n*\n\n";
  std::string text;
  while (text.size() < 3 * 1024 * 1024) text += game;
  const auto games = read_all(text);
  REQUIRE(games.size() == text.size() / game.size());
  for (std::size_t i = 0; i < games.size(); ++i) {
    INFO("game " << i + 1);
    CHECK_FALSE(games[i].run.error);
    CHECK(games[i].run.moves == 16);
  }
}

// A game gamerec ran (a tourney's) reaches the writers as facts; each says
// them in its own words (gamerec-games(7), CHESS, "PGN"; gamerec(5)).
TEST_CASE("pgn: a game gamerec ran is written with its facts as the roster, Termination and TimeControl") {
  auto chess = gamerec::test::make("chess");
  const auto written = [&](MatchFacts facts) {
    GameHeader header;
    header.match = std::move(facts);
    auto writer = gamerec::test::catalogue().format_for_output("out.pgn").open_writer();
    auto state = chess->new_state();
    std::string text = writer->begin_game(*chess, header).value();
    Move move;
    REQUIRE_FALSE(gamerec::test::check_text(*chess, *state, "e4", move));
    text += writer->move(*chess, *state, move, "e4");
    state->apply(move);
    return text + writer->end_game(*chess, *state);
  };
  const std::string pgn = written({"gamerec tourney", "2026-12-03", 7, {"Stockfish 16", "gamerec level 5"},
                                   MatchFacts::End::kTimeForfeit, "40/60+1"});
  CHECK(pgn ==
        "[Event \"gamerec tourney\"]\n[Site \"?\"]\n[Date \"2026.12.03\"]\n[Round \"7\"]\n"
        "[White \"Stockfish 16\"]\n[Black \"gamerec level 5\"]\n[Result \"*\"]\n"
        "[Termination \"time forfeit\"]\n[TimeControl \"40/60+1\"]\n\n1. e4 *\n\n");
  const std::vector<std::pair<MatchFacts::End, std::string>> ends = {
      {MatchFacts::End::kNormal, "normal"},
      {MatchFacts::End::kAbandoned, "abandoned"},
      {MatchFacts::End::kRulesInfraction, "rules infraction"},
      {MatchFacts::End::kUnterminated, "unterminated"}};
  for (const auto& [end, word] : ends) {
    MatchFacts facts;
    facts.end = end;
    const std::string text = written(facts);
    CHECK(text.find("[Termination \"" + word + "\"]") != std::string::npos);
    CHECK(text.find("[Date \"????.??.??\"]") != std::string::npos);  // unknown facts stay PGN's unknowns
    CHECK(text.find("TimeControl") == std::string::npos);
  }

  // A move list says who plays, in its header, as the game starts.
  GameHeader header;
  header.match = MatchFacts{"gamerec tourney", "2026-12-03", 1, {"greedy", "random: the \"best\""}, {}, ""};
  CHECK(move_list_header(header, *chess) ==
        "---\ngame: chess\nplayers: {white: greedy, black: \"random: the \\\"best\\\"\"}\n---\n");
}

TEST_CASE("pgn: a bracket in movetext is one error in the game where it stands, never a game of its own") {
  // Mid-line (a clock written outside its comment): the game's error, at
  // the bracket; the next tag line starts the next game as ever.
  auto games = read_all(
      "[Event \"a\"]\n\n1. e4 e5 [%clk 0:01:00] 2. Nf3 *\n\n"
      "[Event \"b\"]\n\n1. d4 *\n");
  REQUIRE(games.size() == 2);
  REQUIRE(games[0].run.error);
  CHECK(games[0].run.error->error.code == ErrorCode::kNotation);
  CHECK(games[0].run.error->error.kind == "pgn-stray-bracket");
  CHECK(games[0].run.error->line == 3);
  CHECK(games[0].run.error->column == 10);
  CHECK(games[0].run.moves == 2);
  CHECK_FALSE(games[1].header_error);
  CHECK(tag(games[1], "Event") == "b");
  CHECK(games[1].run.moves == 1);

  // Starting a line, but no tag pair; a tag pair after the movetext on its
  // line; a tag line after the game's first comment (once passed over,
  // its tag lost); a bracket before the first move (once its whole line,
  // moves and all, was passed over).
  for (const auto& [text, line, column] : std::vector<std::tuple<std::string, int, int>>{
           {"[Event \"c\"]\n\n1. e4 e5\n[%clk 0:01:00]\n2. Nf3 *\n", 4, 1},
           {"[Event \"c\"]\n\n1. e4 e5 [Site \"x\"]\n2. Nf3 *\n", 3, 10},
           {"[Event \"c\"]\n{A game of the club}\n[Site \"x\"]\n1. e4 *\n", 3, 1},
           {"[Event \"c\"]\n\n{start} [%eval 0.2] 1. e4 *\n", 3, 9}}) {
    INFO(text);
    games = read_all(text + "\n[Event \"d\"]\n\n1. d4 *\n");
    REQUIRE(games.size() == 2);
    REQUIRE(games[0].run.error);
    CHECK(games[0].run.error->error.kind == "pgn-stray-bracket");
    CHECK(games[0].run.error->line == line);
    CHECK(games[0].run.error->column == column);
    CHECK(tag(games[1], "Event") == "d");
    CHECK_FALSE(games[1].run.error);
  }

  // After a malformed tag, the rest of its tags are still passed over.
  games = read_all("[Event \"e\"]\n[ \"no name\"]\n[Site \"y\"]\n\n1. e4 *\n\n[Event \"f\"]\n\n1. d4 *\n");
  REQUIRE(games.size() == 2);
  CHECK(games[0].header_error == "pgn-tag-name");
  CHECK(tag(games[1], "Event") == "f");
  CHECK_FALSE(games[1].run.error);
}

TEST_CASE("pgn: a game's tags over 1 MiB are a header error on their line, and the next game is read") {
  std::string text = "[Event \"big\"]\n";
  const std::string value(100 * 1024, 'v');
  for (int i = 0; i < 11; ++i) text += "[Tag" + std::to_string(i) + " \"" + value + "\"]\n";
  text += "\n1. e4 *\n\n[Event \"after\"]\n\n1. d4 *\n";
  const auto games = read_all(text);
  REQUIRE(games.size() == 2);
  CHECK(games[0].header_error == "pgn-header-too-long");
  CHECK(games[0].header_line == 12);  // the 11th long tag passes 1 MiB
  CHECK(tag(games[1], "Event") == "after");
  CHECK(games[1].run.moves == 1);
}

namespace {

// The comments a game's run hands an observer, as convert and replay get them.
struct CommentsSeen final : RecordVisitor {
  std::vector<std::string> comments;
  bool after_move(const RecordEvent&, Side, const Move&, const State&) override { return true; }
  void annotation(const RecordEvent& event) override {
    if (event.kind == RecordEvent::Kind::kComment) comments.emplace_back(event.text);
  }
};

RunResult run_first_game(const std::string& text, CommentsSeen& seen) {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/games.pgn";
  std::ofstream(path, std::ios::binary) << text;
  auto opened = open_input(path, gamerec::test::catalogue());
  REQUIRE(opened.ok());
  auto next = opened.value().source->next_game();
  REQUIRE(next);
  REQUIRE(next->ok());
  auto game = open_game(std::move(*next).value(), opened.value(), path, gamerec::test::catalogue(), {});
  REQUIRE(game.ok());
  return run_moves(*opened.value().source, *game.value().game, *game.value().start, &seen);
}

}  // namespace

TEST_CASE("pgn: a comment over several lines is kept whole, and one too long to keep is an error") {
  // Past the 64 KiB once kept, every byte of it.
  std::string comment = "first";
  for (int i = 0; i < 3000; ++i) comment += "\nline " + std::to_string(i) + " of a long note about this move";
  CommentsSeen seen;
  RunResult run = run_first_game("[Event \"long\"]\n\n1. e4 {" + comment + "} e5 *\n", seen);
  CHECK_FALSE(run.error);
  CHECK(run.moves == 2);
  REQUIRE(seen.comments.size() == 1);
  CHECK(seen.comments[0].size() == comment.size());
  CHECK(seen.comments[0] == comment);

  // Over 16 MiB (each line within the line limit): an error where it
  // opens, never a comment cut short; the game's moves after it are not
  // read, and the game after it is.
  const std::string line(1 << 20, 'c');
  std::string huge;
  for (std::size_t i = 0; i * line.size() <= kMaxRecordLine; ++i) huge += line + "\n";
  const std::string text = "[Event \"huge\"]\n\n1. e4 {" + huge + "} e5 *\n\n[Event \"after\"]\n\n1. d4 *\n";
  CommentsSeen none;
  run = run_first_game(text, none);
  REQUIRE(run.error);
  CHECK(run.error->error.kind == "pgn-comment-too-long");
  CHECK(run.error->line == 3);
  CHECK(run.error->column == 7);
  CHECK(run.moves == 1);
  CHECK(none.comments.empty());
  const auto games = read_all(text);  // validate reads the same
  REQUIRE(games.size() == 2);
  REQUIRE(games[0].run.error);
  CHECK(games[0].run.error->error.kind == "pgn-comment-too-long");
  CHECK_FALSE(games[1].run.error);
  CHECK(games[1].run.moves == 1);
}
