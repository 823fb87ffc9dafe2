#pragma once
// Pictures of a record's positions (gamerec(1), PICTURES AND PAGES): one
// position as SVG (replay --format svg) and a whole record as a replay
// page (replay --format html, convert OUT.html). The pictures come from
// the game's Pictured facet, or from its board view for a game without
// one; the pictures library writes them.
#include <optional>
#include <string>

#include "cli/context.h"
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

// `state` as `viewer` saw it (kNoSide: the whole position), panel titles
// in the session's language.
Picture position_picture(const Context& context, const Game& game, const State& state, Side viewer);
// The same as a standalone SVG document.
std::string position_svg(const Context& context, const Game& game, const State& state, Side viewer,
                         const PictureOptions& options);

// A replay page of the games of `path` (all, or only game `game_index`),
// reported as replay reports them: an error in a game's moves goes to
// standard error and on the page, and makes the status 1; a file that
// cannot be read, a bad header or no such game makes it 2, with no page.
struct RecordPage {
  int status = kExitOk;
  std::optional<std::string> html;
  int games = 0;  // on the page
};
RecordPage record_page(const Context& context, const std::string& path, std::optional<int> game_index,
                       const PictureOptions& options);

}  // namespace gamerec::cli
