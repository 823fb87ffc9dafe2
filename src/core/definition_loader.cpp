#include "core/definition_loader.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>

#include "records/yaml_text.h"
#include "rules/text.h"

namespace gamerec {
namespace {

const std::set<std::string, std::less<>> kTopKeys = {"name",   "rules",   "extends", "title",    "extensions",
                                                     "sides",  "names",   "example", "pieces",   "colors",
                                                     "options", "messages"};
// Read as before, with a warning: `engine:` is what `rules:` was called.
constexpr std::string_view kOldRulesKey = "engine";
const std::set<std::string, std::less<>> kOptionKeys = {"type", "default", "min", "max", "description"};

std::string join(const std::set<std::string, std::less<>>& keys) { return gamerec::join(keys, ", "); }

std::vector<std::string> string_list(const YAML::Node& node) {
  std::vector<std::string> list;
  if (node.IsScalar()) list.push_back(node.as<std::string>());
  for (const auto& item : node) list.push_back(item.as<std::string>());
  return list;
}

std::optional<OptionType> parse_type(const std::string& name) {
  if (name == "bool") return OptionType::kBool;
  if (name == "int") return OptionType::kInt;
  if (name == "int-list" || name == "int list") return OptionType::kIntList;
  if (name == "string") return OptionType::kString;
  return std::nullopt;
}

Message problem(std::string kind, MessageArgs args = {}) {
  return Message{"definition." + kind, std::move(args)};
}

std::optional<Message> merge_option(const std::string& name, const YAML::Node& node, bool may_declare,
                                    GameDefinition& definition) {
  if (!node.IsMap()) return problem("option-not-map", {{"option", name}, {"valid", join(kOptionKeys)}});
  for (const auto& entry : node) {
    const auto key = entry.first.as<std::string>();
    if (!kOptionKeys.contains(key))
      return problem("option-unknown-key", {{"option", name}, {"key", key}, {"valid", join(kOptionKeys)}});
  }
  auto found = std::find_if(definition.options.begin(), definition.options.end(),
                            [&](const OptionSpec& spec) { return spec.name == name; });
  OptionSpec* spec = found == definition.options.end() ? nullptr : &*found;
  if (spec == nullptr) {
    if (!may_declare)
      return problem("option-unknown",
                     {{"option", name}, {"game", definition.name}, {"valid", definition.option_names()}});
    if (!node["type"] || !node["default"]) return problem("option-incomplete", {{"option", name}});
    OptionSpec declared;
    declared.name = name;
    definition.options.push_back(std::move(declared));
    spec = &definition.options.back();
  }
  if (node["type"]) {
    auto type = parse_type(node["type"].as<std::string>());
    if (!type) return problem("option-type", {{"option", name}});
    if (!may_declare && *type != spec->type) return problem("option-type-change", {{"option", name}});
    spec->type = *type;
  }
  // A user's file may narrow a built-in range, never widen it: the rules
  // engine sizes its boards and counters from the built-in one.
  if (node["min"]) {
    const int min = node["min"].as<int>();
    if (!may_declare && spec->min && min < *spec->min)
      return problem("option-widen", {{"option", name}, {"bound", "min"}, {"value", std::to_string(min)},
                                      {"limit", std::to_string(*spec->min)}});
    spec->min = min;
  }
  if (node["max"]) {
    const int max = node["max"].as<int>();
    if (!may_declare && spec->max && max > *spec->max)
      return problem("option-widen", {{"option", name}, {"bound", "max"}, {"value", std::to_string(max)},
                                      {"limit", std::to_string(*spec->max)}});
    spec->max = max;
  }
  if (node["description"]) spec->description = node["description"].as<std::string>();
  if (node["default"]) {
    auto value = parse_option_value(*spec, yaml_value_text(node["default"]));
    if (!value.ok())
      return problem("option-default", {{"option", name}, {"value", yaml_value_text(node["default"])}});
    spec->default_value = std::move(value).value();
  }
  return std::nullopt;
}

// Piece letters: one per piece kind, never two the same (the board would
// not tell them apart), as many as the engine's pieces.
std::optional<Message> check_letters(const std::string& letters, std::size_t count) {
  for (std::size_t i = 0; i < letters.size(); ++i) {
    if (letters.find(letters[i], i + 1) != std::string::npos)
      return problem("pieces-repeat", {{"letters", letters}});
  }
  if (count != 0 && letters.size() != count)
    return problem("pieces-count", {{"letters", letters}, {"count", std::to_string(count)}});
  return std::nullopt;
}

// `messages:`: per language, nested maps of texts.
std::optional<Message> load_texts(const YAML::Node& messages, GameDefinition& definition) {
  if (!messages.IsMap()) return problem("messages");
  for (const auto& entry : messages)
    flatten_texts(entry.second, "", definition.messages[entry.first.as<std::string>()]);
  return std::nullopt;
}

std::optional<Message> load(const YAML::Node& root, DefinitionMap& definitions, bool may_add_rules,
                            std::vector<Message>& warnings, std::string* loaded_name = nullptr) {
  if (!root.IsMap()) return problem("not-a-map");
  for (const auto& entry : root) {
    const auto key = entry.first.as<std::string>();
    if (key == kOldRulesKey) {
      if (root["rules"]) return problem("old-rules-key-twice");
      warnings.push_back(problem("old-rules-key"));
      continue;
    }
    if (!kTopKeys.contains(key)) return problem("unknown-key", {{"key", key}, {"valid", join(kTopKeys)}});
  }
  const YAML::Node rules_key = root["rules"] ? root["rules"] : root[std::string(kOldRulesKey)];
  if (!root["name"]) return problem("no-name");
  const auto name = root["name"].as<std::string>();

  GameDefinition definition;
  bool new_rules = false;
  if (root["extends"]) {
    const auto base = root["extends"].as<std::string>();
    auto it = definitions.find(base);
    if (it == definitions.end()) return problem("unknown-base", {{"base", base}});
    definition = it->second;
  } else if (auto it = definitions.find(name); it != definitions.end()) {
    definition = it->second;
  } else if (rules_key && may_add_rules) {
    new_rules = true;
  } else {
    return problem("unknown-game", {{"name", name}});
  }
  if (rules_key && !new_rules && rules_key.as<std::string>() != definition.rules) return problem("rules-change");
  definition.name = name;
  if (new_rules) definition.rules = rules_key.as<std::string>();
  if (root["title"]) definition.title = root["title"].as<std::string>();
  if (root["extensions"])
    definition.extensions = string_list(root["extensions"]);
  else if (root["extends"])
    definition.extensions.clear();  // a variant is chosen by name
  if (root["sides"]) {
    auto sides = string_list(root["sides"]);
    if (!new_rules && sides != definition.sides)
      return problem("sides-change", {{"rules", definition.rules}});
    definition.sides = std::move(sides);
  }
  if (root["names"]) {
    if (!root["names"].IsMap()) return problem("names");
    for (const auto& entry : root["names"]) {
      auto names = string_list(entry.second);
      if (names.size() != definition.sides.size()) return problem("names");
      definition.side_names[entry.first.as<std::string>()] = std::move(names);
    }
  }
  if (root["messages"]) {
    if (auto error = load_texts(root["messages"], definition)) return error;
  }
  if (root["example"]) definition.example = root["example"].as<std::string>();
  if (root["pieces"]) {
    if (!root["pieces"].IsMap()) return problem("pieces");
    // The engine's piece count: what the built-in definition gave.
    const std::size_t count = new_rules || definition.piece_letters.empty()
                                  ? 0
                                  : definition.piece_letters.begin()->second.size();
    for (const auto& entry : root["pieces"]) {
      const auto letters = entry.second.as<std::string>();
      if (auto error = check_letters(letters, count)) return error;
      definition.piece_letters[entry.first.as<std::string>()] = letters;
    }
  }
  if (root["colors"]) {
    if (!root["colors"].IsMap()) return problem("bad-color");
    for (const auto& entry : root["colors"]) {
      const int color = entry.second.as<int>();
      if (color < 0 || color > 255) return problem("bad-color");
      definition.side_colors[entry.first.as<std::string>()] = color;
    }
  }
  if (root["options"]) {
    if (!root["options"].IsMap()) return problem("options-not-map");
    for (const auto& entry : root["options"]) {
      if (auto error = merge_option(entry.first.as<std::string>(), entry.second, new_rules, definition))
        return error;
    }
  }
  if (definition.sides.empty()) return problem("no-sides", {{"name", name}});
  definitions[name] = std::move(definition);
  if (loaded_name != nullptr) *loaded_name = name;
  return std::nullopt;
}

// Runs `parse` with yaml-cpp's exceptions turned into messages that name
// `source` and the line.
template <typename Parse>
std::optional<Message> guarded(std::string_view source, Parse parse) {
  std::optional<Message> error;
  try {
    error = parse();
  } catch (const YAML::DeepRecursion& e) {
    error = problem("too-deep", {{"line", e.mark.is_null() ? "?" : std::to_string(e.mark.line + 1)}});
  } catch (const YAML::Exception& e) {
    error = problem("yaml",
                    {{"reason", e.msg}, {"line", e.mark.is_null() ? "?" : std::to_string(e.mark.line + 1)}});
  }
  if (error) error->args.emplace_back("source", std::string(source));
  return error;
}

}  // namespace

std::optional<Message> load_definition(std::string_view yaml_text, std::string_view source,
                                       DefinitionMap& definitions, bool may_add_rules,
                                       std::vector<Message>& warnings) {
  const std::size_t known = warnings.size();
  auto error = guarded(
      source, [&] { return load(YAML::Load(std::string(yaml_text)), definitions, may_add_rules, warnings); });
  for (std::size_t i = known; i < warnings.size(); ++i) warnings[i].args.emplace_back("source", std::string(source));
  return error;
}

std::optional<Message> load_embedded_definition(const EmbeddedFile& file, DefinitionMap& definitions) {
  std::string without_texts;
  for (const auto& [key, section] : top_level_sections(file.text)) {
    if (key != "messages") without_texts += section;
  }
  std::string name;
  // The built-in definitions use no old keys: their warnings would be a bug.
  std::vector<Message> warnings;
  auto error = guarded(file.name, [&] {
    return load(YAML::Load(without_texts), definitions, /*may_add_rules=*/true, warnings, &name);
  });
  if (!error && !warnings.empty()) error = warnings.front();
  if (error) return error;
  // As load_texts adds them: over the texts already there (a base's).
  GameDefinition& definition = definitions.at(name);
  for (const EmbeddedLanguage& language : file.languages) {
    auto& texts = definition.messages[std::string(language.name)];
    for (const EmbeddedText& text : language.texts) texts.insert_or_assign(std::string(text.key), text.text);
  }
  return std::nullopt;
}

}  // namespace gamerec
