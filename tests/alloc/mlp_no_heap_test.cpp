// Mlp::forward allocates nothing once its scratch is sized, on either kernel of the hidden
// layers (Eigen's products pack their operands on the stack). This binary replaces malloc,
// calloc and realloc, passing them on to glibc's, to count the calls a thread makes while it
// asks to; a separate binary so no other test runs with the replacement (and none is built
// under the sanitizers, which replace malloc themselves).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <vector>

#include "game/dice.h"
#include "nn/mlp.h"

extern "C" {
void* __libc_malloc(size_t size);
void* __libc_calloc(size_t count, size_t size);
void* __libc_realloc(void* p, size_t size);
}

namespace {
thread_local bool counting = false;
thread_local long allocations = 0;
}  // namespace

extern "C" void* malloc(size_t size) {
  if (counting) ++allocations;
  return __libc_malloc(size);
}
extern "C" void* calloc(size_t count, size_t size) {
  if (counting) ++allocations;
  return __libc_calloc(count, size);
}
extern "C" void* realloc(void* p, size_t size) {
  if (counting) ++allocations;
  return __libc_realloc(p, size);
}

namespace nard {
namespace {

// Calls made by f on this thread.
template <class F>
long allocations_of(F&& f) {
  allocations = 0;
  counting = true;
  f();
  counting = false;
  return allocations;
}

TEST(MlpNoHeap, TheCounterSeesAllocations) {
  EXPECT_EQ(allocations_of([] { std::vector<float> v(100); }), 1);
  EXPECT_EQ(allocations_of([] { std::free(std::malloc(16)); }), 1);
}

TEST(MlpNoHeap, ForwardAllocatesNothingOnceItsScratchIsSized) {
  for (const std::vector<int>& hidden : {std::vector<int>{192, 64}, std::vector<int>{96, 40, 20}}) {
    const MlpWeights w = random_mlp(EncoderId::BackgammonContact, hidden, 5);
    const Mlp net(w);
    constexpr int kBatch = 256;
    Rng rng(9);
    std::vector<float> x(size_t(kBatch) * net.inputs(), 0.0f);
    for (float& v : x)
      if (rng.uniform() < 0.15) v = float(rng.uniform());
    std::vector<float> out(size_t(kBatch) * kOutputs);
    MlpScratch scratch;
    for (DenseKernel kernel : {DenseKernel::Eigen, DenseKernel::HandWritten}) {
      net.forward(x.data(), kBatch, out.data(), scratch, kernel);  // sizes the scratch
      for (int batch : {1, 3, 4, 37, 64, 150, kBatch})
        EXPECT_EQ(
            allocations_of([&] { net.forward(x.data(), batch, out.data(), scratch, kernel); }), 0)
            << "batch " << batch << (kernel == DenseKernel::Eigen ? ", Eigen" : ", hand-written");
    }
  }
}

}  // namespace
}  // namespace nard
