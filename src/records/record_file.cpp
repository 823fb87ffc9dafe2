#include "records/record_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

namespace gamerec {
namespace {

// What failed ("cannot-write") about `path`, with errno's reason.
Error failure(const char* what, const std::string& path) {
  return system_error(std::string("write.") + what, path, errno);
}

}  // namespace

Result<UniqueFd, Error> create_temporary_for(const std::string& path, std::string& temporary, int flags) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    temporary = path + ".gamerec-tmp-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
    UniqueFd fd(::open(temporary.c_str(), flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
    if (fd) return fd;
    if (errno != EEXIST) break;  // a left-over of this pid's: try the next name
  }
  return failure("cannot-create", path);
}

Result<RecordFile, Error> RecordFile::open_for_append(const std::string& path) {
  UniqueFd fd(::open(path.c_str(), O_RDWR | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
  if (!fd) return failure("cannot-open", path);
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0) return failure("cannot-open", path);
  if (!S_ISREG(info.st_mode)) return Error{"io", Message{"write.not-regular", {{"file", path}}}};
  return RecordFile(path, std::move(fd), static_cast<std::uint64_t>(info.st_size));
}

Result<RecordFile, Error> RecordFile::create(const std::string& path, const std::string& source_path,
                                             std::uint64_t prefix_bytes, std::string_view extra) {
  std::string temporary;
  auto fd = create_temporary_for(path, temporary, O_RDWR | O_APPEND);
  if (!fd) return std::move(fd.error());
  RecordFile file(path, std::move(*fd), 0);
  // The temporary goes whether the file is made or not.
  const auto made = [&]() -> std::optional<Error> {
    if (!source_path.empty() && prefix_bytes > 0) {
      UniqueFd in(::open(source_path.c_str(), O_RDONLY | O_CLOEXEC));
      if (!in) return failure("cannot-read", source_path);
      std::vector<char> buffer(1 << 16);
      std::uint64_t left = prefix_bytes;
      while (left > 0) {
        const ssize_t n = ::read(in.get(), buffer.data(), std::min<std::uint64_t>(left, buffer.size()));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return failure("cannot-read", source_path);
        if (n == 0) {  // the source shrank since it was read: never a short copy
          errno = ESTALE;
          return failure("changed", source_path);
        }
        if (auto failed = file.write_all(std::string_view(buffer.data(), static_cast<std::size_t>(n))))
          return failed;
        left -= static_cast<std::uint64_t>(n);
      }
      if (auto failed = file.learn_line_end()) return failed;
      if (!file.last_line_ended_) {
        if (auto failed = file.write_all(file.line_end_)) return failed;
      }
    }
    file.line_end_known_ = true;
    file.last_line_ended_ = true;
    if (auto failed = file.write_all(extra)) return failed;
    // On the disk before it has its name, and the name on the disk after:
    // a power cut leaves no empty file and no file that vanishes.
    if (::fdatasync(file.fd_.get()) != 0) return failure("cannot-write", path);
    // link() instead of rename(): it fails rather than replace a file that
    // appeared meanwhile.
    if (::link(temporary.c_str(), path.c_str()) != 0) return failure("cannot-create", path);
    return std::nullopt;
  }();
  ::unlink(temporary.c_str());
  if (made) return *made;
  const std::string folder = std::filesystem::path(path).parent_path().string();
  const UniqueFd directory(::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory) (void)::fsync(directory.get());  // not every file system can: the file is whole anyway
  return file;
}

std::optional<Error> RecordFile::write_all(std::string_view bytes) {
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
      size_ = before;
      errno = write_errno;
      return failure("cannot-write", path_);
    }
    rest.remove_prefix(static_cast<std::size_t>(n));
    size_ += static_cast<std::uint64_t>(n);
  }
  return std::nullopt;
}

std::optional<Error> RecordFile::learn_line_end() {
  line_end_known_ = true;
  last_line_ended_ = true;
  if (size_ == 0) return std::nullopt;
  std::vector<char> tail(static_cast<std::size_t>(std::min<std::uint64_t>(size_, 64 * 1024 + 2)));
  const auto got = ::pread(fd_.get(), tail.data(), tail.size(), static_cast<off_t>(size_ - tail.size()));
  if (got != static_cast<ssize_t>(tail.size())) {
    line_end_known_ = false;  // asked again before the next line
    return failure("cannot-read", path_);
  }
  const std::string_view text(tail.data(), tail.size());
  const auto last_newline = text.rfind('\n');
  if (last_newline != std::string_view::npos && last_newline > 0 && text[last_newline - 1] == '\r')
    line_end_ = "\r\n";
  last_line_ended_ = !text.empty() && text.back() == '\n';
  return std::nullopt;
}

Result<std::uint64_t, Error> RecordFile::append_line(std::string_view text) {
  if (!line_end_known_) {
    if (auto failed = learn_line_end()) return *failed;
  }
  // An unterminated last line gets its line end first, so the move starts
  // its own line; both go in one write.
  const std::string_view terminator = last_line_ended_ ? std::string_view() : line_end_;
  const std::uint64_t start = size_ + terminator.size();
  std::string line(terminator);
  line += text;
  line += line_end_;
  // One write: a kill leaves the line whole or absent.
  const std::uint64_t before = size_;
  if (auto failed = write_all(line)) return *failed;
  // On disk before the next prompt: an accepted move survives a power cut.
  // When that cannot be made sure of, the line goes again: the caller
  // takes the move as not written.
  if (flush_each_line_ && ::fdatasync(fd_.get()) != 0) {
    const int sync_errno = errno;
    (void)::ftruncate(fd_.get(), static_cast<off_t>(before));
    size_ = before;
    errno = sync_errno;
    return failure("cannot-write", path_);
  }
  last_line_ended_ = true;
  return start;
}

std::optional<Error> RecordFile::rewrite(std::string_view text, std::size_t same, std::string_view old) {
  // pwrite(2) on an O_APPEND file appends wherever it is asked to write.
  const int flags = ::fcntl(fd_.get(), F_GETFL);
  if (flags < 0 || ((flags & O_APPEND) != 0 && ::fcntl(fd_.get(), F_SETFL, flags & ~O_APPEND) != 0))
    return failure("cannot-write", path_);
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
    return failure("cannot-write", path_);
  }
  if ((text.size() < size_ && ::ftruncate(fd_.get(), static_cast<off_t>(text.size())) != 0) ||
      ::fdatasync(fd_.get()) != 0)
    return failure("cannot-write", path_);
  size_ = text.size();
  line_end_known_ = true;
  last_line_ended_ = text.empty() || text.back() == '\n';
  return std::nullopt;
}

std::optional<Error> RecordFile::sync() {
  if (::fdatasync(fd_.get()) != 0) return failure("cannot-write", path_);
  return std::nullopt;
}

std::optional<Error> RecordFile::truncate(std::uint64_t size) {
  if (!line_end_known_) {
    if (auto failed = learn_line_end()) return failed;
  }
  if (::ftruncate(fd_.get(), static_cast<off_t>(size)) != 0 || ::fdatasync(fd_.get()) != 0)
    return failure("cannot-truncate", path_);
  size_ = size;
  last_line_ended_ = true;  // cuts are made where a line starts
  return std::nullopt;
}

}  // namespace gamerec
