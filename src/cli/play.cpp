// gamerec play [FILE]: replay FILE, then continue it interactively. Every
// accepted move reaches the record file before the next prompt.
#include <fmt/format.h>
#include <sys/stat.h>
#include <yaml-cpp/yaml.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <istream>
#include <ostream>
#include <random>

#include "cli/commands.h"
#include "cli/players.h"
#include "cli/report.h"
#include "core/record_writer.h"
#include "core/text.h"

namespace gamerec::cli {
namespace {

struct PlayOptions {
  std::string file;
  std::string output;
  bool step = false;
  std::vector<std::string> ai;  // SIDE[=LEVEL]
  std::optional<std::uint64_t> seed;
};

bool file_exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec);
}

// A header for a new record: written when the user chose variants, or when
// the file name alone would not tell the game.
std::string new_record_header(const Context& context, const Game& game, const std::string& path) {
  const auto& overrides = context.game_choice().overrides;
  if (overrides.empty() && context.catalogue().game_for_path(path) == game.name()) return "";
  YAML::Emitter yaml;
  yaml << YAML::BeginMap << YAML::Key << "game" << YAML::Value << game.name();
  if (!overrides.empty()) {
    // Each value as the game's option type writes it (a list as [4, 3]).
    yaml << YAML::Key << "variant" << YAML::Value << YAML::Flow << YAML::BeginMap;
    for (const OptionOverride& option : overrides) {
      yaml << YAML::Key << option.key << YAML::Value;
      const auto value = game.options().values().find(option.key);
      if (value != game.options().values().end() && std::holds_alternative<std::vector<int>>(value->second))
        yaml << YAML::Flow << std::get<std::vector<int>>(value->second);
      else
        yaml << option.value;
    }
    yaml << YAML::EndMap;
  }
  yaml << YAML::EndMap;
  return "---\n" + std::string(yaml.c_str()) + "\n---\n";
}

// One game being played: the position, its moves, and the record file that
// holds them. line_starts_[i] is where move i's line starts in the file, so
// undo cuts the file back exactly: what came before the move stays, the
// move line and anything after it go.
class PlaySession {
 public:
  PlaySession(const Game& game, std::unique_ptr<State> start, RecordFile file, std::vector<Move> history,
              std::vector<std::uint64_t> line_starts)
      : game_(game),
        start_(std::move(start)),
        file_(std::move(file)),
        history_(std::move(history)),
        line_starts_(std::move(line_starts)),
        state_(replay_history()) {}

  const State& state() const { return *state_; }
  const std::string& output_path() const { return file_.path(); }
  bool can_undo() const { return !history_.empty(); }

  // Checks `text`; when legal, writes it to the file and then plays it.
  std::optional<MoveError> try_move(const std::string& text) {
    Move move;
    if (auto error = check_move_text(game_, *state_, text, move)) return error;
    line_starts_.push_back(file_.append_line(text));
    history_.push_back(move);
    state_->apply(move);
    return std::nullopt;
  }

  // Takes back the last move, in the file too; returns its text.
  std::string undo() {
    file_.truncate(line_starts_.back());
    line_starts_.pop_back();
    const Move undone = history_.back();
    history_.pop_back();
    state_ = replay_history();
    return game_.move_text(undone, *state_);
  }

 private:
  std::unique_ptr<State> replay_history() const {
    auto state = start_->clone();
    for (const Move& move : history_) state->apply(move);
    return state;
  }

  const Game& game_;
  std::unique_ptr<State> start_;
  RecordFile file_;
  std::vector<Move> history_;
  std::vector<std::uint64_t> line_starts_;
  std::unique_ptr<State> state_;
};

class PlayCommand {
 public:
  PlayCommand(const Context& context, const PlayOptions& options) : context_(context), options_(options) {}

  int run() {
    if (options_.file == "-") return usage("play reads moves from standard input; give FILE as a path");
    if (options_.file.empty()) return start_new_game(options_.output);
    if (!file_exists(options_.file)) {
      // A new game goes into FILE; with -o as well, FILE was meant to exist.
      if (!options_.output.empty())
        return usage(fmt::format("{}: no such file to continue (without -o, play starts a new game in it)",
                                 options_.file));
      return start_new_game(options_.file);
    }
    if (!context_.game_choice().overrides.empty())
      return usage(
          "--variant applies to new games only; a record keeps its rule options in its header (variant: "
          "{...})");
    return resume();
  }

 private:
  int usage(const std::string& message) {
    context_.err() << "gamerec: " << message << '\n';
    return kExitUsage;
  }

  // A record is never replaced by a new one.
  int refuse_existing(const std::string& path) {
    return usage(
        fmt::format("{} exists; continue it with 'gamerec play {}' or choose another -o", path, path));
  }

  int start_new_game(std::string path) {
    std::string game_name = context_.options().game;
    if (game_name.empty() && !path.empty()) game_name = context_.catalogue().game_for_path(path).value_or("");
    if (game_name.empty())
      return usage("say which game to play: play --game GAME [-o OUT], or play FILE.cht");
    auto made = context_.catalogue().make_game(game_name, context_.game_choice().overrides);
    if (auto* error = std::get_if<std::string>(&made)) return usage(*error);
    game_ = std::get<std::unique_ptr<Game>>(std::move(made));
    if (auto error = make_players()) return usage(*error);
    if (path.empty()) {
      const std::time_t now = std::time(nullptr);
      char stamp[32];
      std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
      const auto& extensions = game_->definition().extensions;
      path = fmt::format("{}-{}.{}", game_->name(), stamp, extensions.empty() ? "txt" : extensions.front());
    }
    if (file_exists(path)) return refuse_existing(path);
    RecordFile file = RecordFile::create(path, "", 0, new_record_header(context_, *game_, path));
    return loop(PlaySession(*game_, game_->new_state(), std::move(file), {}, {}), kExitOk);
  }

  int resume() {
    const std::string file_name = display_name(options_.file);
    auto opened = open_or_report(context_, options_.file);
    if (!opened) return kExitUsage;
    OpenedRecord& record = *opened;
    game_ = std::move(record.game);
    auto state = record.start->clone();
    std::vector<Move> history;
    std::vector<std::uint64_t> line_starts;
    Side mover = state->to_move();
    RunResult run = run_moves(
        *record.reader, *game_, *state, [&](const RecordLine& line, const Move& move, const State& after) {
          history.push_back(move);
          line_starts.push_back(line.offset);
          if (options_.step) {
            context_.out() << replay_move_line(context_, *game_, after.moves_played(), line.text, mover)
                           << '\n';
            show_board(after);
            wait_for_enter(context_);
          }
          mover = after.to_move();
        });
    // The rest of the file is unknown: continuing would append after it.
    if (report_read_error(context_, file_name, run)) return kExitUsage;
    if (run.error)
      context_.err() << error_line(file_name, *run.error, error_message(context_, *game_, *state, *run.error))
                     << '\n';
    const bool trailing_after_quit =
        !run.error && warn_if_lines_after_quit(context_, file_name, run, *record.reader);
    const bool keep_input = run.error || trailing_after_quit;
    if (keep_input && options_.output.empty())
      return usage(fmt::format(
          "{} is not modified because it has {}; give -o OUT to continue its first {} moves in a new file",
          file_name, run.error ? "an error" : "lines after Q", run.moves));
    if (!options_.output.empty() && same_file(options_.output, options_.file) && keep_input)
      return usage(fmt::format("{} is not modified because it has {}; -o must name another file", file_name,
                               run.error ? "an error" : "lines after Q"));

    // The valid part of the input, byte for byte, then the new moves.
    const std::uint64_t valid_bytes =
        run.error || run.quit_line ? run.end_offset : record.reader->source().bytes_read();
    record.reader.reset();
    const bool new_output = !options_.output.empty() && !same_file(options_.output, options_.file);
    if (new_output && file_exists(options_.output)) return refuse_existing(options_.output);
    if (auto error = make_players()) return usage(*error);
    RecordFile file = [&] {
      if (new_output) return RecordFile::create(options_.output, options_.file, valid_bytes, "");
      if (run.quit_line) return RecordFile::open_for_append(options_.file, valid_bytes);
      return RecordFile::open_for_append(options_.file);
    }();
    if (run.error) {
      context_.out() << context_.messages().text("ui.resume-error",
                                                 {{"file", file_name}, {"moves", std::to_string(run.moves)}})
                     << '\n';
    }
    return loop(PlaySession(*game_, std::move(record.start), std::move(file), std::move(history),
                            std::move(line_starts)),
                run.error ? kExitInvalid : kExitOk);
  }

  void show_board(const State& state) {
    context_.out() << board_text(context_, *game_, state) << status_line(context_, *game_, state) << '\n';
  }

  // One player per side: a person at the prompt, or the computer for --ai.
  std::optional<std::string> make_players() {
    const auto& sides = game_->definition().sides;
    const std::uint64_t seed = options_.seed.value_or(std::random_device{}());
    players_.clear();
    for (std::size_t i = 0; i < sides.size(); ++i) players_.push_back(make_human_player(context_, *game_));
    for (const std::string& spec : options_.ai) {
      const auto equals = spec.find('=');
      const std::string side = spec.substr(0, equals);
      const std::string level =
          equals == std::string::npos ? game_->default_level() : spec.substr(equals + 1);
      const auto found = std::find(sides.begin(), sides.end(), side);
      if (found == sides.end()) {
        return fmt::format("--ai {}: {} has no side '{}'; sides: {}", spec, game_->name(), side,
                           join(sides, ", "));
      }
      auto chooser = game_->make_chooser(level, seed + static_cast<std::uint64_t>(found - sides.begin()));
      if (!chooser)
        return fmt::format("--ai {}: {} has no computer player of level '{}'", spec, game_->name(), level);
      players_[static_cast<std::size_t>(found - sides.begin())] =
          make_computer_player(*game_, std::move(chooser));
    }
    // Its own seed: hints must not replay a computer side's choices.
    hint_chooser_ = game_->make_chooser(game_->default_level(), seed + sides.size());
    return std::nullopt;
  }

  bool is_computer(Side side) const {
    return side >= 0 && players_[static_cast<std::size_t>(side)]->is_computer();
  }

  // Players must exist (make_players) before the record file is touched.
  int loop(PlaySession session, int exit_status) {
    const Messages& messages = context_.messages();
    context_.out() << messages.text("ui.writing-to", {{"file", session.output_path()}}) << '\n';
    show_board(session.state());
    while (!session.state().is_over()) {
      const Side side = session.state().to_move();
      auto line = players_[static_cast<std::size_t>(side)]->next_line(session.state());
      if (!line) break;
      const std::string text(trim(*line));
      if (text.empty()) continue;
      if (text == "Q" || text == "q" || text == "quit") break;
      if (text == "help") {
        context_.out() << messages.text("ui.help", {{"example", game_->definition().example}}) << '\n';
      } else if (text == "board") {
        show_board(session.state());
      } else if (text == "hint") {
        auto move = hint_chooser_ ? hint_chooser_->choose_move(session.state()) : std::nullopt;
        if (move)
          context_.out() << messages.text("ui.hint", {{"move", game_->move_text(*move, session.state())}})
                         << '\n';
        else
          context_.out() << messages.text("ui.no-hint") << '\n';
      } else if (text == "undo") {
        if (!session.can_undo()) {
          context_.out() << messages.text("ui.nothing-to-undo") << '\n';
          continue;
        }
        // Take back the computer's replies too, back to a person's turn.
        do {
          context_.out() << messages.text("ui.undone", {{"move", session.undo()}}) << '\n';
        } while (session.can_undo() && is_computer(session.state().to_move()));
        show_board(session.state());
      } else if (auto error = session.try_move(text)) {
        const RecordError located{*error, 0, 1, text};
        context_.out() << error_message(context_, *game_, session.state(), located) << '\n';
      } else {
        if (is_computer(side))
          context_.out() << messages.text("ui.ai-move",
                                          {{"side", side_display(context_, *game_, side)}, {"move", text}})
                         << '\n';
        context_.out() << messages.text("ui.accepted") << '\n';
        show_board(session.state());
      }
    }
    // The last board shown already carries the final status line.
    context_.out() << messages.text("ui.session-over") << '\n';
    return exit_status;
  }

  const Context& context_;
  const PlayOptions& options_;
  std::unique_ptr<Game> game_;
  std::vector<std::unique_ptr<Player>> players_;
  std::unique_ptr<MoveChooser> hint_chooser_;
};

}  // namespace

Command add_play_command(CLI::App& app) {
  auto options = std::make_shared<PlayOptions>();
  CLI::App* command = app.add_subcommand("play", "Replay FILE, then continue the game interactively");
  command->add_option("file", options->file,
                      "Record to continue (a new one is started if it does not exist)");
  command->add_option("-o,--output", options->output, "Write the record here instead of FILE");
  command->add_flag("--step", options->step, "Show each move of FILE and wait for Enter");
  command->add_option("--ai", options->ai, "Let the computer play SIDE (SIDE[=LEVEL], repeatable)")
      ->allow_extra_args(false);
  command->add_option("--seed", options->seed, "Seed for the computer players' random choices");
  return {command, [options](const Context& context) {
            try {
              return PlayCommand(context, *options).run();
            } catch (const RecordWriteError& e) {
              context.err() << "gamerec: " << e.what() << '\n';
              return kExitUsage;
            }
          }};
}

}  // namespace gamerec::cli
