// Rollouts over the deterministic fake evaluator: variance reduction, stratified dice, thread
// independence, the exact 1-ply limit, plays rolled out with common dice, cubeful trials.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cmath>

#include "formats/notation.h"
#include "nn/fake_evaluator.h"
#include "play/rollout.h"
#include "search/cube/efficiency.h"
#include "search/cube/money.h"
#include "search/search.h"
#include "tests/support/test_fixtures.h"
#include "tests/support/fake_evaluator_factory.h"

namespace nard {
namespace {

// A middle-game position (both sides have left the start), reached by fixed plays.
Position middle_game() {
  return *parse_notation("x 24:1 13:4 10:1 8:3 6:4 5:2; o 1:1 3:1 12:4 17:3 19:4 20:2",
                         Geometry::Contrary);
}

TEST(Rollout, StratifiedRollsCoverEveryRollOncePerBlock) {
  for (int turn = 0; turn < 2; ++turn) {
    for (int block = 0; block < 3; ++block) {
      std::array<int, 21> count{};
      for (int t = 0; t < 36; ++t) {
        const Dice d = stratified_roll(7, block * 36 + t, turn);
        for (int r = 0; r < 21; ++r)
          if (all_rolls()[r] == d) ++count[r];
      }
      for (int r = 0; r < 21; ++r)
        EXPECT_EQ(count[r], roll_weight(all_rolls()[r])) << turn << " " << block;
    }
  }
  // Over 36*36 trials every ordered pair of first two rolls occurs (as dice pairs: 36/36 weights).
  std::array<int, 21 * 21> pairs{};
  for (int t = 0; t < 1296; ++t) {
    int a = 0, b = 0;
    for (int r = 0; r < 21; ++r) {
      if (all_rolls()[r] == stratified_roll(7, t, 0)) a = r;
      if (all_rolls()[r] == stratified_roll(7, t, 1)) b = r;
    }
    ++pairs[size_t(a * 21 + b)];
  }
  for (int a = 0; a < 21; ++a)
    for (int b = 0; b < 21; ++b)
      EXPECT_EQ(pairs[size_t(a * 21 + b)],
                roll_weight(all_rolls()[a]) * roll_weight(all_rolls()[b]));
}

TEST(Rollout, ThirtySixStratifiedOnePlyTrialsAreTheExactOnePlyValue) {
  const Rules r = wbf();
  const Position p = middle_game();
  RolloutConfig c;
  c.trials = 36;
  c.truncate_plies = 1;
  c.variance_reduction = false;
  c.threads = 1;
  Result<RolloutResult> res = rollout(r, p, c, fake_factory(r));
  ASSERT_TRUE(res.ok()) << res.error().message;
  FakeEvaluator ev(r);
  Search search(r, ev);
  const auto exact = search.evaluate(p, 1).as_array();
  for (int k = 0; k < kOutputs; ++k) EXPECT_NEAR(res->probs[k].mean, exact[size_t(k)], 1e-5) << k;
}

TEST(Rollout, VarianceReductionLowersTheStandardError) {
  const Rules r = wbf();
  RolloutConfig c;
  c.trials = 144;
  c.truncate_plies =
      3;  // the fake net is far less self-consistent than a trained one: keep it short
  c.threads = 1;
  c.variance_reduction = false;
  Result<RolloutResult> plain = rollout(r, middle_game(), c, fake_factory(r));
  c.variance_reduction = true;
  Result<RolloutResult> reduced = rollout(r, middle_game(), c, fake_factory(r));
  ASSERT_TRUE(plain.ok() && reduced.ok());
  EXPECT_LT(reduced->equity.std_error, 0.6 * plain->equity.std_error);
  EXPECT_LT(reduced->probs[0].std_error, 0.6 * plain->probs[0].std_error);
  // Both estimate the same value: within their combined error.
  const double se = std::hypot(plain->equity.std_error, reduced->equity.std_error);
  EXPECT_NEAR(plain->equity.mean, reduced->equity.mean, 4 * se);
}

TEST(Rollout, ResultsDoNotDependOnTheThreadCount) {
  const Rules r = wbf();
  // A short race played to the end (no truncation), dice beyond the stratified turns from the Rng.
  const Position p =
      *parse_notation("x 3:2 2:2 1:1 off:10; o 19:3 20:3 21:3 off:6", Geometry::Contrary);
  RolloutConfig c;
  c.trials = 60;
  c.threads = 1;
  Result<RolloutResult> one = rollout(r, p, c, fake_factory(r));
  c.threads = 2;
  Result<RolloutResult> two = rollout(r, p, c, fake_factory(r));
  ASSERT_TRUE(one.ok() && two.ok());
  for (int k = 0; k < kOutputs; ++k) {
    EXPECT_EQ(one->probs[k].mean, two->probs[k].mean);
    EXPECT_EQ(one->probs[k].std_error, two->probs[k].std_error);
  }
  EXPECT_EQ(one->equity.mean, two->equity.mean);
  EXPECT_GT(one->probs[0].mean, 0.9);  // the side on roll leads the race by far
}

TEST(Rollout, PlaysAreRolledOutFromTheMoversView) {
  const Rules r = wbf();
  MoveGenerator gen(r);
  PlayList list;
  list.size = gen.generate(backgammon_start(), Dice{3, 1}, list.positions.get());
  RolloutConfig c;
  c.trials = 36;
  c.truncate_plies = 2;
  c.threads = 1;
  Result<std::vector<RolloutResult>> res =
      rollout_plays(r, list.plays().first(3), c, fake_factory(r));
  ASSERT_TRUE(res.ok());
  ASSERT_EQ(res->size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    // The same as rolling out the position after the play, inverted.
    Result<RolloutResult> direct = rollout(r, list.positions[i].flipped(), c, fake_factory(r));
    ASSERT_TRUE(direct.ok());
    EXPECT_NEAR((*res)[i].probs[0].mean, 1.0 - direct->probs[0].mean, 1e-12);
    EXPECT_NEAR((*res)[i].probs[1].mean, direct->probs[3].mean, 1e-12);
    EXPECT_NEAR((*res)[i].equity.mean, -direct->equity.mean, 1e-12);
  }
}

TEST(Rollout, CubefulTrialsPlayTheCubeAsTheAnalysisSays) {
  const Rules r = wbf();
  // The side on roll bears off its last checker next roll (every roll plays) while the opponent
  // has none off and none in its home board: a sure gammon (2 points). Whatever the cube analysis of the evaluator's probabilities says
  // (double/pass: +1; double/take: the gammon at cube 2; no double or too good: the gammon at
  // cube 1), every trial must end with exactly that, so the mean has no error at all.
  const Position p = *parse_notation("x 2:1 off:14; o 7:15", Geometry::Contrary);
  FakeEvaluator ev(r);
  Probabilities probs;
  ev.evaluate({&p, 1}, {&probs, 1});
  Result<CubeDecision> d = analyse_money_cube(probs, CubeView{}, classify_for_cube(p), r);
  ASSERT_TRUE(d.ok());
  double expected = 2.0;
  if (d->doubler == DoublerAction::Double) expected = d->taker == TakerAction::Pass ? 1.0 : 4.0;
  RolloutConfig c;
  c.trials = 20;
  c.cubeful = true;
  c.threads = 1;
  Result<RolloutResult> res = rollout(r, p, c, fake_factory(r));
  ASSERT_TRUE(res.ok()) << res.error().message;
  EXPECT_TRUE(res->cubeful);
  EXPECT_NEAR(res->cubeful_equity.mean, expected, 1e-9);
  EXPECT_NEAR(res->equity.mean, 2.0, 1e-9);  // cubeless: the gammon
}

TEST(Rollout, StopFlagEndsTheRolloutEarlyWithTheTrialsPlayed) {
  const Rules r = wbf();
  RolloutConfig c;
  c.trials = 100000;
  c.threads = 2;
  std::atomic<bool> stop{false};
  c.stop = &stop;
  int calls = 0;
  // The progress callback raises the flag after a few trials: the rest are skipped.
  const RolloutProgress progress = [&](int done, int) {
    ++calls;
    if (done >= 10) stop = true;
  };
  Result<RolloutResult> res = rollout(r, middle_game(), c, fake_factory(r), progress);
  ASSERT_TRUE(res.ok()) << res.error().message;
  EXPECT_TRUE(res->stopped);
  EXPECT_GE(res->trials, 10);
  EXPECT_LT(res->trials, 1000);
  EXPECT_LT(calls, 1000);
  // The result is that of the trials played: the same as a rollout of that many trials when
  // they were trials 0..n-1 (one thread plays them in order).
  stop = false;
  c.threads = 1;
  const RolloutProgress stop_at_20 = [&](int done, int) { if (done >= 20) stop = true; };
  Result<RolloutResult> cut = rollout(r, middle_game(), c, fake_factory(r), stop_at_20);
  ASSERT_TRUE(cut.ok());
  ASSERT_EQ(cut->trials, 20);
  RolloutConfig twenty = c;
  twenty.trials = 20;
  twenty.stop = nullptr;
  Result<RolloutResult> full = rollout(r, middle_game(), twenty, fake_factory(r));
  ASSERT_TRUE(full.ok());
  EXPECT_FALSE(full->stopped);
  EXPECT_DOUBLE_EQ(cut->equity.mean, full->equity.mean);
  EXPECT_DOUBLE_EQ(cut->equity.std_error, full->equity.std_error);
  // Several plays: their trials are interleaved, so a stop leaves each about as many.
  stop = false;
  const Position plays[3] = {middle_game(), middle_game(), middle_game()};
  const RolloutProgress stop_at_30 = [&](int done, int) { if (done >= 30) stop = true; };
  Result<std::vector<RolloutResult>> each = rollout_plays(r, plays, c, fake_factory(r), stop_at_30);
  ASSERT_TRUE(each.ok()) << each.error().message;
  for (const RolloutResult& one : *each) {
    EXPECT_TRUE(one.stopped);
    EXPECT_EQ(one.trials, 10);
  }
  // Stopped before it starts: no trial, an error.
  stop = true;
  Result<RolloutResult> none = rollout(r, middle_game(), c, fake_factory(r));
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("stopped"), std::string::npos);
  // An unset flag changes nothing.
  stop = false;
  c.trials = 36;
  c.truncate_plies = 2;
  EXPECT_TRUE(rollout(r, middle_game(), c, fake_factory(r)).ok());
}

TEST(Rollout, BadConfigsAreErrors) {
  const Rules r = wbf();
  RolloutConfig c;
  c.trials = 0;
  EXPECT_FALSE(rollout(r, backgammon_start(), c, fake_factory(r)).ok());
  c.trials = 10;
  c.cubeful = true;
  c.cube.value = 3;  // not a power of two
  EXPECT_FALSE(rollout(r, backgammon_start(), c, fake_factory(r)).ok());
}

}  // namespace
}  // namespace nard
