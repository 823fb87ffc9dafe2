#pragma once
// The record one `play` session writes: a regular file, locked for the whole
// session so that a second session on it is refused (flock, released however
// the process ends), checked before every change so that a record changed
// behind the session's back is never written over (size, modification and
// inode change times, and that its name still leads to it), and changed
// only when a move is made or taken back. Undo re-reads the record instead
// of keeping the game's history, so a session's memory does not grow with
// the record. Which record a session writes is core/play_session.h's.
#include <sys/stat.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/match.h"
#include "core/record_input.h"
#include "records/record_file.h"
#include "records/record_format.h"

namespace gamerec {

// One move undo takes back: its text, who made it, and the position after
// it (to tell who may see it).
struct TakenBack {
  std::string text;
  Side mover = kNoSide;
  std::unique_ptr<State> after;
};

// What undo does: the moves it takes back and the position after them, or
// why it takes none.
struct UndoPlan {
  // Nothing to undo ("ui.nothing-to-undo"), or a move the game will not
  // take back (a message of the game's own: a battleship shot); when set,
  // nothing else is.
  std::optional<Message> refused;
  std::vector<TakenBack> moves;     // oldest first
  std::unique_ptr<State> position;  // after the undo
  std::uint64_t cut_at = 0;         // where the record ends after it
};

class RecordSession final : public MoveSink {
 public:
  // An existing record, locked (an error when it is locked by another
  // session, not a regular file, or cannot be opened).
  static Result<RecordSession, Error> open(const std::string& path);
  // A new record, which must not exist yet: the first `prefix_bytes` of
  // `source_path` (none when empty), then `header`; locked.
  static Result<RecordSession, Error> create(const std::string& path, const std::string& source_path,
                                             std::uint64_t prefix_bytes, std::string_view header);

  // A new record in a format whose whole text closes with the game's state
  // (PGN; RecordWriter::clone): `writers` holds the writer after each move
  // so far (the first: the game begun, no move yet), the last of which led
  // to `position`. Every move and undo writes the game's text again, from
  // where it first changes (RecordFile::rewrite): after each, the file is
  // a whole game in its format, its result "*" until the rules end it. The
  // writers kept for undo grow with the game (a chess game's movetext).
  static Result<RecordSession, Error> create_whole(const std::string& path, const Game& game,
                                                   std::vector<std::unique_ptr<RecordWriter>> writers,
                                                   const State& position);

  const std::string& path() const { return file_.path(); }
  // Cuts the record to `bytes` when the first move is written (a final Q
  // line goes); until then the file stays as it is.
  void cut_before_first_move(std::uint64_t bytes) { pending_cut_ = bytes; }
  // Writes a move's line; a failed write, or a record changed behind the
  // session's back, is an Error, with the file as it was.
  [[nodiscard]] std::optional<Error> write_move(const State& before, const Move& move,
                                                std::string_view text) override;
  // Writes a comment after the moves so far (a move list's "# TEXT" line; a
  // comment at the end of a record written whole, whose game stands at
  // `position`), as write_move writes a move: why the session ended (a
  // forfeit), or who plays from here.
  [[nodiscard]] std::optional<Error> write_comment(std::string_view text, const State& position);

  // What undo does after `played` moves of `game`: takes back the last move,
  // and the moves of computer players before it (`is_computer`), back to a
  // person's move. The record is read again rather than the game's history
  // kept, so a session's memory does not grow with the record; an Error
  // when it no longer reads as this session wrote it.
  Result<UndoPlan, Error> plan_undo(const Game& game, const GameCatalogue& catalogue, std::int64_t played,
                                    const std::function<bool(Side)>& is_computer) const;
  // Takes the moves of `plan` back in the record (it must not be refused).
  [[nodiscard]] std::optional<Error> undo(const UndoPlan& plan);
  // Removes the record (a new game's that holds no move when the session
  // ends), unless it was changed behind the session's back; whether it did.
  bool remove();

 private:
  explicit RecordSession(RecordFile file);
  // The session on `file`, once locked and its state noted.
  static Result<RecordSession, Error> locked(Result<RecordFile, Error> file);
  // The record ends at `offset`, where a move's line began.
  [[nodiscard]] std::optional<Error> cut_to(std::uint64_t offset);
  [[nodiscard]] std::optional<Error> lock();
  // An error unless the file is as this session last left it.
  [[nodiscard]] std::optional<Error> check_unchanged() const;
  [[nodiscard]] std::optional<Error> remember();

  // The game's text written again (create_whole).
  struct WholeText {
    const Game* game = nullptr;
    std::vector<std::unique_ptr<RecordWriter>> writers;  // after 0, 1, ... moves
    std::string text;                                    // the file as it is
  };
  [[nodiscard]] std::optional<Error> write_whole(const State& position);
  // `writer` as the writer after a new move (`after_move`) or in place of
  // the last one, and the game written again at `position`.
  [[nodiscard]] std::optional<Error> write_whole_with(std::unique_ptr<RecordWriter> writer,
                                                      const State& position, bool after_move);
  // A line after the record's last line (a final Q line goes first).
  [[nodiscard]] std::optional<Error> append(std::string_view line);

  RecordFile file_;
  std::optional<WholeText> whole_;
  std::optional<std::uint64_t> pending_cut_;
  struct stat known_ {};
};
// The first `moves` moves of the record at `path`, read again: the position
// after them, where the line of the move after them starts (or the end of
// the record), and the last few of them with who made them (oldest first).
struct RecentMove {
  Side mover = kNoSide;
  std::string text;
};
struct RecordPrefix {
  std::unique_ptr<State> state;
  std::uint64_t end_offset = 0;
  std::vector<RecentMove> recent;
};
inline constexpr std::size_t kRecentMovers = 64;
Result<RecordPrefix, Error> read_prefix(const std::string& path, const GameCatalogue& catalogue,
                                        const GameChoice& choice, std::int64_t moves);

}  // namespace gamerec
