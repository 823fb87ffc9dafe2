#pragma once
// What every subcommand gets: the options common to all of them, the game
// catalogue and the message catalogue, and the streams to talk through.
// Built once in main after the command line is parsed.
#include <iosfwd>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/catalogue.h"
#include "core/messages.h"
#include "core/record_input.h"
#include "ui/terminal.h"

namespace gamerec::cli {

struct CommonOptions {
  std::string game;                   // --game; empty: tell from the file
  std::vector<std::string> variants;  // --variant KEY=VALUE
  std::string definitions_dir;        // --definitions (or the old --formats)
  bool old_definitions_option = false;  // --formats was given: it warns
  std::string language = "en";        // --lang
  std::string color = "auto";         // --color
  std::string format = "text";        // --format (validate, replay)
};

struct Streams {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

class Context {
 public:
  // Loads --definitions (its warnings go to `streams.err`) and checks
  // --game and --variant; a message for a usage error (exit 2).
  static Result<Context, Message> make(GameCatalogue catalogue, Messages messages,
                                             const CommonOptions& options, Streams streams);

  const GameCatalogue& catalogue() const { return catalogue_; }
  const Messages& messages() const { return messages_; }
  const CommonOptions& options() const { return options_; }
  const GameChoice& game_choice() const { return game_choice_; }
  const ui::Palette& palette() const { return palette_; }
  std::istream& in() const { return streams_.in; }
  std::ostream& out() const { return streams_.out; }
  std::ostream& err() const { return streams_.err; }

  // A catalogue text in the session's language, `game`'s own texts first.
  // Without a game, a key that only some game's definition has (a message
  // its rules returned) is found there.
  std::string text(std::string_view key, const MessageArgs& args = {},
                   const GameDefinition* game = nullptr) const;
  std::string text(const Message& message, const GameDefinition* game = nullptr) const {
    return text(message.key, message.args, game);
  }
  // "gamerec: <message>" on standard error (`game`'s texts first);
  // returns exit status 2.
  int usage_error(const Message& message, const GameDefinition* game = nullptr) const;

 private:
  Context(GameCatalogue catalogue, Messages messages, CommonOptions options, Streams streams)
      : catalogue_(std::move(catalogue)),
        messages_(std::move(messages)),
        options_(std::move(options)),
        streams_(streams) {}

  GameCatalogue catalogue_;
  Messages messages_;
  CommonOptions options_;
  Streams streams_;
  GameChoice game_choice_;
  ui::Palette palette_;
};

// `args` with control characters escaped (as escape_controls does): what a
// message shows on a terminal.
MessageArgs escaped_args(const MessageArgs& args);

// Exit statuses (gamerec(1), EXIT STATUS).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

}  // namespace gamerec::cli
