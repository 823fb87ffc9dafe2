#include "cli/file_output.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <utility>

#include "records/record_file.h"

namespace gamerec::cli {

bool BufferedFile::write(std::string_view text) {
  if (failure_) return false;
  buffer_ += text;
  if (buffer_.size() >= (1 << 16)) (void)flush();
  return !failure_;
}

std::optional<Error> BufferedFile::flush() {
  std::string_view rest = buffer_;
  while (!rest.empty() && !failure_) {
    const ssize_t n = ::write(fd_.get(), rest.data(), rest.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = ENOSPC;
      failure_ = system_error("write.cannot-write", shown_path_, errno);
      break;
    }
    rest.remove_prefix(static_cast<std::size_t>(n));
  }
  buffer_.clear();
  return failure_;
}

std::optional<Error> BufferedFile::close() {
  (void)flush();
  fd_.reset();
  return failure_;
}

Result<OutputFile, Error> OutputFile::open(const std::string& path) {
  if (path == "-") {
    UniqueFd out(::dup(STDOUT_FILENO));
    if (!out) return system_error("write.cannot-write", "<stdout>", errno);
    return OutputFile(BufferedFile(std::move(out), "<stdout>"), "");
  }
  std::string temporary;
  auto fd = create_temporary_for(path, temporary, O_WRONLY);
  if (!fd) return std::move(fd.error());
  return OutputFile(BufferedFile(std::move(*fd), temporary), temporary);
}

OutputFile::OutputFile(OutputFile&& other) noexcept
    : file_(std::move(other.file_)), temporary_(std::move(other.temporary_)), done_(other.done_) {
  other.temporary_.clear();  // the moved-from file removes nothing
}

OutputFile::~OutputFile() {
  if (!done_ && !temporary_.empty()) ::unlink(temporary_.c_str());
}

std::optional<Error> OutputFile::commit(const std::string& path) {
  if (temporary_.empty()) return file_.flush();  // standard output
  if (auto failed = file_.close()) return failed;
  if (::link(temporary_.c_str(), path.c_str()) != 0) return system_error("write.cannot-create", path, errno);
  ::unlink(temporary_.c_str());
  done_ = true;
  return std::nullopt;
}

}  // namespace gamerec::cli
