#pragma once
// The replay page's own style, body and script (page_assets.cpp): small
// and hand-written; the games' data goes beside them (page.cpp).
#include <string_view>

namespace gamerec::pictures {

extern const std::string_view kPageStyle;
extern const std::string_view kPageBody;
extern const std::string_view kPageScript;
// A folder's index page (page.h, index_head).
extern const std::string_view kIndexStyle;

}  // namespace gamerec::pictures
