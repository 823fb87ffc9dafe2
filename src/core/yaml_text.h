#pragma once
// YAML helpers shared by the definition loader, the message catalogue and
// the record header reader (the core layer; rules never see YAML).
#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <string>

namespace gamerec {

// One YAML value as the text --variant would give it: a scalar as it is, a
// flat list joined by commas ("4,3,3,2").
inline std::string yaml_value_text(const YAML::Node& node) {
  if (!node.IsSequence()) return node.as<std::string>();
  std::string text;
  for (const auto& item : node) text += (text.empty() ? "" : ",") + item.as<std::string>();
  return text;
}

// Nested maps of texts as flat keys: {ui: {prompt: "x"}} -> "ui.prompt".
inline void flatten_texts(const YAML::Node& node, const std::string& prefix,
                          std::map<std::string, std::string, std::less<>>& out) {
  if (node.IsMap()) {
    for (const auto& entry : node) {
      const std::string key = entry.first.as<std::string>();
      flatten_texts(entry.second, prefix.empty() ? key : prefix + "." + key, out);
    }
  } else if (node.IsScalar()) {
    out[prefix] = node.as<std::string>();
  }
}

}  // namespace gamerec
