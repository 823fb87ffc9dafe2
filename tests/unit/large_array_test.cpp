// LargeArray: the searches' big tables. Their code relies on the memory
// starting zeroed (an all-zero entry is an empty slot) and on the 2 MB
// alignment that lets the kernel back it with huge pages.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <new>
#include <utility>

#include "rules/large_array.h"

using gamerec::LargeArray;

TEST_CASE("large array: zeroed, aligned to 2 MB, and every element writable") {
  struct Slot {
    std::uint64_t key;
    std::uint32_t work;
    std::uint32_t flags;
  };
  LargeArray<Slot> slots(300000);  // more than two huge pages
  REQUIRE(slots.size() == 300000);
  CHECK(reinterpret_cast<std::uintptr_t>(slots.data()) % (std::uintptr_t{2} << 20) == 0);
  CHECK(std::all_of(slots.begin(), slots.end(),
                    [](const Slot& slot) { return slot.key == 0 && slot.work == 0; }));
  for (std::size_t i = 0; i < slots.size(); ++i) slots[i].key = i;
  CHECK(slots[299999].key == 299999);

  LargeArray<Slot> moved = std::move(slots);
  CHECK(moved[12345].key == 12345);
  CHECK(slots.size() == 0);  // NOLINT(bugprone-use-after-move): a moved-from array is empty
  CHECK(slots.begin() == slots.end());
  LargeArray<Slot> assigned;
  assigned = std::move(moved);
  CHECK(assigned.size() == 300000);
  CHECK(assigned[299999].key == 299999);
  CHECK(moved.size() == 0);  // NOLINT(bugprone-use-after-move)
}

TEST_CASE("large array: no elements, and sizes beyond any memory refused") {
  LargeArray<int> none(0);
  CHECK(none.size() == 0);
  CHECK(none.begin() == none.end());
  CHECK(LargeArray<std::int8_t>().size() == 0);
  CHECK_THROWS_AS(LargeArray<std::uint64_t>((std::size_t{1} << 61) + 1), std::bad_alloc);
  CHECK_THROWS_AS(LargeArray<std::uint8_t>(~std::size_t{0} - 100), std::bad_alloc);
}
