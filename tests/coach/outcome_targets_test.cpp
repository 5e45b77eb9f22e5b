// The variance-reduced game results of coach/outcome_targets.h: the algebra, that the adjustment
// removes most of the dice's noise without moving the mean, and that the sample is the one
// sample_positions keeps.
#include "coach/outcome_targets.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "coach/position_sampling.h"
#include "game/dice.h"
#include "game/rules.h"
#include "nn/fake_evaluator.h"
#include "nn/model_path.h"
#include "nn/weights_file.h"
#include "play/self_play.h"
#include "search/search.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

float equity(const Probabilities& p) { return cubeless_equity(p, wbf()); }

// With values that agree along the game (the net's value of each position met is its 1-ply value:
// A_t = invert(V1(s_{t+1}))), every target is its position's V1, whatever the luck of the rolls and
// the result: here the roll of turn 1 gained its player 0.1 in P(win) over its 1-ply mean and the
// game was then won, yet turn 0's and turn 1's targets stay their 1-ply values.
TEST(OutcomeTargets, ValuesThatAgreeAlongTheGameAreTheirOwnTargets) {
  const Probabilities v1_0{0.55f, 0.10f, 0.01f, 0.08f, 0.00f};
  const Probabilities v1_1{0.40f, 0.05f, 0.00f, 0.20f, 0.02f};
  Probabilities a1 = v1_1;  // what turn 1's play left its player: 0.1 more than the 1-ply mean
  a1.win += 0.1f;
  const std::vector<Probabilities> v1 = {v1_0, v1_1, invert(a1)};
  const std::vector<Probabilities> after = {invert(v1_1), a1, decided(true, 1)};
  const std::vector<Probabilities> y = outcome_targets(v1, after);
  ASSERT_EQ(y.size(), 3u);
  for (size_t t = 0; t < 3; ++t) {
    EXPECT_NEAR(y[t].win, v1[t].win, 1e-6) << t;
    EXPECT_NEAR(equity(y[t]), equity(v1[t]), 1e-6) << t;
  }
  // Where the next position's 1-ply value is below its 0-ply value (the net over-rated the
  // position its play left), the difference moves the earlier targets: by -0.05 in P(win) for
  // turn 1's player, +0.05 for turn 0's (the other side).
  std::vector<Probabilities> v1b = v1;
  v1b[2].win += 0.05f;  // seen from turn 2's side: its 1-ply is 0.05 better than a1 said
  const std::vector<Probabilities> yb = outcome_targets(v1b, after);
  EXPECT_NEAR(yb[1].win, v1_1.win - 0.05f, 1e-6);
  EXPECT_NEAR(yb[0].win, v1_0.win + 0.05f, 1e-6);
}

// A game drawn by a deadlock ends on a turn without a play whatever the roll: its last position's
// target is the draw, not the net's opinion of it, and the forfeit before it carries the draw back.
TEST(OutcomeTargets, ADeadlockedGameEndsInTheDraw) {
  const Rules plakoto = *rules_preset("plakoto");
  FakeEvaluator eval(plakoto);
  Search search(plakoto, eval, outcome_search_config());
  PlayedGame game;
  const Position s0 = start_position(plakoto);
  Position s1 = s0;
  s1.set_mover_first_turn(false);
  s1 = s1.flipped();  // a turn without a play: the same position, the other side on roll
  game.positions = {s0, s1};
  Probabilities v1;
  eval.evaluate({&s1, 1}, {&v1, 1});
  game.values = {Probabilities{}, v1};
  game.result = draw_probabilities();
  game.finished = game.deadlocked = true;
  const std::vector<Probabilities> y = game_outcome_targets(game, search);
  ASSERT_EQ(y.size(), 2u);
  EXPECT_EQ(y[1], draw_probabilities());
  // s_0's target: its 1-ply value plus what the draw says of s_1 beyond the net's 0-ply value.
  const Probabilities expected =
      make_consistent({search.evaluate(s0, 1).win + (1.0f - 0.5f) - (1.0f - v1.win), 0, 0, 0, 0});
  EXPECT_NEAR(y[0].win, expected.win, 1e-5);
}

// Over games of the shipped net against itself, the target of s_1 has the mean of the game's result
// from s_1's side (the adjustment has mean zero under greedy play) and a far smaller spread.
TEST(OutcomeTargets, TheAdjustmentKeepsTheMeanAndRemovesTheDice) {
  Result<std::string> path = default_model_path(Variant::Backgammon);
  ASSERT_TRUE(path.ok()) << path.error().message;
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(wbf(), *path);
  ASSERT_TRUE(model.ok()) << model.error().message;
  NeuralEvaluator eval(*model);
  GamePlayer player(wbf());
  Search search(wbf(), eval, outcome_search_config());
  const int games = 60;
  double sum_y = 0, sum_r = 0, sum_yy = 0, sum_rr = 0, sum_d = 0, sum_dd = 0;
  int n = 0;
  for (int g = 0; g < games; ++g) {
    const PlayedGame game = player.play(eval, game_seed(5, uint64_t(g)), SelfPlayOptions{});
    ASSERT_TRUE(game.finished);
    const std::vector<Probabilities> y = game_outcome_targets(game, search);
    ASSERT_EQ(y.size(), game.positions.size());
    // The result from s_1's side: s_{T-1}'s result, inverted once per turn in between.
    Probabilities r = game.result;
    for (size_t t = game.positions.size() - 1; t > 1; --t) r = invert(r);
    const double ey = equity(y[1]), er = equity(r);
    sum_y += ey, sum_r += er, sum_yy += ey * ey, sum_rr += er * er;
    sum_d += ey - er, sum_dd += (ey - er) * (ey - er);
    ++n;
  }
  EXPECT_EQ(n, games);
  const double mean_d = sum_d / n, sd_d = std::sqrt(sum_dd / n - mean_d * mean_d);
  const double var_y = sum_yy / n - (sum_y / n) * (sum_y / n);
  const double var_r = sum_rr / n - (sum_r / n) * (sum_r / n);
  EXPECT_LT(std::fabs(mean_d), 4 * sd_d / std::sqrt(double(n)))
      << "mean " << mean_d << " sd " << sd_d;
  EXPECT_LT(var_y, 0.25 * var_r) << "targets " << var_y << ", results " << var_r;
}

// The positions are sample_positions' (same model, seed, exploration, keep), whatever the threads.
TEST(OutcomeTargets, SamplesThePositionsSamplePositionsKeeps) {
  auto model = *NeuralModel::create(wbf(), random_net_weights(Variant::Backgammon, 3));
  SamplingConfig c;
  c.first_game = 3;
  c.games = 6;
  c.seed = 9;
  c.keep = 0.3;
  c.threads = 1;
  const std::vector<Position> positions = sample_positions(model, c, {});
  Result<std::vector<PositionRecord>> one = sample_outcome_targets(model, c, {});
  c.threads = 2;
  Result<std::vector<PositionRecord>> two = sample_outcome_targets(model, c, {});
  ASSERT_TRUE(one.ok() && two.ok());
  ASSERT_EQ(one->size(), positions.size());
  ASSERT_FALSE(positions.empty());
  for (size_t i = 0; i < positions.size(); ++i) EXPECT_EQ((*one)[i].position, positions[i]) << i;
  EXPECT_EQ(*one, *two);
  c.alternatives = 2;
  EXPECT_FALSE(sample_outcome_targets(model, c, {}).ok());
}

// The calibration bins: positions grouped by the net's equity to the nearest quarter (the ends
// holding everything beyond), the mean of target - net per bin, its standard error.
TEST(OutcomeTargets, CalibrationBinsGroupByTheNetsEquity) {
  const Position p = start_position(wbf());
  const Probabilities even{0.5f, 0, 0, 0, 0};      // equity 0
  const Probabilities sure{0.99f, 0.9f, 0, 0, 0};  // equity 1.88: the top bin
  const Probabilities ahead{0.6f, 0, 0, 0, 0};     // equity 0.2: the +0.25 bin
  std::vector<PositionRecord> targets = {{p, {0.52f, 0, 0, 0, 0}},
                                         {p, {0.46f, 0, 0, 0, 0}},
                                         {p, {0.99f, 0.8f, 0, 0, 0}},
                                         {p, {0.6f, 0, 0, 0, 0}}};
  const std::vector<Probabilities> net = {even, even, sure, ahead};
  const std::vector<CalibrationBin> bins = calibration_bins(targets, net, wbf());
  ASSERT_EQ(bins.size(), 3u);
  EXPECT_EQ(bins[0].centre, 0.0);
  EXPECT_EQ(bins[0].positions, 2);
  EXPECT_NEAR(bins[0].equity, (0.04 - 0.08) / 2, 1e-6);  // +0.04 and -0.08 in equity
  EXPECT_NEAR(bins[0].equity_se, 0.06 / std::sqrt(2.0), 1e-6);
  EXPECT_NEAR(bins[0].difference.win, -0.01, 1e-6);
  EXPECT_EQ(bins[1].centre, 0.25);
  EXPECT_NEAR(bins[1].equity, 0.0, 1e-6);
  EXPECT_EQ(bins[2].centre, 1.0);
  EXPECT_NEAR(bins[2].equity, -0.1, 1e-6);
  EXPECT_NEAR(bins[2].difference.win_gammon, -0.1, 1e-6);
}

}  // namespace
}  // namespace nard
