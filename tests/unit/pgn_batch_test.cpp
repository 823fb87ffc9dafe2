// PGN hands over a line's moves in one batch (RecordSource::next_events):
// their texts point into the line buffer, so finishing a batch must never
// read the next line, which may move the buffer. A line that ends with a
// move number ("15."), a NAG or "e.p." once did: the batch's moves then
// read as bytes of a later line ("2-1" from a "1/2-1/2"), on a pipe or
// wherever a line had to be read in.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>

#include "formats/pgn.h"
#include "records/line_source.h"

using namespace gamerec;

namespace {

// `text`, at most `chunk` bytes a read: every line needs a read, and each
// read moves what is left of the buffer to its start.
class ChunkedStream final : public ByteStream {
 public:
  ChunkedStream(std::string text, std::size_t chunk) : text_(std::move(text)), chunk_(chunk) {}
  gamerec::Result<std::size_t, gamerec::Error> read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min({size, chunk_, text_.size() - used_});
    std::memcpy(buffer, text_.data() + used_, n);
    used_ += n;
    return static_cast<std::size_t>(n);
  }

 private:
  std::string text_;
  std::size_t chunk_;
  std::size_t used_ = 0;
};

// Every event of every game, as "line:column text", copied out batch by
// batch as the move loop uses them.
std::vector<std::string> events_in_batches(std::unique_ptr<ByteStream> stream) {
  const RecordFormat format = pgn_format();
  auto source = format.open_reader(std::make_unique<LineSource>(std::move(stream)));
  std::vector<std::string> events;
  while (auto game = source->next_game()) {
    for (auto batch = source->next_events(); !batch.empty(); batch = source->next_events()) {
      for (const RecordEvent& event : batch.events)
        events.push_back(std::to_string(event.line) + ":" + std::to_string(event.column) + " " +
                         std::string(event.text));
    }
  }
  return events;
}

// An event as "kind line:column text|kind of error".
std::string describe(const RecordEvent& event) {
  return std::to_string(static_cast<int>(event.kind)) + " " + std::to_string(event.line) + ":" +
         std::to_string(event.column) + " " + std::string(event.text) + "|" + std::string(event.notation_kind) +
         (event.too_long ? "|long" : "");
}

// A batch of moves alone gives their texts too (the move loop hands them
// to the game as they are); any other batch gives none. Whether it was
// the former.
bool check_move_texts(const EventBatch& batch) {
  const auto events = batch.events;
  const bool moves_only = std::all_of(events.begin(), events.end(), [](const RecordEvent& event) {
    return event.kind == RecordEvent::Kind::kMove && event.notation_kind.empty() && !event.too_long;
  });
  const auto texts = batch.move_texts;
  if (!moves_only) {
    CHECK(texts.empty());
    return false;
  }
  REQUIRE(texts.size() == events.size());
  for (std::size_t i = 0; i < texts.size(); ++i) CHECK(texts[i] == events[i].text);
  return true;
}

// Every event of every game, read one at a time (next_event: read_event
// alone, without the batch's reading of the usual moves) or batch by batch
// (next_events); `batches_of_moves`, when given, counts the batches of
// moves alone.
std::vector<std::string> events_read(std::unique_ptr<ByteStream> stream, bool batched,
                                     std::size_t* batches_of_moves = nullptr) {
  const RecordFormat format = pgn_format();
  auto source = format.open_reader(std::make_unique<LineSource>(std::move(stream)));
  std::vector<std::string> events;
  while (auto game = source->next_game()) {
    events.push_back(game->ok() ? "game" : "bad game");
    if (!batched) {
      while (const RecordEvent* event = source->next_event()) events.push_back(describe(*event));
      continue;
    }
    for (auto batch = source->next_events(); !batch.empty(); batch = source->next_events()) {
      for (const RecordEvent& event : batch.events) events.push_back(describe(event));
      if (check_move_texts(batch) && batches_of_moves != nullptr) ++*batches_of_moves;
    }
  }
  return events;
}

}  // namespace

TEST_CASE("pgn: batches read the same events as one at a time, whatever the movetext") {
  // Every kind of token a movetext holds, next to the usual moves and
  // numbers that batches read on their own.
  std::vector<std::string> texts = {
      "[Event \"a\"]\n\n1. e4 e5 2.Nf3 Nc6 3...Bb5 a6 4. Ba4\tNf6\r\n5. O-O e.p. Be7 E.P. 6. Re1 b5 0-1\n",
      "[Event \"b\"]\n\n1. d4 (1. e4 e5 (1... c5 2. Nf3) 2. Nf3) 1... d5 2. c4 $1 dxc4!? 3. e3 {a comment} b5 ; rest\n"
      "4. a4 c6 5. axb5 cxb5 6. Qf3 * \n",
      "[Event \"c\"]\n\n12. Nf3 Nc6 1/2-1/2 13. Nd5\n\n[Event \"d\"]\n\n1. e4 0. e5 Z0 -- 2. Nf3! ?? 1-0\n",
      "[Event \"e\"]\n\n1. e4 {open\ncomment} e5 2. Nf3 (2. Nc3\n[Event \"f\"]\n\n1. e4 ) e5 2.. Nf3 . Nc6 1-0\n",
      "[Event \"g\"]\n\n1. e4\f e5\v2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O\n"
      "9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17.\n"
      "dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 1-0\n",
      "[Event \"h\"]\n\n1. e4 e5 2. Nf3\n" + std::string(70000, 'x') + "\nNc6 3. Bb5 *\n",
  };
  const std::filesystem::path corpus = std::filesystem::path(GAMEREC_SOURCE_DIR) / "tests/fuzz/corpus";
  for (const char* folder : {"pgn", "pgn_split"}) {
    for (const auto& entry : std::filesystem::directory_iterator(corpus / folder)) {
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream bytes;
      bytes << in.rdbuf();
      texts.push_back(bytes.str());
    }
  }
  REQUIRE(texts.size() > 12);
  std::size_t batches_of_moves = 0;
  for (const std::string& text : texts) {
    INFO(text.substr(0, 200));
    const auto reference = events_read(std::make_unique<BytesStream>(text), false);
    CHECK(reference.size() > 2);
    CHECK(events_read(std::make_unique<BytesStream>(text), true, &batches_of_moves) == reference);
    for (const std::size_t chunk : {1, 7, 64}) {
      INFO("chunk " << chunk);
      CHECK(events_read(std::make_unique<ChunkedStream>(text, chunk), true) == reference);
    }
  }
  CHECK(batches_of_moves > 0);
}

TEST_CASE("pgn: a batch of moves stays whole when its line ends with a move number, a NAG or e.p.") {
  const std::string text =
      "[Event \"a\"]\n[Result \"1/2-1/2\"]\n\n"
      "1. d4 Nf6 2. Nf3 g6 3.\n"
      "c4 Bg7 4. Nc3 O-O $1\n"
      "5. e4 d6 6. h3 e5 e.p.\n"
      "7. d5 a5 1/2-1/2\n\n"
      "[Event \"b\"]\n[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n";
  const auto whole = events_in_batches(std::make_unique<BytesStream>(text));
  REQUIRE(whole.size() == 18);  // the NAG is an event
  CHECK(whole[3] == "4:18 g6");
  CHECK(whole[4] == "5:1 c4");
  CHECK(whole[8] == "5:19 $1");
  CHECK(whole[15] == "7:10 1/2-1/2");
  for (const std::size_t chunk : {1, 3, 7, 16, 23, 64}) {
    INFO("chunk " << chunk);
    CHECK(events_in_batches(std::make_unique<ChunkedStream>(text, chunk)) == whole);
  }
}
