#pragma once
// The message catalogue: every text shown to people, in English and Spanish,
// looked up by key with {name} placeholders. The shared texts live in
// definitions/messages.yaml; a game's own texts (its side names, end reasons,
// error details) live in its definition, definitions/<game>.yaml, and come
// first, so a new game touches no shared file.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "rules/error.h"
#include "rules/options.h"
#include "rules/result.h"
#include "rules/view.h"

namespace gamerec {

class Messages {
 public:
  // The compiled-in catalogue for `language` ("en", "es"); English fills any
  // key the language lacks; "usage.unknown-language" for a language it
  // has no texts in.
  static Result<Messages, Error> load(std::string_view language);

  const std::string& language() const { return language_; }
  // The text of `key` with args filled in; `game`'s texts first. The key
  // itself when no catalogue has it. An arg "closest" that is not empty
  // adds "; did you mean '...'?" (usage.did-you-mean).
  std::string text(std::string_view key, const MessageArgs& args = {},
                   const GameDefinition* game = nullptr) const;
  std::string text(const Message& message, const GameDefinition* game = nullptr) const {
    return text(message.key, message.args, game);
  }
  // A count with its noun in the right form: key.one ("1 move") or
  // key.other ("2 moves"), {count} filled in.
  std::string count(std::string_view key, std::int64_t n, MessageArgs args = {},
                    const GameDefinition* game = nullptr) const;
  // "Red", "Rojo"; the id itself when the definition names none.
  std::string side_name(const GameDefinition& game, Side side) const;
  // Why a move was rejected, in this language.
  std::string error_reason(const MoveError& error, const GameDefinition& game) const;
  // Whether a text exists for `key` (tests check both languages have all).
  bool has(std::string_view key, const GameDefinition* game = nullptr) const;
  // The same in this language alone, without the English that fills gaps.
  bool has_own(std::string_view key, const GameDefinition* game = nullptr) const;

 private:
  const std::string* find(std::string_view key, const GameDefinition* game) const;
  // text() without the "did you mean" of a suggestion.
  std::string fill_text(std::string_view key, const MessageArgs& args, const GameDefinition* game) const;

  std::string language_;
  using Texts = std::map<std::string, std::string, std::less<>>;
  Texts texts_;    // the language's own shared texts
  Texts english_;  // the fallback
};

// Replaces each {name} in `pattern` with its value.
std::string fill(std::string_view pattern, const MessageArgs& args);

}  // namespace gamerec
