// gamerec convert IN OUT: a record in another format (the output's
// extension chooses it; a move list otherwise). A move list becomes a move
// list with a normalised header: the game named when OUT's name does not
// tell it, then the variant, the position and the other fields. A file of
// several games becomes one file per game (OUT-1.ext, OUT-2.ext, ...) when
// the output format holds one, unless --game-index picks one. OUT "-" is
// standard output: one stream, whatever the number of games. OUT.html is a
// replay page of every game, or of what one side saw (--as), or a folder
// of pages when one would be too large (cli/picture_output.h).
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <ostream>

#include "cli/commands.h"
#include "cli/diagnostics.h"
#include "cli/file_output.h"
#include "cli/number_options.h"
#include "cli/picture_output.h"
#include "cli/record_opening.h"
#include "rules/suggest.h"
#include "rules/text.h"
#include "ui/input.h"

namespace gamerec::cli {
namespace {

struct ConvertOptions {
  std::string input;
  std::string output;
  std::optional<int> game_index;
  bool flip = false;  // a page's board turned round
  int size = 0;       // a page's board width in pixels; 0: the default
  std::string as;     // a page of what this side saw; empty: the whole game
  int page_limit = kMaxPageMegabytes;  // MB; a folder of pages past it
  std::string to;  // a format's name: --to
};

constexpr std::string_view kStandardOutput = "-";

// The whole of a game read (main line, comments, NAGs, variations) handed
// to the output format's writer in order; the reading stops once the output
// fails.
class WriterFeed final : public RecordVisitor {
 public:
  WriterFeed(RecordWriter& writer, const Game& game, OutputFile& out) : writer_(writer), game_(game), out_(out) {}
  void before_move(const RecordEvent& event, const Move& move, const State& position) override {
    out_.write(writer_.move(game_, position, move, event.text));
  }
  bool after_move(const RecordEvent&, Side, const Move&, const State&) override { return !out_.failure(); }
  void annotation(const RecordEvent& event) override { out_.write(writer_.annotation(event)); }
  void variation_move(const RecordEvent& event, const Move* move, const State& position) override {
    out_.write(writer_.variation_move(game_, position, move, event));
  }

 private:
  RecordWriter& writer_;
  const Game& game_;
  OutputFile& out_;
};

// OUT, or OUT-N before the extension for game N of several.
std::string numbered(const std::string& path, int index) {
  const std::filesystem::path p(path);
  return (p.parent_path() / (p.stem().string() + "-" + std::to_string(index) + p.extension().string()))
      .string();
}

bool is_page(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".html" || extension == ".htm";
}

// OUT.html: one page of the games; a game with an error is on it up to its
// last good move, with the error shown (and on standard error, status 1).
// Games that would make a page too large for a browser go to a folder
// instead, OUT without its extension: index.html and a page per game.
int convert_to_page(const Context& context, const ConvertOptions& options, const ui::InterruptGuard& interrupts) {
  const ReadCancel cancel{[&interrupts] { return interrupts.signal() != 0; }, interrupts.wake_fd()};
  if (std::filesystem::exists(options.output))
    return context.usage_error(Message{"convert.exists", {{"file", display_name(options.output)}}});
  PageRequest request;
  request.game_index = options.game_index;
  request.picture = {options.size, options.flip};
  request.as = options.as;
  request.max_megabytes = options.page_limit;
  request.cancel = &cancel;
  PageOutcome page;
  {
    auto out = OutputFile::open(options.output);
    if (!out) return context.usage_error(out.error().message);
    page = write_record_page(context, options.input, request,
                             [&](std::string_view text) { return out->write(text); });
    std::optional<Error> failed = out->failure();
    if (!failed && page.written && !page.interrupted) failed = out->commit(options.output);
    if (failed) return context.usage_error(failed->message);
  }
  if (page.interrupted) return 128 + interrupts.signal();
  if (page.too_large) {
    const std::string file = display_name(options.input);
    const std::string limit = std::to_string(request.max_megabytes);
    if (options.input == kStandardOutput)  // "-": standard input, read once
      return context.usage_error(Message{"convert.folder-stdin", {{"file", file}, {"limit", limit}}});
    const std::filesystem::path out(options.output);
    const std::string folder = (out.parent_path() / out.stem()).string();
    if (std::filesystem::exists(folder))
      return context.usage_error(Message{"convert.exists", {{"file", display_name(folder)}}});
    page = write_record_folder(context, options.input, request, folder);
    if (page.write_failure) return context.usage_error(page.write_failure->message);
    if (page.interrupted) return 128 + interrupts.signal();
    if (!page.written) return page.status;
    context.err() << context.text("convert.folder", {{"file", file},
                                                     {"count", std::to_string(page.games)},
                                                     {"limit", limit},
                                                     {"folder", display_name(folder)}})
                  << '\n';
  }
  if (!page.written) return page.status;
  if (page.status == kExitOk) context.err() << context.messages().count("convert.done", page.games) << '\n';
  return page.status;
}

// The format OUT is written in: --to, else the input's for standard
// output, else the one its extension names (a format's, or a game's for
// the move list); a message listing what gamerec writes otherwise.
Result<const RecordFormat*, Message> output_format(const Context& context, const ConvertOptions& options,
                                                   const RecordFormat& input_format) {
  const GameCatalogue& catalogue = context.catalogue();
  for (const RecordFormat& format : catalogue.formats()) {
    if (format.name == options.to) return &format;
  }
  if (!options.to.empty()) {
    std::vector<std::string> names;
    for (const RecordFormat& format : catalogue.formats()) names.push_back(format.name);
    return Message{"convert.unknown-format", {{"format", options.to},
                                              {"formats", join(names, ", ")},
                                              {"closest", closest_match(options.to, names).value_or("")}}};
  }
  if (options.output == kStandardOutput) return &input_format;
  const std::string extension = std::filesystem::path(options.output).extension().string();
  if (extension.size() > 1) {
    for (const RecordFormat& format : catalogue.formats()) {
      if (std::find(format.extensions.begin(), format.extensions.end(), extension.substr(1)) !=
          format.extensions.end())
        return &format;
    }
    if (catalogue.game_for_extension(extension.substr(1))) return &catalogue.formats().back();
  }
  std::vector<std::string> written = {".html"};  // a replay page
  for (const RecordFormat& format : catalogue.formats()) {
    for (const std::string& ext : format.extensions) written.push_back("." + ext);
  }
  for (const auto& [name, definition] : catalogue.definitions()) {
    for (const std::string& ext : definition.extensions) written.push_back("." + ext);
  }
  std::sort(written.begin(), written.end());
  written.erase(std::unique(written.begin(), written.end()), written.end());
  const std::string file = display_name(options.output);
  if (extension.size() <= 1) return Message{"convert.no-extension", {{"file", file}, {"extensions", join(written, ", ")}}};
  return Message{"convert.unknown-extension",
                 {{"file", file}, {"extension", extension}, {"extensions", join(written, ", ")}}};
}

// A signal (Ctrl-C, SIGTERM, SIGHUP) ends the reading wherever it waits;
// convert then returns 128 + the signal, its outputs' temporary files
// removed, nothing written (gamerec(1), EXIT STATUS).
int convert(const Context& context, const ConvertOptions& options, const ui::InterruptGuard& interrupts) {
  if (options.to.empty() && is_page(options.output)) return convert_to_page(context, options, interrupts);
  if (!options.as.empty()) return context.usage_error(Message{"convert.as-page-only", {{"side", options.as}}});
  const std::string file = display_name(options.input);
  const ReadCancel cancel{[&interrupts] { return interrupts.signal() != 0; }, interrupts.wake_fd()};
  const auto stopped = [&interrupts] { return interrupts.signal() != 0 ? 128 + interrupts.signal() : 0; };
  auto opened = open_input(options.input, context.catalogue(), &cancel);
  if (stopped()) return stopped();
  if (auto* error = opened.if_error()) return report_file_error(context, file, *error);
  OpenRecord& input = opened.value();
  auto chosen = output_format(context, options, *input.format);
  if (auto* error = chosen.if_error()) return context.usage_error(*error);
  const RecordFormat& format = *chosen.value();
  const bool to_stdout = options.output == kStandardOutput;
  // One output file for a format that holds many games, or for the one
  // game asked for; else a file per game, numbered once there are two.
  // Standard output is one stream: each game is written when it is done.
  const bool one_file = format.many_games || options.game_index || to_stdout;
  if (!to_stdout && std::filesystem::exists(options.output))
    return context.usage_error(Message{"convert.exists", {{"file", display_name(options.output)}}});
  std::optional<OutputFile> shared;
  std::optional<OutputFile> first_game;  // its name waits for whether a second comes
  const auto cannot_write = [&](const Error& failure) { return context.usage_error(failure.message); };
  int status = kExitOk;
  int index = 0;
  int written = 0;
  LostParts lost;  // what the output's format could not hold, all games
  while (auto next = input.source->next_game()) {
    if (stopped()) return stopped();
    ++index;
    if (options.game_index && index != *options.game_index) continue;
    // A game that cannot be read is not converted; a one-file output
    // without it would look whole, so it does not appear.
    if (input.source->read_error()) return report_file_error(context, file, *input.source->read_error());
    if (auto* error = next->if_error()) {
      status = report_file_error(context, file, header_file_error(*error));
      if (one_file) return status;
      continue;
    }
    auto game = open_game(std::move(*next).value(), input, options.input, context.catalogue(),
                          context.game_choice());
    if (auto* error = game.if_error()) {
      status = report_file_error(context, file, *error);
      if (one_file) return status;
      continue;
    }
    RecordGame& opened_game = game.value();
    const Game& rules = *opened_game.game;
    if (!format.game.empty() && format.game != rules.definition().rules)
      return context.usage_error(Message{"convert.wrong-game",
                                         {{"file", display_name(options.output)},
                                          {"format", format.name},
                                          {"holds", format.game},
                                          {"game", rules.name()}}});
    if (format.unrecorded_option) {
      if (auto option = format.unrecorded_option(rules))
        return context.usage_error(
            Message{"convert.option-lost",
                    {{"file", display_name(options.output)}, {"format", format.name}, {"option", *option}}});
    }
    if (!one_file && first_game && index == 2) {
      const std::string name = numbered(options.output, 1);
      if (std::filesystem::exists(name))
        return context.usage_error(Message{"convert.exists", {{"file", display_name(name)}}});
      if (auto failed = first_game->commit(name)) return cannot_write(*failed);
      first_game.reset();
    }
    const std::string path = one_file || index == 1 ? options.output : numbered(options.output, index);
    if (!one_file && index > 1 && std::filesystem::exists(path))
      return context.usage_error(Message{"convert.exists", {{"file", display_name(path)}}});
    std::optional<OutputFile> own;
    if (!one_file || !shared) {
      auto opened_output = OutputFile::open(one_file ? options.output : path);
      if (!opened_output) return cannot_write(opened_output.error());
      (one_file ? shared : own).emplace(std::move(*opened_output));
    }
    OutputFile& out = one_file ? *shared : *own;

    auto writer = format.open_writer();
    GameHeader header = opened_game.header;
    // The output's name must tell the game, or its header does.
    if ((to_stdout || context.catalogue().game_for_path(options.output) != rules.name()) && format.game != rules.name())
      header.game = rules.name();
    auto begun = writer->begin_game(rules, header);
    if (!begun) return cannot_write(begun.error());
    out.write(*begun);
    WriterFeed feed(*writer, rules, out);
    const RunResult run = run_moves(*input.source, rules, *opened_game.start, &feed);
    if (out.failure()) return cannot_write(*out.failure());
    if (stopped()) return stopped();
    if (run.read_error) return report_file_error(context, file, *run.read_error);
    if (run.error) {
      // An invalid game is not converted: its output never appears.
      context.err() << error_line(file, *run.error,
                                  move_error_text(context, rules, *opened_game.start, *run.error))
                    << '\n';
      status = std::max(status, kExitInvalid);
      if (one_file) return status;  // the shared output goes with it
      continue;
    }
    out.write(writer->end_game(rules, *opened_game.start));
    lost.variations += writer->lost().variations;
    lost.nags += writer->lost().nags;
    lost.comments += writer->lost().comments;
    if (out.failure()) return cannot_write(*out.failure());
    if (to_stdout) {
      if (auto failed = out.commit(options.output)) return cannot_write(*failed);
    }
    ++written;
    if (own && index == 1) {
      first_game.emplace(std::move(*own));
    } else if (own) {
      if (auto failed = own->commit(path)) return cannot_write(*failed);
    }
  }
  if (stopped()) return stopped();
  // The input failed after its last whole game: what was read is not all.
  if (input.source->read_error()) return report_file_error(context, file, *input.source->read_error());
  if (options.game_index && index < *options.game_index)
    return context.usage_error(
        Message{"usage.no-such-game",
                {{"index", std::to_string(*options.game_index)}, {"count", std::to_string(index)}}});
  if (first_game) {
    if (auto failed = first_game->commit(options.output)) return cannot_write(*failed);
  }
  if (shared && status != kExitInvalid) {
    if (auto failed = shared->commit(options.output)) return cannot_write(*failed);
  }
  if (lost.any())
    context.err() << context.text("convert.lost", {{"file", display_name(options.output)},
                                                   {"format", format.name},
                                                   {"variations", std::to_string(lost.variations)},
                                                   {"nags", std::to_string(lost.nags)},
                                                   {"comments", std::to_string(lost.comments)}})
                  << '\n';
  if (status == kExitOk) context.err() << context.messages().count("convert.done", written) << '\n';
  return status;
}

}  // namespace

Command add_convert_command(CLI::App& app) {
  auto options = std::make_shared<ConvertOptions>();
  CLI::App* command = app.add_subcommand(
      "convert", "Write a record in another format (OUT's extension chooses it) or with a normalised header");
  command->add_option("input", options->input, "Record to read ('-' for standard input)")->required();
  command->add_option("output", options->output, "File to write (it must not exist yet; '-' for standard output)")
      ->required();
  command->add_option("--to", options->to, "Write in this format, whatever OUT's extension (see 'gamerec games')");
  command->add_option("--game-index", options->game_index, "Convert only game N of a file that holds several")
      ->check(whole_number(1, std::numeric_limits<int>::max()));
  command->add_flag("--flip", options->flip, "A page's board turned round (OUT.html)");
  command->add_option("--size", options->size, "A page's board width in pixels (OUT.html)")
      ->check(whole_number(kMinPictureSize, kMaxPictureSize));
  command->add_option("--as", options->as, "A page of what SIDE could see, and nothing else (OUT.html)");
  command
      ->add_option("--page-limit", options->page_limit,
                   "The largest page in MB; more games make a folder of pages (OUT.html)")
      ->check(whole_number(1, kMaxPageLimit));
  return {command, [options](const Context& context) {
            ui::InterruptGuard interrupts;
            return convert(context, *options, interrupts);
          }};
}

}  // namespace gamerec::cli
