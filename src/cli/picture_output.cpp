#include "cli/picture_output.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <ostream>

#include "cli/diagnostics.h"
#include "cli/display.h"
#include "cli/file_output.h"
#include "cli/record_facts.h"
#include "cli/record_opening.h"
#include "pictures/board_picture.h"
#include "pictures/page.h"
#include "pictures/svg.h"
#include "records/record_file.h"
#include "records/unique_fd.h"
#include "rules/facets.h"
#include "rules/text.h"

namespace gamerec::cli {
namespace {

using pictures::PageGame;
using pictures::PageTables;

std::vector<Glyph> game_glyphs(const Game& game) {
  const auto* pictured = game.facet<Pictured>();
  return pictured != nullptr ? pictured->glyphs() : std::vector<Glyph>{};
}

// The ways a game is seen: the whole position, and for a game with hidden
// information what each side saw; or only what `as` saw.
std::vector<Side> viewers(const Game& game, Side as) {
  if (as != kNoSide) return {as};
  std::vector<Side> out = {kNoSide};
  if (game.type().information == GameType::Information::kHidden) {
    for (Side side = 0; side < static_cast<Side>(game.definition().sides.size()); ++side) out.push_back(side);
  }
  return out;
}

// What a page learns of one game while its moves run.
class PageRecorder final : public RecordVisitor {
 public:
  PageRecorder(const Context& context, const Game& game, PageGame& page, const std::vector<Side>& seen_by,
               Side viewer, PageTables& tables)
      : context_(context),
        game_(game),
        numbers_(game.facet<MoveNumbers>()),
        page_(page),
        seen_by_(seen_by),
        viewer_(viewer),
        tables_(tables) {}

  void position(const State& state) {
    page_.statuses.push_back(status_line(context_, game_, state));
    for (std::size_t i = 0; i < seen_by_.size(); ++i)
      page_.views[i].add(position_picture(context_, game_, state, seen_by_[i]), tables_);
  }
  bool after_move(const RecordEvent& event, Side mover, const Move&, const State& state) override {
    pictures::PageMove move;
    last_seen_ = viewer_ == kNoSide || last_move_seen_by(game_, state, viewer_);
    move.text = last_seen_ ? std::string(event.text) : context_.text("ui.hidden-move");
    move.side = mover;
    if (numbers_ != nullptr) {
      const MoveNumbers::Number number = numbers_->last_move_number(state);
      move.number = number.number;
      move.continued = number.continued;
    } else {
      move.number = state.moves_played();
    }
    page_.moves.push_back(std::move(move));
    position(state);
    return true;
  }
  // The main line's comments; a variation's moves and comments are not
  // shown, nor the comments of a move the viewer did not see.
  void annotation(const RecordEvent& event) override {
    if (event.kind == RecordEvent::Kind::kVariationStart) ++variation_depth_;
    if (event.kind == RecordEvent::Kind::kVariationEnd) --variation_depth_;
    if (event.kind != RecordEvent::Kind::kComment || variation_depth_ > 0 || !last_seen_) return;
    auto& comments = page_.moves.empty() ? page_.comments : page_.moves.back().comments;
    comments.emplace_back(event.text);
  }

 private:
  int variation_depth_ = 0;
  bool last_seen_ = true;
  const Context& context_;
  const Game& game_;
  const MoveNumbers* numbers_;
  PageGame& page_;
  const std::vector<Side>& seen_by_;
  Side viewer_;
  PageTables& tables_;
};

pictures::PageSettings page_settings(const Context& context, const PageRequest& request, bool in_folder) {
  pictures::PageSettings settings;
  pictures::PageTexts& t = settings.texts;
  t.language = context.messages().language();
  t.first = context.text("page.first");
  t.previous = context.text("page.previous");
  t.next = context.text("page.next");
  t.last = context.text("page.last");
  t.flip = context.text("page.flip");
  t.game = context.text("page.game");
  t.view = context.text("page.view");
  t.moves = context.text("page.moves");
  t.start = context.text("ui.start");
  // The script fills the placeholders in.
  t.move = context.text("ui.replay-move", {{"number", "{number}"}, {"move", "{move}"}, {"side", "{side}"}});
  t.numbered_move = context.text("ui.replay-numbered-move", {{"move", "{move}"}, {"side", "{side}"}});
  t.keys = context.text("page.keys");
  if (in_folder) t.all_games = context.text("page.all-games");
  settings.size = request.picture.size > 0 ? request.picture.size : kPageSize;
  settings.flipped = request.picture.flipped;
  return settings;
}

// One game of a page as a folder's index lists it.
struct GameSummary {
  int index = 0;  // in the file, from 1
  std::string title;
  std::string result;
  std::int64_t moves = 0;
};

// Reads the games of `path` (or game `request.game_index`) for pages:
// each game's pictures go into the tables `tables_for` gives for it, and
// the game to `take` (false: stop reading). The lines for standard error
// (a game's error, a Q warning, why no output is made) are kept in
// `notes`, in order, to be written when the output is kept or refused.
// Returns the status; 2 when no output is to be made.
int read_page_games(const Context& context, const std::string& path, const PageRequest& request,
                    const std::function<PageTables&(int index)>& tables_for,
                    const std::function<bool(const PageGame&, const GameSummary&)>& take,
                    std::vector<std::string>& notes, int& games) {
  const std::string file = display_name(path);
  const std::string name = std::filesystem::path(file).filename().string();
  const auto fail = [&](const Error& error) {
    notes.push_back(file_error_line(context, file, error));
    return kExitUsage;
  };
  auto opened = open_input(path, context.catalogue(), request.cancel);
  if (auto* error = opened.if_error()) return fail(*error);
  OpenRecord& input = opened.value();
  int status = kExitOk;
  int index = 0;
  while (auto next = input.source->next_game()) {
    if (request.cancel && request.cancel->requested()) return kExitUsage;
    ++index;
    if (request.game_index && index != *request.game_index) continue;
    if (input.source->read_error()) return fail(*input.source->read_error());
    if (auto* error = next->if_error()) return fail(header_file_error(*error));
    auto made = open_game(std::move(*next).value(), input, path, context.catalogue(), context.game_choice());
    if (auto* error = made.if_error()) return fail(*error);
    RecordGame& opened_game = made.value();
    const Game& game = *opened_game.game;
    State& state = *opened_game.start;
    const GameHeader& header = opened_game.header;
    Side viewer = kNoSide;
    if (!request.as.empty()) {
      viewer = game.definition().side_index(request.as);
      if (viewer < 0) {
        notes.push_back("gamerec: " + context.text(Message{"usage.unknown-side",
                                                            {{"side", request.as},
                                                             {"game", game.name()},
                                                             {"sides", join(game.definition().sides, ", ")}}}));
        return kExitUsage;
      }
    }

    PageGame shown;
    const std::vector<std::string> players = header_players(game, header);
    const bool all_named = !players.empty() && std::none_of(players.begin(), players.end(),
                                                            [](const std::string& p) { return p.empty(); });
    // "Morphy v Duke Karl / Count Isouard" when the header names each side's player.
    shown.title = all_named ? join(players, " v ") : name;
    shown.numbered_by_pairs = game.facet<MoveNumbers>() != nullptr;
    for (Side side = 0; side < static_cast<Side>(game.definition().sides.size()); ++side)
      shown.side_names.push_back(side_display(context, game, side));
    const std::vector<Side> seen_by = viewers(game, viewer);
    for (const Side seer : seen_by) {
      shown.views.emplace_back(seer == kNoSide ? context.text("page.whole")
                                               : context.text("page.as", {{"side", side_display(context, game, seer)}}),
                               pictures::SideColors(game.definition()), game_glyphs(game));
    }
    shown.info.emplace_back(context.text("page.game-name"), game.name());
    shown.info.emplace_back(context.text("page.file"), name);
    if (!players.empty()) shown.info.emplace_back(context.text("page.players"), players_text(context, game, players));
    // Shown once: the players' tags (PGN's White, Black) are the Players
    // row, the declared result (PGN's Result tag) the Result row below.
    for (const auto& [key, value] : header.tags) {
      if (header.result && key == "Result") continue;
      if (!players.empty() && names_a_player(game, key)) continue;
      shown.info.emplace_back(key, value);
    }

    PageRecorder recorder(context, game, shown, seen_by, viewer, tables_for(index));
    recorder.position(state);
    RecordVisitor* observer = &recorder;
    const RunResult run = run_moves(*input.source, game, state, observer);
    if (run.read_error) return fail(*run.read_error);
    if (run.lines_after_quit) notes.push_back(quit_warning_line(context, file, *run.quit_line));
    const std::string result = result_text(context, game, declared_result_of(game, header, run, state), run, state);
    shown.info.emplace_back(context.text("page.result"), result);
    shown.info.emplace_back(context.text("page.end"), shown.statuses.back());
    if (run.error) {
      // Reported as replay reports it, and on the page after the last good
      // move; a page of one side's view does not tell another side's move.
      const std::string line = error_line(file, *run.error, move_error_text(context, game, state, *run.error));
      notes.push_back(line);
      shown.error = viewer == kNoSide
                        ? line
                        : context.text("page.error-hidden", {{"file", file}, {"line", std::to_string(run.error->line)}});
      status = kExitInvalid;
    }
    ++games;
    if (!take(shown, GameSummary{index, shown.title, result, run.moves})) return status;
  }
  if (input.source->read_error()) return fail(*input.source->read_error());
  if (request.game_index && index < *request.game_index)
    return fail(Error{"usage", Message{"usage.no-such-game",
                                       {{"index", std::to_string(*request.game_index)},
                                        {"count", std::to_string(index)}}}});
  if (games == 0)  // a file of no game at all
    return fail(Error{"usage", Message{"usage.no-such-game", {{"index", "1"}, {"count", "0"}}}});
  return status;
}

void write_notes(const Context& context, const std::vector<std::string>& notes) {
  for (const std::string& note : notes) context.err() << note << '\n';
}

// A folder that appears whole or not at all: written under a name of its
// own beside the final one, renamed into place at the end, removed if it
// never gets there.
class TemporaryFolder {
 public:
  static Result<TemporaryFolder, Error> make(const std::string& final_path) {
    const std::filesystem::path target(final_path);
    std::string pattern = (target.parent_path() / ("." + target.filename().string() + ".XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) return system_error("write.cannot-create", final_path, errno);
    return TemporaryFolder(std::move(pattern));
  }
  TemporaryFolder(TemporaryFolder&& other) noexcept : path_(std::move(other.path_)), done_(other.done_) {
    other.done_ = true;  // the moved-from folder removes nothing
  }
  ~TemporaryFolder() {
    if (done_) return;
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(TemporaryFolder&&) = delete;

  std::string file(const std::string& name) const { return (std::filesystem::path(path_) / name).string(); }
  // A new file of the folder.
  Result<BufferedFile, Error> create(const std::string& name) const {
    const std::string path = file(name);
    UniqueFd fd(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
    if (!fd) return system_error("write.cannot-create", path, errno);
    return BufferedFile(std::move(fd), path);
  }
  // The folder appears as `final_path`, never over a file or folder that
  // appeared meanwhile.
  std::optional<Error> commit(const std::string& final_path) {
    ::chmod(path_.c_str(), 0777 & ~current_umask());
    if (std::filesystem::exists(final_path)) return system_error("write.cannot-create", final_path, EEXIST);
    if (::rename(path_.c_str(), final_path.c_str()) != 0)
      return system_error("write.cannot-create", final_path, errno);
    done_ = true;
    return std::nullopt;
  }

 private:
  explicit TemporaryFolder(std::string path) : path_(std::move(path)) {}
  static mode_t current_umask() {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return mask;
  }
  std::string path_;
  bool done_ = false;
};

}  // namespace

Picture position_picture(const Context& context, const Game& game, const State& state, Side viewer) {
  Picture picture;
  if (const auto* pictured = game.facet<Pictured>()) {
    picture = pictured->picture(state, viewer);
  } else {
    const BoardView view = viewer == kNoSide ? state.view() : state.observe(viewer)->view();
    picture = pictures::board_view_picture(view, game.definition(), context.messages().language());
  }
  // Titles are message keys of the game ("views.fleet-1").
  for (Panel& panel : picture.panels) {
    if (!panel.title.empty()) panel.title = context.text(panel.title, {}, &game.definition());
  }
  return picture;
}

std::string position_svg(const Context& context, const Game& game, const State& state, Side viewer,
                         const PictureOptions& options) {
  return pictures::svg_document(position_picture(context, game, state, viewer), game_glyphs(game),
                                pictures::SideColors(game.definition()),
                                {options.size > 0 ? options.size : kSvgSize, options.flipped});
}

PageOutcome write_record_page(const Context& context, const std::string& path, const PageRequest& request,
                              const std::function<bool(std::string_view)>& write) {
  const std::string name = std::filesystem::path(display_name(path)).filename().string();
  bool refused = false;  // the sink failed: nothing more is read
  pictures::PageWriter writer(page_settings(context, request, false), name,
                              [&](std::string_view text) { refused = !write(text) || refused; });
  const std::uint64_t limit = static_cast<std::uint64_t>(request.max_megabytes) * 1000 * 1000;
  PageOutcome outcome;
  std::vector<std::string> notes;
  outcome.status = read_page_games(
      context, path, request, [&](int) -> PageTables& { return writer.tables(); },
      [&](const PageGame& game, const GameSummary&) {
        writer.add(game);
        outcome.too_large = writer.bytes() > limit;
        return !outcome.too_large && !refused;
      },
      notes, outcome.games);
  outcome.interrupted = request.cancel && request.cancel->requested();
  if (outcome.too_large || outcome.interrupted || refused) return outcome;
  write_notes(context, notes);
  if (outcome.status == kExitUsage) return outcome;
  writer.finish();
  outcome.written = true;
  return outcome;
}

PageOutcome write_record_folder(const Context& context, const std::string& path, const PageRequest& request,
                                const std::string& folder) {
  const std::string name = std::filesystem::path(display_name(path)).filename().string();
  PageOutcome outcome;
  auto made = TemporaryFolder::make(folder);
  if (!made) {
    outcome.write_failure = std::move(made.error());
    return outcome;
  }
  auto index = made->create("index.html");
  if (!index) {
    outcome.write_failure = std::move(index.error());
    return outcome;
  }
  pictures::IndexTexts texts;
  texts.language = context.messages().language();
  texts.title = name;
  texts.heading = name;
  texts.number = context.text("page.number");
  texts.game = context.text("page.game");
  texts.result = context.text("page.result");
  texts.moves = context.text("page.moves");
  index->write(pictures::index_head(texts));
  const pictures::PageSettings settings = page_settings(context, request, true);
  std::optional<BufferedFile> page_file;
  std::unique_ptr<pictures::PageWriter> writer;
  std::vector<std::string> notes;
  // The first write that failed (a game's page, or the index): the reading
  // stops there, and the temporary folder goes.
  const auto failed = [&](std::optional<Error> failure) {
    if (failure && !outcome.write_failure) outcome.write_failure = std::move(failure);
    return outcome.write_failure.has_value();
  };
  outcome.status = read_page_games(
      context, path, request,
      [&](int game_index) -> PageTables& {
        auto created = made->create("game-" + std::to_string(game_index) + ".html");
        if (created)
          page_file.emplace(std::move(*created));
        else
          (void)failed(std::move(created.error()));
        writer = std::make_unique<pictures::PageWriter>(settings, name, [&](std::string_view text) {
          if (page_file) page_file->write(text);
        });
        return writer->tables();
      },
      [&](const PageGame& game, const GameSummary& summary) {
        writer->add(game);
        writer->finish();
        if (page_file && failed(page_file->close())) return false;
        page_file.reset();
        index->write(pictures::index_row(summary.index, {"game-" + std::to_string(summary.index) + ".html",
                                                         summary.title, summary.result, summary.moves}));
        return !failed(index->failure()) && !(request.cancel && request.cancel->requested());
      },
      notes, outcome.games);
  if (outcome.write_failure) return outcome;
  outcome.interrupted = request.cancel && request.cancel->requested();
  if (outcome.interrupted) return outcome;  // the temporary folder goes
  write_notes(context, notes);
  if (outcome.status == kExitUsage) return outcome;
  index->write(pictures::index_tail());
  if (failed(index->close()) || failed(made->commit(folder))) return outcome;
  outcome.written = true;
  return outcome;
}

}  // namespace gamerec::cli
