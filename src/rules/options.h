#pragma once
// Rule options as neutral, typed data. The YAML in definitions/ is turned into
// these types once (core/definition_loader); rules code reads a RuleOptions
// and never sees YAML.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "rules/error.h"
#include "rules/result.h"

namespace gamerec {

enum class OptionType { kBool, kInt, kIntList, kString };
std::string_view option_type_name(OptionType type);

using OptionValue = std::variant<bool, int, std::vector<int>, std::string>;
std::string option_value_text(const OptionValue& value);  // "true", "4,3,3,2"

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kBool;
  OptionValue default_value;
  std::optional<int> min;  // for ints and each element of an int list
  std::optional<int> max;
  std::string description;
};

// Parses the text form of a value ("false", "6", "4,3,3,2") against a spec.
// On failure says what was expected.
Result<OptionValue, Message> parse_option_value(const OptionSpec& spec, std::string_view text);
// "3..6", "3..", "..6" or "" for the spec's range, as messages show it.
std::string range_text(const OptionSpec& spec);

// What a game definition (definitions/<game>.yaml) says, minus the YAML.
struct GameDefinition {
  std::string name;                                  // e.g. "chaturanga", or a user's variant name
  std::string rules;                                 // the rules core that runs it ("chess")
  std::string title;                                 // one line for `gamerec games`
  std::vector<std::string> extensions;               // without the dot
  std::vector<std::string> sides;                    // ids in turn order: "yellow", ...
  std::string example;                               // a move in this game's notation
  std::map<std::string, std::string> piece_letters;  // language -> letters
  std::map<std::string, int> side_colors;            // side -> ANSI 256-colour index
  // Side names people read, per language, in turn order ("Red", "Rojo").
  std::map<std::string, std::vector<std::string>> side_names;
  // The game's own texts per language, flattened keys ("ends.no-moves");
  // they come before the shared catalogue's (definitions/messages.yaml).
  std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>> messages;
  std::vector<OptionSpec> options;

  const OptionSpec* find_option(std::string_view option_name) const;
  std::string option_names() const;  // "castling, seeds" for error messages
  // The index of side id `side` ("red"), or -1.
  int side_index(std::string_view side) const;
};

// Resolved option values for one game: defaults plus overrides.
class RuleOptions {
 public:
  bool get_bool(std::string_view name) const;
  int get_int(std::string_view name) const;
  const std::vector<int>& get_int_list(std::string_view name) const;
  const std::string& get_string(std::string_view name) const;
  void set(const std::string& name, OptionValue value) { values_[name] = std::move(value); }
  const std::map<std::string, OptionValue, std::less<>>& values() const { return values_; }

 private:
  const OptionValue& at(std::string_view name) const;
  std::map<std::string, OptionValue, std::less<>> values_;
};

// One `KEY=VALUE` override, from --variant or a record header.
struct OptionOverride {
  std::string key;
  std::string value;
  bool operator==(const OptionOverride&) const = default;
};

// Defaults of `definition` with `overrides` applied in order. An unknown key
// or a bad value gives a message that names the valid choices.
Result<RuleOptions, Message> resolve_options(const GameDefinition& definition,
                                                   const std::vector<OptionOverride>& overrides);

}  // namespace gamerec
