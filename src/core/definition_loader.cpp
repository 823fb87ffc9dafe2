#include "core/definition_loader.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <set>

#include "core/text.h"
#include "core/yaml_text.h"

namespace gamerec {
namespace {

const std::set<std::string, std::less<>> kTopKeys = {"name",  "engine",  "extends", "title",  "extensions",
                                                     "sides", "example", "pieces",  "colors", "options"};
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

std::optional<std::string> merge_option(const std::string& name, const YAML::Node& node, bool may_declare,
                                        GameDefinition& definition) {
  if (!node.IsMap()) return "option '" + name + "' must be a map of " + join(kOptionKeys);
  for (const auto& entry : node) {
    const auto key = entry.first.as<std::string>();
    if (!kOptionKeys.contains(key))
      return "option '" + name + "': unknown key '" + key + "'; valid keys: " + join(kOptionKeys);
  }
  auto found = std::find_if(definition.options.begin(), definition.options.end(),
                            [&](const OptionSpec& spec) { return spec.name == name; });
  OptionSpec* spec = found == definition.options.end() ? nullptr : &*found;
  if (spec == nullptr) {
    if (!may_declare)
      return "unknown option '" + name + "' for " + definition.name +
             "; valid options: " + definition.option_names();
    if (!node["type"] || !node["default"]) return "new option '" + name + "' needs a type and a default";
    OptionSpec declared;
    declared.name = name;
    definition.options.push_back(std::move(declared));
    spec = &definition.options.back();
  }
  if (node["type"]) {
    auto type = parse_type(node["type"].as<std::string>());
    if (!type) return "option '" + name + "': type must be bool, int, int-list or string";
    if (!may_declare && *type != spec->type) return "option '" + name + "': a variant cannot change its type";
    spec->type = *type;
  }
  if (node["min"]) spec->min = node["min"].as<int>();
  if (node["max"]) spec->max = node["max"].as<int>();
  if (node["description"]) spec->description = node["description"].as<std::string>();
  if (node["default"]) {
    auto value = parse_option_value(*spec, yaml_value_text(node["default"]));
    if (auto* error = std::get_if<std::string>(&value)) return "default of " + *error;
    spec->default_value = std::get<OptionValue>(std::move(value));
  }
  return std::nullopt;
}

std::optional<std::string> load(const YAML::Node& root, DefinitionMap& definitions, bool may_add_engine) {
  if (!root.IsMap()) return std::string("a game definition must be a YAML map");
  for (const auto& entry : root) {
    const auto key = entry.first.as<std::string>();
    if (!kTopKeys.contains(key)) return "unknown key '" + key + "'; valid keys: " + join(kTopKeys);
  }
  if (!root["name"]) return std::string("a game definition needs a name");
  const auto name = root["name"].as<std::string>();

  GameDefinition definition;
  bool is_new_engine = false;
  if (root["extends"]) {
    const auto base = root["extends"].as<std::string>();
    auto it = definitions.find(base);
    if (it == definitions.end()) return "extends unknown game '" + base + "'";
    definition = it->second;
  } else if (auto it = definitions.find(name); it != definitions.end()) {
    definition = it->second;
  } else if (root["engine"] && may_add_engine) {
    is_new_engine = true;
  } else {
    return "'" + name + "' is not a known game: say which one it extends (extends: chaturanga)";
  }
  if (root["engine"] && !is_new_engine && root["engine"].as<std::string>() != definition.engine)
    return std::string("a variant cannot change the engine of the game it extends");
  definition.name = name;
  if (is_new_engine) definition.engine = root["engine"].as<std::string>();
  if (root["title"]) definition.title = root["title"].as<std::string>();
  if (root["extensions"])
    definition.extensions = string_list(root["extensions"]);
  else if (root["extends"])
    definition.extensions.clear();  // a variant is chosen by name
  if (root["sides"]) {
    auto sides = string_list(root["sides"]);
    if (!is_new_engine && sides != definition.sides)
      return "a variant cannot change the sides of " + definition.engine;
    definition.sides = std::move(sides);
  }
  if (root["example"]) definition.example = root["example"].as<std::string>();
  if (root["pieces"]) {
    for (const auto& entry : root["pieces"])
      definition.piece_letters[entry.first.as<std::string>()] = entry.second.as<std::string>();
  }
  if (root["colors"]) {
    for (const auto& entry : root["colors"]) {
      const int color = entry.second.as<int>();
      if (color < 0 || color > 255) return std::string("colors: each side takes a colour number 0-255");
      definition.side_colors[entry.first.as<std::string>()] = color;
    }
  }
  if (root["options"]) {
    if (!root["options"].IsMap()) return std::string("options must be a map");
    for (const auto& entry : root["options"]) {
      if (auto error = merge_option(entry.first.as<std::string>(), entry.second, is_new_engine, definition))
        return error;
    }
  }
  if (definition.sides.empty()) return "'" + name + "' names no sides";
  definitions[name] = std::move(definition);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> load_definition(std::string_view yaml_text, std::string_view source,
                                           DefinitionMap& definitions, bool may_add_engine) {
  try {
    auto error = load(YAML::Load(std::string(yaml_text)), definitions, may_add_engine);
    if (error) return std::string(source) + ": " + *error;
    return std::nullopt;
  } catch (const YAML::Exception& e) {
    return std::string(source) + ": " + e.what();
  }
}

}  // namespace gamerec
