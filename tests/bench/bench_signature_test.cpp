// Pins the `nard bench` signature (style P1): any change of move generation in any game, or of
// pubeval's choices, moves these numbers; a commit that changes them says "Bench: N".
#include "bench/bench_signature.h"

#include <gtest/gtest.h>

namespace nard {
namespace {

TEST(BenchSignature, IsPinned) {
  const BenchSignature b = compute_bench_signature();
  EXPECT_EQ(b.positions_generated, 4198087u);
  EXPECT_EQ(b.plays_chosen, 1776u);
  EXPECT_EQ(b.signature, 0x8a1d344aa0232f7dull);
}

}  // namespace
}  // namespace nard
