#pragma once
// What --version prints: "gamerec VERSION", VERSION the project's in
// CMakeLists.txt, then "(git DESCRIPTION)" when built from a git checkout.
// Defined in a file the build writes (cmake/version.cmake).
#include <string_view>

namespace gamerec {

std::string_view version_text();

}  // namespace gamerec
