#include "records/archive_splitter.h"

#include <algorithm>

namespace gamerec {
namespace {

constexpr std::size_t kReadSize = 1 << 20;

}  // namespace

std::unique_ptr<LineSource> ArchivePart::lines() {
  std::unique_ptr<ByteStream> stream;
  if (rest)
    stream = std::make_unique<PrefixedStream>(std::move(bytes), std::move(rest));
  else
    stream = std::make_unique<BytesStream>(std::move(bytes), std::move(read_error));
  auto source = std::make_unique<LineSource>(std::move(stream));
  source->start_at(first_line, offset);
  return source;
}

ArchivePart ArchiveSplitter::take(std::size_t size) {
  ArchivePart part;
  part.bytes.assign(pending_, 0, size);
  part.first_line = line_;
  part.offset = offset_;
  pending_.erase(0, size);
  offset_ += size;
  line_ += std::count(part.bytes.begin(), part.bytes.end(), '\n');
  searched_ = 0;
  given_any_ = true;
  return part;
}

std::int64_t ArchiveSplitter::read_more() {
  if (ended_) return read_error_ ? -1 : 0;
  const std::size_t size = pending_.size();
  pending_.resize(size + kReadSize);
  const std::int64_t n = input_->read(pending_.data() + size, kReadSize);
  pending_.resize(size + static_cast<std::size_t>(std::max<std::int64_t>(n, 0)));
  if (n <= 0) ended_ = true;
  if (n < 0) read_error_ = input_->error();
  return n;
}

std::string_view ArchiveSplitter::head() {
  if (pending_.empty() && !ended_) read_more();
  return pending_;
}

std::optional<ArchivePart> ArchiveSplitter::next() {
  if (done_) return std::nullopt;
  if (!find_game_start_) {
    // One part: what was read, then the rest as a stream.
    ArchivePart part = take(pending_.size());
    if (read_error_) part.read_error = read_error_;
    else if (!ended_) part.rest = std::move(input_);
    done_ = true;
    return part;
  }
  while (true) {
    if (pending_.size() > part_size_) {
      // Whole lines only: the last one may still be growing. What was
      // searched is not searched again; what comes before stays in view
      // for the format to look back at.
      const auto last_newline = pending_.rfind('\n');
      if (last_newline != std::string::npos && last_newline + 1 > part_size_) {
        const std::string_view lines(pending_.data(), last_newline + 1);
        const std::size_t from = std::max(part_size_, searched_);
        if (const auto cut = find_game_start_(lines, from); cut && *cut > 0) return take(*cut);
        searched_ = lines.size();
      }
      if (pending_.size() >= max_part_ && !ended_) {
        // No place to cut: the rest is one part, read as a stream.
        ArchivePart part = take(pending_.size());
        part.rest = std::move(input_);
        done_ = true;
        return part;
      }
    }
    if (!ended_ && read_more() > 0) continue;
    // The end, or a read error: what is left is the last part.
    done_ = true;
    if (pending_.empty() && given_any_ && !read_error_) return std::nullopt;
    ArchivePart part = take(pending_.size());
    part.read_error = read_error_;
    return part;
  }
}

}  // namespace gamerec
