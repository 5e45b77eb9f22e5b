// Tests of the LibTorch trainer (a separate binary: a torch process takes ~0.35 s to start).
#include "training/trainer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/sha256.h"
#include "game/dice.h"
#include "game/playout.h"
#include "nn/encoder.h"
#include "nn/mlp.h"
#include "nn/weights_file.h"
#include "training/checkpoint.h"
#include "training/learner.h"
#include "training/self_play.h"
#include "training/td_targets.h"

namespace nard::training {
namespace {

namespace fs = std::filesystem;

fs::path temp_dir(const std::string& name) {
  const fs::path p =
      fs::temp_directory_path() / ("nard_training_test_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(p);
  return p;
}

// The cosine schedule's ends and middle; a learning rate set to zero freezes the weights, and
// setting it back resumes learning (the schedule really reaches the optimizer).
TEST(LearnerSchedule, CosineEndsAndSetLearningRateReachesTheOptimizer) {
  EXPECT_DOUBLE_EQ(cosine_learning_rate(1e-3, 1e-5, 0.0), 1e-3);
  EXPECT_DOUBLE_EQ(cosine_learning_rate(1e-3, 1e-5, 1.0), 1e-5);
  EXPECT_NEAR(cosine_learning_rate(1e-3, 1e-5, 0.5), (1e-3 + 1e-5) / 2, 1e-15);
  EXPECT_DOUBLE_EQ(cosine_learning_rate(1e-3, 1e-5, 7.0), 1e-5);
  EXPECT_GT(cosine_learning_rate(1e-3, 1e-5, 0.25), cosine_learning_rate(1e-3, 1e-5, 0.75));
  LearnerConfig lc;
  lc.inputs = 6;
  lc.hidden = {4};
  Learner learner(lc);
  const std::vector<float> x = {1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1};
  const std::vector<float> y = {1, 0, 1, 0, 1, 0, 1, 0, 1, 0};
  learner.train_batch(x, y, 2);
  const std::vector<DenseLayer> before = learner.layers();
  learner.set_learning_rate(0);
  for (int i = 0; i < 3; ++i) learner.train_batch(x, y, 2);
  EXPECT_EQ(learner.layers()[0].weight, before[0].weight);
  learner.set_learning_rate(1e-2);
  learner.train_batch(x, y, 2);
  EXPECT_NE(learner.layers()[0].weight, before[0].weight);
}

// The ranking term (RankingTerm): without groups or weight it is the plain step; with them it
// fits the differences between a group's values (here: targets of equal spread in every output,
// whose equities differ within each group) better than the cross-entropy alone does.
TEST(LearnerRanking, FitsTheDifferencesWithinEachGroup) {
  LearnerConfig lc;
  lc.inputs = 6;
  lc.hidden = {16};
  lc.learning_rate = 3e-3;
  Rng rng(11);
  const int singles = 2, groups = 4, size = 3, n = singles + groups * size;
  std::vector<float> x(size_t(n) * 6), y(size_t(n) * 5);
  for (float& v : x) v = float(rng.uniform());
  for (int r = 0; r < n; ++r) {
    const float win = 0.3f + 0.4f * float(rng.uniform());
    const float g = 0.2f * float(rng.uniform());
    const float l = 0.2f * float(rng.uniform());
    const float row[5] = {win, std::min(win, g), 0.0f, std::min(1 - win, l), 0.0f};
    std::copy(row, row + 5, y.begin() + r * 5);
  }
  const std::vector<float> equity = {2, 1, 1, -1, -1};  // backgammon's cubeless money equity
  RankingTerm none;
  none.groups = groups;
  none.size = size;
  none.weight = 0;
  none.equity = equity;
  Learner plain(lc), zero(lc);
  EXPECT_EQ(plain.train_batch(x, y, n), zero.train_batch(x, y, n, none));
  EXPECT_EQ(plain.layers()[0].weight, zero.layers()[0].weight);

  // The mean squared error of the within-group differences of a learner's equities.
  const auto residual = [&](const Learner& l) {
    const std::vector<float> p = l.predict(x, n);
    double sum = 0;
    for (int g = 0; g < groups; ++g) {
      double e[size], t[size], em = 0, tm = 0;
      for (int i = 0; i < size; ++i) {
        const int row = singles + g * size + i;
        e[i] = t[i] = 0;
        for (int k = 0; k < 5; ++k)
          e[i] += equity[size_t(k)] * p[size_t(row * 5 + k)],
              t[i] += equity[size_t(k)] * y[size_t(row * 5 + k)];
        em += e[i] / size, tm += t[i] / size;
      }
      for (int i = 0; i < size; ++i) sum += std::pow((e[i] - em) - (t[i] - tm), 2);
    }
    return sum / (groups * size);
  };
  RankingTerm ranked = none;
  ranked.weight = 5;
  Learner bce(lc), rank(lc);
  const double start = residual(bce);
  double first_loss = 0;
  for (int step = 0; step < 150; ++step) {
    bce.train_batch(x, y, n);
    const double loss = rank.train_batch(x, y, n, ranked);
    if (step == 0) first_loss = loss;
  }
  Learner fresh(lc);
  EXPECT_GT(first_loss, fresh.train_batch(x, y, n));  // the term adds to the loss
  EXPECT_LT(residual(rank), start);
  EXPECT_LT(residual(rank), 0.7 * residual(bce)) << residual(rank) << " vs " << residual(bce);
}

// The LibTorch net and the nn/ inference net compute the same function (style P8).
TEST(TrainerParity, TorchNetMatchesInferenceNetOnRandomAndRealPositions) {
  const EncoderId id = EncoderId::BackgammonContact;
  const int n_in = encoder_inputs(id);
  LearnerConfig lc;
  lc.inputs = n_in;
  lc.hidden = {32, 16};
  lc.init_seed = 3;
  Learner learner(lc);
  // A few training steps so the weights are not just the initial ones.
  Rng rng(11);
  std::vector<float> x(size_t(64) * n_in), y(size_t(64) * kOutputs);
  for (float& v : x) v = rng.uniform() < 0.15 ? float(rng.uniform() * 2) : 0.0f;
  for (float& v : y) v = float(rng.uniform());
  for (int i = 0; i < 5; ++i) learner.train_batch(x, y, 64);

  MlpWeights w;
  w.encoder = id;
  w.layers = learner.layers();
  ASSERT_FALSE(w.validate().has_value());
  const Mlp mlp(w);

  std::vector<float> inputs = x;  // random rows, then real encoded positions
  const Rules rules = *rules_preset("wbf");
  for (const PositionRoll& pr : sample_positions(rules, 4, 5)) {
    if (encoder_for(rules, pr.position) != id) continue;
    const size_t at = inputs.size();
    inputs.resize(at + n_in);
    encode(id, pr.position, inputs.data() + at);
  }
  const int n = int(inputs.size() / n_in);
  ASSERT_GT(n, 100);
  const std::vector<float> torch_out = learner.predict(inputs, n);
  std::vector<float> fast(size_t(n) * kOutputs), ref(size_t(n) * kOutputs);
  MlpScratch scratch;
  mlp.forward(inputs.data(), n, fast.data(), scratch);
  mlp.forward_reference(inputs.data(), n, ref.data());
  double worst = 0;
  for (size_t i = 0; i < fast.size(); ++i) {
    worst = std::max(worst, double(std::abs(fast[i] - torch_out[i])));
    worst = std::max(worst, double(std::abs(ref[i] - torch_out[i])));
  }
  EXPECT_LT(worst, 1e-5);
}

// A hand-made game of three positions: s0 (A on roll), s1 (B), s2 (A), and A wins a gammon with
// the play from s2. V1 is B's view of s1, V2 A's view of s2.
TEST(TdTargets, LambdaReturnsOfAHandMadeGame) {
  const Probabilities v0{};
  const Probabilities v1{0.6f, 0.2f, 0.0f, 0.1f, 0.0f};  // B's view
  const Probabilities v2{0.9f, 0.5f, 0.1f, 0.0f, 0.0f};  // A's view
  const Probabilities result = decided(true, 2);         // A, on roll in s2, wins a gammon
  const std::vector<Probabilities> values{v0, v1, v2};

  // lambda = 1: every target is the result, seen from each position's side.
  auto mc = lambda_returns(values, result, 1.0);
  EXPECT_EQ(mc[2], result);
  EXPECT_EQ(mc[1], invert(result));
  EXPECT_EQ(mc[0], result);
  // lambda = 0: each target is the next position's evaluation, inverted.
  auto td0 = lambda_returns(values, result, 0.0);
  EXPECT_EQ(td0[2], result);
  EXPECT_EQ(td0[1], invert(v2));  // B's view of s2 = invert(A's view)
  EXPECT_EQ(td0[0], invert(v1));
  // lambda = 0.5, by hand: G1 = 0.5*inv(V2) + 0.5*inv(R); G0 = 0.5*inv(V1) + 0.5*inv(G1).
  auto half = lambda_returns(values, result, 0.5);
  // inv(V2) = {0.1, 0, 0, 0.5, 0.1}; inv(R) = {0, 0, 0, 1, 0}  -> G1 = {0.05, 0, 0, 0.75, 0.05}
  const Probabilities g1{0.05f, 0.0f, 0.0f, 0.75f, 0.05f};
  // inv(V1) = {0.4, 0.1, 0, 0.2, 0}; inv(G1) = {0.95, 0.75, 0.05, 0, 0} -> G0 = {0.675, 0.425, 0.025, 0.1, 0}
  const Probabilities g0{0.675f, 0.425f, 0.025f, 0.1f, 0.0f};
  for (int k = 0; k < kOutputs; ++k) {
    EXPECT_NEAR(half[1].as_array()[k], g1.as_array()[k], 1e-6) << k;
    EXPECT_NEAR(half[0].as_array()[k], g0.as_array()[k], 1e-6) << k;
  }
}

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TrainConfig tiny_config(const fs::path& dir, long long games) {
  TrainConfig c;
  c.variant = "plakoto";
  c.out_dir = dir.string();
  c.games = games;
  c.hidden = {8};
  c.threads = 2;
  c.round_games = 4;
  c.batch_size = 16;
  c.checkpoint_games = 8;
  c.eval_games = 0;
  c.seed = 5;
  return c;
}

std::string exported(const fs::path& dir) {
  const std::string out = (dir / "exported.nardnet").string();
  EXPECT_FALSE(export_checkpoint(dir.string(), out).has_value());
  return *read_file(out);
}

TEST(TrainerCheckpoint, ResumeIsBitIdenticalToAStraightRun) {
  const fs::path straight = temp_dir("straight"), split = temp_dir("split");
  ASSERT_FALSE(run_training(tiny_config(straight, 16), nullptr).has_value());
  ASSERT_FALSE(run_training(tiny_config(split, 8), nullptr).has_value());
  TrainConfig more = tiny_config(split, 16);
  more.resume = true;
  more.threads = 1;  // the thread count must not matter either
  ASSERT_FALSE(run_training(more, nullptr).has_value());
  const std::string a = exported(straight), b = exported(split);
  EXPECT_EQ(a, b);
  // And training changed the weights: the first checkpoint differs from the last one.
  EXPECT_NE(*read_file((straight / "first.nardnet").string()), a);
  fs::remove_all(straight);
  fs::remove_all(split);
}

TEST(TrainerBench, CountsTheLoopsWorkTheSameOnAnyThreadCountAndWidensInitialNets) {
  const fs::path dir = temp_dir("bench");
  ASSERT_FALSE(run_training(tiny_config(dir, 8), nullptr).has_value());
  const std::string narrow = (dir / "narrow.nardnet").string();
  ASSERT_FALSE(export_checkpoint(dir.string(), narrow).has_value());
  TrainConfig c = tiny_config(dir, 0);
  c.out_dir.clear();
  Result<TrainBenchResult> two = bench_training(c, 2);
  ASSERT_TRUE(two.ok()) << two.error().message;
  EXPECT_EQ(two->games, 8);
  EXPECT_GT(two->positions, 8 * 10);
  c.threads = 1;
  Result<TrainBenchResult> one = bench_training(c, 2);
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->positions, two->positions);
  // Starting from the 8-unit export: a 12-unit net grows from it, a 4-unit one cannot.
  c.init_from = narrow;
  c.hidden = {12};
  Result<TrainBenchResult> wide = bench_training(c, 1);
  EXPECT_TRUE(wide.ok()) << wide.error().message;
  c.hidden = {4};
  Result<TrainBenchResult> small = bench_training(c, 1);
  ASSERT_FALSE(small.ok());
  EXPECT_NE(small.error().message.find("cannot start"), std::string::npos) << small.error().message;
  fs::remove_all(dir);
}

TEST(TrainerCheckpoint, CorruptCheckpointIsRejectedWithAClearMessage) {
  const fs::path dir = temp_dir("corrupt");
  ASSERT_FALSE(run_training(tiny_config(dir, 8), nullptr).has_value());
  const std::string ckpt = *latest_checkpoint(dir.string());
  const std::string model = ckpt + "/plakoto.model.pt";
  std::string bytes = *read_file(model);
  bytes[bytes.size() / 2] ^= 0x5A;
  std::ofstream(model, std::ios::binary) << bytes;
  TrainConfig c = tiny_config(dir, 16);
  c.resume = true;
  auto e = run_training(c, nullptr);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->message.find("corrupt"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("plakoto.model.pt"), std::string::npos) << e->message;
  // A state file cut short is rejected too.
  const std::string state = *read_file(ckpt + "/state.txt");
  std::ofstream(ckpt + "/state.txt", std::ios::binary) << state.substr(0, state.size() / 2);
  e = run_training(c, nullptr);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->message.find("corrupt"), std::string::npos) << e->message;
  // Other settings than the checkpoint's are refused on resume.
  fs::remove_all(dir);
  ASSERT_FALSE(run_training(tiny_config(dir, 8), nullptr).has_value());
  c.lambda = 0.3;
  e = run_training(c, nullptr);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->message.find("lambda"), std::string::npos) << e->message;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace nard::training
