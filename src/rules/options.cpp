#include "rules/options.h"

#include <charconv>
#include <stdexcept>
#include "rules/suggest.h"
#include "rules/text.h"

namespace gamerec {
namespace {

std::optional<int> parse_int(std::string_view text) {
  text = trim(text);
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

bool in_range(const OptionSpec& spec, int value) {
  return (!spec.min || value >= *spec.min) && (!spec.max || value <= *spec.max);
}

// "options.expect-int", or "options.expect-int-range" when the spec has one.
Message expected(std::string key, const OptionSpec& spec, std::string_view text) {
  const std::string range = range_text(spec);
  if (!range.empty()) key += "-range";
  return Message{std::move(key), {{"option", spec.name}, {"range", range}, {"value", std::string(text)}}};
}

}  // namespace

std::string range_text(const OptionSpec& spec) {
  const std::string low = spec.min ? std::to_string(*spec.min) : "";
  const std::string high = spec.max ? std::to_string(*spec.max) : "";
  if (low.empty() && high.empty()) return "";
  return low + ".." + high;
}

std::string_view option_type_name(OptionType type) {
  switch (type) {
    case OptionType::kBool:
      return "bool";
    case OptionType::kInt:
      return "int";
    case OptionType::kIntList:
      return "int list";
    case OptionType::kString:
      return "string";
  }
  return "?";
}

std::string option_value_text(const OptionValue& value) {
  if (const bool* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const int* i = std::get_if<int>(&value)) return std::to_string(*i);
  if (const auto* list = std::get_if<std::vector<int>>(&value)) {
    return join(*list, ",", [](int v) { return std::to_string(v); });
  }
  return std::get<std::string>(value);
}

Result<OptionValue, Message> parse_option_value(const OptionSpec& spec, std::string_view text) {
  text = trim(text);
  switch (spec.type) {
    case OptionType::kBool:
      if (text == "true" || text == "yes" || text == "on" || text == "1") return OptionValue{true};
      if (text == "false" || text == "no" || text == "off" || text == "0") return OptionValue{false};
      return expected("options.expect-bool", spec, text);
    case OptionType::kInt: {
      auto value = parse_int(text);
      if (!value || !in_range(spec, *value)) return expected("options.expect-int", spec, text);
      return OptionValue{*value};
    }
    case OptionType::kIntList: {
      std::vector<int> list;
      std::string_view rest = text;
      while (!rest.empty()) {
        auto comma = rest.find(',');
        auto value = parse_int(rest.substr(0, comma));
        if (!value || !in_range(spec, *value)) return expected("options.expect-list", spec, text);
        list.push_back(*value);
        rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
      }
      if (list.empty()) return expected("options.expect-list", spec, text);
      return OptionValue{std::move(list)};
    }
    case OptionType::kString:
      return OptionValue{std::string(text)};
  }
  return expected("options.expect-bool", spec, text);
}

const OptionSpec* GameDefinition::find_option(std::string_view option_name) const {
  for (const auto& spec : options) {
    if (spec.name == option_name) return &spec;
  }
  return nullptr;
}

int GameDefinition::side_index(std::string_view side) const {
  for (std::size_t i = 0; i < sides.size(); ++i) {
    if (sides[i] == side) return static_cast<int>(i);
  }
  return -1;
}

std::string GameDefinition::option_names() const {
  if (options.empty()) return "(none)";
  return join(options, ", ", [](const OptionSpec& spec) -> const std::string& { return spec.name; });
}

const OptionValue& RuleOptions::at(std::string_view name) const {
  auto it = values_.find(name);
  // A rules core asking for an option its YAML does not declare is a
  // programming error, not bad input.
  if (it == values_.end()) throw std::logic_error("undeclared rule option: " + std::string(name));
  return it->second;
}

bool RuleOptions::get_bool(std::string_view name) const { return std::get<bool>(at(name)); }
int RuleOptions::get_int(std::string_view name) const { return std::get<int>(at(name)); }
const std::vector<int>& RuleOptions::get_int_list(std::string_view name) const {
  return std::get<std::vector<int>>(at(name));
}
const std::string& RuleOptions::get_string(std::string_view name) const {
  return std::get<std::string>(at(name));
}

Result<RuleOptions, Message> resolve_options(const GameDefinition& definition,
                                                   const std::vector<OptionOverride>& overrides) {
  RuleOptions options;
  for (const auto& spec : definition.options) options.set(spec.name, spec.default_value);
  for (const auto& override_ : overrides) {
    const OptionSpec* spec = definition.find_option(override_.key);
    if (spec == nullptr) {
      std::vector<std::string> names;
      for (const auto& option : definition.options) names.push_back(option.name);
      return Message{"options.unknown",
                     {{"option", override_.key},
                      {"game", definition.name},
                      {"valid", definition.option_names()},
                      {"closest", closest_match(override_.key, names).value_or("")}}};
    }
    auto value = parse_option_value(*spec, override_.value);
    if (!value) return value.error();
    options.set(spec->name, std::move(value).value());
  }
  return options;
}

}  // namespace gamerec
