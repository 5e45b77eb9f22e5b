// The cubeful n-ply money cube lookahead (search/cube/lookahead.h) over a deterministic fake
// evaluator: 1 ply and 2 plies against a hand computation over the 21 rolls with the 0-ply
// model (search/cube/money.h) at the leaves, a dead cube, a game won inside the lookahead (too
// good; the Jacoby rule), beavers, and the BotAgent path.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "formats/notation.h"
#include "game/cube.h"
#include "nn/fake_evaluator.h"
#include "play/agents.h"
#include "search/cube/efficiency.h"
#include "search/cube/lookahead.h"
#include "search/cube/match.h"
#include "search/cube/money.h"
#include "search/match_equity.h"
#include "search/search.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

Position pos(const char* text) { return *parse_notation(text, Geometry::Contrary); }

CubeView cube(int value, CubeHolder owner) { return {value, owner, value > 1}; }

CubeView seen_by_opponent(CubeView c) {
  if (c.owner != CubeHolder::Centred)
    c.owner = c.owner == CubeHolder::Me ? CubeHolder::Opponent : CubeHolder::Me;
  return c;
}

// The hand computation, straight from the definition: points from the side on roll.
struct ByHand {
  const Rules& rules;
  Evaluator& ev;
  double leaf_offset = 0.0;          // added to gnubg's cube life x at the 0-ply leaves
  double contact_leaf_offset = 0.0;  // and this too at contact leaves

  // The best play of `p` for `dice` at 0-ply (cubeless), flipped: the opponent on roll.
  Position reply(const Position& p, Dice dice) {
    MoveGenerator gen(rules);
    PlayList list;
    list.size = gen.generate(p, dice, list.positions.get());
    if (list.size == 0) {
      Position passed = p;
      passed.set_mover_first_turn(false);
      return passed.flipped();
    }
    Position best;
    float best_eq = -1e9f;
    for (int i = 0; i < list.size; ++i) {
      const Position child = list.positions[i].flipped();
      const float eq = cubeless_equity(invert(static_probs(child)), rules);
      if (eq > best_eq) {
        best_eq = eq;
        best = child;
      }
    }
    return best;
  }

  Probabilities static_probs(const Position& p) {
    if (auto t = terminal_probabilities(rules, p)) return *t;
    Probabilities q;
    ev.evaluate({&p, 1}, {&q, 1});
    return q;
  }

  // 0 ply: the model's cubeful equity with the proper action, or the finished game's result.
  double leaf(const Position& p, const CubeView& c) {
    const Probabilities q = static_probs(p);
    if (terminal_probabilities(rules, p)) {
      const bool jacoby = rules.jacoby && !c.turned && c.owner == CubeHolder::Centred;
      return c.value * (jacoby ? -1.0 : double(cubeless_equity(q, rules)));
    }
    const PositionClass cls = classify_for_cube(p);
    const double offset =
        leaf_offset + (cls.kind == PositionKind::Contact ? contact_leaf_offset : 0.0);
    Result<CubeDecision> d =
        analyse_money_cube(make_consistent(q), c, cube_life_index(cls) + offset, rules);
    EXPECT_TRUE(d.ok());
    return d->equity * c.value;
  }

  // Before the roll, cube decision made: the 21-roll average of minus the reply's value.
  double roll(const Position& p, const CubeView& c, int ply) {
    double sum = 0.0;
    for (const Dice& d : all_rolls()) {
      const Position child = reply(p, d);
      const CubeView theirs = seen_by_opponent(c);
      const bool leaf_node = ply == 1 || terminal_probabilities(rules, child);
      const double v = leaf_node ? leaf(child, theirs) : decide(child, theirs, ply - 1);
      sum -= roll_weight(d) * v;
    }
    return sum / 36.0;
  }

  // Before the cube decision: the best of no double and double/take vs double/pass.
  double decide(const Position& p, const CubeView& c, int ply) {
    const double no_double = roll(p, c, ply);
    const int raised = next_cube_value(rules, c.value);
    if (c.owner == CubeHolder::Opponent || raised > rules.cube_cap) return no_double;
    const double take = roll(p, {raised, CubeHolder::Opponent, true}, ply);
    return std::max(no_double, std::min(take, double(c.value)));
  }
};

const char* const kPositions[] = {
    "x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5",
    "x 13:4 8:3 6:5 5:2 4:1; o 1:2 12:5 17:3 19:3 20:2",
    "x 3:4 2:4 1:2 off:5; o 22:3 23:4 24:3 off:5",
};

TEST(CubeLookahead, OnePlyIsTheRollAverageOfTheLeafModel) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  ByHand hand{r, ev};
  hand.leaf_offset = kOnePlyLeafCubeLifeOffset;  // a 1-ply decision's leaves: gnubg's x + 0.07
  for (const char* text : kPositions) {
    const Position p = pos(text);
    for (const CubeView c : {cube(1, CubeHolder::Centred), cube(2, CubeHolder::Me)}) {
      Result<CubeDecision> d = analyse_money_cube_lookahead(search, p, c, 1);
      ASSERT_TRUE(d.ok()) << d.error().message;
      const double nd = hand.roll(p, c, 1) / c.value;
      const double dt = hand.roll(p, {2 * c.value, CubeHolder::Opponent, true}, 1) / c.value;
      EXPECT_NEAR(d->no_double, nd, 1e-9) << text;
      EXPECT_NEAR(d->double_take, dt, 1e-9) << text;
      EXPECT_EQ(d->double_pass, 1.0);
      EXPECT_NEAR(d->equity, std::max(nd, std::min(dt, 1.0)), 1e-9) << text;
      // The reported cubeless equity is the 1-ply search's.
      EXPECT_NEAR(d->cubeless, cubeless_equity(search.evaluate(p, 1), r), 1e-6) << text;
    }
  }
}

TEST(CubeLookahead, OpponentsCubeIsOnlyPlayedOn) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  ByHand hand{r, ev};
  hand.leaf_offset = kOnePlyLeafCubeLifeOffset;
  const Position p = pos(kPositions[1]);
  const CubeView c = cube(2, CubeHolder::Opponent);
  Result<CubeDecision> d = analyse_money_cube_lookahead(search, p, c, 1);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->doubler, DoublerAction::CannotDouble);
  EXPECT_NEAR(d->equity, hand.roll(p, c, 1) / 2, 1e-9);
}

TEST(CubeLookahead, TwoPliesComposeTheInnerCubeDecisions) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  ByHand hand{r, ev};
  const Position p = pos(kPositions[2]);
  const CubeView c = cube(1, CubeHolder::Centred);
  Result<CubeDecision> d = analyse_money_cube_lookahead(search, p, c, 2);
  ASSERT_TRUE(d.ok());
  EXPECT_NEAR(d->no_double, hand.roll(p, c, 2), 1e-9);
  EXPECT_NEAR(d->double_take, hand.roll(p, {2, CubeHolder::Opponent, true}, 2), 1e-9);
  Result<double> e = money_cubeful_equity(search, p, c, 2);
  ASSERT_TRUE(e.ok());
  EXPECT_NEAR(*e, hand.decide(p, c, 2), 1e-9);
  EXPECT_NEAR(*e, d->equity, 1e-12);
  EXPECT_NEAR(d->cubeless, cubeless_equity(search.evaluate(p, 2), r), 1e-6);
}

// A 2-ply money decision's contact leaves use gnubg's x + kTwoPlyContactLeafCubeLifeOffset; its
// race and bear-off leaves, and the cubeful value of a position, keep gnubg's x; so does the
// decision when the config asks for gnubg's x.
TEST(CubeLookahead, TwoPlyContactLeavesUseTheFittedCubeLife) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search fitted(r, ev);
  SearchConfig gnubgs;
  gnubgs.fitted_cube_life = false;
  Search plain(r, ev, gnubgs);
  ByHand hand{r, ev};
  ByHand contact{r, ev};
  contact.contact_leaf_offset = kTwoPlyContactLeafCubeLifeOffset;
  const Position p = pos(kPositions[1]);
  const CubeView c = cube(1, CubeHolder::Centred);
  const CubeView taken{2, CubeHolder::Opponent, true};
  Result<CubeDecision> d = analyse_money_cube_lookahead(fitted, p, c, 2);
  ASSERT_TRUE(d.ok()) << d.error().message;
  EXPECT_NEAR(d->no_double, contact.roll(p, c, 2), 1e-9);
  EXPECT_NEAR(d->double_take, contact.roll(p, taken, 2), 1e-9);
  Result<CubeDecision> g = analyse_money_cube_lookahead(plain, p, c, 2);
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_NEAR(g->no_double, hand.roll(p, c, 2), 1e-9);
  EXPECT_NEAR(g->double_take, hand.roll(p, taken, 2), 1e-9);
  EXPECT_GT(std::abs(d->double_take - g->double_take), 1e-6);  // so the above can fail
  Result<double> e = money_cubeful_equity(fitted, p, c, 2);
  ASSERT_TRUE(e.ok());
  EXPECT_NEAR(*e, hand.decide(p, c, 2), 1e-9);
}

TEST(CubeLookahead, ArithmeticDaveRaisesByOne) {
  Rules r = wbf();
  r.cube_progression = CubeProgression::Arithmetic;  // 1, 2, 3, 4, ...
  FakeEvaluator ev(r);
  Search search(r, ev);
  ByHand hand{r, ev};
  hand.contact_leaf_offset = kTwoPlyContactLeafCubeLifeOffset;  // a 2-ply decision's
  const Position p = pos(kPositions[0]);
  const CubeView c = cube(3, CubeHolder::Me);
  Result<CubeDecision> d = analyse_money_cube_lookahead(search, p, c, 2);
  ASSERT_TRUE(d.ok()) << d.error().message;
  EXPECT_NEAR(d->no_double, hand.roll(p, c, 2) / 3, 1e-9);
  EXPECT_NEAR(d->double_take, hand.roll(p, {4, CubeHolder::Opponent, true}, 2) / 3, 1e-9);
}

TEST(CubeLookahead, DeadCubeIsTheCubelessEquity) {
  Rules r = wbf();
  r.cube_cap = 2;  // the cube on 2 can never be turned again
  FakeEvaluator ev(r);
  Search search(r, ev);
  for (const char* text : kPositions) {
    const Position p = pos(text);
    Result<CubeDecision> d = analyse_money_cube_lookahead(search, p, cube(2, CubeHolder::Me), 2);
    ASSERT_TRUE(d.ok());
    EXPECT_EQ(d->doubler, DoublerAction::CannotDouble) << text;
    EXPECT_NEAR(d->equity, cubeless_equity(search.evaluate(p, 2), r), 1e-5) << text;
  }
}

TEST(CubeLookahead, SureGammonIsTooGoodUnlessJacobyMakesItACash) {
  // X bears off his last two checkers with any roll; O has none off: a gammon, 2 points.
  const Position p = pos("x 1:2 off:13; o 24:15");
  Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  Result<CubeDecision> d = analyse_money_cube_lookahead(search, p, cube(1, CubeHolder::Centred), 1);
  ASSERT_TRUE(d.ok());
  EXPECT_DOUBLE_EQ(d->no_double, 2.0);
  EXPECT_DOUBLE_EQ(d->double_take, 4.0);
  EXPECT_EQ(d->doubler, DoublerAction::TooGood);
  EXPECT_EQ(d->taker, TakerAction::Pass);
  EXPECT_DOUBLE_EQ(d->equity, 2.0);

  r.jacoby = true;  // gammons count only once the cube was turned
  Search jacoby(r, ev);
  d = analyse_money_cube_lookahead(jacoby, p, cube(1, CubeHolder::Centred), 1);
  ASSERT_TRUE(d.ok());
  EXPECT_DOUBLE_EQ(d->no_double, 1.0);
  EXPECT_DOUBLE_EQ(d->double_take, 4.0);
  EXPECT_EQ(d->action_text(), "Double, pass");
  EXPECT_DOUBLE_EQ(d->equity, 1.0);
}

TEST(CubeLookahead, UnderdogsDoubleIsBeavered) {
  Rules r = wbf();
  r.beavers = true;
  FakeEvaluator ev(r);
  Search search(r, ev);
  ByHand hand{r, ev};
  const Position p = pos("x 8:5 6:5 5:5; o 19:5 20:5 21:5");  // X trails the race by 20 pips
  Result<CubeDecision> d = analyse_money_cube_lookahead(search, p, cube(1, CubeHolder::Centred), 1);
  ASSERT_TRUE(d.ok());
  // After a beaver the receiver owns the cube on 4; the doubler may drop it, paying 2.
  const double beaver = std::max(hand.roll(p, {4, CubeHolder::Opponent, true}, 1), -2.0);
  EXPECT_NEAR(d->double_beaver, beaver, 1e-9);
  EXPECT_LT(d->double_beaver, d->double_take);
  EXPECT_EQ(d->taker, TakerAction::Beaver);
  EXPECT_EQ(d->action_text(), "No double, beaver");
}

// A 0-ply money decision is the model on the net's probabilities with the root's cube life
// (gnubg's x + kRootCubeLifeOffset); a lookahead's leaves keep gnubg's x.
// The search's 0-ply money decision is the model on the net's probabilities with cube life x.
void expect_zero_ply_is_the_model(Search& search, const Position& p, const CubeView& c, double x) {
  Result<CubeDecision> a = analyse_money_cube_lookahead(search, p, c, 0);
  Result<CubeDecision> b =
      analyse_money_cube(make_consistent(search.evaluate(p, 0)), c, x, search.rules());
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->no_double, b->no_double);
  EXPECT_EQ(a->double_take, b->double_take);
  EXPECT_EQ(a->action_text(), b->action_text());
  EXPECT_DOUBLE_EQ(a->cube_life, x);
}

TEST(CubeLookahead, ZeroPlyIsTheModelOnTheNetWithTheRootCubeLife) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  const Position p = pos(kPositions[0]);
  const CubeView c = cube(1, CubeHolder::Centred);
  const double root_x = root_cube_life_index(classify_for_cube(p));
  expect_zero_ply_is_the_model(search, p, c, root_x);
  EXPECT_GT(root_x, cube_life_index(classify_for_cube(p)));
  // At 1-ply the figures the decision reports besides its equities (cube life, take point) are
  // the model's at the root with gnubg's x.
  Result<CubeDecision> one = analyse_money_cube_lookahead(search, p, c, 1);
  ASSERT_TRUE(one.ok());
  EXPECT_DOUBLE_EQ(one->cube_life, cube_life_index(classify_for_cube(p)));
}

// SearchConfig::fitted_cube_life = false (`nard match --a-cube-life gnubg`): gnubg's x at a 0-ply
// root and at a 1-ply decision's leaves, as everywhere else.
TEST(CubeLookahead, GnubgsCubeLifeIsTheModelWithGnubgsXAtZeroAndOnePly) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  SearchConfig config;
  config.fitted_cube_life = false;
  Search search(r, ev, config);
  ByHand hand{r, ev};  // no offset: gnubg's x at the leaves
  const Position p = pos(kPositions[0]);
  const CubeView c = cube(1, CubeHolder::Centred);
  expect_zero_ply_is_the_model(search, p, c, cube_life_index(classify_for_cube(p)));
  for (const char* text : kPositions) {
    const Position q = pos(text);
    Result<CubeDecision> one = analyse_money_cube_lookahead(search, q, c, 1);
    ASSERT_TRUE(one.ok()) << one.error().message;
    EXPECT_NEAR(one->no_double, hand.roll(q, c, 1), 1e-9) << text;
    EXPECT_NEAR(one->double_take, hand.roll(q, {2, CubeHolder::Opponent, true}, 1), 1e-9) << text;
  }
  // The fitted setting differs on these positions, so the comparison above can fail.
  Search fitted(r, ev);
  Result<CubeDecision> fitted_one = analyse_money_cube_lookahead(fitted, p, c, 1);
  ASSERT_TRUE(fitted_one.ok());
  EXPECT_GT(std::abs(fitted_one->no_double - hand.roll(p, c, 1)), 1e-6);
}

// What the cube lives are not for: the cubeful value of a position (checker play ranks plays by
// it) keeps gnubg's x at 0 and 1 ply, and so does match play's 0-ply decision.
TEST(CubeLookahead, CubefulValuesAndMatchPlayKeepGnubgsCubeLife) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  ByHand hand{r, ev};  // no offset: gnubg's x at the leaves
  const CubeView c = cube(1, CubeHolder::Centred);
  for (const char* text : kPositions) {
    const Position p = pos(text);
    Result<double> zero = money_cubeful_equity(search, p, c, 0);
    Result<double> one = money_cubeful_equity(search, p, c, 1);
    ASSERT_TRUE(zero.ok() && one.ok()) << text;
    EXPECT_NEAR(*zero, hand.leaf(p, c), 1e-9) << text;
    EXPECT_NEAR(*one, hand.decide(p, c, 1), 1e-9) << text;
  }
  static const MatchEquityTable met =
      MatchEquityTable::load(MatchEquityTable::default_path()).value();
  MatchContext ctx;
  ctx.met = &met;
  ctx.match_length = 7;
  ctx.my_score = 2;
  ctx.opp_score = 3;
  const Position p = pos(kPositions[0]);
  Result<CubeDecision> a = analyse_cube_lookahead(search, p, ctx, 0);
  Result<CubeDecision> b =
      analyse_match_cube(make_consistent(search.evaluate(p, 0)), ctx, classify_for_cube(p), r);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->mwc_no_double, b->mwc_no_double);
  EXPECT_EQ(a->mwc_double_take, b->mwc_double_take);
  EXPECT_DOUBLE_EQ(a->cube_life, cube_life_index(classify_for_cube(p)));
}

// The root's larger x doubles later: a race where gnubg's x doubles and the root's does not.
TEST(CubeLookahead, TheRootCubeLifeDoublesLaterThanGnubgsX) {
  const Rules r = wbf();
  const CubeView c = cube(1, CubeHolder::Centred);
  const PositionClass race{PositionKind::Race, 80};
  // Gammonless odds between the two doubling points: find one by scanning P(win).
  int only_gnubg_doubles = 0;
  for (float w = 0.60f; w < 0.80f; w += 0.001f) {
    const Probabilities pr{w, 0, 0, 0, 0};
    Result<CubeDecision> gnubg_x = analyse_money_cube(pr, c, cube_life_index(race), r);
    Result<CubeDecision> root_x = analyse_money_cube(pr, c, root_cube_life_index(race), r);
    ASSERT_TRUE(gnubg_x.ok() && root_x.ok());
    // Never the other way round: where the root doubles, gnubg's x does too.
    if (root_x->doubler == DoublerAction::Double) {
      EXPECT_EQ(gnubg_x->doubler, DoublerAction::Double) << w;
    }
    if (gnubg_x->doubler == DoublerAction::Double && root_x->doubler == DoublerAction::NoDouble)
      ++only_gnubg_doubles;
  }
  EXPECT_GT(only_gnubg_doubles, 0);
}

TEST(CubeLookahead, BadCubeFails) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  const Position p = pos(kPositions[0]);
  EXPECT_FALSE(analyse_money_cube_lookahead(search, p, cube(3, CubeHolder::Me), 1).ok());
  Rules no_cube = r;
  no_cube.cube = false;
  Search s2(no_cube, ev);
  EXPECT_FALSE(analyse_money_cube_lookahead(s2, p, cube(1, CubeHolder::Centred), 1).ok());
}

TEST(CubeLookahead, BotAgentUsesItForMoneyAtOnePly) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  SearchConfig config;
  config.ply = 1;
  BotAgent agent(r, ev, config);
  Search search(r, ev);
  const Position p = pos(kPositions[1]);
  MatchView money;  // match_length 0, cube centred on 1
  Result<CubeDecision> a = agent.analyse_cube(p, money);
  Result<CubeDecision> b = analyse_money_cube_lookahead(search, p, cube(1, CubeHolder::Centred), 1);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_DOUBLE_EQ(a->no_double, b->no_double);
  EXPECT_DOUBLE_EQ(a->double_take, b->double_take);
}

}  // namespace
}  // namespace nard
