#include "core/record_reader.h"

#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstring>

#include "core/text.h"
#include "core/yaml_text.h"

namespace gamerec {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

}  // namespace

LineSource::LineSource(int fd, bool owns_fd)
    : fd_(fd), owns_fd_(owns_fd), buffer_(new char[kBufferCapacity]) {}

LineSource::~LineSource() {
  if (owns_fd_ && fd_ >= 0) ::close(fd_);
}

bool LineSource::fill() {
  if (eof_) return false;
  if (begin_ > 0) {
    std::memmove(buffer_.get(), buffer_.get() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  while (true) {
    const ssize_t n = ::read(fd_, buffer_.get() + end_, kBufferCapacity - end_);
    if (n > 0) {
      end_ += static_cast<std::size_t>(n);
      return true;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) read_error_ = std::strerror(errno);
    eof_ = true;
    return false;
  }
}

std::optional<LineSource::Line> LineSource::next_slow() {
  while (true) {
    const char* start = buffer_.get() + begin_;
    const auto* newline = static_cast<const char*>(std::memchr(start, '\n', end_ - begin_));
    const std::size_t available = end_ - begin_;
    if (skipping_) {
      // Throw away the rest of an overlong line, whatever its size.
      if (newline != nullptr) {
        const std::size_t used = static_cast<std::size_t>(newline - start) + 1;
        begin_ += used;
        consumed_ += used;
        skipping_ = false;
        continue;
      }
      consumed_ += available;
      begin_ = end_ = 0;
      if (!fill()) return std::nullopt;
      continue;
    }
    if (newline != nullptr || (eof_ && available > 0) || available >= kMaxLineLength) {
      Line line;
      line.number = ++line_number_;
      line.offset = consumed_;
      std::size_t length = newline != nullptr ? static_cast<std::size_t>(newline - start) : available;
      if (length > kMaxLineLength) length = kMaxLineLength;
      line.text = std::string_view(start, length);
      if (newline != nullptr && static_cast<std::size_t>(newline - start) == length) {
        begin_ += length + 1;
        consumed_ += length + 1;
        last_had_newline_ = true;
      } else if (length == kMaxLineLength &&
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
      }
      return line;
    }
    if (!fill()) {
      if (end_ == begin_) return std::nullopt;
    }
  }
}

std::variant<RecordHeader, RecordError> RecordReader::read_header() {
  RecordHeader header;
  auto first = source_->next();
  if (!first) return header;
  std::string_view text = first->text;
  if (text.substr(0, kBom.size()) == kBom) {
    text.remove_prefix(kBom.size());
    first->text = text;
  }
  if (trim(text) != "---") {
    pending_raw_ = first;
    // The view points into the source buffer, which is still intact: nothing
    // is read before read_body_line() takes the pending line.
    return header;
  }
  header.present = true;
  const int open_line = first->number;
  while (true) {
    auto line = source_->next();
    if (!line) {
      return RecordError{{ErrorCode::kHeader, "the header opened at line " + std::to_string(open_line) +
                                                  " is not closed by a --- line"},
                         open_line,
                         1,
                         "---"};
    }
    if (trim(line->text) == "---") {
      header.end_line = line->number;
      break;
    }
    if (line->too_long || header.text.size() + line->text.size() > kMaxHeaderLength)
      return RecordError{{ErrorCode::kHeader, "the header is too long"}, line->number, 1, ""};
    std::string_view content = line->text;
    if (!content.empty() && content.back() == '\r') content.remove_suffix(1);
    header.text.append(content);
    header.text += '\n';
  }
  try {
    const YAML::Node root = YAML::Load(header.text);
    if (root.IsNull()) return header;
    if (!root.IsMap())
      return RecordError{
          {ErrorCode::kHeader, "the header must be a YAML map (key: value lines)"}, open_line + 1, 1, ""};
    // The file line of a header node (marks count from the header's start).
    auto line_of = [&](const YAML::Node& node) { return open_line + 1 + node.Mark().line; };
    if (const YAML::Node game = root["game"]) {
      header.game_line = line_of(game);
      if (!game.IsScalar())
        return RecordError{{ErrorCode::kHeader, "game: must name one game"}, header.game_line, 1, ""};
      header.game = game.as<std::string>();
    }
    if (const YAML::Node position = root["position"]) {
      header.position_line = line_of(position);
      if (!position.IsScalar())
        return RecordError{
            {ErrorCode::kHeader, "position: must be one line of text"}, header.position_line, 1, ""};
      header.position = position.as<std::string>();
    }
    if (const YAML::Node variant = root["variant"]) {
      header.variant_line = line_of(variant);
      if (!variant.IsMap())
        return RecordError{{ErrorCode::kHeader, "variant: must be a map such as {castling: false}"},
                           header.variant_line,
                           1,
                           ""};
      for (const auto& entry : variant)
        header.variant.push_back({entry.first.as<std::string>(), yaml_value_text(entry.second)});
    }
  } catch (const YAML::Exception& e) {
    const int line = e.mark.is_null() ? open_line : open_line + 1 + e.mark.line;
    return RecordError{{ErrorCode::kHeader, "not valid YAML: " + e.msg}, line, 1, ""};
  }
  return header;
}

const RecordLine* RecordReader::peek() {
  if (!peeked_) {
    peeked_ = read_body_line();
    if (!peeked_) return nullptr;
    // Keep a copy: the source buffer moves on when the next line is read.
    peeked_text_ = std::string(peeked_->text);
    peeked_->text = peeked_text_;
  }
  return &*peeked_;
}

std::optional<RecordLine> RecordReader::next_slow() {
  if (peeked_) {
    auto line = std::move(peeked_);
    peeked_.reset();
    return line;
  }
  return read_body_line();
}

bool RecordReader::has_lines_after_quit() { return next().has_value(); }

}  // namespace gamerec
