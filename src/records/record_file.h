#pragma once
// Writes records so that no accepted move is ever lost or torn: every line
// goes straight to the operating system with one write(2) (no user-space
// buffer), so killing the program at any moment keeps every line appended
// before; a write that fails part-way (a full disk) is cut back, so the file
// is exactly what it was before that move. New files are built under a
// temporary name and renamed into place, so a reader never sees a
// half-written copy, and a record is never replaced by a shorter one.
//
// Every failure is an Error ("io", a "write.*" message naming the file and
// the system's reason) that the caller reports before it stops.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "records/unique_fd.h"
#include "rules/error.h"
#include "rules/result.h"

namespace gamerec {

// A new file that will be linked into place as `path` (link() fails rather
// than replace a file that appeared meanwhile): a name of this process's
// own next to it, made with O_EXCL, so never a file or a symbolic link that
// someone else has. Sets `temporary` to its name.
Result<UniqueFd, Error> create_temporary_for(const std::string& path, std::string& temporary, int flags);

class RecordFile {
 public:
  // Opens an existing record for appending; nothing is changed until the
  // first line is appended. Then an unterminated last line gets its line
  // end, so the next move starts its own line.
  static Result<RecordFile, Error> open_for_append(const std::string& path);
  // Creates `path` (which must not exist yet) holding the first
  // `prefix_bytes` bytes of `source_path` (none when empty), then `extra`
  // (a header, say).
  static Result<RecordFile, Error> create(const std::string& path, const std::string& source_path,
                                          std::uint64_t prefix_bytes, std::string_view extra);

  RecordFile(RecordFile&&) noexcept = default;
  RecordFile& operator=(RecordFile&&) noexcept = default;

  // Appends `text` and a line end (CRLF when the file already uses CRLF);
  // returns the offset where the line starts. A failed write leaves the
  // file as it was.
  Result<std::uint64_t, Error> append_line(std::string_view text);
  // Makes the file hold `text`, of which it holds the first `same` bytes
  // already, for formats whose text closes with the game's state (PGN's
  // result): the rest goes in one write from there, so a kill leaves the
  // old text or the new. A shorter text is written over the old one padded
  // with line ends, then the file is cut: a kill between leaves blank lines
  // at its end, which readers pass over. A failed write puts back `old`
  // (the file's whole text before) and fails.
  [[nodiscard]] std::optional<Error> rewrite(std::string_view text, std::size_t same, std::string_view old);
  // Lines appended from now on reach the disk at sync() rather than each
  // at once (a tourney's records: a game counts once it is all on disk).
  // A kill still leaves every line written before it.
  void flush_at_sync() { flush_each_line_ = false; }
  // Puts every line written so far on the disk (fdatasync).
  [[nodiscard]] std::optional<Error> sync();
  // Cuts the file back to `size` bytes (undo; dropping a final Q line keeps
  // the file's inode, links and mode).
  [[nodiscard]] std::optional<Error> truncate(std::uint64_t size);
  std::uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }
  int fd() const { return fd_.get(); }

 private:
  RecordFile(std::string path, UniqueFd fd, std::uint64_t size)
      : path_(std::move(path)), fd_(std::move(fd)), size_(size) {}
  // Writes all of `bytes`, or cuts the file back to where it was and fails.
  [[nodiscard]] std::optional<Error> write_all(std::string_view bytes);
  // Reads the file's last line end: its style (a CRLF record stays CRLF)
  // and whether the last line has one.
  [[nodiscard]] std::optional<Error> learn_line_end();

  std::string path_;
  UniqueFd fd_;
  std::uint64_t size_ = 0;
  std::string_view line_end_ = "\n";
  bool line_end_known_ = false;
  bool last_line_ended_ = true;
  bool flush_each_line_ = true;
};

}  // namespace gamerec
