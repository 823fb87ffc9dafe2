#pragma once
// The game definitions and message catalogue from definitions/, compiled in
// (written at build time by tools/embed_definitions.cpp).
#include <span>
#include <string_view>
#include <vector>

namespace gamerec {

// One text under its flat key ("errors.notation").
struct EmbeddedText {
  std::string_view key;
  std::string_view text;
};
// A language's texts, sorted by key.
struct EmbeddedLanguage {
  std::string_view name;  // "en", "es"
  std::span<const EmbeddedText> texts;
};

struct EmbeddedFile {
  std::string_view name;  // e.g. "chaturanga.yaml"
  std::string_view text;
  // Its texts as yaml-cpp reads them, flattened when gamerec was built:
  // messages.yaml's languages, or a definition's `messages:` section (empty
  // when it has none). Start-up takes them with no YAML parse.
  std::span<const EmbeddedLanguage> languages;
};

const std::vector<EmbeddedFile>& embedded_definitions();

}  // namespace gamerec
