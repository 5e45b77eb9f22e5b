// The Russian "dave" with the adding progression 1,2,3,4,… (search/cube/dave.h, docs/dave.md):
// take points and doubling windows against closed forms, and against the geometric cube.
#include <gtest/gtest.h>

#include <vector>

#include "search/cube/dave.h"
#include "search/cube/money.h"

namespace nard {
namespace {

Rules geometric() { return *rules_preset("ru_short"); }
Rules dave() {
  Rules r = *rules_preset("ru_short");
  r.cube_progression = CubeProgression::Arithmetic;
  return r;
}

std::vector<CubeRaise> raises(const Rules& r, double x, int count, GameOdds shape = {}) {
  Result<std::vector<CubeRaise>> t = money_raise_table(shape, x, r, count);
  EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.error().message);
  return t.value();
}

// Independent closed form (docs/dave.md, W = L = 1): the receiver of the raise v -> v+1 owns
// the cube at v+1 with cash point C(v+1) = 1 - T(v+1) (C = 1 where he cannot raise: at the cap),
// and takes when q >= (1/(v+1)) / (2 (x / C(v+1) + 1 - x)).
std::vector<double> dave_take_points(double x, int cap) {
  std::vector<double> live_tp(cap + 1, 0.0);  // fully live T(v), v = 1..cap-1
  std::vector<double> tp(cap + 1, 0.0);       // at cube life x
  double cash_above = 1.0;                    // C(cap): the cube at the cap is dead
  for (int v = cap - 1; v >= 1; --v) {
    const double gain = 1.0 / (v + 1);  // 1 - v/(v+1)
    tp[v] = gain / (2.0 * (x / cash_above + 1.0 - x));
    live_tp[v] = gain * cash_above / 2.0;
    cash_above = 1.0 - live_tp[v];
  }
  return tp;
}

TEST(CubeDave, DeadCubeTakePoints) {
  // Risk v (pass) against gain-or-loss v+1 per game: q >= 1/(2(v+1)): 25%, 16.7%, 12.5%, 10%.
  const std::vector<CubeRaise> t = raises(dave(), 0.68, 4);
  ASSERT_EQ(t.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    const int v = i + 1;
    EXPECT_EQ(t[i].from, v);
    EXPECT_EQ(t[i].to, v + 1);
    EXPECT_NEAR(t[i].take_point_dead, 1.0 / (2 * (v + 1)), 1e-12);
    EXPECT_NEAR(dead_take_point(double(v + 1) / v, 1, 1), 1.0 / (2 * (v + 1)), 1e-12);
  }
  // With gammons (W = L = 1.2): (W - v/(v+1)) / (W + L).
  GameOdds gammonish;
  gammonish.win_gammon_rate = gammonish.lose_gammon_rate = 0.2;
  const std::vector<CubeRaise> g = raises(dave(), 0.68, 3, gammonish);
  for (int i = 0; i < 3; ++i) {
    const double v = i + 1;
    EXPECT_NEAR(g[i].take_point_dead, (1.2 - v / (v + 1)) / 2.4, 1e-12);
  }
}

TEST(CubeDave, LiveTakePointsFollowTheRecursion) {
  const GameOdds even;  // no gammons; the take point does not depend on the winning chance
  for (double x : {0.0, 0.5, 0.68, 1.0}) {
    const std::vector<double> expect = dave_take_points(x, 64);
    for (int v = 1; v <= 10; ++v) {
      const CubeView cube{v, v == 1 ? CubeHolder::Centred : CubeHolder::Me, v > 1};
      const Result<CubeDecision> d = analyse_money_cube(even, cube, x, dave());
      ASSERT_TRUE(d.ok());
      EXPECT_NEAR(d->take_point, expect[v], 1e-9) << x << " " << v;
    }
  }
  // The first dave, fully live: 21.3% (geometric 20%, dead 25%).
  EXPECT_NEAR(raises(dave(), 1.0, 1)[0].take_point, 0.2131, 5e-5);
}

TEST(CubeDave, ArithmeticAgainstGeometric) {
  const double x = 0.68;
  const std::vector<CubeRaise> d = raises(dave(), x, 3);
  const std::vector<CubeRaise> g = raises(geometric(), x, 3);
  // First raise: same stakes 1 -> 2, but the receiver's recube (2 -> 3) is worth less than a
  // geometric one (2 -> 4): he needs more to take, and the doubler can double earlier.
  EXPECT_GT(d[0].take_point, g[0].take_point + 0.008);
  EXPECT_NEAR(d[0].take_point, 0.2236, 5e-4);
  EXPECT_NEAR(g[0].take_point, 1.0 / (4 + x), 5e-4);
  EXPECT_LT(d[0].double_point, g[0].double_point - 0.02);
  // Later raises risk a smaller fraction of the stake: take points fall, windows move up.
  EXPECT_LT(d[1].take_point, 0.16);
  EXPECT_LT(d[2].take_point, d[1].take_point);
  EXPECT_GT(d[1].double_point, g[1].double_point);
  EXPECT_GT(d[2].double_point, d[1].double_point);
  EXPECT_GT(d[2].cash_point, d[1].cash_point);
  for (const CubeRaise& r : d) {
    EXPECT_LT(r.double_point, r.cash_point);
    EXPECT_LE(r.take_point_live, r.take_point);
    EXPECT_LE(r.take_point, r.take_point_dead);
  }
  // Geometric steps below the cap all sit near Janowski's 1/(4+x).
  for (const CubeRaise& r : g) EXPECT_NEAR(r.take_point, 1.0 / (4 + x), 2e-3);
}

TEST(CubeDave, DeadCubesDoubleAtFiftyPercent) {
  // x = 0: doubling never costs cube access, so double as soon as ahead; the pass point is
  // 1 - 1/(2(v+1)).
  for (const CubeRaise& r : raises(dave(), 0.0, 4)) {
    EXPECT_NEAR(r.double_point, 0.5, 1e-6);
    EXPECT_NEAR(r.cash_point, 1 - 1.0 / (2 * r.to), 1e-6);
  }
  // A cap of 2 leaves one raise and a dead cube after it, whatever the cube life.
  Rules capped = dave();
  capped.cube_cap = 2;
  const std::vector<CubeRaise> one = raises(capped, 1.0, 5);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_NEAR(one[0].take_point, 0.25, 1e-12);
}

TEST(CubeDave, PredictionForRolloutTests) {
  // A rollout test hands the position, its cubeless probabilities and the cube.
  const Probabilities p{0.72f, 0.0f, 0.0f, 0.0f, 0.0f};
  const Result<CubeDecision> d = predict_money_cube(p, CubeView{}, backgammon_start(), dave());
  ASSERT_TRUE(d.ok());
  EXPECT_NEAR(d->cube_life, 0.68, 1e-12);  // contact
  EXPECT_NEAR(d->take_point, raises(dave(), 0.68, 1)[0].take_point, 1e-12);
  EXPECT_EQ(d->action_text(), "Double, take");
  // The second dave (cube 2 owned, raise to 3) at the same odds is not yet right.
  const Result<CubeDecision> second =
      predict_money_cube(p, CubeView{2, CubeHolder::Me, true}, backgammon_start(), dave());
  EXPECT_EQ(second->action_text(), "No redouble");
  // The geometric redouble 2 -> 4 at 72% is.
  const Result<CubeDecision> geo =
      predict_money_cube(p, CubeView{2, CubeHolder::Me, true}, backgammon_start(), geometric());
  EXPECT_EQ(geo->action_text(), "Redouble, take");
}

TEST(CubeDave, FolkJacobyWithTheDave) {
  // "Mars and koks count as one point if nobody declared dave": the centred cube is never too good.
  Rules r = dave();
  r.jacoby = true;
  const Probabilities gammonish{0.85f, 0.60f, 0.02f, 0.01f, 0.0f};
  EXPECT_EQ(analyse_money_cube(gammonish, CubeView{}, 0.68, r)->action_text(), "Double, pass");
  r.jacoby = false;
  EXPECT_EQ(analyse_money_cube(gammonish, CubeView{}, 0.68, r)->action_text(),
            "Too good to double, pass");
}

}  // namespace
}  // namespace nard
