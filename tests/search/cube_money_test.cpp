// Money-play cube decisions (search/cube/money.h): textbook take points, Janowski's formulas,
// gammonish positions, Jacoby, beavers, the cube cap, and the cube-life table.
#include <gtest/gtest.h>

#include <cmath>

#include "search/cube/efficiency.h"
#include "search/cube/ladder.h"
#include "search/cube/money.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

// The geometric cube without a practical cap, where Janowski's closed forms hold exactly.
Rules uncapped() {
  Rules r = wbf();
  r.cube_cap = 1 << 30;
  return r;
}

GameOdds shape(double p, double win_gammon_rate = 0, double lose_gammon_rate = 0) {
  GameOdds o;
  o.win = p;
  o.win_gammon_rate = win_gammon_rate;
  o.lose_gammon_rate = lose_gammon_rate;
  return o;
}

CubeDecision money(const GameOdds& o, double x, const Rules& r = wbf(), CubeView cube = {}) {
  Result<CubeDecision> d = analyse_money_cube(o, cube, x, r);
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().message);
  return d.value();
}

const CubeView kOwned{2, CubeHolder::Me, true};
const CubeView kOppOwns{2, CubeHolder::Opponent, true};

TEST(CubeMoney, DeadCubeTakePointIs25Percent) {
  for (double p : {0.55, 0.7, 0.8}) {
    const CubeDecision d = money(shape(p), 0.0);
    EXPECT_NEAR(d.take_point, 0.25, 1e-12);
    EXPECT_NEAR(d.take_point_dead, 0.25, 1e-12);
    EXPECT_NEAR(d.cash_point, 0.75, 1e-12);
  }
}

TEST(CubeMoney, LiveCubeTakePointIsOneOverFourPlusX) {
  // Janowski without gammons: TP = (1 - 1/2) / (2 + x/2) = 1/(4+x): 20% fully live, 21.4% at 2/3.
  EXPECT_NEAR(money(shape(0.7), 2.0 / 3.0, uncapped()).take_point, 1.0 / (4.0 + 2.0 / 3.0), 1e-9);
  EXPECT_NEAR(money(shape(0.7), 2.0 / 3.0, uncapped()).take_point, 0.2143, 5e-5);
  EXPECT_NEAR(money(shape(0.7), 1.0, uncapped()).take_point, 0.20, 1e-9);
  EXPECT_NEAR(money(shape(0.7), 1.0, uncapped()).take_point_live, 0.20, 1e-9);
  // The 64 cap kills the cube six levels up; its effect at the bottom is tiny.
  EXPECT_NEAR(money(shape(0.7), 2.0 / 3.0).take_point, 1.0 / (4.0 + 2.0 / 3.0), 1e-4);
}

TEST(CubeMoney, JanowskiTakeAndCashPointsWithGammons) {
  // TP = (W - 1/2) / (W + L + x/2), CP = (L + 1/2 + x/2) / (W + L + x/2), W/L = the doubler's
  // average points per win/loss.
  for (double g : {0.0, 0.15, 0.3}) {
    for (double lg : {0.0, 0.1, 0.25}) {
      for (double x : {0.0, 0.5, 0.68, 1.0}) {
        const GameOdds o = shape(0.7, g, lg);
        const double W = 1 + g, L = 1 + lg;
        const CubeDecision d = money(o, x, uncapped());
        EXPECT_NEAR(d.take_point, (W - 0.5) / (W + L + x / 2), 1e-9) << g << " " << lg << " " << x;
        EXPECT_NEAR(d.cash_point, (L + 0.5 + x / 2) / (W + L + x / 2), 1e-9);
      }
    }
  }
}

TEST(CubeMoney, CubefulEquitiesFollowJanowskisLines) {
  // Fully live knots: my take point TPm = (L - 1/2)/(W + L + 1/2), my cash point
  // CPm = (L + 1)/(W + L + 1/2); E = x*E_live + (1 - x)*E_dead.
  const double W = 1.2, L = 1.1, x = 0.68;
  const double TPm = (L - 0.5) / (W + L + 0.5), CPm = (L + 1) / (W + L + 0.5);
  for (double p : {0.35, 0.5, 0.6, 0.7}) {
    const GameOdds o = shape(p, 0.2, 0.1);
    const double dead = p * W - (1 - p) * L;
    const double centred = -1 + 2 * (p - TPm) / (CPm - TPm);
    const double owned = -L + (L + 1) * p / CPm;
    const double opp_owned = -1 + (W + 1) * (p - TPm) / (1 - TPm);
    EXPECT_NEAR(money(o, x, uncapped()).no_double, x * centred + (1 - x) * dead, 1e-9) << p;
    EXPECT_NEAR(money(o, x, uncapped(), kOwned).no_double, x * owned + (1 - x) * dead, 1e-9);
    EXPECT_NEAR(money(o, x, uncapped(), kOppOwns).no_double, x * opp_owned + (1 - x) * dead, 1e-9);
    // Double/take = twice the opponent-owned equity at the next level.
    EXPECT_NEAR(money(o, x, uncapped()).double_take, 2 * (x * opp_owned + (1 - x) * dead), 1e-9);
    EXPECT_DOUBLE_EQ(money(o, x, uncapped()).double_pass, 1.0);
  }
}

TEST(CubeMoney, DoublingPointsWithoutGammons) {
  // Solving ND = DT on Janowski's lines (W = L = 1): initial double (3+x)/(6-x), redouble
  // (2+2x)/(4+x); dead cube 50%, fully live cube = the cash point 80%.
  for (double x : {0.0, 0.5, 2.0 / 3.0, 0.8}) {
    const DoublingWindow centred = money_doubling_window(shape(0.5), {}, x, uncapped()).value();
    const DoublingWindow owned = money_doubling_window(shape(0.5), kOwned, x, uncapped()).value();
    EXPECT_NEAR(centred.double_point, (3 + x) / (6 - x), 1e-6) << x;
    EXPECT_NEAR(owned.double_point, (2 + 2 * x) / (4 + x), 1e-6) << x;
    EXPECT_NEAR(centred.cash_point, 1 - 1 / (4 + x), 1e-6);
    EXPECT_EQ(centred.too_good_point, 1.0);  // no gammons: never too good
  }
  const DoublingWindow live = money_doubling_window(shape(0.5), {}, 1.0, uncapped()).value();
  EXPECT_NEAR(live.double_point, 0.8, 1e-6);
  EXPECT_NEAR(live.cash_point, 0.8, 1e-6);
}

TEST(CubeMoney, ActionsAcrossARace) {
  const double x = 0.68;
  EXPECT_EQ(money(shape(0.60), x).action_text(), "No double");
  EXPECT_EQ(money(shape(0.72), x).action_text(), "Double, take");
  EXPECT_EQ(money(shape(0.82), x).action_text(), "Double, pass");
  EXPECT_EQ(money(shape(0.60), x, wbf(), kOwned).action_text(), "No redouble");
  EXPECT_EQ(money(shape(0.74), x, wbf(), kOwned).action_text(), "Redouble, take");
  EXPECT_EQ(money(shape(0.82), x, wbf(), kOwned).action_text(), "Redouble, pass");
  const CubeDecision d = money(shape(0.72), x);
  EXPECT_DOUBLE_EQ(d.equity, d.double_take);
  EXPECT_GT(d.double_take, d.no_double);
  EXPECT_NEAR(d.cubeless, 2 * 0.72 - 1, 1e-12);
}

TEST(CubeMoney, GammonishPositionIsTooGoodAndJacobyChangesThat) {
  // 85% wins, most of them gammons: playing on beats cashing.
  const Probabilities gammonish{0.85f, 0.60f, 0.02f, 0.01f, 0.0f};
  Rules r = wbf();
  const CubeDecision plain = analyse_money_cube(gammonish, CubeView{}, 0.68, r).value();
  EXPECT_EQ(plain.action_text(), "Too good to double, pass");
  EXPECT_GT(plain.no_double, 1.0);
  EXPECT_GT(plain.double_take, plain.double_pass);
  // Jacoby: with the cube centred and unturned the gammons do not count, so cash.
  r.jacoby = true;
  const CubeDecision jacoby = analyse_money_cube(gammonish, CubeView{}, 0.68, r).value();
  EXPECT_EQ(jacoby.action_text(), "Double, pass");
  EXPECT_LT(jacoby.no_double, 1.0);
  // Once the cube has been turned, Jacoby no longer applies.
  const CubeDecision turned = analyse_money_cube(gammonish, kOwned, 0.68, r).value();
  EXPECT_EQ(turned.action_text(), "Too good to redouble, pass");
}

TEST(CubeMoney, UnderJacobyTheCentredCubeIsNeverTooGood) {
  Rules r = wbf();
  r.jacoby = true;
  for (double p = 0.5; p <= 1.0; p += 0.01) {
    const CubeDecision d = money(shape(p, 0.7, 0.1), 0.68, r);
    EXPECT_NE(d.doubler, DoublerAction::TooGood) << p;
    EXPECT_LE(d.no_double, 1.0 + 1e-12);
  }
}

TEST(CubeMoney, GammonsRaiseTheReceiversTakePoint) {
  // The receiver risks the doubler's gammons: TP grows with the doubler's gammon rate.
  const double tp0 = money(shape(0.7, 0.0, 0.0), 0.68).take_point;
  const double tp1 = money(shape(0.7, 0.2, 0.0), 0.68).take_point;
  const double tp2 = money(shape(0.7, 0.4, 0.0), 0.68).take_point;
  EXPECT_LT(tp0, tp1);
  EXPECT_LT(tp1, tp2);
  // Backgammons count with the rules' value (3 - 2 = 1 extra point each).
  const Probabilities bg{0.7f, 0.28f, 0.07f, 0.0f, 0.0f};
  const GameOdds o = GameOdds::from(bg).value();
  EXPECT_NEAR(o.points_per_win(wbf()), 1 + 0.4 + 0.1, 1e-6);
}

TEST(CubeMoney, BeaverWhenTakingIsClearlyGood) {
  const GameOdds weak = shape(0.40, 0.2, 0.2);
  Rules r = wbf();
  EXPECT_EQ(money(weak, 0.68, r).action_text(), "No double");
  EXPECT_TRUE(std::isnan(money(weak, 0.68, r).double_beaver));
  r.beavers = true;
  const CubeDecision d = money(weak, 0.68, r);
  EXPECT_EQ(d.action_text(), "No double, beaver");
  EXPECT_LT(d.double_take, 0.0);  // the receiver is the favourite after taking
  EXPECT_LT(d.double_beaver, d.double_take);
  // A strong doubler gets no beaver.
  EXPECT_NE(money(shape(0.72), 0.68, r).taker, TakerAction::Beaver);
  // The engine has beavers with the geometric cube only.
  r.cube_progression = CubeProgression::Arithmetic;
  EXPECT_NE(money(weak, 0.68, r).taker, TakerAction::Beaver);
}

TEST(CubeMoney, CubeCapKillsTheLastCube) {
  // At the cap nobody may double; one step below, the receiver's cube would be dead: 25%.
  const CubeDecision at_cap = money(shape(0.9), 0.68, wbf(), CubeView{64, CubeHolder::Me, true});
  EXPECT_EQ(at_cap.doubler, DoublerAction::CannotDouble);
  EXPECT_EQ(at_cap.action_text(), "No redouble possible (the cube is at its cap)");
  EXPECT_NEAR(at_cap.no_double, 0.8, 1e-12);  // dead: 2p - 1
  const CubeDecision below = money(shape(0.7), 1.0, wbf(), CubeView{32, CubeHolder::Me, true});
  EXPECT_NEAR(below.take_point_live, 0.25, 1e-12);
  Rules small = wbf();
  small.cube_cap = 2;
  EXPECT_NEAR(money(shape(0.7), 1.0, small).take_point, 0.25, 1e-12);
}

TEST(CubeMoney, OpponentOwnedCube) {
  const CubeDecision d = money(shape(0.75), 0.68, wbf(), kOppOwns);
  EXPECT_EQ(d.doubler, DoublerAction::CannotDouble);
  EXPECT_EQ(d.cannot_double_reason, "the opponent owns the cube");
  EXPECT_TRUE(std::isnan(d.double_take));
  EXPECT_DOUBLE_EQ(d.equity, d.no_double);
  // Not owning the cube costs: opponent-owned < centred < owned.
  EXPECT_LT(d.no_double, money(shape(0.75), 0.68).no_double + 1e-12);
}

TEST(CubeMoney, CubeViewFromTheEngineState) {
  CubeState s;
  s.value = 4;
  s.owner = 1;
  s.turned = true;
  EXPECT_EQ(cube_view(s, 1).owner, CubeHolder::Me);
  EXPECT_EQ(cube_view(s, 0).owner, CubeHolder::Opponent);
  EXPECT_EQ(cube_view(s, 0).value, 4);
  s.owner = -1;
  EXPECT_EQ(cube_view(s, 0).owner, CubeHolder::Centred);
}

TEST(CubeMoney, BadInputFailsClearly) {
  const Probabilities ok{0.6f, 0.1f, 0.0f, 0.1f, 0.0f};
  Rules r = wbf();
  EXPECT_FALSE(analyse_money_cube(ok, CubeView{3, CubeHolder::Me, true}, 0.68, r).ok());
  EXPECT_FALSE(analyse_money_cube(ok, CubeView{128, CubeHolder::Me, true}, 0.68, r).ok());
  EXPECT_FALSE(analyse_money_cube(ok, CubeView{}, 1.5, r).ok());
  EXPECT_FALSE(
      analyse_money_cube(Probabilities{0.6f, 0.7f, 0.0f, 0.0f, 0.0f}, CubeView{}, 0.68, r).ok());
  EXPECT_FALSE(
      analyse_money_cube(Probabilities{1.2f, 0.0f, 0.0f, 0.0f, 0.0f}, CubeView{}, 0.68, r).ok());
  r.cube = false;
  Result<CubeDecision> none = analyse_money_cube(ok, CubeView{}, 0.68, r);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().message, "this game has no doubling cube");
  // With the arithmetic dave any stake up to the cap is a possible cube value.
  Rules dave = wbf();
  dave.cube_progression = CubeProgression::Arithmetic;
  EXPECT_TRUE(analyse_money_cube(ok, CubeView{3, CubeHolder::Me, true}, 0.68, dave).ok());
}

TEST(CubeLadder, PiecewiseLinearSolveAndBlend) {
  const PiecewiseLinear f({{0.0, -1.0}, {0.25, 0.0}, {1.0, 3.0}});
  EXPECT_DOUBLE_EQ(f(0.125), -0.5);
  EXPECT_DOUBLE_EQ(f(0.625), 1.5);
  EXPECT_DOUBLE_EQ(f.solve(-0.5), 0.125);
  EXPECT_DOUBLE_EQ(f.solve(1.5), 0.625);
  EXPECT_DOUBLE_EQ(f.solve(-2.0), 0.0);
  EXPECT_DOUBLE_EQ(f.solve(4.0), 1.0);
  const PiecewiseLinear g({{0.0, 1.0}, {1.0, 1.0}});
  const PiecewiseLinear h = f.blend(g, 0.5);  // 0.5 f + 0.5 g
  EXPECT_DOUBLE_EQ(h(0.25), 0.5);
  EXPECT_DOUBLE_EQ(h(1.0), 2.0);
  EXPECT_EQ(h.knots().size(), 3u);
}

TEST(CubeEfficiency, TableOfCubeLifeIndices) {
  EXPECT_DOUBLE_EQ(cube_life_index({PositionKind::Contact, 150}), 0.68);
  EXPECT_DOUBLE_EQ(cube_life_index({PositionKind::Bearoff, 20}), 0.60);
  EXPECT_DOUBLE_EQ(cube_life_index({PositionKind::Race, 30}), 0.60);      // clamped below
  EXPECT_NEAR(cube_life_index({PositionKind::Race, 100}), 0.675, 1e-12);  // 0.55 + 0.125
  EXPECT_DOUBLE_EQ(cube_life_index({PositionKind::Race, 140}), 0.70);     // clamped above
  EXPECT_EQ(classify_for_cube(backgammon_start()).kind, PositionKind::Contact);
  EXPECT_EQ(classify_for_cube(backgammon_start()).pips_on_roll, 167);
}

TEST(CubeEfficiency, RaceAndBearoffPositions) {
  Position race;  // mover: 5 on 8, 10 on 6; opponent: 15 on his 10 (mover 15)
  race.set(8, 5);
  race.set(6, 10);
  race.set(15, -15);
  ASSERT_TRUE(race.is_consistent());
  EXPECT_EQ(classify_for_cube(race).kind, PositionKind::Race);
  EXPECT_EQ(classify_for_cube(race).pips_on_roll, 100);
  Position bearoff;  // both sides home
  bearoff.set(3, 15);
  bearoff.set(22, -15);
  ASSERT_TRUE(bearoff.is_consistent());
  EXPECT_EQ(classify_for_cube(bearoff).kind, PositionKind::Bearoff);
}

}  // namespace
}  // namespace nard
