// Fuzz target: bytes as a PGN archive, straight into the PGN reader (no
// file) and every game through the rules, as validate reads them. Beyond
// "no crash, no sanitizer report": every error has a line and a column,
// and at the end of each game's valid part the SAN of every legal move
// resolves back to that move.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "app/builtin_games.h"
#include "core/catalogue.h"
#include "core/record_input.h"
#include "formats/pgn.h"

namespace {

using namespace gamerec;

[[noreturn]] void invariant_failed(const char* what) {
  std::fprintf(stderr, "pgn_fuzz: invariant failed: %s\n", what);
  std::abort();
}

class MemoryStream final : public ByteStream {
 public:
  MemoryStream(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  gamerec::Result<std::size_t, gamerec::Error> read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, size_ - used_);
    if (n > 0) std::memcpy(buffer, data_ + used_, n);
    used_ += n;
    return static_cast<std::size_t>(n);
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t used_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const GameCatalogue catalogue = make_builtin_catalogue();
  static const RecordFormat format = pgn_format();
  OpenRecord input;
  input.format = &format;
  input.source = format.open_reader(std::make_unique<LineSource>(std::make_unique<MemoryStream>(data, size)));
  int games = 0;
  while (auto next = input.source->next_game()) {
    if (++games > 100000) invariant_failed("more games than the input could hold");
    if (auto* error = next->if_error()) {
      if (error->line < 1 || error->column < 1) invariant_failed("a header error without line and column");
      continue;
    }
    auto game = open_game(std::move(*next).value(), input, "fuzz.pgn", catalogue, {});
    if (!game.ok()) continue;  // a bad FEN tag
    RecordGame& opened = game.value();
    const RunResult run = run_moves(*input.source, *opened.game, *opened.start);
    if (run.error && (run.error->line < 1 || run.error->column < 1))
      invariant_failed("a move error without line and column");
    for (const Move& move : opened.start->legal_moves()) {
      const auto back = read_move(*opened.game, *opened.start, opened.game->move_text(move, *opened.start));
      if (!back || !(*back == move))
        invariant_failed("the SAN of a legal move does not resolve back to it");
    }
  }
  return 0;
}
