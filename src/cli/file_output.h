#pragma once
// The files the CLI writes whole (convert's OUT, a folder of pages): bytes
// through a buffer, the first failure kept so that a long output is checked
// once per game rather than at every write, and a temporary name linked
// into place at the end, so the file appears whole or not at all.
#include <optional>
#include <string>
#include <string_view>

#include "records/unique_fd.h"
#include "rules/error.h"
#include "rules/result.h"

namespace gamerec::cli {

// A descriptor written through a buffer. After a write fails, the rest are
// dropped and failure() says why ("write.cannot-write" naming `shown_path`).
class BufferedFile {
 public:
  BufferedFile(UniqueFd fd, std::string shown_path)
      : fd_(std::move(fd)), shown_path_(std::move(shown_path)) {}
  // Adds `text`; false once a write has failed.
  bool write(std::string_view text);
  // Writes what is buffered; the first failure.
  [[nodiscard]] std::optional<Error> flush();
  // Flushes, then closes the file; the first failure.
  [[nodiscard]] std::optional<Error> close();
  const std::optional<Error>& failure() const { return failure_; }

 private:
  UniqueFd fd_;
  std::string shown_path_;
  std::string buffer_;
  std::optional<Error> failure_;
};

// An output that appears whole or not at all: written under a temporary
// name beside `path`, linked into place by commit (never over a file that
// appeared meanwhile). "-" is standard output, written as it comes.
class OutputFile {
 public:
  static Result<OutputFile, Error> open(const std::string& path);
  OutputFile(OutputFile&& other) noexcept;
  OutputFile& operator=(OutputFile&&) = delete;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // an output never committed goes

  bool write(std::string_view text) { return file_.write(text); }
  const std::optional<Error>& failure() const { return file_.failure(); }
  // The output appears as `path` (which may differ from the one opened:
  // game 1 of several is named once a second comes). Standard output is
  // flushed, and may be written and committed again (a game at a time).
  [[nodiscard]] std::optional<Error> commit(const std::string& path);

 private:
  OutputFile(BufferedFile file, std::string temporary)
      : file_(std::move(file)), temporary_(std::move(temporary)) {}

  BufferedFile file_;
  std::string temporary_;  // empty: standard output
  bool done_ = false;
};

}  // namespace gamerec::cli
