#pragma once
// One YAML value as the text --variant would give it: a scalar as it is, a
// flat list joined by commas ("4,3,3,2"). Shared by the definition loader
// and the record header reader.
#include <yaml-cpp/yaml.h>

#include <string>

namespace gamerec {

inline std::string yaml_value_text(const YAML::Node& node) {
  if (!node.IsSequence()) return node.as<std::string>();
  std::string text;
  for (const auto& item : node) text += (text.empty() ? "" : ",") + item.as<std::string>();
  return text;
}

}  // namespace gamerec
