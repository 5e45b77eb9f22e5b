// The batch move-generation API and the bench workload: results independent of the thread count.
#include <gtest/gtest.h>

#include "bench/movegen_bench.h"

namespace nard {
namespace {

TEST(MovegenBatch, CountsDoNotDependOnThreads) {
  const Rules r = *rules_preset("wbf");
  std::vector<Position> positions;
  std::vector<Dice> dice;
  for (const PositionRoll& pr : sample_positions(r, 20, 5)) {
    positions.push_back(pr.position);
    dice.push_back(pr.dice);
  }
  ASSERT_GT(positions.size(), 500u);
  const std::vector<int> one = count_plays_batch(r, positions, dice, 1);
  const std::vector<int> two = count_plays_batch(r, positions, dice, 2);
  EXPECT_EQ(one, two);
  MoveGenerator gen(r);
  PlayList list;
  for (size_t i = 0; i < positions.size(); i += 37)
    EXPECT_EQ(one[i], gen.generate(positions[i], dice[i], list.positions.get()));
}

TEST(MovegenBatch, WorkloadSignatureIsThreadIndependent) {
  for (const char* preset : {"wbf", "plakoto", "longnardy"}) {
    const Rules r = *rules_preset(preset);
    const MovegenWorkload w = movegen_workload(r, 5, kBenchSeed);
    const MovegenCount a = run_movegen_workload(r, w, 1);
    const MovegenCount b = run_movegen_workload(r, w, 2);
    EXPECT_EQ(a.plays, b.plays) << preset;
    EXPECT_EQ(a.signature, b.signature) << preset;
    EXPECT_GT(a.plays, 1000u) << preset;
  }
}

}  // namespace
}  // namespace nard
