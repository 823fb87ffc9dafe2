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
#include "core/record_session.h"
#include "ui/terminal.h"

namespace gamerec::cli {

struct CommonOptions {
  std::string game;                   // --game; empty: tell from the file
  std::vector<std::string> variants;  // --variant KEY=VALUE
  std::string formats_dir;            // --formats
  std::string language = "en";        // --lang
  std::string color = "auto";         // --color
  std::string format = "text";        // --format (validate)
};

struct Streams {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

class Context {
 public:
  // Loads --formats and the message catalogue; an error sentence for a
  // usage error (exit 2).
  static std::variant<Context, std::string> make(const CommonOptions& options, Streams streams);

  const GameCatalogue& catalogue() const { return catalogue_; }
  const Messages& messages() const { return messages_; }
  const CommonOptions& options() const { return options_; }
  const GameChoice& game_choice() const { return game_choice_; }
  const ui::Palette& palette() const { return palette_; }
  std::istream& in() const { return streams_.in; }
  std::ostream& out() const { return streams_.out; }
  std::ostream& err() const { return streams_.err; }

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

// Exit statuses (SPEC section 1).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

}  // namespace gamerec::cli
