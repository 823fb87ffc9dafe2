// gamerec validate FILE...: check every move of every game of every file;
// report the first error of each invalid game, as text or JSON Lines; with
// --jobs, several records (or parts of one archive) at once.
#include "cli/validate.h"

#include <fmt/format.h>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "cli/commands.h"
#include "cli/number_options.h"
#include "cli/validate_check.h"
#include "cli/validate_jobs.h"
#include "rules/text.h"
#include "ui/input.h"
#include "ui/progress.h"

namespace gamerec::cli {
namespace {

namespace fs = std::filesystem;

// Whether `path`'s name is one of a record: an extension a game or a format
// claims, maybe followed by a compressor's.
bool is_record_name(const GameCatalogue& catalogue, const fs::path& path) {
  fs::path name = path.filename();
  const std::string compressed = name.extension().string();
  if (compressed == ".zst" || compressed == ".gz" || compressed == ".bz2") name = name.stem();
  const std::string extension = name.extension().string();
  if (extension.size() < 2) return false;
  if (catalogue.game_for_extension(extension.substr(1))) return true;
  return std::any_of(catalogue.formats().begin(), catalogue.formats().end(), [&](const RecordFormat& format) {
    return std::find(format.extensions.begin(), format.extensions.end(), extension.substr(1)) !=
           format.extensions.end();
  });
}

// The records below `directory`, in name order (--recursive). A folder
// that cannot be read, or an entry whose type cannot be told, is listed
// itself: checking it reports why (exit status 2), and the walk goes on.
// Links to folders are not followed (no loops).
void add_directory(const GameCatalogue& catalogue, const std::string& directory,
                   std::vector<std::string>& records) {
  std::vector<std::string> found;
  std::vector<fs::path> folders{directory};
  while (!folders.empty()) {
    const fs::path folder = std::move(folders.back());
    folders.pop_back();
    std::error_code error;
    fs::directory_iterator it(folder, error);
    for (const fs::directory_iterator end; !error && it != end; it.increment(error)) {
      std::error_code type_error;
      const fs::file_status status = it->symlink_status(type_error);
      if (!type_error && fs::is_directory(status)) {
        folders.push_back(it->path());
        continue;
      }
      const bool regular = it->is_regular_file(type_error);
      const bool dangling = type_error == std::errc::no_such_file_or_directory;
      if ((type_error && !dangling) || (regular && is_record_name(catalogue, it->path())))
        found.push_back(it->path().string());
    }
    if (error) found.push_back(folder.string());
  }
  std::sort(found.begin(), found.end());
  records.insert(records.end(), found.begin(), found.end());
}

// Appends the names --files-from lists to `records`: one a line, or
// NUL-separated (-0); empty entries are skipped. Why the list cannot be
// read, if it cannot. Read in large blocks, each name copied once: a list of 100,000
// names read line by line kept the threads of --jobs waiting for a
// twentieth of their run.
std::optional<Error> read_list(const std::string& list, bool null_separated,
                               std::vector<std::string>& records) {
  const auto unreadable = [&](std::string reason) {
    return Error{"usage", Message{"usage.files-from", {{"file", list}, {"reason", std::move(reason)}}}};
  };
  std::ifstream file;
  std::istream* in = &std::cin;
  if (list != "-") {
    if (fs::is_directory(list)) return unreadable(std::strerror(EISDIR));
    file.open(list, std::ios::binary);
    if (!file) return unreadable(std::strerror(errno));
    in = &file;
  }
  const char separator = null_separated ? '\0' : '\n';
  auto add = [&](std::string_view name) {
    if (!null_separated && !name.empty() && name.back() == '\r') name.remove_suffix(1);
    if (!name.empty()) records.emplace_back(name);
  };
  std::vector<char> block(1 << 16);
  std::string partial;  // a name cut by the end of a block
  while (*in) {
    in->read(block.data(), static_cast<std::streamsize>(block.size()));
    std::string_view text(block.data(), static_cast<std::size_t>(in->gcount()));
    for (std::size_t end; (end = text.find(separator)) != std::string_view::npos;
         text.remove_prefix(end + 1)) {
      if (partial.empty()) {
        add(text.substr(0, end));
      } else {
        partial.append(text.substr(0, end));
        add(partial);
        partial.clear();
      }
    }
    partial.append(text);
  }
  add(partial);
  if (in->bad()) return unreadable("read error");
  return std::nullopt;
}

class ValidateProgress {
 public:
  ValidateProgress(const Context& context, bool quiet, std::size_t records)
      : context_(context), line_(context.err(), ui::progress_wanted(quiet)), records_(records) {}
  // The size of the one record, when known: the time left can be told.
  void set_total_bytes(std::optional<std::uint64_t> total) { total_bytes_ = total; }
  void update(std::size_t records_done, std::uint64_t bytes, std::int64_t games) {
    if (!line_.due()) return;
    const double seconds = std::max(line_.elapsed(), 1e-3);
    const std::string rate = fmt::format("{:.1f}", static_cast<double>(bytes) / 1e6 / seconds);
    const std::string game_count = context_.messages().count("tourney.game-count", games);
    if (records_ <= 1 && !total_bytes_) {
      line_.show(context_.text("validate.progress-open",
                               {{"files", std::to_string(records_done)}, {"games", game_count}, {"rate", rate}}));
      return;
    }
    double done = records_ > 1 ? static_cast<double>(records_done) / static_cast<double>(records_)
                               : static_cast<double>(bytes) / static_cast<double>(std::max<std::uint64_t>(*total_bytes_, 1));
    std::string left;
    if (done > 0.0 && done < 1.0)
      left = context_.text("validate.progress-left", {{"time", ui::short_duration(seconds * (1 - done) / done)}});
    line_.show(context_.text("validate.progress", {{"files", std::to_string(records_done)},
                                                   {"total", std::to_string(records_)},
                                                   {"games", game_count},
                                                   {"rate", rate},
                                                   {"left", left}}));
  }
  void clear() { line_.clear(); }

 private:
  const Context& context_;
  ui::ProgressLine line_;
  std::size_t records_;
  std::optional<std::uint64_t> total_bytes_;
};

// The size of a plain (not compressed) file, for the time left. Only a
// regular file is opened to look: a FIFO's first bytes would be lost.
std::optional<std::uint64_t> plain_size(const std::string& path) {
  std::error_code error;
  if (path == "-" || !fs::is_regular_file(path, error)) return std::nullopt;
  auto bytes = open_bytes(path);
  if (!bytes) return std::nullopt;
  return (*bytes)->size_hint();
}

// How many of `requested` jobs fit in the address space a limit allows
// (ulimit -v): each thread takes room for its stack and, in glibc, for a
// malloc arena of its own, reserved whole, besides the parts and buffers
// it works on. Without a limit, all of them. The output is the same with
// any number of jobs (gamerec(1), validate --jobs).
unsigned jobs_that_fit(unsigned requested) {
  rlimit address_space{};
  if (requested <= 1 || ::getrlimit(RLIMIT_AS, &address_space) != 0 || address_space.rlim_cur == RLIM_INFINITY)
    return requested;
  constexpr std::uint64_t kMiB = 1 << 20;
  constexpr std::uint64_t kArena = 64 * kMiB;    // glibc's reservation for a thread's arena
  constexpr std::uint64_t kWorking = 16 * kMiB;  // parts, a line buffer, reports waiting
  constexpr std::uint64_t kDefaultStack = 32 * kMiB;  // with no stack limit: more than glibc takes, to be safe
  rlimit stack{};
  const std::uint64_t stack_size =
      ::getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY ? stack.rlim_cur : kDefaultStack;
  // What the process maps already (its first field, in pages).
  std::uint64_t pages = 0;
  std::ifstream("/proc/self/statm") >> pages;
  const std::uint64_t used = pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  const std::uint64_t limit = address_space.rlim_cur;
  const std::uint64_t left = limit > used + kWorking ? limit - used - kWorking : 0;  // the main thread's
  // The jobs and the thread that reads and cuts the records.
  const std::uint64_t threads = left / (stack_size + kArena + kWorking);
  return static_cast<unsigned>(std::clamp<std::uint64_t>(threads > 0 ? threads - 1 : 0, 1, requested));
}

}  // namespace

std::string summary_line(const Messages& messages, const ValidateCounts& counts) {
  const std::int64_t valid = counts.files - counts.invalid_files - counts.unreadable_files;
  std::string summary = messages.count(
      "ui.summary", counts.files,
      {{"valid", std::to_string(valid)}, {"invalid", std::to_string(counts.invalid_files)}});
  if (counts.unreadable_files > 0)
    summary += messages.text("ui.summary-unchecked", {{"count", std::to_string(counts.unreadable_files)}});
  if (counts.games != counts.files)
    summary += messages.count(
        "ui.summary-games", counts.games,
        {{"valid", std::to_string(counts.valid_games)}, {"invalid", std::to_string(counts.invalid_games)}});
  return summary;
}

int exit_status(const ValidateCounts& counts) {
  if (counts.unreadable_files > 0) return kExitUsage;
  return counts.invalid_files > 0 ? kExitInvalid : kExitOk;
}

int validate_files(const Context& context, const std::vector<std::string>& paths) {
  ValidateOptions options;
  options.files = paths;
  return validate_files(context, options);
}

int validate_files(const Context& context, const ValidateOptions& options) {
  std::vector<std::string> records;
  for (const std::string& path : options.files) {
    if (options.recursive && path != "-" && fs::is_directory(path))
      add_directory(context.catalogue(), path, records);
    else
      records.push_back(path);
  }
  if (!options.files_from.empty()) {
    if (options.files_from == "-" && std::count(records.begin(), records.end(), "-") > 0)
      return context.usage_error(Message{"usage.files-from-stdin"});
    const std::size_t given = records.size();
    if (auto unreadable = read_list(options.files_from, options.null_separated, records))
      return context.usage_error(unreadable->message);
    const auto listed = records.begin() + static_cast<std::ptrdiff_t>(given);
    if (options.files_from == "-" && std::count(listed, records.end(), "-") > 0)
      return context.usage_error(Message{"usage.files-from-stdin"});
  }
  // Standard input can be read once: a second '-' would find it empty.
  if (std::count(records.begin(), records.end(), "-") > 1)
    return context.usage_error(Message{"usage.stdin-twice"});

  // Ctrl-C (and SIGTERM, SIGHUP) stop every thread between two games: the
  // output ends with a whole line, and the status is 128 + the signal's.
  ui::InterruptGuard interrupts;
  const auto interrupted = [&interrupts] { return interrupts.signal() != 0; };
  // A game that never ends (an endless pipe, /dev/zero) is stopped in
  // its reading, and its report left out.
  const ReadCancel cancel{interrupted, interrupts.wake_fd()};
  ValidateProgress progress(context, options.quiet, records.size());
  if (records.size() == 1 && ui::progress_wanted(options.quiet)) progress.set_total_bytes(plain_size(records.front()));

  // No format given: the built-in one --format names.
  const OutputFormats builtin = builtin_output_formats();
  const OutputFormat* format =
      options.format != nullptr ? options.format : find_format(builtin, "validate", context.options().format);
  if (format == nullptr)
    return context.usage_error(Message{"usage.format-not-written",
                                       {{"format", context.options().format},
                                        {"command", "validate"},
                                        {"formats", join(format_names(builtin, "validate"), ", ")}}});
  if (options.fen && !format->position_text) return context.usage_error(Message{"usage.fen-needs-json"});
  const CheckOptions check_options{RunOptions{options.strict}, format, options.fen, &cancel, options.quiet,
                                   !options.recursive};
  ValidateCounts counts;
  std::size_t done = 0;
  auto count = [&](int status, const Tally& tally) {
    ++counts.files;
    counts.invalid_files += status == kExitInvalid;
    counts.unreadable_files += status == kExitUsage;
    counts.games += tally.games;
    counts.valid_games += tally.valid;
    counts.invalid_games += tally.invalid;
    ++done;
  };
  // Progress is drawn only where it cannot land among the reports: it is
  // erased before anything is written to standard error.
  auto check_one_by_one = [&] {
    std::uint64_t bytes_before = 0;
    std::int64_t games_before = 0;
    ReportBuffer buffer;
    for (const std::string& path : records) {
      std::int64_t games = 0;
      const AfterGame after_game = [&](std::uint64_t bytes_read) {
        if (buffer.has_err()) progress.clear();
        buffer.write_to(context.out(), context.err(), 0);
        buffer.clear();
        progress.update(done, bytes_before + bytes_read, games_before + ++games);
        return static_cast<bool>(context.out()) && !interrupted();
      };
      const CheckResult result = check_file(context, path, buffer, after_game, check_options);
      if (interrupted()) break;  // the last game's report may be cut short
      if (buffer.has_err()) progress.clear();
      buffer.write_to(context.out(), context.err(), 0);
      buffer.clear();
      bytes_before += result.bytes;
      games_before += result.tally.games;
      count(result.status, result.tally);
      if (result.stopped || !context.out()) break;
    }
  };
  const unsigned jobs = jobs_that_fit(options.jobs);
  if (jobs <= 1) {
    check_one_by_one();
  } else {
    JobsSetup setup;
    setup.jobs = jobs;
    setup.check_options = check_options;
    setup.interrupted = interrupted;
    setup.record_done = [&](const RecordDone& record) {
      count(record.status, record.tally);
      return static_cast<bool>(context.out());
    };
    setup.progress = [&](std::uint64_t bytes, std::int64_t games) { progress.update(done, bytes, games); };
    validate_with_jobs(context, records, setup);
  }
  progress.clear();
  if (interrupts.signal() != 0) {
    context.out().flush();
    return 128 + interrupts.signal();
  }
  // Results that never reach their destination (a full disk) are a failure.
  if (!context.out().flush()) return context.usage_error(Message{"output.cannot-write"});
  context.err() << summary_line(context.messages(), counts) << '\n';
  return exit_status(counts);
}

Command add_validate_command(CLI::App& app, std::shared_ptr<const OutputFormats> formats) {
  auto options = std::make_shared<ValidateOptions>();
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  options->jobs = cores;
  CLI::App* command = app.add_subcommand(
      "validate", "Check every move of every file; print the first error of each invalid file");
  command->add_option("files", options->files, "Record files ('-' for standard input), or directories with --recursive");
  command->add_option("-j,--jobs", options->jobs, "Check N records, or parts of one archive, at once (default: the cores)")
      ->check(whole_number(1, 1024));
  command->add_option("--files-from", options->files_from,
                      "Check the records listed in FILE, one a line ('-': standard input)");
  command->add_flag("-0,--null", options->null_separated, "The --files-from list is NUL-separated");
  command->add_flag("-r,--recursive", options->recursive, "Check the records in directories and below");
  command->add_flag("-q,--quiet", options->quiet,
                    "No progress line and no warnings on standard error (errors and the summary stay)");
  command->add_flag("--strict", options->strict,
                    "Moves after an end the rules reach by themselves (a dead position), and illegal moves in "
                    "variations, are errors, not warnings");
  command->add_flag("--fen", options->fen,
                    "With --format json: add the final position's text (chess: FEN; games with a position text)");
  return {command,
          [options, formats](const Context& context) {
            if (options->files.empty() && options->files_from.empty()) {
              context.err() << "files is required\n" << context.text("usage.run-help") << '\n';
              return kExitUsage;
            }
            options->format = find_format(*formats, "validate", context.options().format);
            return validate_files(context, *options);
          },
          nullptr, format_names(*formats, "validate")};
}

}  // namespace gamerec::cli
