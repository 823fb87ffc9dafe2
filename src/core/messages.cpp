#include "core/messages.h"

#include <algorithm>

#include "core/embedded_definitions.h"
#include "rules/text.h"

namespace gamerec {
namespace {

const std::string* lookup(const std::map<std::string, std::string, std::less<>>& texts,
                          std::string_view key) {
  auto it = texts.find(key);
  return it == texts.end() ? nullptr : &it->second;
}

const std::string* game_text(const GameDefinition* game, const std::string& language, std::string_view key) {
  if (game == nullptr) return nullptr;
  auto texts = game->messages.find(language);
  return texts == game->messages.end() ? nullptr : lookup(texts->second, key);
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

Result<Messages, Error> Messages::load(std::string_view language) {
  std::span<const EmbeddedLanguage> languages;
  for (const EmbeddedFile& file : embedded_definitions()) {
    if (file.name == "messages.yaml") languages = file.languages;
  }
  const auto find_language = [&](std::string_view name) -> const EmbeddedLanguage* {
    for (const EmbeddedLanguage& texts : languages) {
      if (texts.name == name) return &texts;
    }
    return nullptr;
  };
  const EmbeddedLanguage* english = find_language("en");
  const EmbeddedLanguage* chosen = find_language(language);
  if (chosen == nullptr)
    return Error{"usage", Message{"usage.unknown-language",
                                  {{"language", std::string(language)},
                                   {"languages", join(languages, ", ", [](const EmbeddedLanguage& texts) {
                                      return texts.name;
                                    })}}}};
  // The texts were flattened when gamerec was built: no YAML is parsed here.
  const auto add = [](const EmbeddedLanguage* from, Texts& to) {
    if (from == nullptr) return;
    for (const EmbeddedText& text : from->texts) to.emplace_hint(to.end(), text.key, text.text);
  };
  Messages messages;
  messages.language_ = std::string(language);
  add(english, messages.english_);
  // English needs no second copy: find() falls back to english_.
  if (language != "en") add(chosen, messages.texts_);
  return messages;
}

const std::string* Messages::find(std::string_view key, const GameDefinition* game) const {
  if (const std::string* text = game_text(game, language_, key)) return text;
  if (const std::string* text = lookup(texts_, key)) return text;
  if (const std::string* text = game_text(game, "en", key)) return text;
  return lookup(english_, key);
}

bool Messages::has(std::string_view key, const GameDefinition* game) const {
  return find(key, game) != nullptr;
}

bool Messages::has_own(std::string_view key, const GameDefinition* game) const {
  // English's shared texts are english_ itself (load keeps no second copy).
  return game_text(game, language_, key) != nullptr ||
         lookup(language_ == "en" ? english_ : texts_, key) != nullptr;
}

std::string Messages::text(std::string_view key, const MessageArgs& args, const GameDefinition* game) const {
  std::string shown = fill_text(key, args, game);
  // A message about an unknown name may carry the closest known one.
  for (const auto& [name, value] : args) {
    if (name == "closest" && !value.empty()) shown += fill_text("usage.did-you-mean", args, nullptr);
  }
  return shown;
}

std::string Messages::fill_text(std::string_view key, const MessageArgs& args, const GameDefinition* game) const {
  const std::string* pattern = find(key, game);
  if (pattern == nullptr) return std::string(key);
  // An arg named "name@" holds a catalogue key: {name} gets that key's text
  // in this language ("piece@" = "piece.knight" fills {piece} with "knight");
  // one named "name#" a count key and a number: {name} gets the count's text
  // ("moves#" = "ui.moves 3" fills {moves} with "3 moves").
  const bool translated = std::any_of(args.begin(), args.end(), [](const auto& arg) {
    return !arg.first.empty() && (arg.first.back() == '@' || arg.first.back() == '#');
  });
  if (!translated) return fill(*pattern, args);
  MessageArgs filled;
  filled.reserve(args.size());
  for (const auto& [name, value] : args) {
    const std::string plain = name.empty() ? name : name.substr(0, name.size() - 1);
    if (!name.empty() && name.back() == '@') {
      filled.emplace_back(plain, text(value, {}, game));
    } else if (!name.empty() && name.back() == '#') {
      const auto space = value.rfind(' ');
      const std::int64_t n = space == std::string::npos ? 0 : std::stoll(value.substr(space + 1));
      filled.emplace_back(plain, count(value.substr(0, space), n, {}, game));
    } else {
      filled.emplace_back(name, value);
    }
  }
  return fill(*pattern, filled);
}

std::string Messages::count(std::string_view key, std::int64_t n, MessageArgs args,
                            const GameDefinition* game) const {
  // English and Spanish both use the singular for exactly one.
  args.emplace_back("count", std::to_string(n));
  return text(std::string(key) + (n == 1 ? ".one" : ".other"), args, game);
}

std::string Messages::side_name(const GameDefinition& game, Side side) const {
  if (side < 0 || side >= static_cast<Side>(game.sides.size())) return "";
  for (const std::string& language : {language_, std::string("en")}) {
    auto names = game.side_names.find(language);
    if (names != game.side_names.end()) return names->second[static_cast<std::size_t>(side)];
  }
  return game.sides[static_cast<std::size_t>(side)];
}

std::string Messages::error_reason(const MoveError& error, const GameDefinition& game) const {
  std::string key = "errors." + std::string(code_name(error.code));
  if (!error.kind.empty()) key += "-" + error.kind;
  MessageArgs args = error.args;
  args.emplace_back("game", game.name);
  args.emplace_back("example", game.example);
  return text(key, args, &game);
}

}  // namespace gamerec
