// Fuzz target: bytes as a Gomocup .psq record, read by the psq RecordSource
// straight from memory and run through gomoku's rules, as validate reads a
// .psq file.
//
// Beyond "no crash, no sanitizer report", it checks what must always hold:
// every error has a line (after the header's) and a column and a message in
// both languages, and a game read without error, written back through the
// psq writer and read again, gives the same moves and the same position.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "app/builtin_games.h"
#include "core/catalogue.h"
#include "core/messages.h"
#include "core/record_input.h"
#include "formats/psq.h"

namespace {

using namespace gamerec;

[[noreturn]] void invariant_failed(const char* what, const std::string& detail) {
  std::fprintf(stderr, "psq_fuzz: invariant failed: %s: %s\n", what, detail.c_str());
  std::abort();
}

class MemoryStream final : public ByteStream {
 public:
  explicit MemoryStream(std::string bytes) : bytes_(std::move(bytes)) {}
  gamerec::Result<std::size_t, gamerec::Error> read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, bytes_.size() - at_);
    std::memcpy(buffer, bytes_.data() + at_, n);
    at_ += n;
    return static_cast<std::size_t>(n);
  }

 private:
  std::string bytes_;
  std::size_t at_ = 0;
};

struct Fixture {
  GameCatalogue catalogue = make_builtin_catalogue();
  RecordFormat psq = psq_format();
  Messages english = Messages::load("en").value();
  Messages spanish = Messages::load("es").value();
};

Fixture& fixture() {
  static Fixture instance;
  return instance;
}

void check_message(const Messages& messages, const std::string& key, const GameDefinition& game) {
  if (!messages.has(key, &game)) invariant_failed("a message is missing", messages.language() + " " + key);
}

struct Reading {
  std::vector<std::string> moves;
  std::unique_ptr<Game> game;
  std::unique_ptr<State> state;
  RunResult run;
  bool opened = false;
};

Reading read(const std::string& bytes) {
  Fixture& f = fixture();
  Reading reading;
  auto source = f.psq.open_reader(std::make_unique<LineSource>(std::make_unique<MemoryStream>(bytes)));
  auto next = source->next_game();
  if (!next) invariant_failed("no game and no error", "");
  if (auto* error = next->if_error()) {
    if (error->line != 1) invariant_failed("a header error not on line 1", std::to_string(error->line));
    for (const Messages* messages : {&f.english, &f.spanish})
      check_message(*messages, "header." + error->error.kind, *f.catalogue.find("gomoku"));
    if (source->next_game()) invariant_failed("a second game", "");
    return reading;
  }
  const GameHeader& header = next->value();
  auto game = f.catalogue.make_game("gomoku", header.variant);
  if (!game.ok()) return reading;  // an unplayable size
  reading.game = std::move(game).value();
  reading.state = reading.game->new_state();
  reading.opened = true;
  reading.run = run_moves(*source, *reading.game, *reading.state,
                          [&](const RecordEvent& event, Side, const Move&, const State&) {
                            reading.moves.emplace_back(event.text);
                          });
  if (const auto& error = reading.run.error) {
    if (error->line < 2 || error->column < 1) invariant_failed("an error without a line or column", error->move);
    std::string key = "errors." + std::string(code_name(error->error.code));
    if (!error->error.kind.empty()) key += "-" + error->error.kind;
    for (const Messages* messages : {&f.english, &f.spanish}) check_message(*messages, key, reading.game->definition());
  }
  if (source->next_game()) invariant_failed("a second game", "");
  return reading;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Fixture& f = fixture();
  const Reading first = read(std::string(reinterpret_cast<const char*>(data), size));
  if (!first.opened || first.run.error) return 0;

  // Written back and read again: the same game.
  auto writer = f.psq.open_writer();
  auto state = first.game->new_state();
  std::string text = writer->begin_game(*first.game, GameHeader{}).value();
  for (const std::string& move_text : first.moves) {
    const auto move = read_move(*first.game, *state, move_text);
    if (!move) invariant_failed("a move read is rejected", move_text);
    text += writer->move(*first.game, *state, *move, move_text);
    state->apply(*move);
  }
  text += writer->end_game(*first.game, *state);
  const Reading second = read(text);
  if (!second.opened || second.run.error) invariant_failed("the written record is rejected", text);
  if (second.moves != first.moves) invariant_failed("the written record reads as other moves", text);
  if (!second.state->equals(*first.state)) invariant_failed("the written record ends elsewhere", text);
  return 0;
}
