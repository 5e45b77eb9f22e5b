// core/zeroed_array.h: buffers start as zero bytes however the process has used memory before,
// and large ones come straight from the kernel (outside ASan builds), so that building one costs
// the pages a caller touches rather than a memset of the whole buffer.
#include "core/zeroed_array.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "tests/support/sanitized_build.h"

namespace nard {
namespace {

bool all_zero(const uint8_t* p, size_t n) {
  return std::all_of(p, p + n, [](uint8_t b) { return b == 0; });
}

TEST(ZeroedArray, LargeBuffersAreMappedAndZeroAfterEarlierOnesWereWrittenAndFreed) {
  constexpr size_t kBytes = size_t(2) << 20;
  for (int round = 0; round < 4; ++round) {  // glibc raises its mmap threshold after the first free
    ZeroedArray<uint8_t> a = make_zeroed_array<uint8_t>(kBytes);
    ASSERT_TRUE(all_zero(a.get(), kBytes)) << "round " << round;
#if !NARD_SANITIZED_BUILD  // ASan's allocator must see them: calloc there
    EXPECT_EQ(a.get_deleter().mapped, kBytes) << "round " << round;
#endif
    std::memset(a.get(), 0xAB, kBytes);
  }
}

TEST(ZeroedArray, SmallBuffersComeFromTheHeapAndAreZero) {
  for (int round = 0; round < 4; ++round) {
    ZeroedArray<uint32_t> a = make_zeroed_array<uint32_t>(100);
    EXPECT_EQ(a.get_deleter().mapped, 0u);
    ASSERT_TRUE(all_zero(reinterpret_cast<const uint8_t*>(a.get()), 100 * sizeof(uint32_t)));
    std::fill(a.get(), a.get() + 100, 0xFFFFFFFFu);
  }
}

TEST(ZeroedArray, ASizeThatOverflowsIsRefused) {
  EXPECT_THROW(make_zeroed_array<uint64_t>(SIZE_MAX / 4), std::bad_alloc);
}

}  // namespace
}  // namespace nard
