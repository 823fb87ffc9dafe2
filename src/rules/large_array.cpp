#include "rules/large_array.h"

#include <sys/mman.h>

#include <cstdint>
#include <limits>
#include <new>

namespace gamerec {
namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}  // namespace

// The mapping is made one huge page longer than asked and trimmed to a
// 2 MB boundary at both ends, so that every part of it can be a huge page;
// madvise asks for them (the kernel may say no: the memory still works).
LargeMemory::LargeMemory(std::size_t bytes) {
  if (bytes == 0) return;
  if (bytes > std::numeric_limits<std::size_t>::max() / 2) throw std::bad_alloc();
  const std::size_t length = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  void* raw = mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) munmap(raw, aligned - start);
  const std::size_t tail = start + length + kHugePage - (aligned + length);
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + length), tail);
  auto* memory = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  madvise(memory, length, MADV_HUGEPAGE);
#endif
  mapping_ = std::unique_ptr<void, Unmap>(memory, Unmap{length});
}

void LargeMemory::Unmap::operator()(void* address) const { munmap(address, length); }

}  // namespace gamerec
