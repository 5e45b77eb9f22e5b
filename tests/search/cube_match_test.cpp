// Match-play cube decisions (search/cube/match.h): take points at known scores, the Crawford game,
// post-Crawford doubles and free drops, dead cubes, gammon values from the table.
#include <gtest/gtest.h>

#include <cmath>

#include "search/cube/match.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

MatchContext at(int length, int my_score, int opp_score, CubeView cube = {},
                bool crawford_game = false, bool post_crawford = false) {
  MatchContext c;
  c.met = &met();
  c.match_length = length;
  c.my_score = my_score;
  c.opp_score = opp_score;
  c.cube = cube;
  c.crawford_game = crawford_game;
  c.post_crawford = post_crawford;
  return c;
}

GameOdds odds(double p, double g = 0, double lg = 0) {
  GameOdds o;
  o.win = p;
  o.win_gammon_rate = g;
  o.lose_gammon_rate = lg;
  return o;
}

CubeDecision match(const GameOdds& o, const MatchContext& c, double x, const Rules& r = wbf()) {
  Result<CubeDecision> d = analyse_match_cube(o, c, x, r);
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().message);
  return d.value();
}

TEST(CubeMatch, TwoAwayTwoAwayTakePoint) {
  // Passing leaves the receiver 2-away against a Crawford 1-away: M = 0.32264; taking plays
  // the match on one game. The receiver's cube at 2 is dead (he needs 2), so neither cube life
  // nor the doubler's gammons change the 32% take point.
  for (double x : {0.0, 0.68, 1.0}) {
    EXPECT_NEAR(match(odds(0.7), at(2, 0, 0), x).take_point, 0.32264, 1e-9) << x;
    EXPECT_NEAR(match(odds(0.7, 0.3, 0.1), at(2, 0, 0), x).take_point, 0.32264, 1e-9) << x;
  }
}

TEST(CubeMatch, ThreeAwayThreeAwayTakePointsMatchXg) {
  // Published (eXtreme Gammon's "Cube Information", as quoted in L. H. Madsen's notes,
  // rdrr.io/github/lassehjorthmadsen/backgammon/src/data-raw/notes_xg_live_cube.R):
  // dead cube 30.17%, live cube 22.65% = 30.17% x 75.08% (the receiver's cash point one level up);
  // Madsen's "Middle game cube benchmark" gives the same 30.2% from the 3-point table.
  const double dead = (0.40053 - 0.24924) / (0.75076 - 0.24924);
  const CubeDecision d = match(odds(0.7), at(3, 0, 0), 0.68);
  EXPECT_NEAR(d.take_point_dead, dead, 1e-9);
  EXPECT_NEAR(d.take_point_dead, 0.3017, 5e-5);
  EXPECT_NEAR(d.take_point_live, dead * 0.75076, 1e-9);
  EXPECT_NEAR(d.take_point_live, 0.2265, 5e-5);
  EXPECT_GT(d.take_point, d.take_point_live);
  EXPECT_LT(d.take_point, d.take_point_dead);
}

TEST(CubeMatch, CrawfordGameHasNoCube) {
  // 3-point match at 2-0: the leader (on roll) needs 1, the trailer 3.
  const CubeDecision d = match(odds(0.6, 0, 0.2), at(3, 2, 0, {}, true), 0.68);
  EXPECT_EQ(d.doubler, DoublerAction::CannotDouble);
  EXPECT_EQ(d.action_text(), "No double possible (Crawford game)");
  // Win: the match. Single loss: trailer 2-away post-Crawford (leader keeps 1 - 0.48803).
  // Gammon loss: 1-away each, 0.5.
  const double cubeless = 0.6 + 0.4 * (0.8 * (1 - 0.48803) + 0.2 * 0.5);
  EXPECT_NEAR(d.mwc_cubeless, cubeless, 1e-9);
  EXPECT_NEAR(d.mwc, cubeless, 1e-9);  // dead cube: cubeful = cubeless
  EXPECT_TRUE(std::isnan(d.take_point));
}

TEST(CubeMatch, PostCrawfordTrailerDoublesAtOnce) {
  // 3-point match, trailer (on roll) 2-away, leader 1-away after the Crawford game. Even as an
  // underdog the trailer doubles: his cube is worth nothing later, the leader's cube is dead.
  const CubeDecision d = match(odds(0.45, 0.2, 0.2), at(3, 1, 2, {}, false, true), 0.68);
  EXPECT_EQ(d.action_text(), "Double, take");
  EXPECT_NEAR(d.mwc_double_take, 0.45, 1e-9);  // one game for the match; gammons irrelevant
  EXPECT_NEAR(d.mwc_double_pass, 0.5, 1e-9);   // 1-away each
  EXPECT_NEAR(d.take_point, 0.5, 1e-9);
  EXPECT_LT(d.mwc_no_double, d.mwc_double_take);
}

TEST(CubeMatch, PostCrawfordFreeDrop) {
  // 5-point match, trailer 4-away, leader 1-away post-Crawford. The leader may drop once for
  // free-ish: passing leaves 3-away vs 1-away (trailer 0.32264), taking and losing a single game
  // leaves 2-away vs 1-away (trailer 0.48803). Leader's take point:
  const double tp = ((1 - 0.32264) - (1 - 0.48803)) / (1 - (1 - 0.48803));
  const CubeDecision d = match(odds(0.7), at(5, 1, 4, {}, false, true), 0.68);
  EXPECT_NEAR(d.take_point, tp, 1e-9);
  EXPECT_NEAR(d.take_point, 0.3389, 5e-5);
  EXPECT_EQ(d.action_text(), "Double, pass");  // the leader has 30% < 33.9%
  EXPECT_EQ(match(odds(0.6), at(5, 1, 4, {}, false, true), 0.68).action_text(), "Double, take");
}

TEST(CubeMatch, DeadCubeHasNoValueToItsOwner) {
  // 5-point match, me 2-away owning the cube at 2, opponent 4-away: my redouble can gain
  // nothing (any win at 2 already wins), so my cubeful MWC is the cubeless one.
  const MatchContext c = at(5, 3, 1, CubeView{2, CubeHolder::Me, true});
  for (double x : {0.0, 0.68, 1.0}) {
    const CubeDecision d = match(odds(0.6), c, x);
    EXPECT_NEAR(d.mwc_no_double, d.mwc_cubeless, 1e-12) << x;
    EXPECT_NEAR(d.mwc_cubeless, 0.6 + 0.4 * 0.5, 1e-9);  // losing at 2: 2-away each
    EXPECT_EQ(d.action_text(), "No redouble");
    EXPECT_NEAR(d.mwc_double_take, 0.6, 1e-9);  // at 4 both play for the match
  }
  // The same cube owned by the 4-away opponent is alive for him: it costs me.
  const CubeDecision opp =
      match(odds(0.6), at(5, 3, 1, CubeView{2, CubeHolder::Opponent, true}), 0.68);
  EXPECT_LT(opp.mwc_no_double, opp.mwc_cubeless);
}

TEST(CubeMatch, GammonValuesComeFromTheTable) {
  // 7-point match, me 5-away, opponent 3-away.
  const Probabilities p{0.55f, 0.15f, 0.01f, 0.12f, 0.005f};
  const CubeDecision d = analyse_match_cube(p, at(7, 2, 4), 0.68, wbf()).value();
  const double w = 0.55, wg = 0.15, wbg = 0.01, lg = 0.12, lbg = 0.005;
  const double expect = (w - wg) * met().mwc(4, 3, false) + (wg - wbg) * met().mwc(3, 3, false) +
                        wbg * met().mwc(2, 3, false) + (1 - w - lg) * met().mwc(5, 2, false) +
                        (lg - lbg) * met().mwc(5, 1, false) + lbg * 0.0;
  EXPECT_NEAR(d.mwc_cubeless, expect, 1e-6);  // float inputs
  // Normalised equity: +1 = the pass, -1 = losing the current stake.
  EXPECT_NEAR(d.double_pass, 1.0, 1e-12);
  const double cash_me = met().mwc(4, 3, false), cash_opp = met().mwc(5, 2, false);
  EXPECT_NEAR(d.cubeless, (2 * d.mwc_cubeless - cash_me - cash_opp) / (cash_me - cash_opp), 1e-12);
}

TEST(CubeMatch, LongMatchIsCloseToMoney) {
  // At 25-away each, take points are near money play's 1/(4+x) (no gammons).
  const CubeDecision d = match(odds(0.7), at(25, 0, 0), 0.68);
  EXPECT_NEAR(d.take_point, 1.0 / 4.68, 0.02);
  EXPECT_NEAR(d.take_point_dead, 0.25, 0.02);
}

TEST(CubeMatch, ContextFromTheEngineView) {
  MatchView v;
  v.match_length = 5;
  v.my_score = 2;
  v.opp_score = 4;
  v.cube.owner = 0;
  v.cube.value = 2;
  MatchContext c = match_context(v, met(), wbf());
  EXPECT_TRUE(c.post_crawford);
  EXPECT_EQ(c.my_away(), 3);
  EXPECT_EQ(c.opp_away(), 1);
  EXPECT_EQ(c.cube.owner, CubeHolder::Me);
  v.crawford_game = true;
  c = match_context(v, met(), wbf());
  EXPECT_FALSE(c.post_crawford);
  EXPECT_TRUE(c.crawford_game);
}

TEST(CubeMatch, WithoutTheCrawfordRuleOneAwayIsPostCrawford) {
  Rules r = wbf();
  r.crawford = false;
  const CubeDecision d = match(odds(0.45), at(3, 1, 2), 0.68, r);
  EXPECT_EQ(d.action_text(), "Double, take");
  EXPECT_NEAR(d.mwc_double_pass, 0.5, 1e-9);
}

TEST(CubeMatch, BadContextsFailClearly) {
  const Probabilities p{0.6f, 0.1f, 0.0f, 0.1f, 0.0f};
  EXPECT_FALSE(analyse_match_cube(p, at(5, 5, 0), 0.68, wbf()).ok());   // score = length
  EXPECT_FALSE(analyse_match_cube(p, at(31, 0, 0), 0.68, wbf()).ok());  // beyond the table
  EXPECT_FALSE(analyse_match_cube(p, at(5, 4, 0), 0.68, wbf()).ok());   // Crawford unknown
  EXPECT_FALSE(
      analyse_match_cube(p, at(5, 4, 4, {}, true), 0.68, wbf()).ok());  // DMP is no Crawford game
  EXPECT_FALSE(analyse_match_cube(p, at(5, 1, 1, {}, false, true), 0.68, wbf()).ok());
  MatchContext no_table = at(5, 0, 0);
  no_table.met = nullptr;
  EXPECT_FALSE(analyse_match_cube(p, no_table, 0.68, wbf()).ok());
  Rules r = wbf();
  r.cube = false;
  EXPECT_FALSE(analyse_match_cube(p, at(5, 0, 0), 0.68, r).ok());
  Result<CubeDecision> e = analyse_match_cube(p, at(31, 0, 0), 0.68, wbf());
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().message.find("25-away"), std::string::npos) << e.error().message;
}

}  // namespace
}  // namespace nard
