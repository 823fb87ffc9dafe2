#pragma once
// The game definitions and message catalogue from definitions/, compiled in.
#include <string_view>
#include <vector>

namespace gamerec {

struct EmbeddedFile {
  std::string_view name;  // e.g. "chaturanga.yaml"
  std::string_view text;
};

const std::vector<EmbeddedFile>& embedded_definitions();

}  // namespace gamerec
