// PruneNet (the bg-prune net straight from a Position) against encode(bg-prune) + the reference MLP.
#include <gtest/gtest.h>

#include <vector>

#include "engine/notation.h"
#include "nn/encoder.h"
#include "nn/mlp.h"
#include "nn/prune_net.h"
#include "nn_test_positions.h"

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

TEST(NnPruneNet, RejectsOtherShapes) {
  const std::vector<int> two{16, 8}, one{16};
  EXPECT_FALSE(PruneNet::create(random_mlp(EncoderId::BackgammonPrune, two, 1)).ok());
  EXPECT_FALSE(PruneNet::create(random_mlp(EncoderId::BackgammonContact, one, 1)).ok());
  const std::vector<int> huge{PruneNet::kMaxHidden + 1};
  EXPECT_FALSE(PruneNet::create(random_mlp(EncoderId::BackgammonPrune, huge, 1)).ok());
}

}  // namespace
}  // namespace nard
