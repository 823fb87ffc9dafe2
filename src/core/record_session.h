#pragma once
// The record one `play` session writes: a regular file, locked for the whole
// session so that a second session on it is refused (flock, released however
// the process ends), checked before every change so that a record changed
// behind the session's back is never written over, and changed only when a
// move is made or taken back. Undo re-reads the record instead of keeping
// the game's history, so a session's memory does not grow with the record.
#include <sys/stat.h>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/match.h"
#include "core/record_input.h"
#include "records/record_file.h"

namespace gamerec {

class RecordSession final : public MoveSink {
 public:
  // An existing record (RecordWriteError when it is locked by another
  // session or not a regular file).
  static RecordSession open(const std::string& path);
  // A new record, which must not exist yet: the first `prefix_bytes` of
  // `source_path` (none when empty), then `header`.
  static RecordSession create(const std::string& path, const std::string& source_path,
                              std::uint64_t prefix_bytes, std::string_view header);

  const std::string& path() const { return file_.path(); }
  // Cuts the record to `bytes` when the first move is written (a final Q
  // line goes); until then the file stays as it is.
  void cut_before_first_move(std::uint64_t bytes) { pending_cut_ = bytes; }
  void write_move(const State& before, const Move& move, std::string_view text) override;
  // Takes moves back: the record ends at `offset`, where a move's line began.
  void cut_to(std::uint64_t offset);

 private:
  explicit RecordSession(RecordFile file);
  void lock();
  // Throws unless the file is as this session last left it.
  void check_unchanged() const;
  void remember();

  RecordFile file_;
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
Result<RecordPrefix, FileError> read_prefix(const std::string& path, const GameCatalogue& catalogue,
                                                  const GameChoice& choice, std::int64_t moves);

}  // namespace gamerec
