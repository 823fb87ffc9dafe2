#pragma once
// The output formats of the common --format (gamerec(1), OUTPUT). Each is one
// class in a file of its own (cli/format_*.cpp), registered by name for the
// subcommand it serves in cli/output_formats.cpp, the one list of them; the
// subcommands, --format's choices and its usage errors ask that list.
//
// A replay format is a RecordRenderer that hears the events of one game
// (RecordVisitor, records/move_run.h) as the rules check them, or, for one
// that must read the input itself (a page of every game, kept whole before
// it is written), a whole_input function. A validate format is a
// RecordRenderer that hears each game's verdict. Either writes through an
// Output. docs/ARCHITECTURE.md, "A new output format", shows how to add one.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/context.h"
#include "records/move_run.h"

namespace gamerec::cli {

// Where a format's text goes: standard output and standard error, written
// at once (replay) or kept in order until its turn (validate --jobs).
class Output {
 public:
  virtual ~Output() = default;
  virtual void out(std::string text) = 0;
  virtual void err(std::string text) = 0;
  // `text` holds the game index `index` at `at`, `length` digits long: a
  // number validate --jobs renumbers when it joins the parts of an archive.
  virtual void out_indexed(std::string text, std::size_t /*at*/, std::size_t /*length*/, int /*index*/) {
    out(std::move(text));
  }
  // False once standard output failed (a full disk, a closed pipe).
  virtual bool good() const { return true; }
};

// A warning as shown: its code, where, the move it is about, the text.
struct ShownWarning {
  std::string code;
  std::int64_t line = 0;
  std::int64_t column = 0;
  std::string move;
  std::string message;
};

// What validate found of one game, or of an input it could not read.
struct GameVerdict {
  std::string file;                     // as a terminal shows it (display_name)
  std::string path;                     // as given: JSON escapes it its own way
  std::optional<int> game_index;        // formats that hold many games
  std::optional<Error> file_error;      // nothing below is set
  const GameHeader* header = nullptr;
  const Game* game = nullptr;
  const State* end = nullptr;  // the position after the last accepted move
  const RunResult* run = nullptr;
  std::string error_message;  // the first error, told (empty: none)
  std::string conflict;       // the declared result disagrees with the rules
  std::vector<ShownWarning> warnings;
};

// What the subcommand was asked, for its format to read what it needs.
struct OutputRequest {
  std::string path;  // the input as given ("-": standard input)
  // replay
  std::optional<int> game_index;
  std::string as;         // --as: a side id (empty: the whole position)
  Side viewer = kNoSide;  // --as, once the game is open
  bool flip = false;
  int size = 0;  // pixels across; 0: the format's default
  std::optional<std::int64_t> to;
  int page_limit = 0;  // MB
  // validate
  bool quiet = false;  // no warnings on standard error
  bool fen = false;    // each game's last position's text
};

class RecordRenderer : public RecordVisitor {
 public:
  // replay: why the format cannot show `game` (a usage error), if it cannot.
  virtual std::optional<Message> refuses(const Game& /*game*/) const { return std::nullopt; }
  bool after_move(const RecordEvent& /*event*/, Side /*mover*/, const Move& /*move*/,
                  const State& /*position*/) override {
    return true;
  }
  // validate: one game checked, or an input it could not read.
  virtual void verdict(const GameVerdict& /*verdict*/) {}
};

struct OutputFormat {
  // A renderer for one input; `output` and `request` outlive it.
  using Open = std::function<std::unique_ptr<RecordRenderer>(const Context&, Output&, const OutputRequest&)>;
  OutputFormat(std::string name, std::string command, Open open)
      : name(std::move(name)), command(std::move(command)), open(std::move(open)) {}

  std::string name;            // --format NAME
  std::string command;         // the subcommand that writes it
  Open open;                   // a renderer for one input (unset with whole_input)
  bool steps = false;          // replay --step shows it
  bool position_text = false;  // validate --fen adds the last position's text
  // A format that reads the input itself, every game of it (a replay page
  // kept whole before it is written): the exit status. Unset: the
  // subcommand reads the input and tells `open`'s renderer.
  std::function<int(const Context&, const OutputRequest&)> whole_input;
};

using OutputFormats = std::vector<OutputFormat>;

// Every format gamerec writes (cli/output_formats.cpp).
OutputFormats builtin_output_formats();
// A format with neither `open` nor `whole_input`, with both, or with
// whole_input for another subcommand than replay (the one that honours it)
// is a bug: std::logic_error, when the command line is made.
void check_formats(const OutputFormats& formats);
// The names of the formats `command` writes, in registration order; every
// name once when `command` is empty.
std::vector<std::string> format_names(const OutputFormats& formats, std::string_view command = {});
// The format NAME of `command`, or nullptr.
const OutputFormat* find_format(const OutputFormats& formats, std::string_view command,
                                std::string_view name);

// Standard output and standard error of the session, written at once.
class StreamOutput final : public Output {
 public:
  explicit StreamOutput(const Context& context) : context_(context) {}
  void out(std::string text) override { context_.out() << text; }
  void err(std::string text) override { context_.err() << text; }
  bool good() const override { return static_cast<bool>(context_.out()); }

 private:
  const Context& context_;
};

// The registered formats, one function each.
OutputFormat validate_text_format();
OutputFormat validate_json_format();
OutputFormat replay_text_format();
OutputFormat replay_svg_format();
OutputFormat replay_fen_format();
OutputFormat replay_html_format();

}  // namespace gamerec::cli
