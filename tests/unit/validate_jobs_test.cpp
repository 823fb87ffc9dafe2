// validate --jobs adapts to its input (gamerec(1), validate --jobs): an
// archive that ends within a few megabytes is one job's work, checked by
// the calling thread with no thread started; a larger one is shared out.
// What the threads print is the shell tests' (tests/shell/jobs_test.sh:
// byte for byte what --jobs 1 prints); here, whether threads ran at all,
// seen from the writer (the calling thread) as it writes a record's first
// reports: the reader and the workers cannot have ended then, since the
// reader waits for room (a dozen parts a quarter of a megabyte each wait
// at most) until the writer takes some.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/context.h"
#include "cli/output_format.h"
#include "cli/validate_jobs.h"
#include "records/line_source.h"
#include "support/temp_dir.h"
#include "test_support.h"

namespace gamerec {
namespace {

namespace fs = std::filesystem;

// The threads of this process now.
int threads_now() {
  int count = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator("/proc/self/task")) ++count;
  return count;
}

// `copies` copies of the sample archive (4 games) in one file of `dir`.
std::string archive_of(int copies, const test::TempDir& dir, const std::string& name) {
  std::ifstream sample(std::string(GAMEREC_SOURCE_DIR) + "/samples/chess/valid/few-games.pgn",
                       std::ios::binary);
  std::ostringstream text;
  text << sample.rdbuf();
  const fs::path path = fs::path(dir.path()) / name;
  std::ofstream out(path, std::ios::binary);
  for (int i = 0; i < copies; ++i) out << text.str() << '\n';
  return path.string();
}

struct JobsRun {
  // The most threads seen while each record's reports were written.
  std::vector<int> threads_seen;
  std::int64_t games = 0;
  int status = 0;
};

JobsRun run_jobs(const std::vector<std::string>& paths, unsigned jobs) {
  std::istringstream in;
  std::ostringstream out;
  std::ostringstream err;
  auto context = cli::Context::make(make_builtin_catalogue(), Messages::load("en").value(),
                                    cli::CommonOptions{}, cli::Streams{in, out, err});
  REQUIRE(context.ok());
  JobsRun run;
  const cli::OutputFormats formats = cli::builtin_output_formats();
  cli::JobsSetup setup;
  setup.jobs = jobs;
  setup.check_options.format = cli::find_format(formats, "validate", "text");
  REQUIRE(setup.check_options.format != nullptr);
  setup.interrupted = [] { return false; };
  int most = 0;
  setup.progress = [&](std::uint64_t, std::int64_t) { most = std::max(most, threads_now()); };
  setup.record_done = [&](const cli::RecordDone& done) {
    run.threads_seen.push_back(std::max(most, threads_now()));
    most = 0;
    run.games += done.tally.games;
    run.status = std::max(run.status, done.status);
    return true;
  };
  CHECK(cli::validate_with_jobs(context.value(), paths, setup) == cli::JobsOutcome::kDone);
  return run;
}

TEST_CASE("validate --jobs: a small archive is one job's work, checked with no thread started") {
  REQUIRE(threads_now() == 1);
  const test::TempDir dir("jobs");
  const std::string small = archive_of(200, dir, "small.pgn");  // about 0.3 MB
  const JobsRun run = run_jobs({small}, 4);
  CHECK(run.threads_seen == std::vector<int>{1});
  CHECK(run.games == 800);
  CHECK(run.status == 0);
}

TEST_CASE("validate --jobs: a few small archives together are one job's work too") {
  // Five records for two jobs: fewer than four a job, so cut into parts
  // (with two or more a job they once went to the threads whole).
  const test::TempDir dir("jobs");
  std::vector<std::string> paths;
  for (int i = 0; i < 5; ++i) paths.push_back(archive_of(50, dir, "few-" + std::to_string(i) + ".pgn"));
  const JobsRun run = run_jobs(paths, 2);
  CHECK(run.threads_seen == std::vector<int>(5, 1));
  CHECK(run.games == 1000);
}

TEST_CASE(
    "validate --jobs: small compressed input, whose size is not known before it is read, starts no thread") {
  const JobsRun run =
      run_jobs({std::string(GAMEREC_SOURCE_DIR) + "/samples/chess/valid/few-games.pgn.zst"}, 2);
  CHECK(run.threads_seen == std::vector<int>{1});
  CHECK(run.games == 4);
}

TEST_CASE("validate --jobs: an archive past a few megabytes is shared out") {
  const test::TempDir dir("jobs");
  const std::string large = archive_of(6000, dir, "large.pgn");  // about 5.6 MB
  REQUIRE(fs::file_size(large) > (4 << 20));
  const JobsRun run = run_jobs({large}, 2);
  REQUIRE(run.threads_seen.size() == 1);
  // Two checkers, besides this thread: each reads the parts it checks
  // (a reader thread of its own took a core from them).
  CHECK(run.threads_seen[0] == 3);
  CHECK(run.games == 24000);
}

TEST_CASE("validate --jobs: small archives, then a large one: the threads start at the large one") {
  const test::TempDir dir("jobs");
  const std::string small = archive_of(100, dir, "before.pgn");
  const std::string large = archive_of(6000, dir, "after.pgn");
  const JobsRun run = run_jobs({small, large}, 3);
  CHECK(run.threads_seen == std::vector<int>{1, 4});
  CHECK(run.games == 24400);
}

}  // namespace
}  // namespace gamerec
