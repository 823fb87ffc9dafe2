#pragma once
// Turns definitions/<game>.yaml documents into GameDefinitions: the one place
// where game definitions meet yaml-cpp.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/embedded_definitions.h"
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

// load_definition for a compiled-in file (it may add a rules core), its
// texts taken as they were flattened when gamerec was built: start-up
// parses no YAML for them.
std::optional<Message> load_embedded_definition(const EmbeddedFile& file, DefinitionMap& definitions);

}  // namespace gamerec
