#include "cli/picture_output.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <ostream>

#include "cli/diagnostics.h"
#include "cli/position_text.h"
#include "cli/record_opening.h"
#include "pictures/board_picture.h"
#include "pictures/page.h"
#include "pictures/svg.h"
#include "rules/facets.h"
#include "rules/text.h"

namespace gamerec::cli {
namespace {

std::vector<Glyph> game_glyphs(const Game& game) {
  const auto* pictured = game.facet<Pictured>();
  return pictured != nullptr ? pictured->glyphs() : std::vector<Glyph>{};
}

bool same_word(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// The ways a game is seen: the whole position, and for a game with hidden
// information what each side saw.
std::vector<Side> viewers(const Game& game) {
  std::vector<Side> out = {kNoSide};
  if (game.type().information == GameType::Information::kHidden) {
    for (Side side = 0; side < static_cast<Side>(game.definition().sides.size()); ++side) out.push_back(side);
  }
  return out;
}

// What a page learns of one game while its moves run.
class PageRecorder final : public MoveObserver {
 public:
  PageRecorder(const Context& context, const Game& game, pictures::PageGame& page, const std::vector<Side>& seen_by)
      : context_(context), game_(game), page_(page), seen_by_(seen_by) {}

  void position(const State& state) {
    page_.statuses.push_back(status_line(context_, game_, state));
    for (std::size_t i = 0; i < seen_by_.size(); ++i)
      page_.views[i].add(position_picture(context_, game_, state, seen_by_[i]));
  }
  void before(const RecordEvent&, const Move&, const State&) override {}
  bool after(const RecordEvent& event, Side mover, const Move&, const State& state) override {
    page_.moves.push_back(pictures::PageMove{std::to_string(state.moves_played()), std::string(event.text), mover,
                                             side_display(context_, game_, mover), {}});
    position(state);
    return true;
  }
  // The main line's comments; a variation's moves and comments are not shown.
  void annotation(const RecordEvent& event) override {
    if (event.kind == RecordEvent::Kind::kVariationStart) ++variation_depth_;
    if (event.kind == RecordEvent::Kind::kVariationEnd) --variation_depth_;
    if (event.kind != RecordEvent::Kind::kComment || variation_depth_ > 0) return;
    auto& comments = page_.moves.empty() ? page_.comments : page_.moves.back().comments;
    comments.emplace_back(event.text);
  }

 private:
  int variation_depth_ = 0;
  const Context& context_;
  const Game& game_;
  pictures::PageGame& page_;
  const std::vector<Side>& seen_by_;
};

// "Morphy v Duke Karl / Count Isouard" when the header names each side's
// player (a tag named like the side, as PGN's White and Black are).
std::string players_line(const Game& game, const GameHeader& header) {
  std::vector<std::string> players;
  for (const std::string& side : game.definition().sides) {
    for (const auto& [key, value] : header.tags) {
      if (same_word(key, side) && !value.empty() && value != "?") players.push_back(value);
    }
  }
  if (players.size() != game.definition().sides.size()) return "";
  return join(players, " v ");
}

pictures::PageTexts page_texts(const Context& context) {
  pictures::PageTexts t;
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
  t.keys = context.text("page.keys");
  return t;
}

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

RecordPage record_page(const Context& context, const std::string& path, std::optional<int> game_index,
                       const PictureOptions& options) {
  const std::string file = display_name(path);
  auto opened = open_input(path, context.catalogue());
  if (auto* error = opened.if_error()) return {report_file_error(context, file, *error), std::nullopt};
  RecordInput& input = opened.value();
  pictures::Page page;
  page.texts = page_texts(context);
  page.size = options.size > 0 ? options.size : kPageSize;
  page.flipped = options.flipped;
  int status = kExitOk;
  int index = 0;
  while (auto next = input.source->next_game()) {
    ++index;
    if (game_index && index != *game_index) continue;
    if (input.source->read_error())
      return {report_file_error(context, file, read_failure(*input.source->read_error())), std::nullopt};
    if (auto* error = next->if_error()) return {report_file_error(context, file, header_file_error(*error)), std::nullopt};
    auto made = open_game(std::move(*next).value(), input, path, context.catalogue(), context.game_choice());
    if (auto* error = made.if_error()) return {report_file_error(context, file, *error), std::nullopt};
    OpenedGame& opened_game = made.value();
    const Game& game = *opened_game.game;
    State& state = *opened_game.start;
    const GameHeader& header = opened_game.header;

    pictures::PageGame& shown = page.games.emplace_back();
    const std::string players = players_line(game, header);
    const std::string name = std::filesystem::path(file).filename().string();
    shown.title = players.empty() ? name : players;
    shown.glyphs = game_glyphs(game);
    const std::vector<Side> seen_by = viewers(game);
    for (const Side viewer : seen_by) {
      shown.views.emplace_back(viewer == kNoSide ? context.text("page.whole")
                                                 : context.text("page.as", {{"side", side_display(context, game, viewer)}}),
                               pictures::SideColors(game.definition()));
    }
    shown.info.emplace_back(context.text("page.game-name"), game.name());
    shown.info.emplace_back(context.text("page.file"), name);
    for (const auto& [key, value] : header.tags) shown.info.emplace_back(key, value);

    PageRecorder recorder(context, game, shown, seen_by);
    recorder.position(state);
    MoveObserver* observer = &recorder;
    const RunResult run = run_moves(*input.source, game, state, observer);
    if (run.read_error) return {report_file_error(context, file, read_failure(*run.read_error)), std::nullopt};
    if (run.lines_after_quit) context.err() << quit_warning_line(context, file, *run.quit_line) << '\n';
    if (const auto declared = run.declared_result ? run.declared_result : header.result)
      shown.info.emplace_back(context.text("page.result"), *declared);
    shown.info.emplace_back(context.text("page.end"), shown.statuses.back());
    if (run.error) {
      // Reported as replay reports it, and on the page after the last good move.
      shown.error = error_line(file, *run.error, move_error_text(context, game, state, *run.error));
      context.err() << shown.error << '\n';
      status = kExitInvalid;
    }
  }
  if (input.source->read_error())
    return {report_file_error(context, file, read_failure(*input.source->read_error())), std::nullopt};
  if (game_index && index < *game_index)
    return {report_file_error(context, file,
                              FileError{"usage", Message{"usage.no-such-game",
                                                         {{"index", std::to_string(*game_index)},
                                                          {"count", std::to_string(index)}}}}),
            std::nullopt};
  if (page.games.empty())  // a file of no game at all
    return {report_file_error(context, file,
                              FileError{"usage", Message{"usage.no-such-game", {{"index", "1"}, {"count", "0"}}}}),
            std::nullopt};
  page.title = page.games.size() == 1 ? page.games.front().title : std::filesystem::path(file).filename().string();
  return {status, pictures::page_html(page), static_cast<int>(page.games.size())};
}

}  // namespace gamerec::cli
