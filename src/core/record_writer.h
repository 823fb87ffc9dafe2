#pragma once
// Writes records so that no accepted move is ever lost: every line goes
// straight to the operating system with write(2) (no user-space buffer), so
// killing the program at any moment keeps every line appended before.
// New files are built under a temporary name and renamed into place, so a
// reader never sees a half-written copy.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gamerec {

class RecordFile {
 public:
  // Opens an existing record for appending, first cutting it to
  // `keep_bytes` when given (dropping a final Q line keeps the file's inode,
  // links and mode). If it does not end with a line end, one is added so
  // the next move starts its own line.
  static RecordFile open_for_append(const std::string& path,
                                    std::optional<std::uint64_t> keep_bytes = std::nullopt);
  // Creates `path` (replacing it atomically) holding the first `prefix_bytes`
  // bytes of `source_path` (none when empty), then `extra` (a header, say).
  static RecordFile create(const std::string& path, const std::string& source_path,
                           std::uint64_t prefix_bytes, std::string_view extra);

  RecordFile(RecordFile&& other) noexcept;
  RecordFile& operator=(RecordFile&& other) noexcept;
  RecordFile(const RecordFile&) = delete;
  RecordFile& operator=(const RecordFile&) = delete;
  ~RecordFile();

  // Appends `text` and a line end (CRLF when the file already uses CRLF);
  // returns the offset where the line starts.
  std::uint64_t append_line(std::string_view text);
  // Cuts the file back to `size` bytes (used by undo).
  void truncate(std::uint64_t size);
  std::uint64_t size() const { return size_; }
  const std::string& path() const { return path_; }

 private:
  RecordFile(std::string path, int fd, std::uint64_t size) : path_(std::move(path)), fd_(fd), size_(size) {}
  void write_all(std::string_view bytes);
  // Ends an unterminated last line and takes over the file's line ends.
  void adopt_line_end();

  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
  std::string_view line_end_ = "\n";
};

// Thrown for any failure to write a record: the caller reports it and stops.
struct RecordWriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace gamerec
