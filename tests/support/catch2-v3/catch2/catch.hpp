#pragma once
// Catch2 as Debian ships it: version 2, one header <catch2/catch.hpp>, on
// Debian 12; version 3, a library of many headers, on Debian 13. The tests
// are written once, against version 2; with version 3 this folder is put
// first on the include path (tests/CMakeLists.txt), and this header gives
// the few names that moved their old ones.
#include <catch2/catch_all.hpp>

#include <string>

#define GAMEREC_CATCH_VERSION 3

namespace Catch {
using Matchers::EndsWith;
using Matchers::StartsWith;
// Version 3 keeps `Contains` for ranges; a substring is ContainsSubstring.
inline Matchers::StringContainsMatcher Contains(const std::string& text,
                                                CaseSensitive sensitivity = CaseSensitive::Yes) {
  return Matchers::ContainsSubstring(text, sensitivity);
}
}  // namespace Catch
using Catch::Approx;
