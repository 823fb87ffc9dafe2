#pragma once
// Fixed-size arrays for the searches' big tables (transposition tables,
// endgame tables), backed by huge pages where the system offers them. A
// random probe into a table of hundreds of megabytes misses the TLB on
// nearly every access with 4 KB pages; with 2 MB pages the page walk
// mostly disappears (docs/benchmarks.md, "Why some constants are what
// they are").
#include <cstddef>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace gamerec {

// Zero-filled memory of at least `bytes` bytes, aligned to 2 MB, released
// with the handle. Throws std::bad_alloc when there is none (or `bytes` is
// beyond any address space).
class LargeMemory {
 public:
  LargeMemory() = default;
  explicit LargeMemory(std::size_t bytes);
  void* data() const { return mapping_.get(); }

 private:
  struct Unmap {
    std::size_t length;
    void operator()(void* address) const;
  };
  std::unique_ptr<void, Unmap> mapping_;
};

// `size` values of T, every byte zero to start with: T must be a type for
// which all-zero bytes are a valid (empty) value.
template <class T>
class LargeArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  LargeArray() = default;
  explicit LargeArray(std::size_t size) : memory_(bytes_for(size)), size_(size) {}
  // A moved-from array is empty.
  LargeArray(LargeArray&& other) noexcept
      : memory_(std::move(other.memory_)), size_(std::exchange(other.size_, 0)) {}
  LargeArray& operator=(LargeArray&& other) noexcept {
    memory_ = std::move(other.memory_);
    size_ = std::exchange(other.size_, 0);
    return *this;
  }

  std::size_t size() const { return size_; }
  T* data() { return static_cast<T*>(memory_.data()); }
  const T* data() const { return static_cast<const T*>(memory_.data()); }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T* begin() { return data(); }
  T* end() { return data() + size_; }

 private:
  static std::size_t bytes_for(std::size_t size) {
    if (size > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_alloc();
    return size * sizeof(T);
  }

  LargeMemory memory_;
  std::size_t size_ = 0;
};

}  // namespace gamerec
