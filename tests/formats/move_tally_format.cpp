// A seventh output format added the way docs/ARCHITECTURE.md ("A new
// output format") says, kept as a fixture: one class, hearing a game's
// record events, and one registration line (in the test below, standing in
// for cli/output_formats.cpp). `replay --format tally` prints, for the
// game, how many moves, comments and variations it holds, and each move's
// number and text.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "app/builtin_games.h"
#include "cli/cli_app.h"
#include "cli/output_format.h"
#include "support/temp_dir.h"

namespace gamerec {
namespace {

class MoveTally final : public cli::RecordRenderer {
 public:
  explicit MoveTally(cli::Output& output) : output_(output) {}
  void begin_game(const Game& game, const GameHeader& /*header*/, const State& /*start*/) override {
    output_.out("game " + game.name() + "\n");
  }
  bool after_move(const RecordEvent& event, Side /*mover*/, const Move& /*move*/,
                  const State& after) override {
    ++moves_;
    output_.out(std::to_string(after.moves_played()) + " " + std::string(event.text) + "\n");
    return output_.good();
  }
  void annotation(const RecordEvent& event) override {
    comments_ += event.kind == RecordEvent::Kind::kComment;
    variations_ += event.kind == RecordEvent::Kind::kVariationStart;
  }
  void end_game(const Game& /*game*/, const RunResult& run, const State& /*end*/) override {
    output_.out("moves " + std::to_string(moves_) + " of " + std::to_string(run.moves) + ", comments " +
                std::to_string(comments_) + ", variations " + std::to_string(variations_) + "\n");
  }

 private:
  cli::Output& output_;
  int moves_ = 0;
  int comments_ = 0;
  int variations_ = 0;
};

cli::OutputFormat tally_format() {
  return {"tally", "replay", [](const cli::Context&, cli::Output& output, const cli::OutputRequest&) {
            return std::make_unique<MoveTally>(output);
          }};
}

struct Ran {
  int status = -1;
  std::string out;
  std::string err;
};

// gamerec ARGUMENTS, in this process, with `formats` as its output formats.
Ran run_gamerec(cli::OutputFormats formats, std::vector<std::string> arguments) {
  cli::CliApp cli = cli::make_cli_app("gamerec test", std::move(formats));
  arguments.insert(arguments.begin(), "gamerec");
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());
  Ran ran;
  try {
    cli.app->parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& error) {
    ran.status = cli::kExitUsage;
    ran.err = error.what();
    return ran;
  }
  std::istringstream in;
  std::ostringstream out;
  std::ostringstream err;
  auto context = cli::Context::make(make_builtin_catalogue(), Messages::load("en").value(), *cli.common,
                                    cli::Streams{in, out, err});
  REQUIRE(context.ok());
  ran.status = cli::run_parsed_command(cli, context.value());
  ran.out = out.str();
  ran.err = err.str();
  return ran;
}

cli::OutputFormats with_tally() {
  cli::OutputFormats formats = cli::builtin_output_formats();
  formats.push_back(tally_format());  // the registration line
  return formats;
}

}  // namespace

TEST_CASE("output formats: one registered, replay writes it from the record's events") {
  test::TempDir dir("tally");
  const std::string record = dir.path() + "/game.pgn";
  std::ofstream(record) << "[Event \"t\"]\n[Result \"*\"]\n\n"
                           "1. e4 {the king's pawn} e5 (1... c5 {the Sicilian}) 2. Nf3 $1 Nc6 *\n";
  const Ran ran = run_gamerec(with_tally(), {"replay", "--format", "tally", record});
  CHECK(ran.err.empty());
  CHECK(ran.status == 0);
  CHECK(ran.out == "game chess\n1 e4\n2 e5\n3 Nf3\n4 Nc6\nmoves 4 of 4, comments 2, variations 1\n");

  SECTION("--to N tells it of move N alone") {
    const Ran to = run_gamerec(with_tally(), {"replay", "--format", "tally", "--to", "3", record});
    CHECK(to.status == 0);
    CHECK(to.out == "game chess\n3 Nf3\nmoves 1 of 4, comments 2, variations 1\n");
  }
  SECTION("another subcommand does not write it: a usage error that lists what it writes") {
    const Ran validate = run_gamerec(with_tally(), {"validate", "--format", "tally", record});
    CHECK(validate.status == 2);
    CHECK(validate.err.find("text, json") != std::string::npos);
    CHECK(validate.out.empty());
  }
  SECTION("without its registration, --format refuses the name") {
    const Ran unknown = run_gamerec(cli::builtin_output_formats(), {"replay", "--format", "tally", record});
    CHECK(unknown.status == 2);
    CHECK(unknown.out.empty());
  }
}

TEST_CASE("output formats: one that cannot write is refused when the command line is made") {
  cli::OutputFormats no_way = cli::builtin_output_formats();
  no_way.emplace_back("nothing", "replay", nullptr);
  CHECK_THROWS_AS(cli::make_cli_app("gamerec test", no_way), std::logic_error);
  // validate reads its inputs itself: a format that would too is not one of its.
  cli::OutputFormats reads_input = cli::builtin_output_formats();
  cli::OutputFormat page("page", "validate", nullptr);
  page.whole_input = [](const cli::Context&, const cli::OutputRequest&) { return 0; };
  reads_input.push_back(page);
  CHECK_THROWS_AS(cli::make_cli_app("gamerec test", reads_input), std::logic_error);
  cli::OutputFormats both = cli::builtin_output_formats();
  cli::OutputFormat twice = tally_format();
  twice.whole_input = page.whole_input;
  both.push_back(twice);
  CHECK_THROWS_AS(cli::make_cli_app("gamerec test", both), std::logic_error);
  CHECK_NOTHROW(cli::make_cli_app("gamerec test", with_tally()));
}

TEST_CASE("output formats: the built-in ones, each of the subcommand it serves") {
  const cli::OutputFormats formats = cli::builtin_output_formats();
  CHECK(cli::format_names(formats, "validate") == std::vector<std::string>{"text", "json"});
  CHECK(cli::format_names(formats, "replay") == std::vector<std::string>{"text", "svg", "html", "fen"});
  CHECK(cli::format_names(formats) == std::vector<std::string>{"text", "json", "svg", "html", "fen"});
  const cli::CliApp cli = cli::make_cli_app("gamerec test");
  for (const cli::Command& command : cli.commands)
    CHECK(command.formats == (cli::format_names(formats, command.app->get_name()).empty()
                                  ? std::vector<std::string>{"text"}
                                  : cli::format_names(formats, command.app->get_name())));
}

}  // namespace gamerec
