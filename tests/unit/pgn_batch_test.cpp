// PGN hands over a line's moves in one batch (RecordSource::next_events):
// their texts point into the line buffer, so finishing a batch must never
// read the next line, which may move the buffer. A line that ends with a
// move number ("15."), a NAG or "e.p." once did: the batch's moves then
// read as bytes of a later line ("2-1" from a "1/2-1/2"), on a pipe or
// wherever a line had to be read in.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>

#include "formats/pgn.h"
#include "records/line_source.h"

using namespace gamerec;

namespace {

// `text`, at most `chunk` bytes a read: every line needs a read, and each
// read moves what is left of the buffer to its start.
class ChunkedStream final : public ByteStream {
 public:
  ChunkedStream(std::string text, std::size_t chunk) : text_(std::move(text)), chunk_(chunk) {}
  std::int64_t read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min({size, chunk_, text_.size() - used_});
    std::memcpy(buffer, text_.data() + used_, n);
    used_ += n;
    return static_cast<std::int64_t>(n);
  }
  std::string error() const override { return ""; }

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
      for (const RecordEvent& event : batch)
        events.push_back(std::to_string(event.line) + ":" + std::to_string(event.column) + " " +
                         std::string(event.text));
    }
  }
  return events;
}

}  // namespace

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
