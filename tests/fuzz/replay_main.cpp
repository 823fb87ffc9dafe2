// A main() for the fuzz targets in a normal build (no libFuzzer): runs
// LLVMFuzzerTestOneInput once on each file given, and on every file under
// each directory given, so ctest replays the seed corpora and the saved
// crash reproducers (tests/fuzz/regressions/) as a regression check.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

namespace {

bool run_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    return false;
  }
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // An empty vector's data() may be null; libFuzzer never passes null.
  static const std::uint8_t kNothing = 0;
  const auto* data = bytes.empty() ? &kNothing : reinterpret_cast<const std::uint8_t*>(bytes.data());
  LLVMFuzzerTestOneInput(data, bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
    return 2;
  }
  int inputs = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg = argv[i];
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      std::vector<fs::path> files;
      for (const auto& entry : fs::recursive_directory_iterator(arg, ec))
        if (entry.is_regular_file()) files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const auto& file : files) {
        ok = run_file(file) && ok;
        ++inputs;
      }
    } else if (fs::exists(arg, ec)) {
      ok = run_file(arg) && ok;
      ++inputs;
    } else {
      std::fprintf(stderr, "no such file or directory: %s\n", argv[i]);
      ok = false;
    }
  }
  std::printf("%d inputs replayed\n", inputs);
  return ok ? 0 : 1;
}
