#include "core/record_session.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace gamerec {
namespace {

std::variant<std::unique_ptr<LineSource>, FileError> open_source(const std::string& path) {
  if (path == "-") return std::make_unique<LineSource>(STDIN_FILENO, false);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return FileError{"io", std::string("cannot open: ") + std::strerror(errno)};
  struct stat info {};
  if (::fstat(fd, &info) == 0 && S_ISDIR(info.st_mode)) {
    ::close(fd);
    return FileError{"io", "cannot read: it is a directory"};
  }
  return std::make_unique<LineSource>(fd, true);
}

// The game named by the first rule of SPEC section 2 that applies.
std::variant<std::string, FileError> choose_game(const std::string& path, const RecordHeader& header,
                                                 RecordReader& reader, const GameCatalogue& catalogue,
                                                 const GameChoice& choice) {
  if (choice.forced_game) return *choice.forced_game;
  if (header.game) return *header.game;
  if (path != "-") {
    if (auto game = catalogue.game_for_path(path)) return *game;
  }
  if (const RecordLine* first = reader.peek()) {
    auto games = catalogue.games_accepting(first->text);
    if (games.size() == 1) return games.front();
  }
  const RecordLine* first = reader.peek();
  return FileError{"unknown-game", "cannot tell which game this is; use --game or a header",
                   first != nullptr ? first->line : 1};
}

}  // namespace

std::variant<OpenedRecord, FileError> open_record(const std::string& path, const GameCatalogue& catalogue,
                                                  const GameChoice& choice) {
  auto source = open_source(path);
  if (auto* error = std::get_if<FileError>(&source)) return *error;
  OpenedRecord record;
  record.reader = std::make_unique<RecordReader>(std::get<std::unique_ptr<LineSource>>(std::move(source)));
  auto header = record.reader->read_header();
  if (auto* error = std::get_if<RecordError>(&header))
    return FileError{"header", error->error.detail, error->line};
  record.header = std::get<RecordHeader>(std::move(header));

  auto name = choose_game(path, record.header, *record.reader, catalogue, choice);
  if (auto* error = std::get_if<FileError>(&name)) {
    if (!record.reader->source().read_error().empty())
      return FileError{"io", "cannot read: " + record.reader->source().read_error()};
    return *error;
  }
  const std::string& game_name = std::get<std::string>(name);
  // What the file says is checked alone first, so that a bad header is
  // reported as the file's fault and a bad --game/--variant as the user's.
  const bool game_from_header = !choice.forced_game && record.header.game;
  auto game = catalogue.make_game(game_name, record.header.variant);
  if (auto* error = std::get_if<std::string>(&game)) {
    if (game_from_header || !record.header.variant.empty()) {
      const int line =
          catalogue.find(game_name) == nullptr ? record.header.game_line : record.header.variant_line;
      return FileError{"header", *error, line};
    }
    // A known game that cannot be built has a bad definition (--formats) or
    // option: the user's to fix, like a bad --game.
    const bool unknown = catalogue.find(game_name) == nullptr && !choice.forced_game;
    return FileError{unknown ? "unknown-game" : "usage", *error, 0};
  }
  if (!choice.overrides.empty()) {
    std::vector<OptionOverride> overrides = record.header.variant;
    overrides.insert(overrides.end(), choice.overrides.begin(), choice.overrides.end());
    game = catalogue.make_game(game_name, overrides);
    if (auto* error = std::get_if<std::string>(&game)) return FileError{"usage", *error, 0};
  }
  record.game = std::get<std::unique_ptr<Game>>(std::move(game));
  auto start = record.game->new_state_from(record.header.position);
  if (auto* error = std::get_if<std::string>(&start))
    return FileError{"header", *error, record.header.position_line};
  record.start = std::get<std::unique_ptr<State>>(std::move(start));
  return record;
}

}  // namespace gamerec
