// replay --format html (gamerec(1), PICTURES AND PAGES): the record's
// games as one page on standard output. The page hears each game's events
// itself (cli/picture_output.h) and is kept whole before it is written, so
// this format reads the input itself.
#include <cstdio>
#include <memory>
#include <ostream>

#include "cli/diagnostics.h"
#include "cli/output_format.h"
#include "cli/picture_output.h"

namespace gamerec::cli {
namespace {

// A page, kept until it is whole (a file error part-way gives none): in
// memory, then past a few megabytes in an unnamed temporary file.
class PageSpool {
 public:
  // False once the temporary file could not be written.
  bool write(std::string_view text) {
    if (!file_ && memory_.size() + text.size() > kInMemory) {
      file_.reset(std::tmpfile());
      if (file_) {
        put(memory_);
        std::string().swap(memory_);
      }
    }
    if (file_)
      put(text);
    else
      memory_ += text;
    return !failed_;
  }
  bool failed() const { return failed_; }
  // False when the page could not be kept or written out.
  bool copy_to(std::ostream& out) {
    if (!file_) return static_cast<bool>(out << memory_);
    if (failed_ || std::fflush(file_.get()) != 0) return false;
    std::rewind(file_.get());
    std::string buffer(1 << 16, '\0');
    while (const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), file_.get())) {
      if (!out.write(buffer.data(), static_cast<std::streamsize>(n))) return false;
    }
    return std::ferror(file_.get()) == 0;
  }

 private:
  static constexpr std::size_t kInMemory = 4 << 20;
  void put(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), file_.get()) != text.size()) failed_ = true;
  }
  struct Close {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };
  std::unique_ptr<std::FILE, Close> file_;
  std::string memory_;
  bool failed_ = false;
};

// --format html: the page on standard output; one that would be too large
// for a browser is refused (convert writes a folder instead).
int replay_page(const Context& context, const OutputRequest& options) {
  PageSpool spool;
  PageRequest request;
  request.game_index = options.game_index;
  request.picture = {options.size, options.flip};
  request.as = options.as;
  request.max_megabytes = options.page_limit;
  const PageOutcome page = write_record_page(context, options.path, request,
                                             [&](std::string_view text) { return spool.write(text); });
  if (spool.failed()) return context.usage_error(Message{"output.cannot-write"});
  if (page.too_large)
    return context.usage_error(
        Message{"page.too-large",
                {{"file", display_name(options.path)}, {"limit", std::to_string(request.max_megabytes)}}});
  if (!page.written) return page.status;
  if (!spool.copy_to(context.out()) || !context.out().flush())
    return context.usage_error(Message{"output.cannot-write"});
  return page.status;
}

}  // namespace

OutputFormat replay_html_format() {
  OutputFormat format{"html", "replay", nullptr};
  format.whole_input = replay_page;
  return format;
}

}  // namespace gamerec::cli
