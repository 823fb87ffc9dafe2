#include "cli/validate_jobs.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "records/archive_splitter.h"

namespace gamerec::cli {
namespace {

// Whole records go to the threads a few at a time: one hand-over (a lock,
// a wake-up) for many small files.
constexpr std::size_t kRecordsPerTask = 32;

// One piece of work: whole records [record, record_end), checked from
// their paths, or a part of one record, cut by the reader.
struct Task {
  std::size_t sequence = 0;
  std::size_t record = 0;
  std::size_t record_end = 0;
  bool last_of_record = true;  // a part: the record's last
  const RecordFormat* format = nullptr;  // set for a part
  std::optional<ArchivePart> part;
  std::optional<FileError> unreadable;  // the first read failed
};

// What checking one record (or a part of one) wrote and found.
struct Checked {
  std::size_t record = 0;
  bool last_of_record = true;
  ReportBuffer buffer;
  CheckResult result;
};
using Done = std::vector<Checked>;

class Pipeline {
 public:
  Pipeline(const Context& context, const std::vector<std::string>& paths, const JobsSetup& setup)
      : context_(context), paths_(paths), setup_(setup), capacity_(2 * setup.jobs + 2) {}

  bool run() {
    // The catalogue caches what it parses on first use: parsed now, and
    // each thread gets a copy of its own.
    (void)context_.catalogue().load_deferred_texts();
    std::vector<std::thread> threads;
    threads.emplace_back([this] { produce(); });
    for (unsigned i = 0; i < setup_.jobs; ++i) threads.emplace_back([this] { work(); });
    const bool whole = write();
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    room_.notify_all();
    work_.notify_all();
    for (std::thread& thread : threads) thread.join();
    return whole;
  }

 private:
  bool stopping() {
    std::lock_guard lock(mutex_);
    return stop_;
  }

  // Waits for room (the parts and reports held are bounded); false when
  // everything stops.
  bool push(Task task) {
    std::unique_lock lock(mutex_);
    room_.wait(lock, [&] { return stop_ || produced_ - written_ < capacity_; });
    if (stop_) return false;
    task.sequence = produced_++;
    tasks_.push_back(std::move(task));
    work_.notify_one();
    return true;
  }

  void produce() {
    // Few records for the threads: each is cut into parts of whole games,
    // and so is any large one (its reports would otherwise wait whole).
    const bool cut_all = paths_.size() < setup_.jobs;
    // Small records go a few at a time, fewer at the end so that every
    // thread has some.
    const std::size_t per_task = std::clamp<std::size_t>(paths_.size() / (4 * setup_.jobs), 1, kRecordsPerTask);
    std::size_t group = 0;  // whole records [group, record) not handed over yet
    auto hand_over = [&](std::size_t end) {
      const bool ok = group == end || push(Task{0, group, end, true, nullptr, std::nullopt, std::nullopt});
      group = end;
      return ok;
    };
    bool going = true;
    for (std::size_t record = 0; going && record < paths_.size(); ++record) {
      if (cut_all || is_large(paths_[record])) {
        going = hand_over(record);
        if (going && produce_parts(record)) {
          group = record + 1;
          going = !stopping();
          continue;
        }
      }
      if (record + 1 - group >= per_task) going = hand_over(record + 1);
      going = going && !stopping();
    }
    if (going) hand_over(paths_.size());
    std::lock_guard lock(mutex_);
    producer_done_ = true;
    work_.notify_all();
    checked_.notify_all();
  }

  // A file of several megabytes (compressed: one): cut into parts.
  static bool is_large(const std::string& path) {
    std::error_code error;
    const auto size = std::filesystem::file_size(path, error);
    if (error) return false;
    const bool compressed = path.ends_with(".zst") || path.ends_with(".gz") || path.ends_with(".bz2");
    return size >= (compressed ? 1u : 8u) << 20;
  }

  // The parts of one record; false when it cannot be opened (it is then
  // checked whole, which reports why).
  bool produce_parts(std::size_t record) {
    const std::string& path = paths_[record];
    auto opened = open_bytes(path);
    if (!opened) return false;
    ArchiveSplitter splitter(std::move(*opened));
    const std::string_view head = splitter.head();
    if (splitter.read_error() && head.empty()) {
      Task task{0, record, record + 1, true, nullptr, std::nullopt, read_failure(*splitter.read_error())};
      push(std::move(task));
      return true;
    }
    const RecordFormat& format = context_.catalogue().format_of(path, head);
    splitter.set_find_game_start(format.find_game_start);
    std::optional<ArchivePart> held = splitter.next();
    while (held) {
      std::optional<ArchivePart> next = splitter.next();
      if (!push(Task{0, record, record + 1, !next.has_value(), &format, std::move(held), std::nullopt})) return true;
      held = std::move(next);
    }
    return true;
  }

  void work() {
    // Its own catalogue: the catalogue's caches are not shared.
    const Context context = context_;
    const AfterGame go_on = [this](std::uint64_t) { return !stopping() && !setup_.interrupted(); };
    while (true) {
      Task task;
      {
        std::unique_lock lock(mutex_);
        work_.wait(lock, [&] { return stop_ || !tasks_.empty() || producer_done_; });
        if (stop_ || tasks_.empty()) return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      Done done;
      for (std::size_t record = task.record; record < task.record_end; ++record) {
        Checked& checked = done.emplace_back();
        checked.record = record;
        checked.last_of_record = task.last_of_record;
        const std::string& path = paths_[record];
        if (task.unreadable) {
          checked.result = check_unreadable(context, path, checked.buffer, *task.unreadable);
        } else if (!task.part) {
          checked.result = check_file(context, path, checked.buffer, go_on, setup_.check_options);
        } else {
          const std::uint64_t size = task.part->bytes.size();
          RecordInput input{task.format, task.format->open_reader(task.part->lines())};
          checked.result = check_games(context, path, input, checked.buffer, go_on, setup_.check_options);
          checked.result.bytes = size;
        }
        if (checked.result.stopped) break;
      }
      std::lock_guard lock(mutex_);
      done_.emplace(task.sequence, std::move(done));
      checked_.notify_all();
    }
  }

  // Writes the reports in input order; false when stopped early.
  bool write() {
    int status = kExitOk;
    Tally tally;
    int index_offset = 0;
    std::uint64_t bytes = 0;
    std::int64_t games = 0;
    for (std::size_t sequence = 0;; ++sequence) {
      Done done;
      {
        std::unique_lock lock(mutex_);
        // A signal cannot wake a condition variable: look now and then.
        while (done_.find(sequence) == done_.end() && !(producer_done_ && sequence == produced_)) {
          if (setup_.interrupted()) return false;
          checked_.wait_for(lock, std::chrono::milliseconds(50));
        }
        const auto found = done_.find(sequence);
        if (found == done_.end()) return true;  // all written
        done = std::move(found->second);
        done_.erase(found);
      }
      if (setup_.interrupted()) return false;
      {
        std::lock_guard lock(mutex_);
        ++written_;
      }
      room_.notify_one();
      for (const Checked& checked : done) {
        if (setup_.interrupted()) return false;
        checked.buffer.write_to(context_.out(), context_.err(), index_offset);
        index_offset += checked.result.games;
        status = std::max(status, checked.result.status);
        tally += checked.result.tally;
        bytes += checked.result.bytes;
        games += checked.result.tally.games;
        if (checked.last_of_record) {
          if (!setup_.record_done(RecordDone{checked.record, status, tally})) return false;
          status = kExitOk;
          tally = Tally{};
          index_offset = 0;
        }
        if (setup_.progress) setup_.progress(bytes, games);
      }
    }
  }

  const Context& context_;
  const std::vector<std::string>& paths_;
  const JobsSetup& setup_;
  const std::size_t capacity_;

  // One lock; each side waits on its own condition, so that a hand-over
  // wakes only who can act on it (many small records: many hand-overs).
  std::mutex mutex_;
  std::condition_variable room_;     // the producer: a report was written
  std::condition_variable work_;     // the workers: a task, the end, stop
  std::condition_variable checked_;   // the writer: a task checked, the producer done
  std::deque<Task> tasks_;
  std::map<std::size_t, Done> done_;
  std::size_t produced_ = 0;
  std::size_t written_ = 0;
  bool producer_done_ = false;
  bool stop_ = false;
};

}  // namespace

bool validate_with_jobs(const Context& context, const std::vector<std::string>& paths, const JobsSetup& setup) {
  return Pipeline(context, paths, setup).run();
}

}  // namespace gamerec::cli
