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

// One piece of work: whole records [record, record_end), checked from
// their paths, or a part of one record, cut by the reader.
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
    // Every thread reads the one context: the catalogue makes what a game
    // needs once, whichever thread asks first (core/catalogue.h).
    std::vector<std::thread> threads;
    const auto join_all = [&] {
      stop_all();
      for (std::thread& thread : threads) thread.join();
    };
    // A thread the system cannot start (no room for its stack, or memory)
    // leaves the work to the others. The reader starts last: when it or
    // every checker cannot start, nothing has been read yet, and the
    // caller checks on one thread.
    try {
      threads.reserve(setup_.jobs + 1);
    } catch (...) {
      return JobsOutcome::kNotStarted;
    }
    for (unsigned i = 0; i < setup_.jobs; ++i) {
      try {
        threads.emplace_back([this] { guarded([&] { work(context_); }); });
      } catch (...) {
        break;
      }
    }
    if (threads.empty()) return JobsOutcome::kNotStarted;
    try {
      threads.emplace_back([this] { guarded([&] { produce(context_); }); });
    } catch (...) {
      join_all();
      return JobsOutcome::kNotStarted;
    }
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
    room_.notify_all();
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

  // Few records for the threads: the reader cuts each into parts.
  bool reader_cuts_parts() const { return paths_.size() < setup_.jobs; }

  void produce(const Context& context) {
    auto whole = [&](std::size_t record, std::size_t end) {
      return push(Task{0, record, end, true, nullptr, std::nullopt, std::nullopt});
    };
    if (reader_cuts_parts()) {
      // Few records for the threads: each is cut into parts of whole games
      // (one that cannot be opened is checked whole, which reports why).
      for (std::size_t record = 0; record < paths_.size(); ++record) {
        if (!produce_parts(context, record) && !whole(record, record + 1)) break;
        if (stopping()) break;
      }
    } else {
      // Each record is checked whole (a large one's reports are handed
      // over in pieces): looking at each one's size here cost the threads
      // much of their time on many small records (docs/benchmarks.md). They go many at a
      // time, fewer as the end nears, so that the threads end together.
      for (std::size_t record = 0; record < paths_.size();) {
        const std::size_t left = paths_.size() - record;
        const std::size_t count = std::clamp<std::size_t>(left / (4 * setup_.jobs), 1, kRecordsPerTask);
        if (!whole(record, record + count)) break;
        record += count;
      }
    }
    std::lock_guard lock(mutex_);
    producer_done_ = true;
    work_.notify_all();
    checked_.notify_all();
  }

  // The parts of one record; false when it cannot be opened (it is then
  // checked whole, which reports why).
  bool produce_parts(const Context& context, std::size_t record) {
    const std::string& path = paths_[record];
    auto opened = open_bytes(path, setup_.check_options.cancel);
    if (!opened) return false;
    ArchiveSplitter splitter(std::move(*opened));
    const std::string_view head = splitter.head();
    if (splitter.read_error() && head.empty()) {
      Task task{0, record, record + 1, true, nullptr, std::nullopt, *splitter.read_error()};
      push(std::move(task));
      return true;
    }
    const RecordFormat& format = context.catalogue().format_of(path, head);
    splitter.set_find_game_start(format.find_game_start);
    std::optional<ArchivePart> held = splitter.next();
    while (held) {
      std::optional<ArchivePart> next = splitter.next();
      if (!push(Task{0, record, record + 1, !next.has_value(), &format, std::move(held), std::nullopt})) return true;
      held = std::move(next);
    }
    return true;
  }

  void work(const Context& context) {
#ifdef __linux__
    // A table of open files of its own when the workers open every record
    // themselves: a table shared between threads is locked, and its files
    // counted, at every open, read and close. Never when the reader cuts
    // records into parts: the last part of one may go on reading from a
    // descriptor the reader opened after this table was copied, which the
    // copy does not hold (or holds as another file). Should it fail, the
    // shared table still works.
    if (!reader_cuts_parts()) (void)unshare(CLONE_FILES);
#endif
    const AfterGame go_on = [this](std::uint64_t) { return !stopping() && !setup_.interrupted(); };
    while (true) {
      Task task;
      {
        std::unique_lock lock(mutex_);
        // A thread still checking may leave the rest of its task: the
        // others stay until none is.
        work_.wait(lock, [&] { return stop_ || !tasks_.empty() || (producer_done_ && busy_ == 0); });
        if (stop_ || tasks_.empty()) return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
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
                       const AfterGame& go_on) {
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
    int status = kExitOk;
    Tally tally;
    int index_offset = 0;
    std::uint64_t bytes = 0;
    std::int64_t games = 0;
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
        while (!ready() && !(producer_done_ && sequence == produced_)) {
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
      if (complete) room_.notify_one();
      for (const Checked& checked : done) {
        if (setup_.interrupted()) return false;
        checked.buffer.write_to(context_.out(), context_.err(), index_offset);
        index_offset += checked.result.games;
        status = std::max(status, checked.result.status);
        tally += checked.result.tally;
        bytes += checked.progress_bytes;
        games += checked.progress_games;
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
  // Tasks handed out and not yet written. Four a job: reports wait for the
  // slowest part in flight, and with fewer the other jobs ran out of parts
  // meanwhile (a tenth of their time idle).
  const std::size_t capacity_;

  // One lock; each side waits on its own condition, so that a hand-over
  // wakes only who can act on it (many small records: many hand-overs).
  std::mutex mutex_;
  std::condition_variable room_;     // the producer: a report was written
  std::condition_variable work_;     // the workers: a task, the end, stop
  std::condition_variable checked_;  // the writer: reports handed over, the producer done
  std::condition_variable taken_;    // a thread with pieces: the writer took some
  std::deque<Task> tasks_;
  std::map<std::size_t, Pending> done_;
  std::size_t produced_ = 0;
  std::size_t written_ = 0;
  bool producer_done_ = false;
  unsigned busy_ = 0;  // threads checking a task
  std::atomic<bool> stop_ = false;  // set under the lock, so that waiters see it
  std::exception_ptr failure_;      // the first exception a thread threw
};

}  // namespace

JobsOutcome validate_with_jobs(const Context& context, const std::vector<std::string>& paths,
                               const JobsSetup& setup) {
  return Pipeline(context, paths, setup).run();
}

}  // namespace gamerec::cli
