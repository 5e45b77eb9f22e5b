// The fast MLP path against the naive scalar reference, and the Probabilities helpers.
#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "game/dice.h"
#include "game/playout.h"
#include "nn/encoder.h"
#include "nn/mlp.h"
#include "nn/probabilities.h"

namespace nard {
namespace {

// Sparse inputs like an encoder's: 15% non-zero, values in (0, 2).
std::vector<float> sparse_inputs(int batch, int width, uint64_t seed) {
  Rng rng(seed);
  std::vector<float> x(size_t(batch) * width, 0.0f);
  for (float& v : x)
    if (rng.uniform() < 0.15) v = float(rng.uniform() * 2.0);
  return x;
}

constexpr DenseKernel kKernels[] = {DenseKernel::Eigen, DenseKernel::HandWritten};

const char* kernel_name(DenseKernel k) {
  return k == DenseKernel::Eigen ? "Eigen" : "hand-written";
}

void expect_fast_matches_reference(const MlpWeights& w, const std::vector<float>& x, int batch) {
  const Mlp net(w);
  MlpScratch scratch;
  std::vector<float> ref(size_t(batch) * kOutputs);
  net.forward_reference(x.data(), batch, ref.data());
  for (DenseKernel kernel : kKernels) {
    SCOPED_TRACE(kernel_name(kernel));
    std::vector<float> fast(size_t(batch) * kOutputs);
    net.forward(x.data(), batch, fast.data(), scratch, kernel);
    for (size_t i = 0; i < fast.size(); ++i) ASSERT_NEAR(fast[i], ref[i], 1e-6) << "output " << i;
    // One position at a time gives bit for bit the same as the batch, where the first layer runs
    // over groups of positions and Eigen over chunks (no cross-talk between rows).
    for (int s = 0; s < batch; ++s) {
      float one[kOutputs];
      net.forward(x.data() + size_t(s) * net.inputs(), 1, one, scratch, kernel);
      for (int o = 0; o < kOutputs; ++o) ASSERT_EQ(one[o], fast[size_t(s) * kOutputs + o]);
    }
  }
}

TEST(NnMlp, FastPathMatchesReferenceOnSparseInputs) {
  for (EncoderId id : {EncoderId::BackgammonContact, EncoderId::BackgammonRace, EncoderId::Plakoto,
                       EncoderId::Fevga}) {
    const std::vector<int> hidden = default_hidden_sizes(id);
    const MlpWeights w = random_mlp(id, hidden, 7);
    ASSERT_FALSE(w.validate().has_value());
    expect_fast_matches_reference(w, sparse_inputs(64, w.inputs(), 11), 64);
  }
}

TEST(NnMlp, FastPathMatchesReferenceWithTwoHiddenLayersAndLargeWeights) {
  const std::vector<int> hidden{96, 40};
  // Scale 0.5 drives many hidden units into saturation, where a poor exp would show.
  const MlpWeights w = random_mlp(EncoderId::BackgammonContact, hidden, 3, 0.5f);
  expect_fast_matches_reference(w, sparse_inputs(33, w.inputs(), 5), 33);
  const std::vector<int> none;
  const MlpWeights linear = random_mlp(EncoderId::LongNardy, none, 4);
  expect_fast_matches_reference(linear, sparse_inputs(9, linear.inputs(), 6), 9);
}

// The two kernels of the hidden layers after the first agree within float rounding, and each
// gives a position the same bits wherever it stands in whatever batch (chunks of 64 positions,
// Eigen's column panels of 4).
TEST(NnMlp, EigenAndHandWrittenHiddenLayersAgree) {
  const std::vector<std::vector<int>> shapes = {{192, 64}, {96, 40}, {50, 37, 9}, {16, 1}, {128}};
  for (const std::vector<int>& hidden : shapes) {
    SCOPED_TRACE(::testing::PrintToString(hidden));
    const MlpWeights w = random_mlp(EncoderId::BackgammonContact, hidden, 21, 0.3f);
    const Mlp net(w);
    constexpr int kBatch = 150;  // more than two chunks, not a multiple of 4
    const std::vector<float> x = sparse_inputs(kBatch, w.inputs(), 8);
    MlpScratch scratch;
    std::vector<float> eigen(kBatch * kOutputs), hand(kBatch * kOutputs);
    net.forward(x.data(), kBatch, eigen.data(), scratch, DenseKernel::Eigen);
    net.forward(x.data(), kBatch, hand.data(), scratch, DenseKernel::HandWritten);
    for (size_t i = 0; i < eigen.size(); ++i)
      ASSERT_NEAR(eigen[i], hand[i], 1e-6) << "output " << i;
    for (DenseKernel kernel : kKernels) {
      SCOPED_TRACE(kernel_name(kernel));
      const std::vector<float>& whole = kernel == DenseKernel::Eigen ? eigen : hand;
      const std::pair<int, int> ranges[] = {{0, 1}, {1, 3}, {5, 6}, {3, 70}, {67, 83}};
      for (const auto& [begin, count] : ranges) {
        std::vector<float> part(size_t(count) * kOutputs);
        net.forward(x.data() + size_t(begin) * w.inputs(), count, part.data(), scratch, kernel);
        for (size_t i = 0; i < part.size(); ++i)
          ASSERT_EQ(part[i], whole[size_t(begin) * kOutputs + i]) << begin << "+" << i;
      }
    }
  }
}

TEST(NnMlp, WidenHiddenKeepsTheFunctionAndRejectsShapesThatDoNotFit) {
  const std::vector<int> narrow{24, 8}, wide{40, 8}, wider{40, 16};
  const MlpWeights small = random_mlp(EncoderId::BackgammonRace, narrow, 1, 0.3f);
  for (const std::vector<int>* target : {&wide, &wider}) {
    MlpWeights big = random_mlp(EncoderId::BackgammonRace, *target, 2, 0.3f);
    Result<std::vector<DenseLayer>> grown = widen_hidden(small.layers, big.layers);
    ASSERT_TRUE(grown.ok()) << grown.error().message;
    big.layers = *grown;
    ASSERT_FALSE(big.validate().has_value());
    EXPECT_EQ(big.hidden_sizes(), *target);
    const std::vector<float> x = sparse_inputs(16, small.inputs(), 3);
    std::vector<float> a(16 * kOutputs), b(16 * kOutputs);
    Mlp(small).forward_reference(x.data(), 16, a.data());
    Mlp(big).forward_reference(x.data(), 16, b.data());
    for (size_t i = 0; i < a.size(); ++i) ASSERT_NEAR(a[i], b[i], 1e-6) << "output " << i;
  }
  const std::vector<int> narrower{16, 8}, deeper{24, 8, 8};
  EXPECT_FALSE(
      widen_hidden(small.layers, random_mlp(EncoderId::BackgammonRace, narrower, 2).layers).ok());
  EXPECT_FALSE(
      widen_hidden(small.layers, random_mlp(EncoderId::BackgammonRace, deeper, 2).layers).ok());
  EXPECT_FALSE(widen_hidden(small.layers, random_mlp(EncoderId::Plakoto, narrow, 2).layers).ok());
}

TEST(NnMlp, GrowInputsIntoContact2KeepsTheFunction) {
  const Rules rules = *rules_preset("wbf");
  const MlpWeights contact =
      random_mlp(EncoderId::BackgammonContact, std::vector<int>{32, 8}, 5, 0.3f);
  Result<MlpWeights> grown = grow_inputs(contact, EncoderId::BackgammonContact2);
  ASSERT_TRUE(grown.ok()) << grown.error().message;
  ASSERT_FALSE(grown->validate().has_value());
  EXPECT_EQ(grown->encoder, EncoderId::BackgammonContact2);
  EXPECT_EQ(grown->inputs(), encoder_inputs(EncoderId::BackgammonContact2));
  EXPECT_EQ(grown->hidden_sizes(), contact.hidden_sizes());
  std::vector<float> x1, x2;
  int batch = 0;
  for (const PositionRoll& pr : sample_positions(rules, 2, 3)) {
    if (pr.position.is_race()) continue;
    x1.resize(x1.size() + contact.inputs());
    encode(EncoderId::BackgammonContact, pr.position, x1.data() + x1.size() - contact.inputs());
    x2.resize(x2.size() + grown->inputs());
    encode(EncoderId::BackgammonContact2, pr.position, x2.data() + x2.size() - grown->inputs());
    ++batch;
  }
  ASSERT_GT(batch, 20);
  std::vector<float> a(size_t(batch) * kOutputs), b(size_t(batch) * kOutputs);
  Mlp(contact).forward_reference(x1.data(), batch, a.data());
  Mlp(*grown).forward_reference(x2.data(), batch, b.data());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_NEAR(a[i], b[i], 1e-6) << "output " << i;
  // Only bg-contact grows (into bg-contact2); growing into its own encoder changes nothing.
  EXPECT_EQ(*grow_inputs(contact, EncoderId::BackgammonContact), contact);
  EXPECT_FALSE(grow_inputs(random_mlp(EncoderId::BackgammonRace, std::vector<int>{8}, 1),
                           EncoderId::BackgammonContact2)
                   .ok());
  EXPECT_FALSE(grow_inputs(*grown, EncoderId::BackgammonContact).ok());
}

TEST(NnMlp, FastPathMatchesReferenceOnEncodedPositions) {
  const Rules rules = *rules_preset("wbf");
  const MlpWeights w = random_mlp(EncoderId::BackgammonContact,
                                  default_hidden_sizes(EncoderId::BackgammonContact), 9);
  std::vector<float> x;
  int batch = 0;
  for (const PositionRoll& pr : sample_positions(rules, 3, 1)) {
    const size_t at = x.size();
    x.resize(at + w.inputs());
    encode(EncoderId::BackgammonContact, pr.position, x.data() + at);
    ++batch;
  }
  ASSERT_GT(batch, 50);
  expect_fast_matches_reference(w, x, batch);
}

TEST(NnMlp, ReferenceIsAPlainSigmoidNet) {
  // A 1-hidden-unit net computed by hand.
  MlpWeights w;
  w.encoder = EncoderId::LongNardy;
  const int n = encoder_inputs(w.encoder);
  DenseLayer h{n, 1, std::vector<float>(n, 0.0f), {0.25f}};
  h.weight[3] = 2.0f;
  DenseLayer out{1, kOutputs, {1.0f, -1.0f, 0.5f, 0.0f, 3.0f}, {0.0f, 0.1f, 0.0f, -1.0f, 0.0f}};
  w.layers = {h, out};
  ASSERT_FALSE(w.validate().has_value());
  std::vector<float> x(n, 0.0f);
  x[3] = 0.5f;
  const double hidden = 1.0 / (1.0 + std::exp(-(0.25 + 2.0 * 0.5)));
  const double wo[5] = {1.0, -1.0, 0.5, 0.0, 3.0}, bo[5] = {0.0, 0.1, 0.0, -1.0, 0.0};
  float ref[kOutputs], fast[kOutputs];
  const Mlp net(w);
  MlpScratch scratch;
  net.forward_reference(x.data(), 1, ref);
  net.forward(x.data(), 1, fast, scratch);
  for (int o = 0; o < kOutputs; ++o) {
    const double expect = 1.0 / (1.0 + std::exp(-(wo[o] * hidden + bo[o])));
    EXPECT_NEAR(ref[o], expect, 1e-7) << o;
    EXPECT_NEAR(fast[o], expect, 1e-6) << o;
  }
}

TEST(NnMlp, ValidateNamesTheProblem) {
  MlpWeights w = random_mlp(EncoderId::Plakoto, default_hidden_sizes(EncoderId::Plakoto), 1);
  w.layers[0].weight[5] = std::nanf("");
  ASSERT_TRUE(w.validate().has_value());
  EXPECT_NE(w.validate()->message.find("non-finite"), std::string::npos);
  MlpWeights v = random_mlp(EncoderId::Plakoto, default_hidden_sizes(EncoderId::Plakoto), 1);
  v.layers[0].inputs -= 1;
  ASSERT_TRUE(v.validate().has_value());
  EXPECT_NE(v.validate()->message.find("inputs"), std::string::npos);
  EXPECT_NE(random_mlp(EncoderId::Plakoto, std::vector<int>{64}, 1).arch_hash(),
            random_mlp(EncoderId::Plakoto, std::vector<int>{65}, 1).arch_hash());
  EXPECT_EQ(random_mlp(EncoderId::Plakoto, std::vector<int>{64}, 1).arch_hash(),
            random_mlp(EncoderId::Plakoto, std::vector<int>{64}, 2).arch_hash());
  EXPECT_NE(random_mlp(EncoderId::Fevga, std::vector<int>{64}, 1).arch_hash(),
            random_mlp(EncoderId::Tawla31, std::vector<int>{64}, 1).arch_hash());
}

TEST(NnProbabilities, EquityAndInversion) {
  const Probabilities p{0.6f, 0.2f, 0.05f, 0.1f, 0.01f};
  EXPECT_NEAR(cubeless_equity(p), 2 * 0.6 - 1 + 0.2 - 0.1 + 0.05 - 0.01, 1e-6);
  EXPECT_NEAR(cubeless_equity(p, 2, 2), 2 * 0.6 - 1 + 0.2 - 0.1, 1e-6);  // no backgammons
  EXPECT_NEAR(cubeless_equity(p, 1, 1), 2 * 0.6 - 1, 1e-6);              // Tawla 31
  const Probabilities q = invert(p);
  EXPECT_FLOAT_EQ(q.win, 0.4f);
  EXPECT_FLOAT_EQ(q.win_gammon, 0.1f);
  EXPECT_FLOAT_EQ(q.lose_backgammon, 0.05f);
  EXPECT_EQ(invert(q), p);
  EXPECT_NEAR(cubeless_equity(q), -cubeless_equity(p), 1e-6);
  EXPECT_FLOAT_EQ(cubeless_equity(decided(true, 3)), 3.0f);
  EXPECT_FLOAT_EQ(cubeless_equity(decided(false, 2)), -2.0f);
  EXPECT_FLOAT_EQ(cubeless_equity(draw_probabilities()), 0.0f);
  const Probabilities bad{1.2f, 0.5f, 0.7f, 0.3f, 0.0f};
  const Probabilities fixed = make_consistent(bad);
  EXPECT_EQ(fixed.win, 1.0f);
  EXPECT_EQ(fixed.win_backgammon, 0.5f);
  EXPECT_EQ(fixed.lose_gammon, 0.0f);
  EXPECT_EQ(make_consistent(p), p);
}

}  // namespace
}  // namespace nard
