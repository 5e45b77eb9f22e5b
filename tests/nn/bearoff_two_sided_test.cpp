// The two-sided bear-off database (nn/bearoff_two_sided.h) and what uses it: values worked out by
// hand, an independent solver on MoveGenerator for small tables, the order of the cube states,
// capped tables, GNU Backgammon's own table (when installed), BearoffDatabase::probabilities(),
// NeuralEvaluator at 0-ply, and the exact money cube decisions (search/cube/bearoff.h) through the
// cube lookahead, also against gnubg's decisions on self-play bear-offs
// (tests/data/gnubg_cube_bearoff.txt).
#include "nn/bearoff_two_sided.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <unordered_map>

#include "bench/bearoff_accuracy.h"
#include "bench/cube_agreement.h"
#include "formats/notation.h"
#include "game/movegen/movegen.h"
#include "nn/bearoff_database.h"
#include "nn/evaluator.h"
#include "play/rollout.h"
#include "search/cube/bearoff.h"
#include "search/cube/lookahead.h"
#include "search/cube/money.h"
#include "search/cubeful_play.h"
#include "search/search.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

using Equities = TwoSidedBearoff::Equities;

// The default database (6 checkers), built once for the whole test program.
const std::shared_ptr<const BearoffDatabase>& two_sided_database() {
  static const std::shared_ptr<const BearoffDatabase> db = *BearoffDatabase::create(wbf());
  return db;
}
const TwoSidedBearoff& table() { return *two_sided_database()->two_sided(); }

TEST(TwoSidedBearoff, ExtentIsGnubgs) {
  EXPECT_EQ(table().checkers(), 6);
  EXPECT_EQ(table().side_positions(), 924);  // C(12, 6)
  EXPECT_EQ(table().memory_bytes(), size_t(924) * 924 * sizeof(Equities));
  EXPECT_TRUE(table().covers(P("x 6:6 off:9; o 19:6 off:9")));
  EXPECT_TRUE(table().covers(P("x 1:1 off:14; o 24:1 off:14")));
  EXPECT_FALSE(table().covers(P("x 6:7 off:8; o 19:1 off:14")));   // seven on board
  EXPECT_FALSE(table().covers(P("x 6:1 off:14; o 19:7 off:8")));   // the opponent's seven
  EXPECT_FALSE(table().covers(P("x 7:1 off:14; o 19:1 off:14")));  // outside home
  EXPECT_FALSE(table().covers(P("x 6:1 off:14; o 18:1 off:14")));
  EXPECT_FALSE(table().covers(P("x 6:1 off:14; o off:15")));  // the game is over
}

TEST(TwoSidedBearoff, ValuesWorkedOutByHand) {
  // One checker each on the 1 point: the side on roll wins, whatever the cube.
  Equities e = table().at(P("x 1:1 off:14; o 24:1 off:14"));
  EXPECT_EQ(e.cubeless, 1.0f);
  EXPECT_EQ(e.centred, 1.0f);
  // One checker on the 6 point against one that surely comes off next turn: the side on roll wins
  // only now, with a 6, two dice summing to 6 or more, or a double of 2 or more: 27/36, equity 1/2
  // whatever the cube (the opponent never rolls with a choice). Doubling makes it 2 x 1/2 = 1 = the
  // pass: the opponent is at his take point exactly.
  e = table().at(P("x 6:1 off:14; o 24:1 off:14"));
  EXPECT_NEAR(e.cubeless, 0.5, 1e-6);
  EXPECT_NEAR(e.owned, 0.5, 1e-6);
  EXPECT_NEAR(e.centred, 0.5, 1e-6);
  EXPECT_NEAR(e.opponent_owns, 0.5, 1e-6);
  EXPECT_NEAR(table().double_answer(e), 1.0, 1e-6);
  // One checker each on the 6 point. Cubeless: 27/36 now, else the opponent misses too (9/36) and
  // the side on roll finishes next: 27/36 + 81/1296 = 0.8125, equity 0.625. Owning the cube, nobody
  // doubles later: the same 0.625. Centred: after a miss the opponent (27/36 to win, the side on
  // roll at his take point exactly) doubles and the side on roll is worth -1: 27/36 - 9/36 = 0.5.
  // The opponent owning the cube redoubles the same way: 0.5.
  e = table().at(P("x 6:1 off:14; o 19:1 off:14"));
  EXPECT_NEAR(e.cubeless, 0.625, 1e-6);
  EXPECT_NEAR(e.owned, 0.625, 1e-6);
  EXPECT_NEAR(e.centred, 0.5, 1e-6);
  EXPECT_NEAR(e.opponent_owns, 0.5, 1e-6);
  EXPECT_NEAR(table().win_probability(P("x 6:1 off:14; o 19:1 off:14")), 0.8125, 1e-6);
  // Two checkers on the 2 point against one sure to come off: both off now unless a 1 with another
  // die (1-1 moves 2-1-off twice): 36 - 10 = 26/36. ND = 2 * 26/36 - 1 = 16/36, DT = 32/36 < 1:
  // double, take.
  e = table().at(P("x 2:2 off:13; o 24:1 off:14"));
  EXPECT_NEAR(e.cubeless, 16.0 / 36, 1e-6);
  EXPECT_NEAR(e.centred, 16.0 / 36, 1e-6);
  EXPECT_NEAR(table().double_answer(e), 32.0 / 36, 1e-6);
}

// An independent solver: whole positions, plays from MoveGenerator, a map for the memo, the cube
// states' equations written out per state. Returns the stored (no double) values of `pos`.
class BruteForce {
 public:
  explicit BruteForce(const Rules& rules) : gen_(rules) {}

  std::array<double, 4> before_cube(const Position& pos) {
    if (auto it = memo_.find(pos); it != memo_.end()) return it->second;
    double cubeless = 0, owned = 0, centred = 0, opponent_owns = 0;
    for (const Dice roll : all_rolls()) {
      list_.size = gen_.generate(pos, roll, list_.positions.get());
      const std::vector<Position> results(list_.plays().begin(), list_.plays().end());
      double best[4] = {-9, -9, -9, -9};
      for (const Position& result : results) {
        double mine[4] = {1, 1, 1, 1};  // borne off: won, whatever the cube
        if (result.mover_off < kCheckers) {
          const std::array<double, 4> his = before_cube(result.flipped());
          const double answer = std::min(2 * his[3], 1.0);  // his double: take or pass
          mine[0] = -his[0];
          mine[1] = -his[3];                    // mine: he cannot double
          mine[2] = -std::max(his[2], answer);  // centred: he may
          mine[3] = -std::max(his[1], answer);  // his: he may redouble
        }
        for (int k = 0; k < 4; ++k) best[k] = std::max(best[k], mine[k]);
      }
      const double w = roll_weight(roll) / 36.0;
      cubeless += w * best[0];
      owned += w * best[1];
      centred += w * best[2];
      opponent_owns += w * best[3];
    }
    return memo_[pos] = {cubeless, owned, centred, opponent_owns};
  }

 private:
  struct Hash {
    size_t operator()(const Position& p) const { return size_t(p.hash()); }
  };
  MoveGenerator gen_;
  PlayList list_;  // scratch, copied out before recursing
  std::unordered_map<Position, std::array<double, 4>, Hash> memo_;
};

TEST(TwoSidedBearoff, SmallTableEqualsAnIndependentSolver) {
  const TwoSidedBearoff small(3, false);
  ASSERT_EQ(small.side_positions(), 84);  // C(9, 6)
  BruteForce brute(wbf());
  int compared = 0;
  for (int a = 1; a < small.side_positions(); ++a)
    for (int b = 1; b < small.side_positions(); ++b) {
      const Position pos = bearoff_position(a, b);
      ASSERT_TRUE(small.covers(pos));
      ASSERT_EQ(TwoSidedBearoff::indices(pos), (std::array<int, 2>{a, b}));
      const std::array<double, 4> want = brute.before_cube(pos);
      const Equities& e = small.at(a, b);
      const double got[4] = {e.cubeless, e.owned, e.centred, e.opponent_owns};
      for (int k = 0; k < 4; ++k)
        ASSERT_NEAR(got[k], want[size_t(k)], 2e-6) << format_notation(pos) << " value " << k;
      // The same entries in the big table.
      const Equities& big = table().at(a, b);
      ASSERT_EQ(big.cubeless, e.cubeless);
      ASSERT_EQ(big.centred, e.centred);
      ++compared;
    }
  EXPECT_EQ(compared, 83 * 83);
}

TEST(TwoSidedBearoff, CubeStatesAreOrderedAndTheRollHelps) {
  const TwoSidedBearoff& t = table();
  const int n = t.side_positions();
  for (int a = 1; a < n; ++a)
    for (int b = 1; b < n; ++b) {
      const Equities& e = t.at(a, b);
      // Owning the cube is worth at least having it centred, which is worth at least the opponent
      // owning it: each gives the side on roll the same options or more, him fewer.
      ASSERT_GE(e.owned, e.centred - 1e-6f) << a << " " << b;
      ASSERT_GE(e.centred, e.opponent_owns - 1e-6f) << a << " " << b;
      ASSERT_GE(e.opponent_owns, -1.0f);
      ASSERT_LE(e.owned, 1.0f);
      // Being on roll in a race is never worse than the opponent being on roll.
      ASSERT_GE(e.cubeless, -t.at(b, a).cubeless - 1e-6f) << a << " " << b;
    }
}

TEST(TwoSidedBearoff, BeaversNeverChangeIt) {
  // A double that would be beavered (take equity below 0) is never better than not doubling.
  const TwoSidedBearoff plain(4, false), beavers(4, true);
  for (int a = 0; a < plain.side_positions(); ++a)
    for (int b = 0; b < plain.side_positions(); ++b) {
      ASSERT_EQ(plain.at(a, b).centred, beavers.at(a, b).centred);
      ASSERT_EQ(plain.at(a, b).owned, beavers.at(a, b).owned);
      ASSERT_EQ(plain.at(a, b).opponent_owns, beavers.at(a, b).opponent_owns);
    }
}

TEST(TwoSidedBearoff, CappedTablesApproachTheUncappedOne) {
  const TwoSidedBearoff uncapped(4, false);
  double previous = 2.0;
  for (int k = 0; k <= 6; ++k) {
    const TwoSidedBearoff capped(4, false, k);
    double worst = 0;
    for (int a = 1; a < uncapped.side_positions(); ++a)
      for (int b = 1; b < uncapped.side_positions(); ++b) {
        const Equities &x = uncapped.at(a, b), &y = capped.at(a, b);
        ASSERT_EQ(x.cubeless, y.cubeless);
        worst = std::max({worst, double(std::fabs(x.owned - y.owned)),
                          double(std::fabs(x.centred - y.centred)),
                          double(std::fabs(x.opponent_owns - y.opponent_owns))});
        if (k == 0) {
          ASSERT_EQ(y.centred, y.cubeless);  // a dead cube
        }
      }
    EXPECT_LT(worst, previous) << k;
    previous = worst;
  }
  EXPECT_LT(previous, 1e-4);  // six doublings left
}

TEST(TwoSidedBearoff, AgreesWithGnubgsTable) {
  const char* path = "/var/lib/gnubg/gnubg_ts0.bd";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is not installed";
  Result<GnubgTableComparison> c = compare_with_gnubg_table(table(), path);
  ASSERT_TRUE(c.ok()) << c.error().message;
  // gnubg computes in 16-bit integers (steps of 3.05e-5 per level of its recursion).
  for (const ErrorStats& v : c->value) {
    EXPECT_EQ(v.count, 923 * 923);
    EXPECT_LT(v.max, 2e-4) << format_notation(v.worst);
    EXPECT_LT(v.mean(), 6e-5);
  }
  EXPECT_FALSE(compare_with_gnubg_table(TwoSidedBearoff(2, false), path).ok());  // its size
}

TEST(TwoSidedBearoff, DatabaseProbabilitiesTakeItWhereItCovers) {
  const BearoffDatabase& db = *two_sided_database();
  const Position covered = P("x 5:2 4:2 3:2 off:9; o 24:3 23:2 22:1 off:9");
  Probabilities p = db.probabilities(covered);
  EXPECT_NEAR(p.win, table().win_probability(covered), 1e-7);
  EXPECT_EQ(p.win_gammon + p.lose_gammon + p.win_backgammon + p.lose_backgammon, 0.0f);
  // The one-sided approximation plays each side for the fewest expected rolls: not the same.
  EXPECT_GT(std::fabs(db.one_sided_probabilities(covered).win - p.win), 1e-3);
  // Seven checkers: one-sided.
  const Position seven = P("x 5:3 4:2 3:2 off:8; o 24:3 23:2 22:1 off:9");
  EXPECT_EQ(db.probabilities(seven), db.one_sided_probabilities(seven));
  // Without the two-sided part: one-sided everywhere.
  auto one_sided = *BearoffDatabase::create(wbf(), 0);
  EXPECT_EQ(one_sided->two_sided(), nullptr);
  EXPECT_FALSE(one_sided->two_sided_covers(covered));
  EXPECT_EQ(one_sided->probabilities(covered), db.one_sided_probabilities(covered));
  EXPECT_FALSE(BearoffDatabase::create(wbf(), TwoSidedBearoff::kMaxCheckers + 1).ok());
}

TEST(TwoSidedBearoff, NeuralEvaluatorAtZeroPlyEqualsIt) {
  auto model = NeuralModel::create(wbf(), random_net_weights(Variant::Backgammon, 11));
  ASSERT_TRUE(model.ok());
  NeuralEvaluator eval(with_bearoff_database(*model, two_sided_database()));
  EXPECT_EQ(eval.bearoff_database(), two_sided_database().get());
  std::vector<Position> positions;
  for (int a = 1; a < 924; a += 37)
    for (int b = 1; b < 924; b += 41) positions.push_back(bearoff_position(a, b));
  std::vector<Probabilities> out(positions.size());
  eval.evaluate(positions, out);
  for (size_t i = 0; i < positions.size(); ++i) {
    ASSERT_NEAR(out[i].win, table().win_probability(positions[i]), 1e-7);
    ASSERT_EQ(out[i].win_gammon, 0.0f);
  }
}

// --- money cube decisions ---

struct Bot {
  NeuralEvaluator eval;
  Search search;
  explicit Bot(std::shared_ptr<const BearoffDatabase> db)
      : eval(with_bearoff_database(
            *NeuralModel::create(wbf(), random_net_weights(Variant::Backgammon, 11)), db)),
        search(wbf(), eval) {}
};

TEST(TwoSidedBearoff, CubeDecisionsAreExactAtEveryPly) {
  Bot bot(two_sided_database());
  const Position pos = P("x 2:2 off:13; o 24:1 off:14");  // double/take (worked out above)
  for (int ply = 0; ply <= 2; ++ply) {
    Result<CubeDecision> d = analyse_money_cube_lookahead(bot.search, pos, CubeView{}, ply);
    ASSERT_TRUE(d.ok()) << d.error().message;
    EXPECT_EQ(d->doubler, DoublerAction::Double) << ply;
    EXPECT_EQ(d->taker, TakerAction::Take) << ply;
    EXPECT_NEAR(d->no_double, 16.0 / 36, 1e-6);
    EXPECT_NEAR(d->double_take, 32.0 / 36, 1e-6);
    EXPECT_NEAR(d->equity, 32.0 / 36, 1e-6);
    Result<double> cubeful = money_cubeful_equity(bot.search, pos, CubeView{}, ply);
    ASSERT_TRUE(cubeful.ok());
    EXPECT_NEAR(*cubeful, 32.0 / 36, 1e-6);
  }
  // The opponent owns the cube: no double, the stored value.
  const CubeView theirs{2, CubeHolder::Opponent, true};
  Result<CubeDecision> d = analyse_money_cube_lookahead(bot.search, pos, theirs, 0);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->doubler, DoublerAction::CannotDouble);
  EXPECT_NEAR(d->equity, 16.0 / 36, 1e-6);
  // One checker each on the 6 point, cube centred: the side on roll doubles, the opponent is at his
  // take point exactly (DT = DP = 1).
  d = analyse_money_cube_lookahead(bot.search, P("x 6:1 off:14; o 19:1 off:14"), CubeView{}, 1);
  ASSERT_TRUE(d.ok());
  EXPECT_NEAR(d->no_double, 0.5, 1e-6);
  EXPECT_NEAR(d->equity, 1.0, 1e-6);
}

TEST(TwoSidedBearoff, NearTheCapTheModelDecides) {
  Bot bot(two_sided_database());
  const Position pos = P("x 2:2 off:13; o 24:1 off:14");
  // A cube on 8 can double three more times below the cap of 64: the model on the exact
  // probabilities, as everywhere the database does not reach. A cube on 4 (four doublings left)
  // still takes the table's values.
  const CubeView eight{8, CubeHolder::Me, true};
  EXPECT_FALSE(exact_bearoff_cube(two_sided_database().get(), pos, eight, wbf()));
  EXPECT_TRUE(exact_bearoff_cube(two_sided_database().get(), pos, CubeView{4, CubeHolder::Me, true}, wbf()));
  Result<CubeDecision> d = analyse_money_cube_lookahead(bot.search, pos, eight, 0);
  Result<CubeDecision> model = analyse_money_cube(
      bot.search.evaluate(pos, 0), eight, root_cube_life_index(classify_for_cube(pos)), wbf());
  ASSERT_TRUE(d.ok() && model.ok());
  EXPECT_EQ(d->no_double, model->no_double);
  // Not in money play with the arithmetic cube, nor in a match, nor without the database.
  Rules dave = wbf();
  dave.cube_progression = CubeProgression::Arithmetic;
  EXPECT_FALSE(exact_bearoff_cube(two_sided_database().get(), pos, CubeView{}, dave));
  EXPECT_FALSE(exact_bearoff_cube(nullptr, pos, CubeView{}, wbf()));
}

// Seven checkers a side is beyond the table, but two plies later (each side bears off at least two)
// every leaf is in it. The double/take of a redouble from 2 then looks ahead to leaves with the cube
// on 4, which the table still values (four doublings below the cap of 64): per unit of the cube it
// equals the double/take of the centred cube, as in gnubg's 2-ply (session 28: the model at those
// leaves had made all five of `nard bench cube --ply 2`'s bear-off disagreements).
TEST(TwoSidedBearoff, ARedoubleFromTwoLooksAheadToExactLeaves) {
  Bot bot(two_sided_database());
  const Position pos = P("x 1:7 off:8; o 24:7 off:8");
  ASSERT_FALSE(two_sided_database()->two_sided_covers(pos));
  Result<CubeDecision> centred = analyse_money_cube_lookahead(bot.search, pos, CubeView{}, 2);
  Result<CubeDecision> owned =
      analyse_money_cube_lookahead(bot.search, pos, CubeView{2, CubeHolder::Me, true}, 2);
  ASSERT_TRUE(centred.ok() && owned.ok());
  EXPECT_NEAR(owned->double_take, centred->double_take, 1e-9);
  EXPECT_GT(owned->no_double, centred->no_double);  // owning the cube is worth something
}

// Cubeful checker play: after 6-3 here every play leaves the opponent a double the side on roll
// must pass (-1 exactly, whatever the play); the tie goes to the best cubeless play.
TEST(TwoSidedBearoff, CubefulPlaysTiedByTheCubeGoToTheBestCubelessOne) {
  Bot bot(two_sided_database());
  const Position pos = P("x 5:2 4:2 3:2 off:9; o 24:3 23:2 22:1 off:9");
  MoveGenerator gen(wbf());
  PlayList list;
  list.size = gen.generate(pos, Dice{6, 3}, list.positions.get());
  ASSERT_GE(list.size, 3);
  Result<std::vector<PlayValue>> ranked =
      rank_plays_cubeful(bot.search, list.plays(), MatchContext{}, PlayValuation{0, true});
  ASSERT_TRUE(ranked.ok()) << ranked.error().message;
  for (const PlayValue& v : *ranked) EXPECT_NEAR(v.equity, -1.0, 1e-6);
  for (size_t i = 1; i < ranked->size(); ++i)
    EXPECT_GE((*ranked)[i - 1].cubeless, (*ranked)[i].cubeless) << i;
}

// Cubeful rollouts play the cube by the database where it reaches. One checker each on the 6
// point, the root not doubling, trials cut after its roll: it bears off (27/36, +1) or leaves the
// opponent on roll, who doubles with 27/36 and the root at its take point: -1 (the cube model on
// the same winning chance, cube life 0.6, would say about -0.85 and the mean 0.54).
TEST(TwoSidedBearoff, CubefulRolloutsPlayTheCubeByIt) {
  const std::shared_ptr<const NeuralModel> model = with_bearoff_database(
      *NeuralModel::create(wbf(), random_net_weights(Variant::Backgammon, 11)), two_sided_database());
  RolloutConfig c;
  c.trials = 36;
  c.truncate_plies = 1;
  c.variance_reduction = false;
  c.cubeful = true;
  c.root_may_double = false;
  c.threads = 1;
  Result<RolloutResult> r = rollout(wbf(), P("x 6:1 off:14; o 19:1 off:14"), c,
                                    [&] { return std::make_unique<NeuralEvaluator>(model); });
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_NEAR(r->cubeful_equity.mean, 0.5, 1e-6);
}

// gnubg 2-ply's decisions on 600 self-play bear-offs the database covers, each with the cube
// centred and owned (gnubg takes them from its own two-sided table): ours are the same, except
// where gnubg's 16-bit table cannot tell the actions apart.
TEST(TwoSidedBearoff, CubeDecisionsAgreeWithGnubgOnSelfPlayBearoffs) {
  Result<std::vector<CubeReference>> refs =
      load_cube_references(std::string(NARD_SOURCE_DIR) + "/tests/data/gnubg_cube_bearoff.txt");
  ASSERT_TRUE(refs.ok()) << refs.error().message;
  ASSERT_EQ(refs->size(), 1200u);
  Bot bot(two_sided_database());
  int near_ties = 0;
  for (const CubeReference& r : *refs) {
    ASSERT_TRUE(table().covers(r.position)) << r.position_id;
    Result<CubeDecision> d = analyse_money_cube_lookahead(bot.search, r.position, r.cube, 0);
    ASSERT_TRUE(d.ok());
    EXPECT_NEAR(d->no_double, r.no_double, 2e-4) << r.position_id;
    EXPECT_NEAR(d->double_take, r.double_take, 4e-4) << r.position_id;
    if (cube_action_of(*d) == r.action) continue;
    ++near_ties;
    EXPECT_LT(std::min({std::fabs(r.no_double - r.double_take), std::fabs(r.double_take - 1.0),
                        std::fabs(r.no_double - 1.0)}),
              2e-4)
        << r.position_id << " " << r.cube.value;
  }
  EXPECT_LE(near_ties, 2);
}

}  // namespace
}  // namespace nard
