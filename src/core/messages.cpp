#include "core/messages.h"

#include <yaml-cpp/yaml.h>

#include <variant>

#include "core/embedded_formats.h"

namespace gamerec {
namespace {

void flatten(const YAML::Node& node, const std::string& prefix,
             std::map<std::string, std::string, std::less<>>& out) {
  if (node.IsMap()) {
    for (const auto& entry : node)
      flatten(entry.second,
              prefix.empty() ? entry.first.as<std::string>() : prefix + "." + entry.first.as<std::string>(),
              out);
  } else if (node.IsScalar()) {
    out[prefix] = node.as<std::string>();
  }
}

}  // namespace

std::string fill(std::string_view pattern, const MessageArgs& args) {
  std::string out;
  out.reserve(pattern.size() + 16);
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '{') {
      const auto close = pattern.find('}', i);
      if (close != std::string_view::npos) {
        const auto name = pattern.substr(i + 1, close - i - 1);
        bool replaced = false;
        for (const auto& [key, value] : args) {
          if (key == name) {
            out += value;
            replaced = true;
            break;
          }
        }
        if (replaced) {
          i = close;
          continue;
        }
      }
    }
    out += pattern[i];
  }
  return out;
}

std::variant<Messages, std::string> Messages::load(std::string_view language) {
  std::string_view catalogue_text;
  for (const EmbeddedFile& file : embedded_formats()) {
    if (file.name == "messages.yaml") catalogue_text = file.text;
  }
  const YAML::Node root = YAML::Load(std::string(catalogue_text));
  if (!root[std::string(language)])
    return "unknown language '" + std::string(language) + "'; available: en, es";
  Messages messages;
  messages.language_ = std::string(language);
  flatten(root["en"], "", messages.texts_);
  flatten(root[std::string(language)], "", messages.texts_);
  return messages;
}

std::string Messages::text(std::string_view key, const MessageArgs& args) const {
  auto it = texts_.find(key);
  if (it == texts_.end()) return std::string(key);
  return fill(it->second, args);
}

std::string Messages::side_name(std::string_view side_id) const {
  auto it = texts_.find("sides." + std::string(side_id));
  return it == texts_.end() ? std::string(side_id) : it->second;
}

std::string Messages::error_reason(const MoveError& error, const GameDefinition& game) const {
  std::string key = "errors." + std::string(code_name(error.code));
  if (!error.kind.empty()) key += "-" + std::string(error.kind);
  return text(key, {{"detail", error.detail}, {"game", game.name}, {"example", game.example}});
}

}  // namespace gamerec
