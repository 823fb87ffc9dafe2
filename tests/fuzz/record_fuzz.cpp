// Fuzz target: bytes as a record file, through the real reading and
// validation path (open_record, then run_moves to the end), the way
// `validate` and `play` use it. Each input is read three ways: with
// --game chaturanga forced, with the game told by header or first move (a
// file without extension), and by the .cht extension.
//
// Beyond "no crash, no sanitizer report", it checks what must always hold
// (STYLE point 3): at the end of the valid part, the text of every legal
// move parses back to that move and passes check().
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <variant>

#include "core/catalogue.h"
#include "core/messages.h"
#include "core/record_session.h"
#include "ui/board_view.h"

namespace {

using namespace gamerec;

[[noreturn]] void invariant_failed(const char* what, const std::string& detail) {
  std::fprintf(stderr, "record_fuzz: invariant failed: %s: %s\n", what, detail.c_str());
  std::abort();
}

// A private directory with the input file, "input", and "input.cht", a
// symbolic link to it. Removed at exit.
struct Scratch {
  std::string dir;
  std::string plain;
  std::string cht;

  Scratch() {
    // Memory-backed /dev/shm where there is one: the file is rewritten for
    // every input.
    const char* tmp = std::getenv("TMPDIR");
    std::error_code ec;
    const std::string base = tmp != nullptr && *tmp != '\0'                  ? tmp
                             : std::filesystem::is_directory("/dev/shm", ec) ? "/dev/shm"
                                                                             : "/tmp";
    std::string pattern = base + "/record_fuzz.XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      std::perror("record_fuzz: mkdtemp");
      std::abort();
    }
    dir = pattern;
    plain = dir + "/input";
    cht = dir + "/input.cht";
    if (::symlink("input", cht.c_str()) != 0) {
      std::perror("record_fuzz: symlink");
      std::abort();
    }
  }
  ~Scratch() {
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
  }

  void write(const std::uint8_t* data, std::size_t size) const {
    const int fd = ::open(plain.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
      std::perror("record_fuzz: open");
      std::abort();
    }
    std::size_t done = 0;
    while (done < size) {
      const ssize_t n = ::write(fd, data + done, size - done);
      if (n <= 0) {
        std::perror("record_fuzz: write");
        std::abort();
      }
      done += static_cast<std::size_t>(n);
    }
    ::close(fd);
  }
};

struct Fixture {
  GameCatalogue catalogue = make_builtin_catalogue();
  Messages english = std::get<Messages>(Messages::load("en"));
  Messages spanish = std::get<Messages>(Messages::load("es"));
  Scratch scratch;
};

Fixture& fixture() {
  static Fixture instance;
  return instance;
}

void check_legal_moves(const Game& game, const State& state) {
  for (const Move& move : state.legal_moves()) {
    const std::string text = game.move_text(move, state);
    ParsedMove parsed = game.parse_move(text, state);
    if (!std::holds_alternative<Move>(parsed)) invariant_failed("a legal move's text does not parse", text);
    if (!(std::get<Move>(parsed) == move))
      invariant_failed("a legal move's text parses to another move", text);
    if (state.check(move)) invariant_failed("a legal move fails check()", text);
  }
}

void read_record(const std::string& path, const GameChoice& choice) {
  Fixture& f = fixture();
  auto opened = open_record(path, f.catalogue, choice);
  if (auto* error = std::get_if<FileError>(&opened)) {
    if (error->code.empty() || error->message.empty())
      invariant_failed("a file error without code or message", path);
    return;
  }
  OpenedRecord& record = std::get<OpenedRecord>(opened);
  const Game& game = *record.game;
  auto state = game.new_state();
  RunResult run =
      run_moves(*record.reader, game, *state, [](const RecordLine&, const Move&, const State&) {});
  if (run.quit_line) (void)record.reader->has_lines_after_quit();
  if (run.moves != state->moves_played()) invariant_failed("moves counted twice", std::to_string(run.moves));

  if (run.error) {
    if (run.error->line < 1 || run.error->column < 1)
      invariant_failed("an error without a line or column", path);
    (void)f.english.error_reason(run.error->error, game.definition());
    (void)f.spanish.error_reason(run.error->error, game.definition());
  }
  if (!state->is_over()) check_legal_moves(game, *state);
  (void)state->outcome();

  const BoardView view = state->view(kNoSide);
  std::vector<std::string> side_names;
  for (const auto& side : game.definition().sides) side_names.push_back(f.english.side_name(side));
  for (bool colour : {false, true}) {
    ui::Palette palette;
    palette.enabled = colour;
    (void)ui::render_board(view, game.definition(), "en", palette, side_names);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Fixture& f = fixture();
  f.scratch.write(data, size);

  GameChoice forced;
  forced.forced_game = "chaturanga";
  read_record(f.scratch.plain, forced);
  read_record(f.scratch.plain, GameChoice{});
  read_record(f.scratch.cht, GameChoice{});
  return 0;
}
