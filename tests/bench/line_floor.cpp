// The input-reading floor (docs/benchmarks.md): the least work any validator must
// do on a record file — read it and split it into lines — so that
// `gamerec validate` can be timed side by side with it on the same file.
//
//   line_floor [--getline] FILE...
//
// Default mode: read(2) in 1 MiB blocks, memchr for each '\n', a line that
// straddles two blocks is carried to the front of the buffer (what
// gamerec's LineSource does too, minus the rules). --getline: std::getline
// on a std::ifstream, for comparison; it is the slower of the two (see
// bench.sh), so the default is the floor.
//
// Every line is "used": the checksum mixes each line's length and its first
// and last byte, so the compiler cannot drop the split. Prints the total line
// count (and the checksum on standard error). Exit 2 on an unreadable file.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr std::size_t kBlock = std::size_t{1} << 20;

struct Totals {
  std::uint64_t lines = 0;
  std::uint64_t checksum = 0;
};

inline void use_line(std::string_view line, Totals& totals) {
  ++totals.lines;
  std::uint64_t mix = line.size();
  if (!line.empty())
    mix ^= (static_cast<std::uint64_t>(static_cast<unsigned char>(line.front())) << 32) ^
           (static_cast<std::uint64_t>(static_cast<unsigned char>(line.back())) << 40);
  totals.checksum = totals.checksum * 1099511628211ULL + mix;
}

bool read_blocks(const char* path, std::vector<char>& buffer, Totals& totals) {
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  std::size_t kept = 0;  // bytes of an unfinished line at the buffer's front
  bool ok = true;
  while (true) {
    if (buffer.size() - kept < kBlock) buffer.resize(kept + kBlock);  // a very long line
    const ssize_t n = ::read(fd, buffer.data() + kept, kBlock);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) ok = false;
    if (n <= 0) break;
    const char* begin = buffer.data();
    const char* end = buffer.data() + kept + static_cast<std::size_t>(n);
    while (const auto* newline =
               static_cast<const char*>(std::memchr(begin, '\n', static_cast<std::size_t>(end - begin)))) {
      use_line(std::string_view(begin, static_cast<std::size_t>(newline - begin)), totals);
      begin = newline + 1;
    }
    kept = static_cast<std::size_t>(end - begin);
    if (kept > 0) std::memmove(buffer.data(), begin, kept);
  }
  if (kept > 0) use_line(std::string_view(buffer.data(), kept), totals);  // no final newline
  ::close(fd);
  return ok;
}

bool read_getline(const char* path, std::string& line, Totals& totals) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  while (std::getline(in, line)) use_line(line, totals);
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  bool getline_mode = false;
  int first = 1;
  if (argc > 1 && std::strcmp(argv[1], "--getline") == 0) {
    getline_mode = true;
    first = 2;
  }
  if (first >= argc) {
    std::fprintf(stderr, "usage: line_floor [--getline] FILE...\n");
    return 2;
  }
  Totals totals;
  std::vector<char> buffer(kBlock);
  std::string line;
  int status = 0;
  for (int i = first; i < argc; ++i) {
    const bool ok = getline_mode ? read_getline(argv[i], line, totals) : read_blocks(argv[i], buffer, totals);
    if (!ok) {
      std::fprintf(stderr, "line_floor: cannot read %s: %s\n", argv[i], std::strerror(errno));
      status = 2;
    }
  }
  std::printf("%llu\n", static_cast<unsigned long long>(totals.lines));
  std::fprintf(stderr, "checksum %016llx\n", static_cast<unsigned long long>(totals.checksum));
  return status;
}
