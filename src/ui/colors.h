#pragma once
// The 256-colour terminal palette as sRGB, and the WCAG contrast ratio
// between two of its colours: how the board makes sure every side's pieces
// can be read (4.5:1, the usual accessibility figure).
#include <array>

namespace gamerec::ui {

using Rgb = std::array<int, 3>;

// xterm's value for colour `index` (0-255).
Rgb xterm_rgb(int index);
// (lighter + 0.05) / (darker + 0.05) of the two colours' relative luminance.
double contrast_ratio(int a, int b);
// Black (16) or white (231): whichever reads better on `background`. For
// any colour one of them reaches at least 4.58:1.
int text_color_on(int background);

}  // namespace gamerec::ui
