#include "records/archive_splitter.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace gamerec {
namespace {

// A read's size once a part has reached its size and no place to cut
// was found.
constexpr std::size_t kReadSize = 128 << 10;
// Until then, reads stop this far past the part's size: what follows the
// cut is copied to start the next part, so the less read past it, the
// less copied (with reads of kReadSize throughout, two fifths of the input
// was copied twice). A game is seldom longer: a read more is seldom needed.
constexpr std::size_t kReadPast = 16 << 10;
// Room for a part as it is usually read.
constexpr std::size_t kPartRoom = kReadPast + kReadSize;

// The newlines in `text`, eight bytes at a time (each part's are counted
// to number its lines), far cheaper than a byte-by-byte count.
std::int64_t count_newlines(std::string_view text) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7FULL;
  constexpr std::uint64_t kEvenBytes = 0x00FF00FF00FF00FFULL;
  std::int64_t count = 0;
  std::size_t i = 0;
  const std::size_t words_end = text.size() - text.size() % 8;
  while (i < words_end) {
    // One counter a byte lane, summed before any can pass 255.
    std::uint64_t lanes = 0;
    const std::size_t end = std::min(words_end, i + 255 * 8);
    for (; i < end; i += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, text.data() + i, 8);
      const std::uint64_t x = word ^ (kOnes * '\n');              // 0 where a newline was
      const std::uint64_t zero = ~(((x & kLow7) + kLow7) | x | kLow7);  // 0x80 there, else 0
      lanes += zero >> 7;
    }
    const std::uint64_t pairs = (lanes & kEvenBytes) + ((lanes >> 8) & kEvenBytes);
    count += static_cast<std::int64_t>((pairs * 0x0001000100010001ULL) >> 48);
  }
  for (; i < text.size(); ++i) count += text[i] == '\n';
  return count;
}

}  // namespace

std::unique_ptr<LineSource> ArchivePart::lines() {
  // A whole part is read where it lies: no copy, and no buffer to fault
  // in for each part (a fifth of the threads' time on this machine).
  auto source =
      rest ? std::make_unique<LineSource>(std::make_unique<PrefixedStream>(std::move(bytes), std::move(rest)))
           : std::make_unique<LineSource>(std::move(bytes), std::move(read_error), pool);
  source->start_at(first_line, offset);
  return source;
}

ArchiveSplitter::~ArchiveSplitter() {
  if (pool_ != nullptr) pool_->give(std::move(pending_));
}

ArchivePart ArchiveSplitter::take(std::size_t size) {
  ArchivePart part;
  part.first_line = line_;
  part.offset = offset_;
  part.pool = pool_;
  // The part takes the buffer itself; what follows the cut starts the
  // next one, in room for a part and a read.
  std::string next = pool_ != nullptr ? pool_->take(part_size_ + kPartRoom) : std::string();
  next.reserve(part_size_ + kPartRoom);
  next.assign(pending_, size);
  pending_.resize(size);
  part.bytes = std::move(pending_);
  pending_ = std::move(next);
  offset_ += size;
  line_ += count_newlines(part.bytes);
  searched_ = 0;
  given_any_ = true;
  return part;
}

bool ArchiveSplitter::read_more() {
  if (ended_) return false;
  const std::size_t size = pending_.size();
  const std::size_t want = size <= part_size_ ? part_size_ + kReadPast - size : kReadSize;
  pending_.resize(size + want);
  auto n = input_->read(pending_.data() + size, want);
  pending_.resize(size + (n ? *n : 0));
  if (!n) read_error_ = std::move(n.error());
  ended_ = !n || *n == 0;
  return !ended_;
}

std::string_view ArchiveSplitter::head() {
  // As LineSource::head() reads: until the first line is whole, or 4 KiB
  // are there, so that a read failing before is found here alike.
  while (!ended_ && pending_.size() < 4096 && pending_.find('\n') == std::string::npos && read_more()) {
  }
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
    if (!ended_ && read_more()) continue;
    // The end, or a read error: what is left is the last part.
    done_ = true;
    if (pending_.empty() && given_any_ && !read_error_) return std::nullopt;
    ArchivePart part = take(pending_.size());
    part.read_error = read_error_;
    return part;
  }
}

}  // namespace gamerec
