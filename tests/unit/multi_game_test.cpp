// A record source with several games in one input, as PGN will be: each
// game gets its own result, an error in one game does not stop the next,
// a malformed game header is reported on its line and skipped, and JSON
// gives each game its game_index and tags. The format exists only here, in
// the test's own catalogue: validate runs it through the same pieces as the
// built-in move list.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "cli/validate.h"
#include "records/move_list.h"
#include "support/temp_dir.h"
#include "test_support.h"

using namespace gamerec;

namespace {

// "=== GAME key=value ..." starts a game (GAME may be "?" for none, and a
// line "=== " alone is a malformed header); every other non-blank line is a
// move, "# ..." a comment.
class GamesSource final : public RecordSource {
 public:
  explicit GamesSource(std::unique_ptr<LineSource> lines) : lines_(std::move(lines)) {}

  std::optional<Result<GameHeader, RecordError>> next_game() override {
    forget_peeked();
    // Skip what is left of the current game, up to the next header.
    while (!pending_) {
      auto line = lines_->next();
      if (!line) return std::nullopt;
      if (line->text.rfind("===", 0) == 0) pending_ = std::string(line->text), pending_line_ = line->number;
    }
    const std::string header_text = *pending_;
    pending_.reset();
    ended_ = false;
    ++index_;
    std::istringstream words(header_text.substr(3));
    std::string name;
    if (!(words >> name)) return RecordError{{ErrorCode::kHeader, "game"}, pending_line_, 1, header_text};
    GameHeader header;
    header.index = index_;
    header.present = true;
    header.line = pending_line_;
    if (name != "?") header.game = name;
    for (std::string tag; words >> tag;) {
      const auto equals = tag.find('=');
      header.tags.emplace_back(tag.substr(0, equals),
                               equals == std::string::npos ? "" : tag.substr(equals + 1));
    }
    return header;
  }
  const std::optional<gamerec::Error>& read_error() const override { return lines_->read_error(); }
  std::uint64_t bytes_read() const override { return lines_->bytes_read(); }

 protected:
  const RecordEvent* read_event() override {
    if (ended_) return nullptr;
    while (auto line = lines_->next()) {
      if (line->text.rfind("===", 0) == 0) {
        pending_ = std::string(line->text);
        pending_line_ = line->number;
        break;
      }
      auto stripped = strip_body_line(line->text);
      if (!stripped) continue;
      event_ = RecordEvent{RecordEvent::Kind::kMove, false,        false,          line->number,
                           stripped->second,         line->offset, stripped->first, {},         {}};
      return &event_;
    }
    ended_ = true;
    return nullptr;
  }

 private:
  std::unique_ptr<LineSource> lines_;
  std::optional<std::string> pending_;
  std::int64_t pending_line_ = 0;
  bool ended_ = true;
  int index_ = 0;
  RecordEvent event_;
};

GameCatalogue catalogue_with_games_format() {
  GameCatalogue catalogue = make_builtin_catalogue();
  RecordFormat format;
  format.name = "test-games";
  format.description = "several games in one file (tests only)";
  format.extensions = {"games"};
  format.many_games = true;
  format.recognises = [](std::string_view head) { return head.rfind("===", 0) == 0; };
  format.open_reader = [](std::unique_ptr<LineSource> lines) -> std::unique_ptr<RecordSource> {
    return std::make_unique<GamesSource>(std::move(lines));
  };
  format.open_writer = move_list_format().open_writer;
  catalogue.register_format(std::move(format));
  return catalogue;
}

struct Validated {
  int status;
  std::vector<std::string> lines;  // standard output, a line each
  std::string summary;             // standard error
};

Validated validate(const std::string& path, const std::string& format) {
  std::istringstream in;
  std::ostringstream out;
  std::ostringstream err;
  cli::CommonOptions options;
  options.format = format;
  auto context = cli::Context::make(catalogue_with_games_format(), Messages::load("en").value(),
                                    options, cli::Streams{in, out, err});
  REQUIRE(context.ok());
  Validated result{cli::validate_files(context.value(), {path}), {}, err.str()};
  std::istringstream lines(out.str());
  for (std::string line; std::getline(lines, line);) result.lines.push_back(line);
  return result;
}

const std::string kThreeGames =
    "=== chaturanga White=Ana\n"  // line 1: game 1, an error on line 4
    "2A-3A\n"
    "4G-4F\n"
    "2A-3A\n"
    "7H-6H\n"
    "=== chaturanga White=Luis Event=Club\n"  // line 6: game 2, valid
    "# a comment\n"
    "2A-3A\n"
    "=== \n"   // line 9: a malformed game header
    "=== ?\n"  // line 10: game 4, the game told by its first move; it ends
    "1D-1A\n";

}  // namespace

TEST_CASE("several games in one input: each gets its own result, and an error does not stop the next") {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/three.games";
  std::ofstream(path, std::ios::binary) << kThreeGames;

  const Validated json = validate(path, "json");
  REQUIRE(json.lines.size() == 4);
  CHECK_THAT(json.lines[0],
             Catch::StartsWith("{\"file\":\"" + path +
                               "\",\"game_index\":1,\"game\":\"chaturanga\","
                               "\"valid\":false,\"moves\":2,\"error\":{\"line\":4,\"column\":1,"
                               "\"code\":\"empty-square\""));
  CHECK_THAT(json.lines[0], Catch::EndsWith("\"tags\":{\"White\":\"Ana\"}}"));
  CHECK_THAT(json.lines[1],
             Catch::Contains("\"game_index\":2,\"game\":\"chaturanga\",\"valid\":true,\"moves\":1,"
                             "\"error\":null,\"status\":\"in-progress\",\"to_move\":\"green\""));
  CHECK_THAT(json.lines[1], Catch::Contains("\"tags\":{\"White\":\"Luis\",\"Event\":\"Club\"}"));
  CHECK_THAT(json.lines[2], Catch::Contains("\"game_index\":3,\"game\":null,\"valid\":false,\"moves\":0,"
                                            "\"error\":{\"line\":9,\"column\":1,\"code\":\"header\""));
  CHECK_THAT(json.lines[3],
             Catch::Contains("\"game_index\":4,\"game\":\"chaturanga\",\"valid\":true,\"moves\":1"));
  CHECK(json.status == 2);  // a bad header is a file-level problem
  CHECK_THAT(json.summary, Catch::Contains("1 file") && Catch::Contains("4 games: 2 valid, 1 invalid"));

  const Validated text = validate(path, "text");
  REQUIRE(text.lines.size() == 2);
  CHECK_THAT(text.lines[0], Catch::StartsWith(path + ":4:1: error[empty-square]: 2A-3A:"));
  CHECK_THAT(text.lines[1], Catch::StartsWith(path + ":9:1: error[header]:"));
}

TEST_CASE("several games in one input: the format is known by its content too") {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/no-extension";
  std::ofstream(path, std::ios::binary) << "=== chaturanga\n2A-3A\n=== chaturanga\n2B-3B\n4G-4F\n";
  const Validated json = validate(path, "json");
  REQUIRE(json.lines.size() == 2);
  CHECK_THAT(json.lines[1], Catch::Contains("\"game_index\":2") && Catch::Contains("\"moves\":2"));
  CHECK(json.status == 0);
}

TEST_CASE("a move list holds one game and its JSON has no game_index") {
  gamerec::test::TempDir dir;
  const std::string path = dir.path() + "/one.cht";
  std::ofstream(path, std::ios::binary) << "2A-3A\n";
  const Validated json = validate(path, "json");
  REQUIRE(json.lines.size() == 1);
  CHECK_THAT(json.lines[0], !Catch::Contains("game_index") && !Catch::Contains("tags"));
}
