// Fuzz target: bytes as a PGN archive, read whole and read in the parts
// validate --jobs cuts it into (records/archive_splitter.h, the PGN format's
// find_game_start): both readings must give the same games and events,
// line for line. The first byte picks the part size, so that cuts fall
// everywhere: inside comments, tag values, variations, escape lines.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "formats/pgn.h"
#include "support/split_trace.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const gamerec::RecordFormat format = gamerec::pgn_format();
  if (size == 0) return 0;
  const std::size_t part_size = 1 + data[0] % 64;
  const std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::string whole = gamerec::test::whole_trace(format, bytes);
  const std::string parts = gamerec::test::parts_trace(format, bytes, part_size, 1 << 20);
  if (whole != parts) {
    std::fprintf(stderr, "pgn_split_fuzz: the parts read differently\n--- whole\n%s--- parts\n%s", whole.c_str(),
                 parts.c_str());
    std::abort();
  }
  // A read error after the last byte is reported alike.
  const std::string cut_whole = gamerec::test::whole_trace(format, bytes, std::string("cut"));
  const std::string cut_parts = gamerec::test::parts_trace(format, bytes, part_size, 1 << 20, nullptr, "cut");
  if (cut_whole != cut_parts) {
    std::fprintf(stderr, "pgn_split_fuzz: a cut input read differently\n--- whole\n%s--- parts\n%s",
                 cut_whole.c_str(), cut_parts.c_str());
    std::abort();
  }
  return 0;
}
