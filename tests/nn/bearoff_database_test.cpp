// The one-sided bear-off database (nn/bearoff_database.h): the index, values worked out by hand,
// an independent solver on MoveGenerator for small positions, the play enumerator against
// MoveGenerator, the optimality of the stored choices, probabilities(), the hook into
// NeuralEvaluator, and GNU Backgammon's 0-ply values (its one-sided database) when installed.
#include "nn/bearoff_database.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

#include "formats/gnubg_id.h"
#include "formats/notation.h"
#include "game/movegen/movegen.h"
#include "gnubg/gnubg_process.h"
#include "nn/evaluator.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

using Counts = BearoffDatabase::Counts;
constexpr int kPositions = BearoffDatabase::kPositions;

const BearoffDatabase& database() {
  static const std::shared_ptr<const BearoffDatabase> db =
      *BearoffDatabase::create(*rules_preset("wbf"));
  return *db;
}

Counts counts(std::initializer_list<std::pair<int, int>> point_count) {
  Counts c{};
  for (auto [point, n] : point_count) c[size_t(point - 1)] = uint8_t(n);
  return c;
}

int on_board(const Counts& c) {
  int n = 0;
  for (int v : c) n += v;
  return n;
}

// The side alone (mover), its opponent's 15 checkers on his own 1 point (mover point 24), where
// they can never meet: the legal plays are exactly the side's bear-off plays.
Position alone(const Counts& c) {
  Position pos;
  for (int p = 1; p <= 6; ++p) pos.set(p, c[size_t(p - 1)]);
  pos.mover_off = uint8_t(kCheckers - on_board(c));
  pos.set(24, -kCheckers);
  return pos;
}

Counts counts_after(const Position& played) {
  Counts c{};
  for (int p = 1; p <= 6; ++p) c[size_t(p - 1)] = uint8_t(played.mover_count(p));
  return c;
}

double total(const BearoffDatabase::Distribution& d) {
  double s = 0;
  for (float v : d.p) s += v;
  return s;
}

TEST(BearoffDatabase, IndexRoundTripCoversEveryPosition) {
  std::vector<bool> seen(kPositions, false);
  for (int i = 0; i < kPositions; ++i) {
    const Counts c = BearoffDatabase::counts_of(i);
    ASSERT_LE(on_board(c), kCheckers) << i;
    ASSERT_EQ(BearoffDatabase::index_of(c), i);
    seen[size_t(i)] = true;
  }
  EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](bool b) { return b; }));
  EXPECT_EQ(BearoffDatabase::index_of(Counts{}), 0);                        // all off
  EXPECT_EQ(BearoffDatabase::index_of(counts({{6, 15}})), kPositions - 1);  // all on the 6 point
  EXPECT_EQ(BearoffDatabase::index_of(counts({{1, 1}})), 1);
}

TEST(BearoffDatabase, CreateRefusesOtherBearOffs) {
  for (const char* preset : {"wbf", "iran", "ru_short", "arab_tawla", "gr_portes", "tr_tavla"})
    EXPECT_TRUE(BearoffDatabase::create(*rules_preset(preset)).ok()) << preset;
  for (const char* preset : {"plakoto", "tawla31", "fevga", "longnardy"}) {
    auto db = BearoffDatabase::create(*rules_preset(preset));
    ASSERT_FALSE(db.ok()) << preset;
    EXPECT_NE(db.error().message.find("bear-off"), std::string::npos);
  }
}

TEST(BearoffDatabase, ValuesWorkedOutByHand) {
  const BearoffDatabase& db = database();
  // All off: 0 rolls.
  EXPECT_EQ(db.bear_off(0).first, 0);
  EXPECT_DOUBLE_EQ(db.bear_off(0).at(0), 1.0);
  EXPECT_EQ(db.expected_bear_off(0), 0.0);
  // One checker on the 1 point: one roll, surely.
  const int one = BearoffDatabase::index_of(counts({{1, 1}}));
  EXPECT_DOUBLE_EQ(db.bear_off(one).at(1), 1.0);
  EXPECT_DOUBLE_EQ(db.expected_bear_off(one), 1.0);
  // One checker on the 6 point: off in one roll with a 6, two dice summing to 6 or more, or a
  // double of 2 or more: 22 + 5 = 27 of 36; every other roll leaves it on 1..4, off next roll.
  const int six = BearoffDatabase::index_of(counts({{6, 1}}));
  EXPECT_NEAR(db.bear_off(six).at(1), 27.0 / 36, 1e-7);
  EXPECT_NEAR(db.bear_off(six).at(2), 9.0 / 36, 1e-7);
  EXPECT_NEAR(db.expected_bear_off(six), 1.25, 1e-12);
  // Two on the 6 point: in one roll only with 3-3, 4-4, 5-5 or 6-6 (12 pips are needed, and a
  // double of 2 moves only 8). Never more than 4 rolls.
  const int two = BearoffDatabase::index_of(counts({{6, 2}}));
  EXPECT_NEAR(db.bear_off(two).at(1), 4.0 / 36, 1e-7);
  EXPECT_EQ(db.bear_off(two).at(5), 0.0);
  // Fifteen on the 6 point: a first checker is off in one roll with a 6, two dice summing to
  // exactly 6 (5-1, 4-2) or 2-2, 3-3, 6-6: 10 + 4 + 3 = 17 of 36. No fewer than 4 rolls to bear
  // them all off (four 6-6); a checker borne off never lowers the count of the others.
  const int fifteen = BearoffDatabase::index_of(counts({{6, 15}}));
  EXPECT_NEAR(db.first_off(fifteen).at(1), 17.0 / 36, 1e-7);
  EXPECT_EQ(db.bear_off(fifteen).first, 4);
  EXPECT_NEAR(db.bear_off(fifteen).at(4), std::pow(1.0 / 36, 4), 1e-12);
  // A checker already off: 0 rolls to the first one.
  EXPECT_DOUBLE_EQ(db.first_off(six).at(0), 1.0);
  EXPECT_EQ(db.expected_first_off(six), 0.0);
}

TEST(BearoffDatabase, DistributionsSumToOneAndMatchTheirMeans) {
  const BearoffDatabase& db = database();
  for (int i = 0; i < kPositions; i += 7) {
    for (const bool first : {false, true}) {
      const BearoffDatabase::Distribution d = first ? db.first_off(i) : db.bear_off(i);
      ASSERT_NEAR(total(d), 1.0, 1e-5) << i;
      double mean = 0;
      for (size_t k = 0; k < d.p.size(); ++k) mean += (d.first + int(k)) * double(d.p[k]);
      ASSERT_NEAR(mean, first ? db.expected_first_off(i) : db.expected_bear_off(i), 1e-4) << i;
    }
  }
}

TEST(BearoffDatabase, AddingACheckerNeverHelps) {
  const BearoffDatabase& db = database();
  for (int i = 0; i < kPositions; ++i) {
    const Counts c = BearoffDatabase::counts_of(i);
    if (on_board(c) == kCheckers) continue;
    for (int p = 1; p <= 6; ++p) {
      Counts more = c;
      ++more[size_t(p - 1)];
      const int j = BearoffDatabase::index_of(more);
      ASSERT_GE(db.expected_bear_off(j), db.expected_bear_off(i) - 1e-12) << i << " +" << p;
      ASSERT_GE(db.expected_first_off(j), db.expected_first_off(i) - 1e-12) << i << " +" << p;
    }
  }
  // Raising a checker can help, though (fewer wasted pips with the checkers spread): two on the
  // 1 point and one on the 6 need more rolls than one each on the 1, 2 and 6 points.
  EXPECT_GT(db.expected_bear_off(BearoffDatabase::index_of(counts({{1, 2}, {6, 1}}))),
            db.expected_bear_off(BearoffDatabase::index_of(counts({{1, 1}, {2, 1}, {6, 1}}))));
}

TEST(BearoffDatabase, PlaysEqualMoveGeneratorsAndLowerTheIndex) {
  MoveGenerator gen(*rules_preset("wbf"));
  PlayList list;
  long compared = 0;
  for (int i = 1; i < kPositions; i += 17) {
    const Counts c = BearoffDatabase::counts_of(i);
    for (const Dice roll : all_rolls()) {
      const int n = gen.generate(alone(c), roll, list.positions.get());
      std::vector<int> expected;
      for (int k = 0; k < n; ++k)
        expected.push_back(BearoffDatabase::index_of(counts_after(list.positions[k])));
      std::sort(expected.begin(), expected.end());
      ASSERT_EQ(std::adjacent_find(expected.begin(), expected.end()), expected.end());
      const std::vector<int> ours = BearoffDatabase::play_results(c, roll);
      ASSERT_EQ(ours, expected) << format_notation(alone(c)) << " roll " << roll.str();
      ASSERT_LT(ours.back(), i);
      ++compared;
    }
  }
  EXPECT_GT(compared, 60000);
}

// E(x) = 1 + sum over rolls of w * min over the plays of E(result): the stored expectations are
// optimal over the whole plays (the table is built from best single sub-moves).
TEST(BearoffDatabase, StoredExpectationsAreTheOptimumOverWholePlays) {
  const BearoffDatabase& db = database();
  for (int i = 1; i < kPositions; i += 19) {
    const Counts c = BearoffDatabase::counts_of(i);
    double e = 1.0, f = 1.0;
    for (const Dice roll : all_rolls()) {
      double best = 1e9, first_best = 1e9;
      for (int child : BearoffDatabase::play_results(c, roll)) {
        best = std::min(best, db.expected_bear_off(child));
        first_best = std::min(first_best, db.expected_first_off(child));
      }
      e += roll_weight(roll) / 36.0 * best;
      f += roll_weight(roll) / 36.0 * first_best;
    }
    ASSERT_NEAR(db.expected_bear_off(i), e, 1e-9) << i;
    if (on_board(c) == kCheckers) { ASSERT_NEAR(db.expected_first_off(i), f, 1e-9) << i; }
  }
}

// An independent solver on MoveGenerator for every position of at most four checkers: the full
// distributions, the same criterion (fewest expected rolls, ties to the lower index).
struct SmallSolver {
  MoveGenerator gen{*rules_preset("wbf")};
  PlayList list;
  std::map<int, std::pair<double, std::vector<double>>> memo;  // index -> (mean, distribution)

  const std::pair<double, std::vector<double>>& solve(const Counts& c) {
    const int index = BearoffDatabase::index_of(c);
    if (auto it = memo.find(index); it != memo.end()) return it->second;
    std::pair<double, std::vector<double>> r{0.0, std::vector<double>(12, 0.0)};
    if (on_board(c) == 0) {
      r.second[0] = 1.0;
      return memo[index] = r;
    }
    r.first = 1.0;
    for (const Dice roll : all_rolls()) {
      const int n = gen.generate(alone(c), roll, list.positions.get());
      std::vector<Counts> children;
      for (int k = 0; k < n; ++k) children.push_back(counts_after(list.positions[k]));
      int best = -1;
      double best_e = 1e9;
      Counts best_counts{};
      for (const Counts& child : children) {
        const double e = solve(child).first;
        const int ci = BearoffDatabase::index_of(child);
        if (e < best_e || (e == best_e && ci < best)) best_e = e, best = ci, best_counts = child;
      }
      const std::vector<double> d = solve(best_counts).second;
      const double w = roll_weight(roll) / 36.0;
      r.first += w * best_e;
      for (size_t k = 0; k + 1 < d.size(); ++k) r.second[k + 1] += w * d[k];
    }
    return memo[index] = r;
  }
};

TEST(BearoffDatabase, SmallPositionsEqualAnIndependentSolver) {
  const BearoffDatabase& db = database();
  SmallSolver solver;
  int checked = 0;
  for (int i = 0; i < kPositions; ++i) {
    const Counts c = BearoffDatabase::counts_of(i);
    if (on_board(c) > 4) continue;
    const auto& [mean, dist] = solver.solve(c);
    ASSERT_NEAR(db.expected_bear_off(i), mean, 1e-9) << format_notation(alone(c));
    for (size_t k = 0; k < dist.size(); ++k)
      ASSERT_NEAR(db.bear_off(i).at(int(k)), dist[k], 1e-6)
          << format_notation(alone(c)) << " rolls " << k;
    ++checked;
  }
  EXPECT_EQ(checked, 210);  // C(10, 6): up to four checkers on six points
}

TEST(BearoffDatabase, CoversBothSidesHomeOnly) {
  const BearoffDatabase& db = database();
  EXPECT_TRUE(db.covers(P("x 6:5 5:5 4:5; o 19:5 20:5 21:5")));
  EXPECT_TRUE(db.covers(P("x 1:1 off:14; o 24:1 off:14")));
  EXPECT_FALSE(db.covers(P("x 7:1 6:14; o 19:15")));    // a checker outside home
  EXPECT_FALSE(db.covers(P("x 6:15; o 18:1 19:14")));   // the opponent's too
  EXPECT_FALSE(db.covers(P("x 6:14 bar:1; o 19:15")));  // on the bar
  EXPECT_FALSE(db.covers(P("x 6:15; o off:15")));       // the game is over
  EXPECT_FALSE(db.covers(backgammon_start()));
}

TEST(BearoffDatabase, ProbabilitiesOfHandWorkedPositions) {
  const BearoffDatabase& db = database();
  // One checker each on the 6 point: the side on roll wins at once (27/36) or in two rolls when
  // the opponent misses too: 27/36 + 9/36 * 9/36.
  Probabilities p = db.probabilities(P("x 6:1 off:14; o 19:1 off:14"));
  EXPECT_NEAR(p.win, 27.0 / 36 + 81.0 / 1296, 1e-6);
  EXPECT_EQ(p.win_gammon, 0.0f);
  EXPECT_EQ(p.lose_gammon, 0.0f);
  // The side on roll finishes now; the opponent has none off: a gammon.
  p = db.probabilities(P("x 1:1 off:14; o 19:15"));
  EXPECT_EQ(p.win, 1.0f);
  EXPECT_EQ(p.win_gammon, 1.0f);
  EXPECT_EQ(p.win_backgammon, 0.0f);
  // The opponent finishes on his first roll; the side on roll escapes the gammon only by bearing
  // a checker off the 6 point now: 17/36.
  p = db.probabilities(P("x 6:15; o 24:1 off:14"));
  EXPECT_EQ(p.win, 0.0f);
  EXPECT_NEAR(p.lose_gammon, 19.0 / 36, 1e-6);
  EXPECT_EQ(p.lose_backgammon, 0.0f);
}

TEST(BearoffDatabase, SymmetricPositionsFavourTheSideOnRoll) {
  const BearoffDatabase& db = database();
  for (int i = 1; i < kPositions; i += 97) {
    const Counts c = BearoffDatabase::counts_of(i);
    Position pos = alone(c);
    pos.set(24, 0);
    for (int p = 1; p <= 6; ++p) pos.set(25 - p, -int(c[size_t(p - 1)]));
    pos.opp_off = pos.mover_off;
    ASSERT_TRUE(pos.is_consistent()) << i;
    ASSERT_EQ(pos.flipped(), pos);  // the same for both sides
    const Probabilities r = db.probabilities(pos);
    ASSERT_GT(r.win, 0.5f) << format_notation(pos);  // rolling first is worth something
    ASSERT_EQ(make_consistent(r), r);
    if (pos.mover_off > 0)
      ASSERT_EQ(r.win_gammon + r.lose_gammon, 0.0f);
    else
      ASSERT_GE(r.win_gammon, r.lose_gammon) << format_notation(pos);
  }
}

TEST(BearoffDatabase, NeuralEvaluatorTakesCoveredPositionsFromIt) {
  const Rules rules = *rules_preset("wbf");
  auto model = NeuralModel::create(rules, random_net_weights(Variant::Backgammon, 11));
  ASSERT_TRUE(model.ok());
  EXPECT_EQ((*model)->bearoff_database(), nullptr);
  auto db = *BearoffDatabase::create(rules);
  auto with_db = with_bearoff_database(*model, db);
  EXPECT_EQ(with_db->bearoff_database(), db.get());
  EXPECT_EQ((*model)->bearoff_database(), nullptr);  // the original is unchanged

  const std::vector<Position> positions = {
      P("x 6:3 5:3 4:3 3:2 2:2 1:2; o 19:2 20:3 21:3 22:3 23:2 24:2"),  // bear-off: database
      backgammon_start(),                                               // contact: net
      P("x 8:1 6:14; o 19:15"),                                         // race: net
      P("x 6:15; o off:15"),                                            // finished: exact
      P("x 2:2 off:13; o 20:4 off:11"),                                 // bear-off: database
  };
  std::vector<Probabilities> plain(positions.size()), ours(positions.size());
  NeuralEvaluator(*model).evaluate(positions, plain);
  NeuralEvaluator(with_db).evaluate(positions, ours);
  for (size_t i = 0; i < positions.size(); ++i) {
    if (db->covers(positions[i]))
      EXPECT_EQ(ours[i], db->probabilities(positions[i])) << i;
    else
      EXPECT_EQ(ours[i], plain[i]) << i;
  }
  EXPECT_EQ(ours[3], decided(false, 2));
}

// The pruning evaluator takes covered positions from the database too, in evaluate() and in
// evaluate_results() (the lookahead ranks bear-off plays by the database, not by the net).
TEST(BearoffDatabase, PrunerTakesCoveredResultsFromIt) {
  const Rules rules = *rules_preset("wbf");
  NetWeights w = random_net_weights(Variant::Backgammon, 12);
  w.nets.push_back(
      random_mlp(EncoderId::BackgammonPrune, default_hidden_sizes(EncoderId::BackgammonPrune), 5));
  auto model = NeuralModel::create(rules, w);
  ASSERT_TRUE(model.ok()) << model.error().message;
  auto db = *BearoffDatabase::create(rules);
  NeuralEvaluator plain(*model), ours(with_bearoff_database(*model, db));
  ASSERT_NE(ours.pruner(), nullptr);
  MoveGenerator gen(rules);
  PlayList list;
  int covered = 0, not_covered = 0;
  // A bear-off (every result covered), one checker coming home (some results covered), contact.
  for (const char* text : {"x 6:3 5:3 4:3 3:2 2:2 1:2; o 19:2 20:3 21:3 22:3 23:2 24:2",
                           "x 9:1 6:3 5:3 4:3 3:2 2:2 off:1; o 19:2 20:3 21:3 22:3 23:2 24:2",
                           "x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5"}) {
    const Position parent = P(text);
    list.size = gen.generate(parent, Dice{6, 2}, list.positions.get());
    std::vector<Probabilities> rough(size_t(list.size)), net(size_t(list.size)), single(1);
    ours.pruner()->evaluate_results(parent, list.plays(), rough);
    plain.pruner()->evaluate_results(parent, list.plays(), net);
    for (int i = 0; i < list.size; ++i) {
      const Position result = list.positions[size_t(i)].flipped();
      ours.pruner()->evaluate({&result, 1}, single);
      if (db->covers(result)) {
        ++covered;
        EXPECT_EQ(rough[size_t(i)], db->probabilities(result)) << text;
        EXPECT_EQ(single[0], db->probabilities(result)) << text;
      } else {
        ++not_covered;
        EXPECT_EQ(rough[size_t(i)], net[size_t(i)]) << text;  // the same incremental net path
        for (int k = 0; k < kOutputs; ++k)
          EXPECT_NEAR(single[0].as_array()[size_t(k)], net[size_t(i)].as_array()[size_t(k)], 2e-6);
      }
    }
  }
  EXPECT_GE(covered, 8);
  EXPECT_GE(not_covered, 8);
}

// --- GNU Backgammon's 0-ply values of bear-off positions (its one-sided database) ---

Counts random_side(Rng& rng, int checkers) {
  Counts c{};
  for (int k = 0; k < checkers; ++k) ++c[rng.below(6)];
  return c;
}

Position position_of_counts(const Counts& mine, const Counts& theirs) {
  Position pos;
  for (int p = 1; p <= 6; ++p) {
    pos.set(p, mine[size_t(p - 1)]);
    pos.set(25 - p, -int(theirs[size_t(p - 1)]));
  }
  pos.mover_off = uint8_t(kCheckers - on_board(mine));
  pos.opp_off = uint8_t(kCheckers - on_board(theirs));
  return pos;
}

// 30 positions: both sides with 7..15 checkers left, then one side with 15 on the board against
// one to four checkers (gammons either way). Deterministic.
std::vector<Position> crosscheck_positions() {
  Rng rng(20251122);
  std::vector<Position> out;
  for (int k = 0; k < 30; ++k) {
    const int kind = k / 10;
    const int few = 1 + int(rng.below(4));
    int mine = kind == 1 ? few : kCheckers, theirs = kind == 1 ? kCheckers : few;
    if (kind == 0) {
      mine = 7 + int(rng.below(9));
      theirs = 7 + int(rng.below(9));
    }
    const Counts a = random_side(rng, mine);
    const Counts b = random_side(rng, theirs);
    out.push_back(position_of_counts(a, b));
  }
  return out;
}

TEST(BearoffDatabase, AgreesWithGnubgOneSidedDatabase) {
  Result<std::string> gnubg = find_gnubg();
  if (!gnubg) GTEST_SKIP() << gnubg.error().message << ": the gnubg cross-check did not run";
  namespace fs = std::filesystem;
  const std::vector<Position> positions = crosscheck_positions();
  const std::string tag = "nard_bearoff_" + std::to_string(::getpid());
  const fs::path in = fs::temp_directory_path() / (tag + ".in"),
                 out = fs::temp_directory_path() / (tag + ".out");
  {
    std::ofstream f(in);
    for (const Position& p : positions) f << encode_position_id(p) << "\n";
  }
  const fs::path script = fs::path(NARD_SOURCE_DIR) / "tests" / "gnubg" / "bearoff_oracle.py";
  const std::string command = "NARD_BEAROFF_POSITIONS='" + in.string() + "' NARD_BEAROFF_OUT='" +
                              out.string() + "' '" + *gnubg + "' -t -q -r -p '" + script.string() +
                              "' > /dev/null 2>&1";
  prepare_gnubg_home();
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  std::ifstream f(out);
  std::vector<std::pair<std::string, Probabilities>> lines;
  bool ended = false;
  for (std::string line; std::getline(f, line);) {
    std::istringstream ls(line);
    std::string id;
    ls >> id;
    if (id == "end") {
      ended = true;
      break;
    }
    float v[kOutputs];
    for (float& x : v) ls >> x;
    ASSERT_TRUE(ls) << line;
    lines.emplace_back(id, Probabilities::from_array(v));
  }
  std::error_code ec;
  fs::remove(in, ec);
  fs::remove(out, ec);
  ASSERT_TRUE(ended) << "incomplete gnubg output";
  ASSERT_EQ(lines.size(), positions.size());

  const BearoffDatabase& db = database();
  double max_win = 0, max_gammon = 0;
  int gammons = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    ASSERT_EQ(lines[i].first, encode_position_id(positions[i]));
    ASSERT_TRUE(db.covers(positions[i])) << format_notation(positions[i]);
    const Probabilities ours = db.probabilities(positions[i]), theirs = lines[i].second;
    max_win = std::max(max_win, double(std::abs(ours.win - theirs.win)));
    max_gammon = std::max({max_gammon, double(std::abs(ours.win_gammon - theirs.win_gammon)),
                           double(std::abs(ours.lose_gammon - theirs.lose_gammon))});
    gammons += theirs.win_gammon > 0.01f || theirs.lose_gammon > 0.01f;
    EXPECT_NEAR(ours.win, theirs.win, 0.002) << format_notation(positions[i]);
    EXPECT_NEAR(ours.win_gammon, theirs.win_gammon, 0.002) << format_notation(positions[i]);
    EXPECT_NEAR(ours.lose_gammon, theirs.lose_gammon, 0.002) << format_notation(positions[i]);
    EXPECT_EQ(ours.win_backgammon + ours.lose_backgammon, 0.0f);
  }
  EXPECT_GE(gammons, 10);  // the gammon half of the check is not vacuous
  std::printf("[ gnubg    ] %zu bear-off positions: max |win diff| %.2g, max |gammon diff| %.2g\n",
              positions.size(), max_win, max_gammon);
  RecordProperty("max_win_diff", std::to_string(max_win));
  RecordProperty("max_gammon_diff", std::to_string(max_gammon));
}

}  // namespace
}  // namespace nard
