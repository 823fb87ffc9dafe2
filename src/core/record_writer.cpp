#include "core/record_writer.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace gamerec {
namespace {

std::string describe(const std::string& path, const char* what) {
  return path + ": cannot " + what + ": " + std::strerror(errno);
}

void write_fd(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw RecordWriteError(describe(path, "write"));
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

}  // namespace

RecordFile RecordFile::open_for_append(const std::string& path, std::optional<std::uint64_t> keep_bytes) {
  const int fd = ::open(path.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd < 0) throw RecordWriteError(describe(path, "open for writing"));
  struct stat info {};
  ::fstat(fd, &info);
  RecordFile file(path, fd, static_cast<std::uint64_t>(info.st_size));
  if (keep_bytes && *keep_bytes < file.size_) file.truncate(*keep_bytes);
  file.adopt_line_end();
  return file;
}

RecordFile RecordFile::create(const std::string& path, const std::string& source_path,
                              std::uint64_t prefix_bytes, std::string_view extra) {
  const std::string temporary = path + ".gamerec-tmp";
  const int fd = ::open(temporary.c_str(), O_RDWR | O_APPEND | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw RecordWriteError(describe(temporary, "create"));
  RecordFile file(path, fd, 0);
  try {
    if (!source_path.empty() && prefix_bytes > 0) {
      const int in = ::open(source_path.c_str(), O_RDONLY | O_CLOEXEC);
      if (in < 0) throw RecordWriteError(describe(source_path, "open"));
      std::vector<char> buffer(1 << 16);
      std::uint64_t left = prefix_bytes;
      while (left > 0) {
        const ssize_t n = ::read(in, buffer.data(), std::min<std::uint64_t>(left, buffer.size()));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        file.write_all(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
        left -= static_cast<std::uint64_t>(n);
      }
      ::close(in);
      file.adopt_line_end();
    }
    file.write_all(extra);
    if (::rename(temporary.c_str(), path.c_str()) != 0) throw RecordWriteError(describe(path, "create"));
  } catch (...) {
    ::unlink(temporary.c_str());
    throw;
  }
  return file;
}

RecordFile::RecordFile(RecordFile&& other) noexcept
    : path_(std::move(other.path_)), fd_(other.fd_), size_(other.size_), line_end_(other.line_end_) {
  other.fd_ = -1;
}

RecordFile& RecordFile::operator=(RecordFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(other.path_);
    fd_ = other.fd_;
    size_ = other.size_;
    line_end_ = other.line_end_;
    other.fd_ = -1;
  }
  return *this;
}

RecordFile::~RecordFile() {
  if (fd_ >= 0) ::close(fd_);
}

void RecordFile::write_all(std::string_view bytes) {
  write_fd(fd_, bytes, path_);
  size_ += bytes.size();
}

void RecordFile::adopt_line_end() {
  if (size_ == 0) return;
  // The file's last line end tells its style: a CRLF record stays CRLF.
  std::vector<char> tail(static_cast<std::size_t>(std::min<std::uint64_t>(size_, 64 * 1024 + 2)));
  const auto got = ::pread(fd_, tail.data(), tail.size(), static_cast<off_t>(size_ - tail.size()));
  if (got != static_cast<ssize_t>(tail.size())) return;
  const std::string_view text(tail.data(), tail.size());
  const auto last_newline = text.rfind('\n');
  if (last_newline != std::string_view::npos && last_newline > 0 && text[last_newline - 1] == '\r')
    line_end_ = "\r\n";
  // An unterminated last line gets its line end, so the next move starts its own line.
  if (text.back() != '\n') write_all(line_end_);
}

std::uint64_t RecordFile::append_line(std::string_view text) {
  const std::uint64_t start = size_;
  std::string line(text);
  line += line_end_;
  write_all(line);  // one write: a kill leaves the line whole or absent
  return start;
}

void RecordFile::truncate(std::uint64_t size) {
  if (::ftruncate(fd_, static_cast<off_t>(size)) != 0) throw RecordWriteError(describe(path_, "truncate"));
  size_ = size;
}

}  // namespace gamerec
