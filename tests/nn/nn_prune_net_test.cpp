// PruneNet (the bg-prune net straight from a Position) against encode(bg-prune) + the reference MLP.
#include <gtest/gtest.h>

#include <vector>

#include "formats/notation.h"
#include "game/dice.h"
#include "game/movegen/movegen.h"
#include "game/rules.h"
#include "nn/encoder.h"
#include "nn/mlp.h"
#include "nn/prune_net.h"
#include "tests/support/nn_test_positions.h"

namespace nard {
namespace {

TEST(NnPruneNet, MatchesEncoderPlusReferenceMlp) {
  using namespace test_positions;
  for (int hidden : {32, 40, 7, 200}) {
    const std::vector<int> sizes{hidden};
    const MlpWeights w = random_mlp(EncoderId::BackgammonPrune, sizes, uint64_t(hidden), 0.4f);
    Result<PruneNet> net = PruneNet::create(w);
    ASSERT_TRUE(net.ok()) << net.error().message;
    const Mlp reference(w);
    std::vector<float> x(encoder_inputs(EncoderId::BackgammonPrune));
    int checked = 0;
    for (const auto* list : {&kBackgammonContactPositions}) {
      for (std::string_view text : *list) {
        const Position p = *parse_notation(text, Geometry::Contrary);
        for (const Position& q : {p, p.flipped()}) {
          encode(EncoderId::BackgammonPrune, q, x.data());
          float expect[kOutputs];
          reference.forward_reference(x.data(), 1, expect);
          const auto got = net->evaluate(q).as_array();
          for (int k = 0; k < kOutputs; ++k) ASSERT_NEAR(got[size_t(k)], expect[k], 2e-6) << text;
          ++checked;
        }
      }
    }
    for (std::string_view text : kBackgammonRacePositions) {
      const Position p = *parse_notation(text, Geometry::Contrary);
      encode(EncoderId::BackgammonPrune, p, x.data());
      float expect[kOutputs];
      reference.forward_reference(x.data(), 1, expect);
      EXPECT_NEAR(net->evaluate(p).win, expect[0], 2e-6) << text;
      ++checked;
    }
    EXPECT_GT(checked, 50);
  }
}

// evaluate_results (incremental from the parent) against evaluate() of each flipped result, over
// every play of every roll of the test positions: hits, entering from the bar, bearing off.
TEST(NnPruneNet, IncrementalResultsMatchWholeEvaluation) {
  using namespace test_positions;
  const Rules rules = *rules_for_variant("backgammon");
  MoveGenerator gen(rules);
  PlayList list;
  std::vector<Probabilities> got;
  for (int hidden : {64, 40, 200}) {
    const std::vector<int> sizes{hidden};
    const MlpWeights w = random_mlp(EncoderId::BackgammonPrune, sizes, uint64_t(hidden) + 7, 0.4f);
    Result<PruneNet> net = PruneNet::create(w);
    ASSERT_TRUE(net.ok()) << net.error().message;
    int checked = 0, hits = 0, entering = 0, bearing_off = 0;
    std::vector<std::string_view> texts(kBackgammonContactPositions.begin(),
                                        kBackgammonContactPositions.end());
    texts.insert(texts.end(), kBackgammonRacePositions.begin(), kBackgammonRacePositions.end());
    {
      for (std::string_view text : texts) {
        const Position start = *parse_notation(text, Geometry::Contrary);
        for (const Position& parent : {start, start.flipped()}) {
          for (const Dice dice : all_rolls()) {
            list.size = gen.generate(parent, dice, list.positions.get());
            got.resize(size_t(list.size));
            net->evaluate_results(parent, list.plays(), got);
            for (int i = 0; i < list.size; ++i) {
              const Position& play = list.positions[size_t(i)];
              if (play.mover_off == kCheckers) continue;  // game over: no net value (precondition)
              hits += play.opp_bar > parent.opp_bar;
              entering += play.mover_bar < parent.mover_bar;
              bearing_off += play.mover_off > parent.mover_off;
              const auto expect = net->evaluate(play.flipped()).as_array();
              const auto a = got[size_t(i)].as_array();
              for (int k = 0; k < kOutputs; ++k)
                ASSERT_NEAR(a[size_t(k)], expect[size_t(k)], 2e-6) << text;
              ++checked;
            }
          }
        }
      }
    }
    EXPECT_GT(checked, 5000);
    EXPECT_GT(hits, 50);
    EXPECT_GT(entering, 20);
    EXPECT_GT(bearing_off, 50);
  }
}

TEST(NnPruneNet, RejectsOtherShapes) {
  const std::vector<int> two{16, 8}, one{16};
  EXPECT_FALSE(PruneNet::create(random_mlp(EncoderId::BackgammonPrune, two, 1)).ok());
  EXPECT_FALSE(PruneNet::create(random_mlp(EncoderId::BackgammonContact, one, 1)).ok());
  const std::vector<int> huge{PruneNet::kMaxHidden + 1};
  EXPECT_FALSE(PruneNet::create(random_mlp(EncoderId::BackgammonPrune, huge, 1)).ok());
}

}  // namespace
}  // namespace nard
