#pragma once
// Turns definitions/<game>.yaml documents into GameDefinitions: the one place
// where game definitions meet yaml-cpp.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/error.h"
#include "rules/options.h"

namespace gamerec {

using DefinitionMap = std::map<std::string, GameDefinition, std::less<>>;

// Adds the definition in `yaml_text` to `definitions`. A document whose name
// is already defined overrides fields of that definition; one with
// `extends: BASE` starts from BASE under a new name. Returns what is wrong
// (each message has a `source` arg) on malformed YAML or unknown keys, and
// adds to `warnings` what it reads but warns about (the old key engine:).
// Only built-in definitions (`may_add_rules`) may introduce a rules core;
// a user's file can change defaults, ranges and texts, never the sides, the
// number of piece letters or an option's type, which the rules rely on.
std::optional<Message> load_definition(std::string_view yaml_text, std::string_view source,
                                       DefinitionMap& definitions, bool may_add_rules,
                                       std::vector<Message>& warnings);

// A game's texts (its `messages:` section, most of each built-in file) not
// parsed yet: start-up parses only the texts of the game it runs.
struct DeferredTexts {
  std::string game;       // the definition they belong to
  std::string base;       // the game it extends, "" for none: its texts come first
  std::string_view yaml;  // the section, `messages:` line included; empty when none
  std::string_view source;  // the file, for messages
};

// load_definition for a built-in file (it may add a rules core), leaving the
// file's `messages:` section in `deferred`.
std::optional<Message> load_definition_deferring_texts(std::string_view yaml_text, std::string_view source,
                                                       DefinitionMap& definitions, DeferredTexts& deferred);
// Adds the texts left aside by load_definition_deferring_texts.
std::optional<Message> load_deferred_texts(const DeferredTexts& deferred, GameDefinition& definition);

}  // namespace gamerec
