#include "core/record_session.h"

#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <deque>

#include "rules/facets.h"

namespace gamerec {
namespace {

bool same_time(const struct timespec& a, const struct timespec& b) {
  return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

}  // namespace

RecordSession::RecordSession(RecordFile file) : file_(std::move(file)) {}

Result<RecordSession, Error> RecordSession::locked(Result<RecordFile, Error> file) {
  if (!file) return std::move(file.error());
  RecordSession session(std::move(*file));
  if (auto failed = session.lock()) return *failed;
  if (auto failed = session.remember()) return *failed;
  return session;
}

Result<RecordSession, Error> RecordSession::open(const std::string& path) {
  return locked(RecordFile::open_for_append(path));
}

Result<RecordSession, Error> RecordSession::create(const std::string& path, const std::string& source_path,
                                                   std::uint64_t prefix_bytes, std::string_view header) {
  return locked(RecordFile::create(path, source_path, prefix_bytes, header));
}

Result<RecordSession, Error> RecordSession::create_whole(const std::string& path, const Game& game,
                                                         std::vector<std::unique_ptr<RecordWriter>> writers,
                                                         const State& position) {
  // Whole from the start: the file appears holding the game.
  std::string text = writers.back()->clone()->end_game(game, position);
  auto session = locked(RecordFile::create(path, "", 0, text));
  if (session) session->whole_.emplace(WholeText{&game, std::move(writers), std::move(text)});
  return session;
}

std::optional<Error> RecordSession::write_whole(const State& position) {
  WholeText& whole = *whole_;
  std::string text = whole.writers.back()->clone()->end_game(*whole.game, position);
  const auto differs = std::mismatch(text.begin(), text.end(), whole.text.begin(), whole.text.end());
  if (auto failed = file_.rewrite(text, static_cast<std::size_t>(differs.first - text.begin()), whole.text))
    return failed;
  whole.text = std::move(text);
  return std::nullopt;
}

std::optional<Error> RecordSession::lock() {
  if (::flock(file_.fd(), LOCK_EX | LOCK_NB) == 0) return std::nullopt;
  if (errno == EWOULDBLOCK) return Error{"io", Message{"write.locked", {{"file", file_.path()}}}};
  return system_error("write.cannot-lock", file_.path(), errno);
}

std::optional<Error> RecordSession::remember() {
  if (::fstat(file_.fd(), &known_) != 0) return system_error("write.cannot-open", file_.path(), errno);
  return std::nullopt;
}

std::optional<Error> RecordSession::check_unchanged() const {
  struct stat now {};
  struct stat by_name {};
  const bool changed = ::fstat(file_.fd(), &now) != 0 || now.st_size != known_.st_size ||
                       !same_time(now.st_mtim, known_.st_mtim) ||
                       // An edit at the same size with its time set back
                       // still changes the inode's change time.
                       !same_time(now.st_ctim, known_.st_ctim) ||
                       // Replaced or removed: the name no longer leads to our file.
                       ::stat(file_.path().c_str(), &by_name) != 0 || by_name.st_ino != now.st_ino ||
                       by_name.st_dev != now.st_dev;
  if (changed) return Error{"io", Message{"write.changed", {{"file", file_.path()}}}};
  return std::nullopt;
}

std::optional<Error> RecordSession::write_move(const State& before, const Move& move, std::string_view text) {
  if (auto changed = check_unchanged()) return changed;
  if (whole_) {
    std::unique_ptr<RecordWriter> writer = whole_->writers.back()->clone();
    (void)writer->move(*whole_->game, before, move, text);
    std::unique_ptr<State> after = before.clone();
    after->apply(move);
    return write_whole_with(std::move(writer), *after, true);
  }
  return append(text);
}

std::optional<Error> RecordSession::write_comment(std::string_view text, const State& position) {
  if (auto changed = check_unchanged()) return changed;
  // One line, whatever the text holds.
  std::string line(text);
  std::replace(line.begin(), line.end(), '\n', ' ');
  std::replace(line.begin(), line.end(), '\r', ' ');
  if (whole_) {
    std::unique_ptr<RecordWriter> writer = whole_->writers.back()->clone();
    RecordEvent comment;
    comment.kind = RecordEvent::Kind::kComment;
    comment.text = line;
    (void)writer->annotation(comment);
    return write_whole_with(std::move(writer), position, false);
  }
  return append("# " + line);
}

std::optional<Error> RecordSession::write_whole_with(std::unique_ptr<RecordWriter> writer,
                                                     const State& position, bool after_move) {
  // After a move the writer is one more; a comment changes the last one.
  if (after_move)
    whole_->writers.push_back(std::move(writer));
  else
    std::swap(writer, whole_->writers.back());
  if (auto failed = write_whole(position)) {
    // The file is as it was: so is the game.
    if (after_move)
      whole_->writers.pop_back();
    else
      std::swap(writer, whole_->writers.back());
    return failed;
  }
  return remember();
}

std::optional<Error> RecordSession::append(std::string_view line) {
  if (pending_cut_) {
    if (auto failed = file_.truncate(*pending_cut_)) return failed;
    pending_cut_.reset();
  }
  auto appended = file_.append_line(line);
  if (!appended) return std::move(appended.error());
  return remember();
}

std::optional<Error> RecordSession::undo(const UndoPlan& plan) {
  if (!whole_) return cut_to(plan.cut_at);
  if (auto changed = check_unchanged()) return changed;
  // The writer as it was before the moves taken back.
  auto& writers = whole_->writers;
  const std::size_t kept = writers.size() - 1 - std::min(plan.moves.size(), writers.size() - 1);
  std::vector<std::unique_ptr<RecordWriter>> taken_back;
  std::move(writers.begin() + static_cast<std::ptrdiff_t>(kept + 1), writers.end(),
            std::back_inserter(taken_back));
  writers.resize(kept + 1);
  if (auto failed = write_whole(*plan.position)) {
    // The file is as it was: so is the game.
    std::move(taken_back.begin(), taken_back.end(), std::back_inserter(writers));
    return failed;
  }
  return remember();
}

bool RecordSession::remove() {
  if (check_unchanged()) return false;  // another program's now: not ours to remove
  return ::unlink(file_.path().c_str()) == 0;
}

std::optional<Error> RecordSession::cut_to(std::uint64_t offset) {
  if (auto changed = check_unchanged()) return changed;
  pending_cut_.reset();
  if (auto failed = file_.truncate(offset)) return failed;
  return remember();
}

Result<RecordPrefix, Error> read_prefix(const std::string& path, const GameCatalogue& catalogue,
                                        const GameChoice& choice, std::int64_t moves) {
  auto input = open_input(path, catalogue);
  if (auto* error = input.if_error()) return *error;
  OpenRecord& record = input.value();
  auto header = record.source->next_game();
  if (!header) return Error{"io", Message{"write.changed", {{"file", path}}}};
  if (auto* error = header->if_error()) return header_file_error(*error);
  auto opened = open_game(std::move(*header).value(), record, path, catalogue, choice);
  if (auto* error = opened.if_error()) return *error;
  RecordGame& game = opened.value();

  RecordPrefix prefix;
  prefix.state = std::move(game.start);
  std::deque<RecentMove> recent;
  std::optional<std::uint64_t> end;
  std::int64_t played = 0;
  int variations = 0;  // open variations: their moves are not the game's (PGN)
  while (const RecordEvent* event = record.source->next_event()) {
    if (event->kind == RecordEvent::Kind::kQuit) {
      end = event->offset;
      break;
    }
    if (event->kind == RecordEvent::Kind::kVariationStart) ++variations;
    if (event->kind == RecordEvent::Kind::kVariationEnd) --variations;
    if (event->kind != RecordEvent::Kind::kMove || variations > 0) continue;
    if (played == moves) {
      end = event->offset;
      break;
    }
    auto move = read_move(*game.game, *prefix.state, event->text);
    if (event->too_long || !move) return Error{"io", Message{"write.changed", {{"file", path}}}};
    recent.push_back(RecentMove{prefix.state->to_move(), std::string(event->text)});
    if (recent.size() > kRecentMovers) recent.pop_front();
    prefix.state->apply(*move);
    ++played;
  }
  if (played < moves) return Error{"io", Message{"write.changed", {{"file", path}}}};
  prefix.end_offset = end.value_or(record.source->bytes_read());
  prefix.recent.assign(std::make_move_iterator(recent.begin()), std::make_move_iterator(recent.end()));
  return prefix;
}

Result<UndoPlan, Error> RecordSession::plan_undo(const Game& game, const GameCatalogue& catalogue,
                                                 std::int64_t played,
                                                 const std::function<bool(Side)>& is_computer) const {
  UndoPlan plan;
  if (played == 0) {
    plan.refused = Message{"ui.nothing-to-undo"};
    return plan;
  }
  // The record is read again as this session chose its game.
  GameChoice choice;
  choice.forced_game = game.name();
  auto all = read_prefix(path(), catalogue, choice, played);
  if (!all) return all.error();
  const std::vector<RecentMove>& recent = all->recent;
  std::size_t count = 1;  // recent.back() is the last move
  while (static_cast<std::int64_t>(count) < played && count < recent.size() &&
         is_computer(recent[recent.size() - count].mover))
    ++count;
  // Only computer moves back to the start: no move of a person to take
  // back (taking them all would only have the computers play again).
  if (is_computer(recent[recent.size() - count].mover)) {
    plan.refused = Message{"ui.nothing-to-undo"};
    return plan;
  }
  auto kept = read_prefix(path(), catalogue, choice, played - static_cast<std::int64_t>(count));
  if (!kept) return kept.error();
  // Replayed from the kept position: some moves cannot be taken back (a
  // battleship shot's answer), and who may see each one depends on it.
  const PromptRules* prompt = game.facet<PromptRules>();
  auto replayed = kept->state->clone();
  for (std::size_t i = recent.size() - count; i < recent.size(); ++i) {
    auto move = read_move(game, *replayed, recent[i].text);
    if (!move) return Error{"io", Message{"write.changed", {{"file", path()}}}};
    if (prompt != nullptr) {
      if (auto refused = prompt->undo_refused(*replayed, *move)) {
        return UndoPlan{std::move(refused), {}, nullptr, 0};
      }
    }
    replayed->apply(*move);
    plan.moves.push_back(TakenBack{recent[i].text, recent[i].mover, replayed->clone()});
  }
  plan.position = std::move(kept->state);
  plan.cut_at = kept->end_offset;
  return plan;
}

}  // namespace gamerec
