#include "cli/validate_jobs.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>

#include "records/archive_splitter.h"

#ifdef __linux__
#include <sched.h>
#endif

namespace gamerec::cli {
namespace {

// Whole records go to the threads many at a time: a hand-over wakes
// another thread, which on a virtual machine costs as much as checking
// several small records (docs/benchmarks.md, "Why some constants are what
// they are"). A thread stops a task once it has read
// kTaskBytes of its records: the rest is a task of its own, taken next by
// any thread, so that larger records still come to the writer (and the
// progress line) often and the threads end together.
constexpr std::size_t kRecordsPerTask = 1024;
constexpr std::uint64_t kTaskBytes = 4 << 20;
// A whole record's reports go to the writer in pieces of about this size
// while it is checked, so that a large record among many is never held
// whole; a thread waits while a task's pieces not yet taken by the writer
// reach kHeldBytes.
constexpr std::size_t kPieceBytes = 256 * 1024;
constexpr std::size_t kHeldBytes = 4 * kPieceBytes;
// Records cut into parts that all end within this many bytes are one
// job's work: checked by the calling thread, with no thread started
// (starting them, and sharing out so little, cost more than it saved:
// docs/benchmarks.md, "Why some constants are what they are").
constexpr std::uint64_t kOneJobBytes = 3 << 20;
// Records fewer than this many a job are cut into parts; more are handed
// to the threads whole.
constexpr std::size_t kFewRecordsPerJob = 4;

// One piece of work: whole records [record, record_end), checked from
// their paths, or a part of one record.
struct Task {
  std::size_t sequence = 0;
  std::size_t record = 0;
  std::size_t record_end = 0;
  bool last_of_record = true;  // a part: the record's last
  const RecordFormat* format = nullptr;  // set for a part
  std::optional<ArchivePart> part;
  std::optional<Error> unreadable;  // the first read failed
};

// What checking one record (or a part of one) wrote and found. A piece
// of a record still being checked has its reports only: it is not the
// record's last, and its result is empty.
struct Checked {
  std::size_t record = 0;
  bool last_of_record = true;
  ReportBuffer buffer;
  CheckResult result;
  // What the progress line counts for it: for a piece, the bytes and games
  // read since the record's piece before; for the rest, what is left.
  std::uint64_t progress_bytes = 0;
  std::int64_t progress_games = 0;
};
using Done = std::vector<Checked>;
// What a task handed to the writer and the writer has not taken yet.
struct Pending {
  Done ready;
  bool complete = false;  // the task is done: nothing more comes
};

std::size_t report_bytes(const Done& done) {
  std::size_t bytes = 0;
  for (const Checked& checked : done) bytes += checked.buffer.bytes();
  return bytes;
}

class Pipeline {
 public:
  Pipeline(const Context& context, const std::vector<std::string>& paths, const JobsSetup& setup)
      : context_(context), paths_(paths), setup_(setup), capacity_(4 * setup.jobs + 4) {}

  JobsOutcome run() {
    // Records to cut into parts are one job's work while they end within
    // kOneJobBytes: this thread checks them alone, part by part as they
    // are read. A plain file's size tells at once; other input (compressed,
    // a pipe) is checked until it goes past that, and the rest shared out.
    if (cuts_parts()) {
      const AfterGame go_on = [this](std::uint64_t) { return !setup_.interrupted(); };
      std::uint64_t bytes = 0;
      while (true) {
        std::optional<Task> task = next_part(context_, kOneJobBytes - bytes);
        if (!task) return JobsOutcome::kDone;
        if (!task->part && cut_record_size_) {
          bytes += *cut_record_size_;  // a small plain file, read as --jobs 1 reads it
        } else if (task->part) {
          const ArchivePart& part = *task->part;
          // A file that grew since its size was read is as long as read.
          const std::uint64_t rest_of_record = std::max<std::uint64_t>(
              cut_record_size_ ? *cut_record_size_ - std::min(*cut_record_size_, part.offset) : 0,
              part.bytes.size());
          if (part.rest || bytes + rest_of_record > kOneJobBytes) {
            // The threads' first task (none runs yet: no lock needed).
            task->sequence = produced_++;
            tasks_.push_back(std::move(*task));
            break;
          }
          bytes += part.bytes.size();
        }
        if (!check_and_write(*task, go_on)) return JobsOutcome::kStopped;
      }
    }
    // Every thread reads the one context: the catalogue makes what a game
    // needs once, whichever thread asks first (core/catalogue.h).
    std::vector<std::thread> threads;
    const auto join_all = [&] {
      stop_all();
      for (std::thread& thread : threads) thread.join();
    };
    // A thread the system cannot start (no room for its stack, or memory)
    // leaves the work to the others; when none can, this thread checks
    // what is left alone, after what it wrote already.
    try {
      threads.reserve(setup_.jobs);
    } catch (...) {
      return run_here();
    }
    for (unsigned i = 0; i < setup_.jobs; ++i) {
      try {
        threads.emplace_back([this] { guarded([&] { work(context_); }); });
      } catch (...) {
        break;
      }
    }
    if (threads.empty()) return run_here();
    bool whole = false;
    try {
      whole = write();
    } catch (...) {
      join_all();  // a joinable thread's destructor would abort
      throw;
    }
    join_all();
    // What made a thread fail (memory running out) is the caller's to
    // report, as on one thread.
    if (failure_) std::rethrow_exception(failure_);
    return whole ? JobsOutcome::kDone : JobsOutcome::kStopped;
  }

 private:
  void stop_all() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    work_.notify_all();
    taken_.notify_all();
    checked_.notify_all();
  }

  // Runs a thread's work; an exception it throws stops every thread and
  // is rethrown by run().
  template <typename Body>
  void guarded(Body&& body) {
    try {
      body();
    } catch (...) {
      {
        std::lock_guard lock(mutex_);
        if (!failure_) failure_ = std::current_exception();
      }
      stop_all();
    }
  }

  // Asked after every game: without the lock, which the threads would
  // otherwise pass between them a hundred thousand times on small records.
  bool stopping() const { return stop_.load(std::memory_order_acquire); }

  // Few records for the threads: each is cut into parts, so that one
  // large record among them is shared out too, and a few small ones are
  // one job's work.
  bool cuts_parts() const { return paths_.size() < kFewRecordsPerJob * setup_.jobs; }

  // The next task, in input order; nullopt after the last. Asked by one
  // thread at a time (reading_), whichever needs work: a thread of its own
  // for reading competed with the checkers for the cores and woke them at
  // every part (docs/benchmarks.md, "Why some constants are what they
  // are").
  std::optional<Task> next_task(const Context& context) {
    if (cuts_parts()) return next_part(context);
    // Each record is checked whole (a large one's reports are handed over
    // in pieces): looking at each one's size here cost the threads much of
    // their time on many small records (docs/benchmarks.md). They go many
    // at a time, fewer as the end nears, so that the threads end together.
    if (next_record_ == paths_.size()) return std::nullopt;
    const std::size_t left = paths_.size() - next_record_;
    const std::size_t count = std::clamp<std::size_t>(left / (4 * setup_.jobs), 1, kRecordsPerTask);
    Task task{0, next_record_, next_record_ + count, true, nullptr, std::nullopt, std::nullopt};
    next_record_ += count;
    return task;
  }

  // The next part of the records cut into parts, in input order; nullopt
  // after the last. A record that cannot be opened is one task, checked
  // whole (which reports why); one whose reading fails before its first
  // line is whole, one that says why; a plain file of at most
  // `whole_up_to` bytes (cut_record_size_), one checked whole.
  std::optional<Task> next_part(const Context& context, std::uint64_t whole_up_to = 0) {
    while (!splitter_) {
      if (next_record_ == paths_.size()) return std::nullopt;
      const std::size_t record = next_record_++;
      const std::string& path = paths_[record];
      const auto whole = [&] {
        return Task{0, record, record + 1, true, nullptr, std::nullopt, std::nullopt};
      };
      cut_record_size_.reset();
      auto opened = open_bytes(path, setup_.check_options.cancel);
      if (!opened) return whole();
      // Opened again to be checked: not standard input, whose bytes are read once.
      if (const auto size = (*opened)->size_hint(); size && *size <= whole_up_to && path != "-") {
        cut_record_size_ = size;
        return whole();
      }
      auto splitter = std::make_unique<ArchiveSplitter>(
          std::move(*opened), nullptr, ArchiveSplitter::kPartSize, ArchiveSplitter::kMaxPart, &buffers_);
      // A read that fails before the first line is whole: unreadable, as
      // open_input says for --jobs 1.
      const std::string_view head = splitter->head();
      if (splitter->read_error())
        return Task{0, record, record + 1, true, nullptr, std::nullopt, *splitter->read_error()};
      part_format_ = &context.catalogue().format_of(path, head);
      cut_record_size_ = splitter->size_hint();
      splitter->set_find_game_start(part_format_->find_game_start);
      held_part_ = splitter->next();
      cut_record_ = record;
      splitter_ = std::move(splitter);
    }
    // One part is held back, to tell the record's last.
    std::optional<ArchivePart> next = splitter_->next();
    const bool last = !next.has_value();
    Task task{0, cut_record_, cut_record_ + 1, last, part_format_, std::move(held_part_), std::nullopt};
    held_part_ = std::move(next);
    if (last) splitter_.reset();
    return task;
  }

  void work(const Context& context) {
#ifdef __linux__
    // A table of open files of its own when the workers open every record
    // themselves: a table shared between threads is locked, and its files
    // counted, at every open, read and close. Never when records are cut
    // into parts: the last part of one may go on reading from a descriptor
    // another thread opened, reading, after this table was copied, which
    // the copy does not hold (or holds as another file). Should it fail,
    // the shared table still works.
    if (!cuts_parts()) (void)unshare(CLONE_FILES);
#endif
    const AfterGame go_on = [this](std::uint64_t) { return !stopping() && !setup_.interrupted(); };
    while (true) {
      Task task;
      {
        std::unique_lock lock(mutex_);
        // The tasks and reports held are bounded: a thread reads the next
        // task only while there is room.
        const auto can_read = [&] { return !read_all_ && !reading_ && produced_ - written_ < capacity_; };
        // A thread still checking may leave the rest of its task: the
        // others stay until none is.
        work_.wait(lock, [&] { return stop_ || !tasks_.empty() || can_read() || (read_all_ && busy_ == 0); });
        if (stop_) return;
        if (!tasks_.empty()) {
          task = std::move(tasks_.front());
          tasks_.pop_front();
        } else if (can_read()) {
          reading_ = true;
          lock.unlock();
          std::optional<Task> next = next_task(context);
          lock.lock();
          reading_ = false;
          if (!next) {
            read_all_ = true;
            work_.notify_all();
            checked_.notify_all();
            continue;
          }
          task = std::move(*next);
          task.sequence = produced_++;
          if (produced_ - written_ < capacity_) work_.notify_one();  // another may read the next
        } else {
          return;
        }
        ++busy_;
      }
      Done done;
      done.reserve(task.record_end - task.record);
      std::uint64_t task_bytes = 0;
      std::optional<Task> rest;  // the records left for another turn
      for (std::size_t record = task.record; record < task.record_end; ++record) {
        Checked checked = check_record(context, task, record, done, go_on);
        const bool stopped = checked.result.stopped;
        task_bytes += checked.result.bytes;
        done.push_back(std::move(checked));
        if (stopped) break;
        if (task_bytes >= kTaskBytes && record + 1 < task.record_end) {
          rest = Task{task.sequence, record + 1, task.record_end, true, nullptr, std::nullopt, std::nullopt};
          break;
        }
      }
      hand_over(task.sequence, done, !rest, std::move(rest));
      std::lock_guard lock(mutex_);
      if (--busy_ == 0) work_.notify_all();
    }
  }

  // Checks one record of `task`, or its part. A whole record's reports so
  // far go to the writer (after the records of `done`, the task's before
  // this one) when they grow, or when a few megabytes were read since the
  // last piece, so that the progress line moves.
  Checked check_record(const Context& context, Task& task, std::size_t record, Done& done,
                       const AfterGame& go_on, bool threads = true) {
    Checked checked;
    checked.record = record;
    checked.last_of_record = task.last_of_record;
    const std::string& path = paths_[record];
    std::uint64_t bytes_shown = 0;  // by the record's pieces
    std::int64_t games_read = 0;
    std::int64_t games_shown = 0;
    if (task.unreadable) {
      checked.result =
          check_unreadable(context, path, checked.buffer, *task.unreadable, setup_.check_options);
    } else if (task.part) {
      const std::uint64_t size = task.part->bytes.size();  // before lines() takes them
      OpenRecord input{task.format, task.format->open_reader(task.part->lines())};
      checked.result = check_games(context, path, input, checked.buffer, go_on, setup_.check_options);
      checked.result.bytes = size;
    } else if (!threads) {
      // Checked and written here, game by game, as --jobs 1 does: the
      // reports of a large record are never held whole.
      std::int64_t games = 0;
      auto as_read = [&](std::uint64_t bytes_read) {
        if (!go_on(bytes_read)) return false;
        checked.buffer.write_to(context_.out(), context_.err(), written_record_.index_offset);
        checked.buffer.clear();
        if (setup_.progress) setup_.progress(written_bytes_ + bytes_read, written_games_ + ++games);
        return static_cast<bool>(context_.out());
      };
      checked.result = check_file(context, path, checked.buffer, std::ref(as_read), setup_.check_options);
    } else {
      auto in_pieces = [&](std::uint64_t bytes_read) {
        if (!go_on(bytes_read)) return false;
        ++games_read;
        if (checked.buffer.bytes() < kPieceBytes && bytes_read - bytes_shown < kTaskBytes) return true;
        Checked& piece = done.emplace_back();
        piece.record = record;
        piece.last_of_record = false;
        piece.buffer = std::move(checked.buffer);
        checked.buffer.clear();
        piece.progress_bytes = bytes_read - bytes_shown;
        piece.progress_games = games_read - games_shown;
        bytes_shown = bytes_read;
        games_shown = games_read;
        return hand_over(task.sequence, done, false);
      };
      // By reference: an AfterGame holding the lambda's captures would be
      // allocated for every record.
      checked.result = check_file(context, path, checked.buffer, std::ref(in_pieces), setup_.check_options);
    }
    checked.progress_bytes = checked.result.bytes - std::min(bytes_shown, checked.result.bytes);
    checked.progress_games = std::max<std::int64_t>(checked.result.tally.games - games_shown, 0);
    return checked;
  }

  // Gives `done` to the writer, as the task's last or (`complete` false)
  // as a piece. With `rest`, the task's other records, checked next;
  // without, a piece waits while the task's reports not yet taken reach
  // kHeldBytes. False when everything stops.
  bool hand_over(std::size_t sequence, Done& done, bool complete, std::optional<Task> rest = std::nullopt) {
    std::unique_lock lock(mutex_);
    Pending& pending = done_[sequence];
    if (pending.ready.empty())
      pending.ready.swap(done);
    else
      std::move(done.begin(), done.end(), std::back_inserter(pending.ready));
    done.clear();
    pending.complete = complete;
    // The writer waits for the task after the last it wrote: only that one
    // wakes it (a wake-up costs the machine more than a record's check).
    if (sequence == written_) checked_.notify_all();
    if (rest) {
      tasks_.push_front(std::move(*rest));
      work_.notify_one();
      return true;
    }
    if (complete) return true;
    // The writer erases only a complete task's entry: `pending` stays.
    taken_.wait(lock, [&] { return stop_ || report_bytes(pending.ready) < kHeldBytes; });
    return !stop_;
  }

  // Writes the reports in input order; false when stopped early.
  bool write() {
    for (std::size_t sequence = 0;;) {
      Done done;
      bool complete = false;
      {
        std::unique_lock lock(mutex_);
        auto ready = [&] {
          const auto found = done_.find(sequence);
          return found != done_.end() && (found->second.complete || !found->second.ready.empty());
        };
        // A signal cannot wake a condition variable: look now and then.
        while (!ready() && !(read_all_ && sequence == produced_)) {
          if (setup_.interrupted() || stop_) return false;
          checked_.wait_for(lock, std::chrono::milliseconds(50));
        }
        const auto found = done_.find(sequence);
        if (found == done_.end()) return true;  // all written
        done = std::move(found->second.ready);
        found->second.ready.clear();
        complete = found->second.complete;
        if (complete) {
          done_.erase(found);
          ++written_;
          ++sequence;
        }
      }
      if (setup_.interrupted()) return false;
      taken_.notify_all();
      if (complete) work_.notify_one();
      for (const Checked& checked : done)
        if (!write_checked(checked)) return false;
    }
  }

  // Writes one record's (or part's, or piece's) reports and counts it;
  // false when everything stops.
  bool write_checked(const Checked& checked) {
    if (setup_.interrupted()) return false;
    checked.buffer.write_to(context_.out(), context_.err(), written_record_.index_offset);
    written_record_.index_offset += checked.result.games;
    written_record_.status = std::max(written_record_.status, checked.result.status);
    written_record_.tally += checked.result.tally;
    written_bytes_ += checked.progress_bytes;
    written_games_ += checked.progress_games;
    if (checked.last_of_record) {
      if (!setup_.record_done(RecordDone{checked.record, written_record_.status, written_record_.tally}))
        return false;
      written_record_ = WrittenRecord{};
    }
    if (setup_.progress) setup_.progress(written_bytes_, written_games_);
    return true;
  }

  // Checks `task` on this thread and writes its reports; false when
  // everything stops.
  bool check_and_write(Task& task, const AfterGame& go_on) {
    for (std::size_t record = task.record; record < task.record_end; ++record) {
      Done no_pieces;  // a record checked here writes its own as it goes
      const Checked checked = check_record(context_, task, record, no_pieces, go_on, false);
      if (!write_checked(checked) || checked.result.stopped) return false;
    }
    return true;
  }

  // Checks and writes on this thread alone when no thread could start:
  // the part read ahead, then whatever is left to read.
  JobsOutcome run_here() {
    const AfterGame go_on = [this](std::uint64_t) { return !setup_.interrupted(); };
    while (true) {
      std::optional<Task> task;
      if (!tasks_.empty()) {
        task = std::move(tasks_.front());
        tasks_.pop_front();
      } else {
        task = next_task(context_);
      }
      if (!task) return JobsOutcome::kDone;
      if (!check_and_write(*task, go_on)) return JobsOutcome::kStopped;
    }
  }

  const Context& context_;
  const std::vector<std::string>& paths_;
  const JobsSetup& setup_;
  // Tasks handed out and not yet written. Four a job: reports wait for the
  // slowest part in flight, and with fewer the other jobs ran out of parts
  // meanwhile (a tenth of their time idle).
  const std::size_t capacity_;
  // The parts' buffers, read into again once checked.
  BufferPool buffers_;

  // One lock; each side waits on its own condition, so that a hand-over
  // wakes only who can act on it (many small records: many hand-overs).
  std::mutex mutex_;
  std::condition_variable work_;     // the workers: a task, room to read one, the end, stop
  std::condition_variable checked_;  // the writer: reports handed over, everything read
  std::condition_variable taken_;    // a thread with pieces: the writer took some
  std::deque<Task> tasks_;
  std::map<std::size_t, Pending> done_;
  std::size_t produced_ = 0;
  std::size_t written_ = 0;
  bool reading_ = false;   // a thread is reading the next task
  bool read_all_ = false;  // every task was read
  unsigned busy_ = 0;  // threads checking a task

  // Where reading stands (the thread reading next_task()'s): the record
  // next to open, and the one being cut, its format and the part held
  // back.
  std::size_t next_record_ = 0;
  std::unique_ptr<ArchiveSplitter> splitter_;
  std::size_t cut_record_ = 0;
  const RecordFormat* part_format_ = nullptr;
  std::optional<std::uint64_t> cut_record_size_;  // known for a plain file
  std::optional<ArchivePart> held_part_;

  // What the writer counts: the record being written, and the bytes and
  // games for the progress line.
  struct WrittenRecord {
    int status = kExitOk;
    Tally tally;
    int index_offset = 0;
  };
  WrittenRecord written_record_;
  std::uint64_t written_bytes_ = 0;
  std::int64_t written_games_ = 0;
  std::atomic<bool> stop_ = false;  // set under the lock, so that waiters see it
  std::exception_ptr failure_;      // the first exception a thread threw
};

}  // namespace

JobsOutcome validate_with_jobs(const Context& context, const std::vector<std::string>& paths,
                               const JobsSetup& setup) {
  return Pipeline(context, paths, setup).run();
}

}  // namespace gamerec::cli
