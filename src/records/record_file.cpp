#include "records/record_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace gamerec {
namespace {

RecordWriteError failure(const char* what, const std::string& path) {
  return RecordWriteError(
      Message{std::string("write.") + what, {{"file", path}, {"reason", std::strerror(errno)}}});
}

}  // namespace

UniqueFd create_temporary_for(const std::string& path, std::string& temporary, int flags) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = path + ".gamerec-tmp-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
    UniqueFd fd(::open(temporary.c_str(), flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
    if (fd) return fd;
    if (errno != EEXIST) break;  // a left-over of this pid's: try the next name
  }
  throw failure("cannot-create", path);
}

RecordFile RecordFile::open_for_append(const std::string& path) {
  UniqueFd fd(::open(path.c_str(), O_RDWR | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
  if (!fd) throw failure("cannot-open", path);
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) throw failure("cannot-open", path);
  if (!S_ISREG(info.st_mode)) {
    errno = EINVAL;
    throw RecordWriteError(Message{"write.not-regular", {{"file", path}}});
  }
  return RecordFile(path, std::move(fd), static_cast<std::uint64_t>(info.st_size));
}

RecordFile RecordFile::create(const std::string& path, const std::string& source_path,
                              std::uint64_t prefix_bytes, std::string_view extra) {
  std::string temporary;
  UniqueFd fd = create_temporary_for(path, temporary, O_RDWR | O_APPEND);
  RecordFile file(path, std::move(fd), 0);
  try {
    if (!source_path.empty() && prefix_bytes > 0) {
      UniqueFd in(::open(source_path.c_str(), O_RDONLY | O_CLOEXEC));
      if (!in) throw failure("cannot-read", source_path);
      std::vector<char> buffer(1 << 16);
      std::uint64_t left = prefix_bytes;
      while (left > 0) {
        const ssize_t n = ::read(in.get(), buffer.data(), std::min<std::uint64_t>(left, buffer.size()));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw failure("cannot-read", source_path);
        if (n == 0) {  // the source shrank since it was read: never a short copy
          errno = ESTALE;
          throw failure("changed", source_path);
        }
        file.write_all(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
        left -= static_cast<std::uint64_t>(n);
      }
      file.learn_line_end();
      if (!file.last_line_ended_) file.write_all(file.line_end_);
    }
    file.line_end_known_ = true;
    file.last_line_ended_ = true;
    file.write_all(extra);
    // link() instead of rename(): it fails rather than replace a file that
    // appeared meanwhile.
    if (::link(temporary.c_str(), path.c_str()) != 0) throw failure("cannot-create", path);
    ::unlink(temporary.c_str());
  } catch (...) {
    ::unlink(temporary.c_str());
    throw;
  }
  return file;
}

void RecordFile::write_all(std::string_view bytes) {
  const std::uint64_t before = size_;
  std::string_view rest = bytes;
  while (!rest.empty()) {
    const ssize_t n = ::write(fd_.get(), rest.data(), rest.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = ENOSPC;
      const int write_errno = errno;
      // Part of the line may have reached the file: cut it off, so the
      // record holds whole lines only.
      if (rest.size() != bytes.size()) (void)::ftruncate(fd_.get(), static_cast<off_t>(before));
      errno = write_errno;
      throw failure("cannot-write", path_);
    }
    rest.remove_prefix(static_cast<std::size_t>(n));
    size_ += static_cast<std::uint64_t>(n);
  }
}

void RecordFile::learn_line_end() {
  line_end_known_ = true;
  last_line_ended_ = true;
  if (size_ == 0) return;
  std::vector<char> tail(static_cast<std::size_t>(std::min<std::uint64_t>(size_, 64 * 1024 + 2)));
  const auto got = ::pread(fd_.get(), tail.data(), tail.size(), static_cast<off_t>(size_ - tail.size()));
  if (got != static_cast<ssize_t>(tail.size())) throw failure("cannot-read", path_);
  const std::string_view text(tail.data(), tail.size());
  const auto last_newline = text.rfind('\n');
  if (last_newline != std::string_view::npos && last_newline > 0 && text[last_newline - 1] == '\r')
    line_end_ = "\r\n";
  last_line_ended_ = !text.empty() && text.back() == '\n';
}

std::uint64_t RecordFile::append_line(std::string_view text) {
  if (!line_end_known_) learn_line_end();
  // An unterminated last line gets its line end first, so the move starts
  // its own line; both go in one write.
  const std::string_view terminator = last_line_ended_ ? std::string_view() : line_end_;
  const std::uint64_t start = size_ + terminator.size();
  std::string line(terminator);
  line += text;
  line += line_end_;
  write_all(line);  // one write: a kill leaves the line whole or absent
  last_line_ended_ = true;
  // On disk before the next prompt: an accepted move survives a power cut.
  if (::fdatasync(fd_.get()) != 0) throw failure("cannot-write", path_);
  return start;
}

void RecordFile::rewrite(std::string_view text, std::size_t same, std::string_view old) {
  // pwrite(2) on an O_APPEND file appends wherever it is asked to write.
  const int flags = ::fcntl(fd_.get(), F_GETFL);
  if (flags < 0 || ((flags & O_APPEND) != 0 && ::fcntl(fd_.get(), F_SETFL, flags & ~O_APPEND) != 0))
    throw failure("cannot-write", path_);
  std::string tail(text.substr(same));
  if (text.size() < size_) tail.append(static_cast<std::size_t>(size_ - text.size()), '\n');
  const auto put = [&](std::string_view bytes, std::uint64_t offset) {
    while (!bytes.empty()) {
      const ssize_t n = ::pwrite(fd_.get(), bytes.data(), bytes.size(), static_cast<off_t>(offset));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        if (n == 0) errno = ENOSPC;
        return false;
      }
      bytes.remove_prefix(static_cast<std::size_t>(n));
      offset += static_cast<std::uint64_t>(n);
    }
    return true;
  };
  if (!put(tail, same)) {
    const int write_errno = errno;
    // What was there before, as it was.
    (void)put(old.substr(std::min(same, old.size())), same);
    (void)::ftruncate(fd_.get(), static_cast<off_t>(old.size()));
    errno = write_errno;
    throw failure("cannot-write", path_);
  }
  if ((text.size() < size_ && ::ftruncate(fd_.get(), static_cast<off_t>(text.size())) != 0) ||
      ::fdatasync(fd_.get()) != 0)
    throw failure("cannot-write", path_);
  size_ = text.size();
  line_end_known_ = true;
  last_line_ended_ = text.empty() || text.back() == '\n';
}

void RecordFile::truncate(std::uint64_t size) {
  if (!line_end_known_) learn_line_end();
  if (::ftruncate(fd_.get(), static_cast<off_t>(size)) != 0 || ::fdatasync(fd_.get()) != 0)
    throw failure("cannot-truncate", path_);
  size_ = size;
  last_line_ended_ = true;  // cuts are made where a line starts
}

}  // namespace gamerec
