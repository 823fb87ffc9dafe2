#pragma once
// The openings a tourney's games start from (tourney --openings FILE,
// gamerec(1)): a file of records in any format gamerec reads (a PGN
// archive, a .psq), or of positions one to a line (chess EPD, a header's
// `position:` text, Gomocup's openings of stones around the centre).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/catalogue.h"
#include "rules/error.h"
#include "rules/game.h"

namespace gamerec {

struct OpeningSettings {
  enum class Format {
    kByName,   // one a line when the name ends in .epd or .txt, else records
    kLines,    // format=epd: one a line
    kRecords,  // format=pgn: records, as validate reads them
  };
  std::string file;
  bool random_order = false;          // order=random: shuffled by the tourney's seed
  std::optional<std::int64_t> plies;  // plies=N: at most N moves of each opening
  std::int64_t start = 1;             // start=K: the first game plays the K-th opening
  Format format = Format::kByName;
  bool operator==(const OpeningSettings&) const = default;
};

// One opening: where its games start, and the moves played from there.
struct Opening {
  std::string position;  // as a header's `position:`; "" for the game's own start
  std::vector<Move> moves;
  std::int64_t line = 0;  // where it starts in its file
};

// Every opening in `settings.file` for `game`, each checked by its rules
// (legal moves, a game left going), in the file's order. An error names
// the line at fault.
Result<std::vector<Opening>, Error> read_openings(const OpeningSettings& settings, const Game& game,
                                                  const GameCatalogue& catalogue);

// The order openings are played in: their indexes, shuffled from `seed`
// under order=random (the same on every machine), then turned so that
// start=K comes first.
std::vector<std::size_t> opening_order(const OpeningSettings& settings, std::size_t count,
                                       std::uint64_t seed);

// The settings as a tourney's settings name them ("book.epd,random,8,1";
// ",epd" or ",pgn" after a format given; "-" for none).
std::string opening_settings_text(const std::optional<OpeningSettings>& settings);

}  // namespace gamerec
