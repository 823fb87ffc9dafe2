#include "core/play_session.h"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <ctime>
#include <filesystem>

#include "core/tourney.h"
#include "records/move_list.h"
#include "records/record_format.h"

namespace gamerec {
namespace {

bool file_exists(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec);
}

PlayRefusal usage(Message message, std::string game = "") {
  return PlayRefusal{Error{"usage", std::move(message), 0, std::move(game)}, false};
}
PlayRefusal in_record(Error error) { return PlayRefusal{std::move(error), true}; }

// A record is never replaced by a new one.
PlayRefusal existing(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return usage(Message{"play.output-directory", {{"file", path}}});
  return usage(Message{"play.output-exists", {{"file", path}}});
}

// "chess-20261203-081500.chess": a new game's record when none is named.
std::string generated_name(const Game& game) {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  char stamp[32] = "00000000-000000";  // a clock that cannot be read
  if (::localtime_r(&now, &local) != nullptr) std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  const auto& extensions = game.definition().extensions;
  return game.name() + "-" + stamp + "." + (extensions.empty() ? std::string("txt") : extensions.front());
}

}  // namespace

PlayOpening::~PlayOpening() = default;

Result<PlayOpening, PlayRefusal> PlayOpening::open(const GameCatalogue& catalogue, PlayRequest request) {
  PlayOpening opening(catalogue, std::move(request));
  const PlayRequest& asked = opening.request_;
  if (asked.file == "-") return usage(Message{"play.no-stdin"});
  std::optional<PlayRefusal> refused;
  if (asked.file.empty() || !file_exists(asked.file)) {
    // A new game goes into FILE; with -o as well, FILE was meant to exist.
    if (!asked.file.empty() && !asked.output.empty())
      return usage(Message{"play.missing-file", {{"file", asked.file}}});
    refused = opening.open_new_game();
  } else {
    if (!asked.choice.overrides.empty()) return usage(Message{"play.variant-existing"});
    if (!asked.position.empty()) return usage(Message{"play.position-existing"});
    refused = opening.open_record();
  }
  if (refused) return std::move(*refused);
  return opening;
}

std::optional<PlayRefusal> PlayOpening::open_new_game() {
  const std::string& path = request_.file.empty() ? request_.output : request_.file;
  std::string game_name = request_.choice.forced_game.value_or("");
  if (game_name.empty() && !path.empty()) game_name = catalogue_->game_for_path(path).value_or("");
  // A format that holds one game's records tells it too (a .pgn: chess).
  if (game_name.empty() && !path.empty()) game_name = catalogue_->format_for_output(path).game;
  if (game_name.empty()) return usage(Message{"play.which-game"});
  auto made = catalogue_->make_game(game_name, request_.choice.overrides);
  if (!made) return usage(made.error());
  game_ = std::move(made).value();
  // A game whose every game draws its start (Chess960): drawn here, and
  // written into the header as a start given with --position is.
  if (request_.position.empty()) request_.position = drawn_start(*game_, request_.seed, 1);
  auto start = game_->new_state_from(request_.position);
  if (!start) return usage(start.error(), game_->name());
  position_ = std::move(start).value();
  if (!path.empty()) return choose_output(path);
  return std::nullopt;
}

std::optional<PlayRefusal> PlayOpening::choose_output(const std::string& path) {
  const RecordFormat& format = catalogue_->format_for_output(path);
  if (format.name == move_list_format().name) return std::nullopt;
  if (!format.game.empty() && format.game != game_->definition().rules)
    return usage(
        Message{"convert.wrong-game",
                {{"file", path}, {"format", format.name}, {"holds", format.game}, {"game", game_->name()}}});
  if (format.unrecorded_option) {
    if (auto option = format.unrecorded_option(*game_))
      return usage(
          Message{"convert.option-lost", {{"file", path}, {"format", format.name}, {"option", *option}}});
  }
  std::unique_ptr<RecordWriter> writer = format.open_writer();
  if (writer->clone() == nullptr)
    return usage(Message{"play.output-format", {{"file", path}, {"format", format.name}}});
  output_ = &format;
  writers_.clear();
  writers_.push_back(std::move(writer));
  return std::nullopt;
}

// The header a record written whole begins with: the game goes on, so a
// result it declared (a resignation) no longer stands.
GameHeader PlayOpening::whole_header(GameHeader header) const {
  header.result.reset();
  std::erase_if(header.tags,
                [](const auto& tag) { return tag.first == "Result" || tag.first == "Termination"; });
  return header;
}

bool PlayOpening::foreign() const { return input_.format != nullptr && input_.format->name != "move-list"; }

std::optional<PlayRefusal> PlayOpening::open_record() {
  const std::string& path = request_.file;
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode))
    return usage(Message{"write.not-regular", {{"file", path}}});
  // Locked before it is read: another session cannot slip moves in.
  if (request_.output.empty() || same_file(request_.output, path)) {
    auto locked = RecordSession::open(path);
    if (!locked) return PlayRefusal{std::move(locked.error())};
    in_place_.emplace(std::move(locked).value());
  }
  auto opened = open_input(path, *catalogue_);
  if (!opened) return in_record(std::move(opened.error()));
  input_ = std::move(opened).value();
  // Game N of an archive (--game-index): the games before it are passed over.
  auto next = input_.source->next_game();
  for (int number = 1; next && number < request_.game_index; ++number) next = input_.source->next_game();
  if (!next) {
    int count = 0;
    if (!input_.source->read_error()) {
      // How many games there are, for the message: read again from the start.
      if (auto again = open_input(path, *catalogue_)) {
        while (again->source->next_game()) ++count;
      }
    }
    if (input_.source->read_error()) return in_record(*input_.source->read_error());
    return in_record(Error{"usage", Message{"usage.no-such-game",
                                            {{"index", std::to_string(request_.game_index)},
                                             {"count", std::to_string(count)}}}});
  }
  if (const auto* header_error = next->if_error()) return in_record(header_file_error(*header_error));
  auto game = open_game(std::move(*next).value(), input_, path, *catalogue_, request_.choice);
  if (!game) return in_record(std::move(game.error()));
  // A record in another format (a Gomocup .psq) takes no new lines: its
  // moves go to OUT as a move list (as convert writes it), then the new ones.
  if (foreign() && in_place_)
    return usage(Message{"play.not-a-move-list", {{"file", path}, {"format", input_.format->name}}});
  header_ = std::move(game->header);
  game_ = std::move(game->game);
  position_ = std::move(game->start);
  if (!in_place_) {
    if (auto refused = choose_output(request_.output)) return refused;
    if (output_ != nullptr) {
      auto begun = writers_.back()->begin_game(*game_, whole_header(header_));
      if (!begun) return PlayRefusal{std::move(begun.error())};
    }
  }
  return std::nullopt;
}

void PlayOpening::name_players(const std::vector<std::string>& names,
                               const std::function<std::string(const std::string& players)>& branch) {
  // A move list's header is kept byte for byte; only a roster written
  // whole is named again (a move list's players: stand as PGN reads them).
  if (!resumes() || output_ == nullptr || (header_.tags.empty() && !header_.text.empty())) return;
  const auto& sides = game_->definition().sides;
  std::string before;
  bool renamed = false;
  for (std::size_t side = 0; side < sides.size() && side < names.size(); ++side) {
    std::string tag = sides[side];
    if (!tag.empty()) tag[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(tag[0])));
    auto found = std::find_if(header_.tags.begin(), header_.tags.end(), [&](const auto& t) { return t.first == tag; });
    const std::string old_name = found != header_.tags.end() ? found->second : "?";
    before += (before.empty() ? "" : ", ") + sides[side] + ": " + old_name;
    if (names[side].empty() || names[side] == old_name) continue;
    renamed = true;
    if (found != header_.tags.end())
      found->second = names[side];
    else
      header_.tags.emplace_back(tag, names[side]);
  }
  if (!renamed) return;
  branch_comment_ = branch(before);
  // A writer kept for play writes a whole format (clone()), which takes any
  // header: only a move list's has a limit.
  (void)writers_.back()->begin_game(*game_, whole_header(header_));
}

RunResult PlayOpening::replay(RecordVisitor* observer) {
  if (!resumes()) return {};
  if (output_ != nullptr) {
    // Everything the record holds goes to the writer (comments, variations),
    // with a copy of it after each move for undo.
    class Whole final : public RecordVisitor {
     public:
      Whole(RecordVisitor* shown, const Game& game, std::vector<std::unique_ptr<RecordWriter>>& writers)
          : shown_(shown), game_(game), writers_(writers) {}
      void before_move(const RecordEvent& event, const Move& move, const State& position) override {
        std::unique_ptr<RecordWriter> next = writers_.back()->clone();
        (void)next->move(game_, position, move, event.text);
        writers_.push_back(std::move(next));
        if (shown_ != nullptr) shown_->before_move(event, move, position);
      }
      bool after_move(const RecordEvent& event, Side mover, const Move& move,
                      const State& position) override {
        return shown_ == nullptr || shown_->after_move(event, mover, move, position);
      }
      void annotation(const RecordEvent& event) override { (void)writers_.back()->annotation(event); }
      void variation_move(const RecordEvent& event, const Move* move, const State& position) override {
        (void)writers_.back()->variation_move(game_, position, move, event);
      }

     private:
      RecordVisitor* shown_;
      const Game& game_;
      std::vector<std::unique_ptr<RecordWriter>>& writers_;
    } whole(observer, *game_, writers_);
    RecordVisitor* both = &whole;
    return run_moves(*input_.source, *game_, *position_, both);
  }
  if (!foreign()) return run_moves(*input_.source, *game_, *position_, observer);
  // Each move as a move list writes it too, for OUT.
  class Converting final : public RecordVisitor {
   public:
    Converting(RecordVisitor* shown, const Game& game, std::string& lines)
        : shown_(shown), game_(game), lines_(lines), writer_(move_list_format().open_writer()) {}
    void before_move(const RecordEvent& event, const Move& move, const State& position) override {
      lines_ += writer_->move(game_, position, move, event.text);
      if (shown_ != nullptr) shown_->before_move(event, move, position);
    }
    bool after_move(const RecordEvent& event, Side mover, const Move& move, const State& position) override {
      return shown_ == nullptr || shown_->after_move(event, mover, move, position);
    }
    // The last move's line, which the writer holds until the game's end.
    void end(const State& position) { lines_ += writer_->end_game(game_, position); }

   private:
    RecordVisitor* shown_;
    const Game& game_;
    std::string& lines_;
    std::unique_ptr<RecordWriter> writer_;
  } converting(observer, *game_, converted_);
  RecordVisitor* both = &converting;
  RunResult run = run_moves(*input_.source, *game_, *position_, both);
  converting.end(*position_);
  return run;
}

Result<RecordSession, PlayRefusal> PlayOpening::begin(const RunResult& replayed) {
  if (!resumes()) return create_new_record();
  const std::string& path = request_.file;
  // The rest of the file is unknown: continuing would append after it.
  if (replayed.read_error) return in_record(*replayed.read_error);
  if (replayed.error || replayed.lines_after_quit) {
    const std::string why = replayed.error ? "play.because-error" : "play.because-after-quit";
    if (request_.output.empty())
      return usage(Message{"play.needs-output", {{"file", path}, {"why@", why}, {"moves#", "ui.moves " + std::to_string(replayed.moves)}}});
    if (in_place_) return usage(Message{"play.output-same", {{"file", path}, {"why@", why}}});
  }
  input_.source.reset();
  if (in_place_) {
    // A final Q line goes, but only when a move is made.
    if (replayed.quit_line) in_place_->cut_before_first_move(replayed.end_offset);
    RecordSession session = std::move(*in_place_);
    in_place_.reset();
    return session;
  }
  const std::string& output = request_.output;
  if (file_exists(output)) return existing(output);
  Result<RecordSession, Error> created = Error{};
  if (output_ != nullptr) {
    if (!branch_comment_.empty()) {
      RecordEvent comment;
      comment.kind = RecordEvent::Kind::kComment;
      comment.text = branch_comment_;
      (void)writers_.back()->annotation(comment);
    }
    created = RecordSession::create_whole(output, *game_, std::move(writers_), *position_);
  } else if (foreign()) {
    GameHeader header = header_;
    if (catalogue_->game_for_path(output) != game_->name()) header.game = game_->name();
    auto begun = move_list_format().open_writer()->begin_game(*game_, header);
    if (!begun) return PlayRefusal{std::move(begun.error())};
    created = RecordSession::create(output, "", 0, *begun + converted_);
  } else {
    // The valid part of the input, byte for byte, then the new moves.
    created = RecordSession::create(output, path, replayed.end_offset, "");
  }
  if (!created) return PlayRefusal{std::move(created.error())};
  return std::move(created).value();
}

Result<RecordSession, PlayRefusal> PlayOpening::create_new_record() {
  std::string path = request_.file.empty() ? request_.output : request_.file;
  if (path.empty()) path = generated_name(*game_);
  if (file_exists(path)) return existing(path);
  if (output_ != nullptr) {
    GameHeader header;
    header.position = request_.position;
    auto begun = writers_.back()->begin_game(*game_, header);
    if (!begun) return PlayRefusal{std::move(begun.error())};
    auto created = RecordSession::create_whole(path, *game_, std::move(writers_), *position_);
    if (!created) return PlayRefusal{std::move(created.error())};
    return std::move(created).value();
  }
  // The header names the game when the file name would not tell it, and
  // keeps the chosen rule options.
  GameHeader header;
  if (catalogue_->game_for_path(path) != game_->name()) header.game = game_->name();
  header.variant = request_.choice.overrides;
  header.position = request_.position;
  auto created = RecordSession::create(path, "", 0, move_list_header(header, *game_));
  if (!created) return PlayRefusal{std::move(created.error())};
  return std::move(created).value();
}

}  // namespace gamerec
