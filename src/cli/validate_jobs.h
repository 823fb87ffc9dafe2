#pragma once
// validate --jobs N: records checked by N threads at once, their reports
// written in input order, byte for byte what one thread writes. With at
// least 4N records, each thread takes the next few whole (up to 1,024 at a
// hand-over), and hands a large one's reports to the writer in pieces as
// they come. With fewer, each record is cut into parts of whole games where
// its format allows (records/archive_splitter.h), each part read by the
// thread that checks it, one thread reading at a time, in input order;
// when they all end within 3 MiB, that is
// one job's work, checked without starting a thread. Memory is
// bounded: a fixed number of parts (a quarter of a megabyte each, their
// buffers read into again) and of reports wait at a time, whatever the
// records' sizes.
#include <functional>
#include <string>
#include <vector>

#include "cli/context.h"
#include "cli/validate_check.h"

namespace gamerec::cli {

// What happened to one record, in input order.
struct RecordDone {
  std::size_t record = 0;  // its place in `paths`
  int status = kExitOk;
  Tally tally;
};

struct JobsSetup {
  unsigned jobs = 2;
  CheckOptions check_options;  // how each game is checked and reported
  // Stops everything soon when it returns true (a signal).
  std::function<bool()> interrupted;
  // After a record's reports were written; false stops (the output failed).
  std::function<bool(const RecordDone&)> record_done;
  // Now and then, from the thread that writes: bytes of the records read.
  std::function<void(std::uint64_t bytes_read, std::int64_t games)> progress;
};

enum class JobsOutcome {
  kDone,
  kStopped,  // early: interrupted, or record_done said stop
};

// Checks `paths`, writing the reports to the context's streams. Of records
// cut into parts, the first 3 MiB are checked by the calling thread alone,
// and the threads start only for what goes on past them; when the system
// cannot start them, the calling thread checks the rest too. An exception
// a thread throws (std::bad_alloc) stops every thread and is rethrown
// here.
JobsOutcome validate_with_jobs(const Context& context, const std::vector<std::string>& paths,
                               const JobsSetup& setup);

}  // namespace gamerec::cli
