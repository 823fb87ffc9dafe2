#pragma once
// YAML helpers shared by the definition loader, the message catalogue and
// the record header reader (the core layer; rules never see YAML).
#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

// The top-level sections of a block-style document, in order: each runs
// from its `key:` line at column 0 to the next one (comments and blank
// lines go with the section above them). Lets start-up parse only the
// parts of the compiled-in files it needs: yaml-cpp's parse is the larger
// part of start-up.
inline std::vector<std::pair<std::string_view, std::string_view>> top_level_sections(std::string_view text) {
  std::vector<std::pair<std::string_view, std::string_view>> sections;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    const std::string_view line = text.substr(start, end - start);
    const std::size_t colon = line.find(':');
    const bool is_key = !line.empty() && line[0] != ' ' && line[0] != '\t' && line[0] != '#' &&
                        line[0] != '-' && line[0] != '\n' && line[0] != '\r' && colon != std::string_view::npos;
    if (is_key) {
      sections.emplace_back(line.substr(0, colon), text.substr(start));
    } else if (sections.empty()) {
      sections.emplace_back(std::string_view(), text.substr(start));  // comments before the first key
    }
    // Every section so far ends where this line ends; the next key cuts it.
    auto& [key, body] = sections.back();
    body = std::string_view(body.data(), static_cast<std::size_t>(text.data() + end - body.data()));
    start = end;
  }
  return sections;
}

}  // namespace gamerec
