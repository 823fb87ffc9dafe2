#pragma once
// The message catalogue (formats/messages.yaml): every text shown to people,
// in English and Spanish, looked up by key with {name} placeholders.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "core/options.h"

namespace gamerec {

using MessageArgs = std::vector<std::pair<std::string_view, std::string>>;

class Messages {
 public:
  // Loads the compiled-in catalogue for `language` ("en", "es"); English
  // fills any key the language lacks. Error sentence on unknown language.
  static std::variant<Messages, std::string> load(std::string_view language);

  const std::string& language() const { return language_; }
  // The text of `key` ("ui.prompt", "errors.notation") with args filled in.
  std::string text(std::string_view key, const MessageArgs& args = {}) const;
  // "Red", "Rojo"; the id itself when the catalogue has no name for it.
  std::string side_name(std::string_view side_id) const;
  // Why a move was rejected, in this language.
  std::string error_reason(const MoveError& error, const GameDefinition& game) const;

 private:
  std::string language_;
  std::map<std::string, std::string, std::less<>> texts_;  // "ui.prompt" -> text
};

// Replaces each {name} in `pattern` with its value.
std::string fill(std::string_view pattern, const MessageArgs& args);

}  // namespace gamerec
