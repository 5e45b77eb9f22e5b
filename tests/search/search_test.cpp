// n-ply search over a deterministic fake evaluator: the ply convention, filters, batching,
// terminal handling and determinism.
#include "search/search.h"

#include <gtest/gtest.h>

#include <cmath>

#include "formats/notation.h"
#include "nn/fake_evaluator.h"
#include "search/greedy_player.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

Position pos(const char* text) { return *parse_notation(text, Geometry::Contrary); }

// 1-ply by hand: the average over the 21 rolls of the best reply's 0-ply value.
Probabilities one_ply_by_hand(const Rules& r, Evaluator& ev, const Position& p) {
  MoveGenerator gen(r);
  PlayList list;
  double sum[5] = {0, 0, 0, 0, 0};
  for (const Dice& d : all_rolls()) {
    list.size = gen.generate(p, d, list.positions.get());
    Probabilities best{};
    float best_eq = -1e9f;
    for (int i = 0; i < std::max(list.size, 1); ++i) {
      Position child = list.size ? list.positions[i].flipped() : p.flipped();
      Probabilities q;
      if (auto t = terminal_probabilities(r, child))
        q = *t;
      else
        ev.evaluate({&child, 1}, {&q, 1});
      const Probabilities mine = invert(q);
      if (cubeless_equity(mine, r) > best_eq) {
        best_eq = cubeless_equity(mine, r);
        best = mine;
      }
    }
    const auto a = best.as_array();
    for (int k = 0; k < 5; ++k) sum[k] += roll_weight(d) * a[size_t(k)];
  }
  float v[5];
  for (int k = 0; k < 5; ++k) v[k] = float(sum[k] / 36.0);
  return Probabilities::from_array(v);
}

TEST(Search, ZeroPlyRankingMatchesTheGreedyPlayer) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  GreedyPlayer greedy(r, ev);
  MoveGenerator gen(r);
  PlayList list;
  const Position p = backgammon_start();
  for (const Dice& d : all_rolls()) {
    list.size = gen.generate(p, d, list.positions.get());
    EXPECT_EQ(search.best_play(p, d, list.plays()), greedy.choose(p, d, list.plays())) << d.str();
  }
}

TEST(Search, OnePlyIsTheRollAverageOfTheBestReply) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  for (const char* text : {"x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5",
                           "x bar:1 13:4 8:3 6:5 5:2; o 1:2 12:5 17:3 19:3 20:2",
                           "x 3:4 2:4 1:2 off:5; o 22:3 23:4 24:3 off:5"}) {
    const Position p = pos(text);
    const Probabilities a = search.evaluate(p, 1);
    const Probabilities b = one_ply_by_hand(r, ev, p);
    EXPECT_NEAR(a.win, b.win, 1e-5) << text;
    EXPECT_NEAR(a.win_gammon, b.win_gammon, 1e-5) << text;
    EXPECT_NEAR(a.lose_gammon, b.lose_gammon, 1e-5) << text;
  }
}

TEST(Search, AllPlaysOfTheLookaheadGoInOneBatch) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  SearchConfig c;
  c.use_cache = false;
  Search search(r, ev, c);
  search.evaluate(backgammon_start(), 1);
  ASSERT_EQ(ev.batch_sizes().size(), 1u);  // one batch for all 21 rolls
  EXPECT_GT(ev.batch_sizes()[0], 200);
}

// The fake evaluator with a pruner: another evaluator whose calls are counted separately.
class PrunedFake final : public Evaluator {
 public:
  PrunedFake(const Rules& r, Evaluator& rough) : full(r), rough_(rough) {}
  void evaluate(std::span<const Position> p, std::span<Probabilities> out) override {
    full.evaluate(p, out);
  }
  Evaluator* pruner() override { return &rough_; }
  FakeEvaluator full;

 private:
  Evaluator& rough_;
};

// A rough evaluator that ranks plays differently from the fake: it prefers the lowest own pip count.
class PipRanker final : public Evaluator {
 public:
  void evaluate(std::span<const Position> p, std::span<Probabilities> out) override {
    for (size_t i = 0; i < p.size(); ++i) {
      Probabilities q{};
      q.win =
          1.0f / (1.0f + float(p[i].opp_pips()));  // the opponent of the side on roll made the play
      out[i] = q;
    }
  }
};

TEST(Search, PruningWithAPerfectPrunerChangesNothingButTheWork) {
  const Rules r = wbf();
  FakeEvaluator plain(r);
  SearchConfig c;
  c.use_cache = false;
  Search reference(r, plain, c);
  FakeEvaluator same(r);  // ranks exactly as the full evaluator does
  PrunedFake pruned(r, same);
  c.prune_keep = 1;
  Search search(r, pruned, c);
  for (const char* text : {"x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5",
                           "x bar:1 13:4 8:3 6:5 5:2; o 1:2 12:5 17:3 19:3 20:2"}) {
    const Position p = pos(text);
    const Probabilities a = reference.evaluate(p, 2), b = search.evaluate(p, 2);
    EXPECT_EQ(a.win, b.win) << text;
    EXPECT_EQ(a.win_gammon, b.win_gammon) << text;
    EXPECT_EQ(a.lose_gammon, b.lose_gammon) << text;
  }
  EXPECT_GT(search.prune_evaluations(), 0u);
  EXPECT_LT(pruned.full.evaluated() * 5, plain.evaluated());  // one play per roll instead of all
}

// In a race the lookahead values every play with the full net: the pruner (a net of the raw board)
// ranked race plays badly, and the race net is cheap.
TEST(Search, NoPruningInARace) {
  const Rules r = wbf();
  PipRanker rough;
  PrunedFake pruned(r, rough);
  SearchConfig c;
  c.use_cache = false;
  c.prune_keep = 1;
  Search search(r, pruned, c);
  FakeEvaluator plain(r);
  SearchConfig unpruned = c;
  unpruned.prune_keep = 0;
  Search reference(r, plain, unpruned);
  const Position race = pos("x 6:3 5:3 4:3 8:2 9:2 off:2; o 19:3 20:3 21:3 17:3 16:1 off:2");
  ASSERT_TRUE(race.is_race());
  const Probabilities a = search.evaluate(race, 2), b = reference.evaluate(race, 2);
  EXPECT_EQ(search.prune_evaluations(), 0u);
  EXPECT_EQ(a.win, b.win);
  EXPECT_EQ(a.win_gammon, b.win_gammon);
  search.evaluate(pos("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5"), 1);  // contact: pruned
  EXPECT_GT(search.prune_evaluations(), 0u);
}

TEST(Search, PruningKeepsTheBestFewOfTheRoughRankingForTheFullNet) {
  const Rules r = wbf();
  PipRanker rough;
  PrunedFake pruned(r, rough);
  SearchConfig c;
  c.use_cache = false;
  c.prune_keep = 2;
  Search search(r, pruned, c);
  const Position p = pos("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5");
  search.evaluate(p, 1);
  // One full batch: at most 2 plays for each of the 21 rolls.
  ASSERT_EQ(pruned.full.batch_sizes().size(), 1u);
  EXPECT_LE(pruned.full.batch_sizes()[0], 42);
  EXPECT_GE(pruned.full.batch_sizes()[0], 21);
  // Keeping every play gives exactly the unpruned value.
  c.prune_keep = 100000;
  search.set_config(c);
  FakeEvaluator plain(r);
  Search reference(r, plain, c);
  EXPECT_EQ(search.evaluate(p, 1).win, reference.evaluate(p, 1).win);
}

TEST(Search, WinningBearOffIsExactAndFirst) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  SearchConfig c;
  c.ply = 2;
  Search search(r, ev, c);
  MoveGenerator gen(r);
  PlayList list;
  const Position p = pos("x 2:1 1:1 off:13; o 19:5 20:5 21:5");
  list.size = gen.generate(p, Dice{2, 1}, list.positions.get());
  const auto ranked = search.rank_plays(p, Dice{2, 1}, list.plays());
  ASSERT_FALSE(ranked.empty());
  EXPECT_EQ(list.positions[ranked[0].index].mover_off, 15);
  EXPECT_FLOAT_EQ(ranked[0].probs.win, 1.0f);
  EXPECT_FLOAT_EQ(ranked[0].probs.win_gammon, 1.0f);  // the opponent has borne off none
}

TEST(Search, FiltersLimitTheDeeperLook) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  SearchConfig c;
  c.ply = 1;
  c.filters[0] = {2, 10.0f};  // only the two best 0-ply plays reach 1-ply
  Search search(r, ev, c);
  MoveGenerator gen(r);
  PlayList list;
  const Position p = backgammon_start();
  list.size = gen.generate(p, Dice{3, 1}, list.positions.get());
  const auto ranked = search.rank_plays(p, Dice{3, 1}, list.plays());
  int deep = 0;
  for (const RankedPlay& rp : ranked) deep += rp.ply == 1;
  EXPECT_EQ(deep, 2);
  EXPECT_EQ(ranked[0].ply, 1);
  EXPECT_EQ(ranked[1].ply, 1);
}

// gnubg's 2-ply filter: the 0-ply survivors skip 1-ply and all reach 2-ply; at 1 ply the skip
// has no effect (the plays must reach the full ply).
TEST(Search, GnubgFiltersSkipOnePlyAndSendEverySurvivorToTwoPly) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  MoveGenerator gen(r);
  PlayList list;
  const Position p = backgammon_start();
  list.size = gen.generate(p, Dice{3, 1}, list.positions.get());
  auto plies = [&](int ply, MoveFilters f) {
    SearchConfig c;
    c.ply = ply;
    set_move_filters(c, f);
    c.filters[0].threshold = 10.0f;  // 8 plays, whatever the fake net's spread
    Search search(r, ev, c);
    std::vector<int> counts(3, 0);
    for (const RankedPlay& rp : search.rank_plays(p, Dice{3, 1}, list.plays()))
      ++counts[size_t(rp.ply)];
    return counts;
  };
  ASSERT_GT(list.size, 8);
  EXPECT_EQ(plies(2, MoveFilters::Gnubg), (std::vector<int>{int(list.size) - 8, 0, 8}));
  EXPECT_EQ(plies(1, MoveFilters::Gnubg), (std::vector<int>{int(list.size) - 8, 8, 0}));
  const std::vector<int> narrow = plies(2, MoveFilters::Narrow);
  EXPECT_EQ(narrow[0], int(list.size) - 8);
  EXPECT_GE(narrow[2], 1);
  EXPECT_LE(narrow[2], 3);
  // The default is gnubg's.
  SearchConfig defaults, gnubg;
  set_move_filters(gnubg, MoveFilters::Gnubg);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(defaults.filters[k].keep, gnubg.filters[k].keep);
    EXPECT_EQ(defaults.filters[k].threshold, gnubg.filters[k].threshold);
    EXPECT_EQ(defaults.filters[k].skip_next, gnubg.filters[k].skip_next);
  }
}

TEST(Search, SameSearchTwiceGivesTheSameCountsAndChoices) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  SearchConfig c;
  c.ply = 2;
  c.filters[0] = {3, 0.5f};
  c.filters[1] = {2, 0.2f};
  MoveGenerator gen(r);
  PlayList list;
  const Position p = backgammon_start();
  list.size = gen.generate(p, Dice{6, 4}, list.positions.get());
  uint64_t evals[2];
  int best[2];
  for (int k = 0; k < 2; ++k) {
    Search search(r, ev, c);
    best[k] = search.best_play(p, Dice{6, 4}, list.plays());
    evals[k] = search.static_evaluations();
  }
  EXPECT_EQ(best[0], best[1]);
  EXPECT_EQ(evals[0], evals[1]);
}

TEST(Search, CacheAnswersRepeatedPositions) {
  const Rules r = wbf();
  FakeEvaluator ev(r);
  Search search(r, ev);
  const Probabilities a = search.evaluate(backgammon_start(), 1);
  const uint64_t hits_before = search.cache_hits();
  const Probabilities b = search.evaluate(backgammon_start(), 1);
  EXPECT_EQ(a, b);
  EXPECT_GT(search.cache_hits(), hits_before + 200);
}

}  // namespace
}  // namespace nard
