// Fuzz target: bytes as a record file, through the real reading and
// validation path (open_input, each game's open_game, then run_moves from
// the record's own start position to the end), the way `validate` uses it.
// Each input is read every way the catalogue allows: with each built-in
// game forced, with the game told by header, format or first move (a file
// without extension), and under every extension a game or format claims.
//
// Beyond "no crash, no sanitizer report", it checks what must always hold
// (the two stages, docs/ARCHITECTURE.md): at the end of the valid part, the text of every legal
// move parses back to that move and passes check().
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <variant>

#include "app/builtin_games.h"
#include "core/catalogue.h"
#include "core/messages.h"
#include "core/record_input.h"
#include "ui/board_view.h"

namespace {

using namespace gamerec;

[[noreturn]] void invariant_failed(const char* what, const std::string& detail) {
  std::fprintf(stderr, "record_fuzz: invariant failed: %s: %s\n", what, detail.c_str());
  std::abort();
}

// A private directory with the input file, "input", and "input.EXT", a
// symbolic link to it for each extension in `extensions`. Removed at exit.
struct Scratch {
  std::string dir;
  std::string plain;
  std::vector<std::string> named;  // input.<ext>

  explicit Scratch(const std::vector<std::string>& extensions) {
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
    for (const std::string& extension : extensions) {
      named.push_back(dir + "/input." + extension);
      if (::symlink("input", named.back().c_str()) != 0) {
        std::perror("record_fuzz: symlink");
        std::abort();
      }
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

// Every extension a game definition or a record format claims.
std::vector<std::string> all_extensions(const GameCatalogue& catalogue) {
  std::vector<std::string> extensions;
  for (const auto& [name, definition] : catalogue.definitions())
    extensions.insert(extensions.end(), definition.extensions.begin(), definition.extensions.end());
  for (const RecordFormat& format : catalogue.formats())
    extensions.insert(extensions.end(), format.extensions.begin(), format.extensions.end());
  std::sort(extensions.begin(), extensions.end());
  extensions.erase(std::unique(extensions.begin(), extensions.end()), extensions.end());
  return extensions;
}

struct Fixture {
  GameCatalogue catalogue = make_builtin_catalogue();
  Messages english = Messages::load("en").value();
  Messages spanish = Messages::load("es").value();
  Scratch scratch{all_extensions(catalogue)};
};

Fixture& fixture() {
  static Fixture instance;
  return instance;
}

void check_legal_moves(const Game& game, const State& state) {
  for (const Move& move : state.legal_moves()) {
    const std::string text = game.move_text(move, state);
    const auto parsed = read_move(game, state, text);
    if (!parsed) invariant_failed("a legal move's text is rejected", text);
    if (!(*parsed == move)) invariant_failed("a legal move's text parses to another move", text);
    if (state.check(move)) invariant_failed("a legal move fails check()", text);
  }
}

void check_game(const RecordGame& opened, const RunResult& run) {
  Fixture& f = fixture();
  const Game& game = *opened.game;
  const State& state = *opened.start;
  if (run.moves != state.moves_played()) invariant_failed("moves counted twice", std::to_string(run.moves));
  if (run.error) {
    if (run.error->line < 1 || run.error->column < 1)
      invariant_failed("an error without a line or column", "");
    (void)f.english.error_reason(run.error->error, game.definition());
    (void)f.spanish.error_reason(run.error->error, game.definition());
  }
  if (!state.is_over()) check_legal_moves(game, state);
  (void)state.outcome();

  std::vector<std::string> side_names;
  for (Side side = 0; side < static_cast<Side>(game.definition().sides.size()); ++side)
    side_names.push_back(f.english.side_name(game.definition(), side));
  for (bool colour : {false, true}) {
    ui::Palette palette;
    palette.enabled = colour;
    (void)ui::render_board(state.view(), game.definition(), "en", palette, side_names);
    if (!state.is_over())
      (void)ui::render_board(state.observe(state.to_move())->view(), game.definition(), "en", palette,
                             side_names);
  }
}

// Every game of the input, as validate reads them.
void read_record(const std::string& path, const GameChoice& choice) {
  Fixture& f = fixture();
  auto opened = open_input(path, f.catalogue);
  if (auto* error = opened.if_error()) {
    if (error->code.empty() || error->message.key.empty())
      invariant_failed("a file error without code or message", path);
    return;
  }
  OpenRecord& input = opened.value();
  while (auto next = input.source->next_game()) {
    if (auto* error = next->if_error()) {
      if (error->line < 1) invariant_failed("a header error without a line", path);
      continue;
    }
    auto game = open_game(std::move(*next).value(), input, path, f.catalogue, choice);
    if (auto* error = game.if_error()) {
      if (error->code.empty() || error->message.key.empty())
        invariant_failed("a file error without code or message", path);
      continue;
    }
    RecordGame& opened_game = game.value();
    const RunResult run = run_moves(*input.source, *opened_game.game, *opened_game.start);
    check_game(opened_game, run);
    if (run.read_error) return;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Fixture& f = fixture();
  f.scratch.write(data, size);

  for (const auto& [name, definition] : f.catalogue.definitions()) {
    if (definition.rules != name) continue;  // variants share their base's rules
    GameChoice forced;
    forced.forced_game = name;
    read_record(f.scratch.plain, forced);
  }
  read_record(f.scratch.plain, GameChoice{});
  for (const std::string& named : f.scratch.named) read_record(named, GameChoice{});
  return 0;
}
