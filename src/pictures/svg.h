#pragma once
// A game's picture of a position (rules/picture.h) written as SVG: one
// standalone picture (replay --format svg), or the pieces a replay page
// puts together (pictures/page.h). Game-neutral: the colours a picture
// names by side come from the game's definition, and every text is
// escaped for XML.
#include <string>
#include <string_view>
#include <vector>

#include "rules/options.h"
#include "rules/picture.h"

namespace gamerec::pictures {

// Text for an XML text node or an attribute value: & < > " ' escaped, and
// control characters (which XML 1.0 does not allow) shown as U+FFFD.
std::string xml_escape(std::string_view text);

// The colours of a game's sides, from its definition's ANSI 256-colour
// indexes, as CSS colours.
class SideColors {
 public:
  explicit SideColors(const GameDefinition& definition);
  // "#rrggbb", or "none".
  std::string css(const Paint& paint) const;
  // Each side's own colour, in turn order.
  std::vector<std::string> sides_css() const;

 private:
  std::vector<std::uint32_t> rgb_;  // per side; a side without a colour is grey
};

// 0xRRGGBB of an ANSI 256-colour index (xterm's palette).
std::uint32_t ansi_rgb(int index);

// A number as SVG writes it: whole numbers without a point, others with
// at most two decimals.
std::string svg_number(double value);

// One item as an SVG element. `turned`: its panel is turned a half turn,
// so a label or glyph is turned back about its own centre.
std::string item_svg(const PictureItem& item, const SideColors& colors, bool turned = false);
// The glyphs as <symbol id="g-NAME"> elements, for a <defs>.
std::string glyph_symbols(const std::vector<Glyph>& glyphs);
// The title drawn above a panel (its text already in words).
std::string panel_title_svg(const Panel& panel);
// The rotation that turns `panel` a half turn about its centre, as an SVG
// transform ("rotate(180 418 418)").
std::string panel_turn(const Panel& panel);

struct SvgOptions {
  int size = 400;  // the picture's width in pixels; the height follows
  bool flipped = false;
};

// A whole SVG document of one picture, panel titles already in words.
std::string svg_document(const Picture& picture, const std::vector<Glyph>& glyphs, const SideColors& colors,
                         const SvgOptions& options);

// The font the pictures' labels are set in.
inline constexpr std::string_view kFontFamily = "DejaVu Sans, Verdana, Arial, sans-serif";

}  // namespace gamerec::pictures
