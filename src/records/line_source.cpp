#include "records/line_source.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "records/decompress.h"

namespace gamerec {

FdStream::~FdStream() {
  if (owns_fd_ && fd_ >= 0) ::close(fd_);
}

std::optional<std::uint64_t> FdStream::size_hint() const {
  if (size_) return size_;
  struct stat info {};
  if (::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  return static_cast<std::uint64_t>(info.st_size);
}

bool FdStream::wait_readable() {
  while (true) {
    if (cancel_ != nullptr && cancel_->requested()) return false;
    pollfd watched[2] = {{fd_, POLLIN, 0}, {cancel_ != nullptr ? cancel_->wake_fd : -1, POLLIN, 0}};
    if (::poll(watched, 2, -1) < 0 && errno != EINTR) return true;  // the read says what is wrong
    if (watched[0].revents != 0) return true;
  }
}

Result<std::size_t, Error> FdStream::read(char* buffer, std::size_t size) {
  if (ended_) return std::size_t{0};
  if (cancel_ != nullptr && cancel_->requested()) return read_failure("interrupted");
  while (true) {
    if (may_block_ && !wait_readable()) return read_failure("interrupted");
    const ssize_t n = ::read(fd_, buffer, size);
    if (n >= 0) {
      read_ += static_cast<std::uint64_t>(n);
      // A short read once the file's size is read is its end: not asked
      // again (two system calls less for each of many small records). A
      // size of 0 says nothing (a /proc file).
      if (size_ && *size_ > 0 && read_ >= *size_ && static_cast<std::size_t>(n) < size) ended_ = true;
      return static_cast<std::size_t>(n);
    }
    if (errno == EINTR || (errno == EAGAIN && may_block_)) continue;
    return read_failure(std::strerror(errno));
  }
}

Result<std::size_t, Error> PrefixedStream::read(char* buffer, std::size_t size) {
  if (used_ < prefix_.size()) {
    const std::size_t n = std::min(size, prefix_.size() - used_);
    std::memcpy(buffer, prefix_.data() + used_, n);
    used_ += n;
    if (n == size) return n;
    // The rest in the same call: a short file is still one fill. A failure
    // shows on the next read.
    const auto more = rest_->read(buffer + n, size - n);
    return n + (more ? *more : 0);
  }
  return rest_->read(buffer, size);
}

namespace {

std::size_t initial_capacity(const ByteStream& stream) {
  constexpr std::size_t kSmallest = 4096;
  const auto size = stream.size_hint();
  if (!size) return LineSource::kBufferCapacity;
  // One byte more than the file, so that its end is seen in one read.
  return static_cast<std::size_t>(
      std::clamp<std::uint64_t>(*size + 1, kSmallest, LineSource::kBufferCapacity));
}

}  // namespace

LineSource::LineSource(std::unique_ptr<ByteStream> stream)
    : stream_(std::move(stream)),
      capacity_(initial_capacity(*stream_)),
      buffer_(std::make_unique_for_overwrite<char[]>(capacity_ + 1)),
      data_(buffer_.get()) {
  set_end(0);
}

LineSource::LineSource(std::string bytes, std::optional<Error> error, BufferPool* pool)
    : capacity_(bytes.size()),
      whole_(std::move(bytes)),
      data_(whole_.data()),
      error_at_end_(std::move(error)),
      pool_(pool) {
  end_ = whole_.size();
  eof_ = true;
}

LineSource::~LineSource() {
  if (pool_ != nullptr) pool_->give(std::move(whole_));
}

namespace {

// Maps the whole pages of fresh memory at [data, data + size) in one call
// instead of a fault a page as they are first touched (1,300 faults a run
// on 21 MB at --jobs 2: docs/benchmarks.md, "Why some constants are what
// they are"). Where the kernel cannot (before Linux 5.14), the pages fault
// in as they are used.
void prefault(char* data, std::size_t size) {
#ifdef MADV_POPULATE_WRITE
  const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + page - 1) / page * page;
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + size) / page * page;
  if (end > begin) (void)::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE);
#else
  (void)data;
  (void)size;
#endif
}

}  // namespace

std::string BufferPool::take(std::size_t capacity) {
  std::string buffer;
  {
    std::lock_guard lock(mutex_);
    if (!kept_.empty()) {
      buffer = std::move(kept_.back());
      kept_.pop_back();
    }
  }
  buffer.clear();
  if (buffer.capacity() < capacity) {
    buffer.reserve(capacity);
    prefault(buffer.data(), buffer.capacity());
  }
  return buffer;
}

void BufferPool::give(std::string buffer) {
  std::lock_guard lock(mutex_);
  if (kept_.size() < kKept) kept_.push_back(std::move(buffer));
}

void LineSource::show_error_at_end() {
  if (!error_at_end_) return;
  read_error_ = std::move(error_at_end_);
  error_at_end_.reset();
}

bool LineSource::fill() {
  if (eof_) {
    show_error_at_end();
    return false;
  }
  if (begin_ > 0) {
    std::memmove(data_, data_ + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (end_ == capacity_) {
    if (capacity_ == kLargestBuffer) return true;  // full: the caller cuts the line
    // A line longer than the buffer (a long line, or a file whose size was
    // not known): make room, up to the largest buffer.
    const std::size_t larger = std::min(capacity_ * 2, kLargestBuffer);
    auto grown = std::make_unique_for_overwrite<char[]>(larger + 1);
    std::memcpy(grown.get(), data_, end_);
    buffer_ = std::move(grown);
    data_ = buffer_.get();
    capacity_ = larger;
  }
  auto n = stream_->read(data_ + end_, capacity_ - end_);
  // Even after a failed read, which may have written past the bytes.
  set_end(end_ + (n ? *n : 0));
  if (n && *n > 0) return true;
  if (!n) read_error_ = std::move(n.error());
  eof_ = true;
  return false;
}

std::string_view LineSource::head() {
  // Short reads (a pipe) are topped up until the first line is complete or
  // a good stretch of the input is there.
  const auto first_line_whole = [&] {
    return end_ - begin_ >= kHeadBytes || std::memchr(data_ + begin_, '\n', end_ - begin_) != nullptr;
  };
  while (!eof_ && !first_line_whole() && fill()) {
  }
  // A stream would have read on, to its failure, here.
  if (!first_line_whole()) show_error_at_end();
  return std::string_view(data_ + begin_, end_ - begin_);
}

std::optional<LineSource::Line> LineSource::next_slow() {
  while (true) {
    const char* start = data_ + begin_;
    const std::size_t available = end_ - begin_;
    if (skipping_) {
      // Throw away the rest of an overlong line, whatever its size.
      const auto* newline = static_cast<const char*>(std::memchr(start, '\n', available));
      if (newline != nullptr) {
        const std::size_t used = static_cast<std::size_t>(newline - start) + 1;
        begin_ += used;
        consumed_ += used;
        skipping_ = false;
        continue;
      }
      consumed_ += available;
      begin_ = end_;  // fill() drops them (input in memory stays as it is)
      if (!fill()) return std::nullopt;
      continue;
    }
    const auto* newline = static_cast<const char*>(std::memchr(start + scanned_, '\n', available - scanned_));
    if (newline == nullptr) scanned_ = available;
    // Past kMaxRecordLine bytes without a newline the line is too long;
    // at exactly that many its newline may still come.
    if (newline != nullptr || (eof_ && available > 0) || available > kMaxRecordLine) {
      scanned_ = 0;
      Line line;
      line.number = ++line_number_;
      line.offset = consumed_;
      std::size_t length = newline != nullptr ? static_cast<std::size_t>(newline - start) : available;
      if (length > kMaxRecordLine) length = kMaxRecordLine;
      line.text = std::string_view(start, length);
      if (newline != nullptr && static_cast<std::size_t>(newline - start) == length) {
        begin_ += length + 1;
        consumed_ += length + 1;
        last_had_newline_ = true;
      } else if (length == kMaxRecordLine &&
                 (newline == nullptr || newline - start > static_cast<std::ptrdiff_t>(length))) {
        line.too_long = true;
        begin_ += length;
        consumed_ += length;
        skipping_ = true;
        last_had_newline_ = true;
      } else {
        begin_ += length;  // the last line, without a newline
        consumed_ += length;
        last_had_newline_ = false;
        show_error_at_end();  // a stream's failed read came before this line
      }
      return line;
    }
    if (!fill()) {
      if (end_ == begin_) return std::nullopt;
    }
  }
}

namespace {

Error cannot_open(int errno_value) {
  return Error{"io", Message{"file.cannot-open", {{"reason", std::strerror(errno_value)}}}};
}

}  // namespace

Result<std::unique_ptr<ByteStream>, Error> open_bytes(const std::string& path, const ReadCancel* cancel) {
  if (path == "-") {
    // Standard input's flags are shared with whoever started us: left as
    // they are; a wait for its input happens in poll(2).
    struct stat info {};
    const bool regular = ::fstat(STDIN_FILENO, &info) == 0 && S_ISREG(info.st_mode);
    return decompressing(std::make_unique<FdStream>(STDIN_FILENO, false, std::nullopt, !regular, cancel), cancel);
  }
  // O_NONBLOCK: opening a FIFO does not wait for its writer (a wait no
  // signal could end); reads of what may block wait in poll(2) instead.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return errno == EISDIR ? Error{"io", Message{"file.is-directory"}} : cannot_open(errno);
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    const int error = errno;
    ::close(fd);
    return cannot_open(error);
  }
  if (S_ISDIR(info.st_mode)) {
    ::close(fd);
    return Error{"io", Message{"file.is-directory"}};
  }
  // A compressed file (by its content, whatever its name) is read decompressed.
  std::optional<std::uint64_t> size;
  const bool regular = S_ISREG(info.st_mode);
  if (regular) size = static_cast<std::uint64_t>(info.st_size);
  return decompressing(std::make_unique<FdStream>(fd, true, size, !regular, cancel), cancel);
}

Result<std::unique_ptr<LineSource>, Error> open_lines(const std::string& path, const ReadCancel* cancel) {
  auto bytes = open_bytes(path, cancel);
  if (!bytes) return bytes.error();
  return std::make_unique<LineSource>(std::move(*bytes));
}

}  // namespace gamerec
