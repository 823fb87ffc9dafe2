#pragma once
// Pictures of a record's positions (gamerec(1), PICTURES AND PAGES): one
// position as SVG (replay --format svg) and a whole record as a replay
// page (replay --format html, convert OUT.html), or as a folder of pages
// when one page would be too large. The pictures come from the game's
// Pictured facet, or from its board view for a game without one; the
// pictures library writes them.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "cli/context.h"
#include "records/line_source.h"
#include "rules/game.h"
#include "rules/picture.h"

namespace gamerec::cli {

struct PictureOptions {
  int size = 0;  // pixels across; 0: the default of the output
  bool flipped = false;
};

inline constexpr int kSvgSize = 400;
inline constexpr int kPageSize = 480;
// --size: from a thumbnail to a poster.
inline constexpr int kMinPictureSize = 16;
inline constexpr int kMaxPictureSize = 8192;
// The largest page written, in MB (10^6 bytes): Chromium opens a page of
// that size within a few seconds (docs/benchmarks.md, "Replay pages").
inline constexpr int kMaxPageMegabytes = 40;
// --page-limit: up to a gigabyte.
inline constexpr int kMaxPageLimit = 1000;

// `state` as `viewer` saw it (kNoSide: the whole position), panel titles
// in the session's language.
Picture position_picture(const Context& context, const Game& game, const State& state, Side viewer);
// The same as a standalone SVG document.
std::string position_svg(const Context& context, const Game& game, const State& state, Side viewer,
                         const PictureOptions& options);

struct PageRequest {
  std::optional<int> game_index;  // one game of the file; else all
  PictureOptions picture;
  // A side id: the page holds only what that side saw; empty: the whole
  // game, and each side's view in a game with hidden information.
  std::string as;
  int max_megabytes = kMaxPageMegabytes;
  // A signal's: it ends the reading wherever it waits, and nothing is
  // written or said after it (`interrupted`).
  const ReadCancel* cancel = nullptr;
};

// What writing a page (or a folder) came to, reported as replay reports
// it: an error in a game's moves goes to standard error and on the page,
// and makes the status 1; a file that cannot be read, a bad header, no
// such game or an unknown --as side makes it 2, and `written` false.
struct PageOutcome {
  int status = kExitOk;
  bool written = false;    // the whole page went through the sink
  bool too_large = false;  // stopped: the page would pass max_megabytes (nothing said yet)
  bool interrupted = false;  // stopped by request.cancel (nothing said)
  std::optional<Error> write_failure;  // a folder's file could not be written (nothing said)
  int games = 0;
};

// The replay page of the games of `path`, written through `write` as the
// games are read (what was written is to be dropped unless `written`).
// `write` says false once its output failed: no more games are read.
PageOutcome write_record_page(const Context& context, const std::string& path, const PageRequest& request,
                              const std::function<bool(std::string_view)>& write);

// The games of `path` as a folder: index.html, a table of the games, and
// game-N.html, a page per game. The folder is made under another name
// beside `folder` and appears whole, or not at all (write_failure says why
// when it cannot be written).
PageOutcome write_record_folder(const Context& context, const std::string& path, const PageRequest& request,
                                const std::string& folder);

}  // namespace gamerec::cli
