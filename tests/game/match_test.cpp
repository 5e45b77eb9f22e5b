// Cube state machine, Crawford rule (BG-7), and whole games/matches through the game flow.
#include "game/match.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "game/cube.h"
#include "game/match_record.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

// An agent that plays uniformly at random, doubles whenever allowed (if told to) and takes.
class RandomAgent : public Agent {
 public:
  RandomAgent(uint64_t seed, bool doubler, CubeResponse answer)
      : rng_(seed), doubler_(doubler), answer_(answer) {}
  int choose_play(const Position&, Dice, std::span<const Position> plays,
                  const MatchView& v) override {
    if (v.crawford_game) saw_crawford_game = true;
    return int(rng_.below(uint32_t(plays.size())));
  }
  bool wants_to_double(const Position&, const MatchView& v) override {
    if (v.crawford_game) doubled_in_crawford = true;
    ++asked_to_double;
    return doubler_;
  }
  CubeResponse respond_to_double(const Position&, const MatchView&) override { return answer_; }
  bool saw_crawford_game = false;
  bool doubled_in_crawford = false;
  int asked_to_double = 0;

 private:
  Rng rng_;
  bool doubler_;
  CubeResponse answer_;
};

TEST(Cube, GeometricAndArithmeticProgressions) {
  Rules r = wbf();
  EXPECT_EQ(next_cube_value(r, 1), 2);
  EXPECT_EQ(next_cube_value(r, 8), 16);
  r.cube_progression = CubeProgression::Arithmetic;  // Russian "dave" by adding
  EXPECT_EQ(next_cube_value(r, 1), 2);
  EXPECT_EQ(next_cube_value(r, 2), 3);
  EXPECT_EQ(next_cube_value(r, 3), 4);
}

TEST(Cube, OfferTakeGivesOwnershipToTheTaker) {
  const Rules r = wbf();
  CubeState c;
  Result<CubeState> offered = offer_double(r, c, 0, false);
  ASSERT_TRUE(offered.ok());
  Result<CubeState> taken = answer_double(r, *offered, CubeResponse::Take, true);
  ASSERT_TRUE(taken.ok());
  EXPECT_EQ(taken->value, 2);
  EXPECT_EQ(taken->owner, 1);
  EXPECT_TRUE(taken->turned);
  // Only the owner may redouble.
  EXPECT_FALSE(may_double(r, *taken, 0, false).allowed);
  EXPECT_TRUE(may_double(r, *taken, 1, false).allowed);
}

TEST(Cube, DropCostsTheValueBeforeTheDouble) {
  const Rules r = wbf();
  CubeState c;
  c.value = 4;
  c.owner = 0;
  const CubeState offered = *offer_double(r, c, 0, false);
  EXPECT_EQ(dropped_points(r, offered), 4);
}

TEST(Cube, CapStopsDoubling) {
  Rules r = wbf();
  CubeState c;
  c.value = 64;
  c.owner = 1;
  EXPECT_FALSE(may_double(r, c, 1, false).allowed);
  r.cube_cap = 128;
  EXPECT_TRUE(may_double(r, c, 1, false).allowed);
}

TEST(Cube, NoCubeInGamesWithoutOne) {
  for (const char* preset : {"plakoto", "fevga", "longnardy", "tawla31", "gr_portes", "tr_tavla"}) {
    const Rules r = *rules_preset(preset);
    EXPECT_FALSE(may_double(r, CubeState{}, 0, false).allowed) << preset;
  }
}

TEST(Cube, BeaverOnlyInMoneyWithTheOption) {
  Rules r = wbf();
  const CubeState offered = *offer_double(r, CubeState{}, 0, false);
  EXPECT_FALSE(answer_double(r, offered, CubeResponse::Beaver, true).ok());  // beavers off
  r.beavers = true;
  EXPECT_FALSE(answer_double(r, offered, CubeResponse::Beaver, false).ok());  // match play
  Result<CubeState> b = answer_double(r, offered, CubeResponse::Beaver, true);
  ASSERT_TRUE(b.ok());
  // The doubler may drop the beaver and pay the doubled value, or take it at 4.
  Result<CubeState> dropped = answer_beaver(*b, CubeResponse::Drop);
  ASSERT_TRUE(dropped.ok());
  EXPECT_EQ(dropped->value, 2);
  Result<CubeState> taken = answer_beaver(*b, CubeResponse::Take);
  ASSERT_TRUE(taken.ok());
  EXPECT_EQ(taken->value, 4);
  EXPECT_EQ(taken->owner, 1);
}

// BG-7: match to 5 at 4-2: the next game is the Crawford game; after it, doubling is legal again.
TEST(Crawford, BG7) {
  const Rules r = wbf();
  MatchScore m(5, true);
  m.add_game(0, 2);  // 2-0
  m.add_game(1, 2);  // 2-2
  EXPECT_FALSE(m.crawford_game());
  m.add_game(0, 2);  // 4-2: player 0 reaches match-1
  EXPECT_TRUE(m.crawford_game());
  EXPECT_FALSE(may_double(r, CubeState{}, 0, m.crawford_game()).allowed);
  EXPECT_FALSE(may_double(r, CubeState{}, 1, m.crawford_game()).allowed);
  m.add_game(1, 1);  // 4-3 after the Crawford game
  EXPECT_FALSE(m.crawford_game());
  EXPECT_TRUE(m.post_crawford());
  EXPECT_TRUE(may_double(r, CubeState{}, 1, m.crawford_game()).allowed);
  EXPECT_FALSE(m.over());
  m.add_game(0, 1);
  EXPECT_TRUE(m.over());
}

TEST(GameFlow, MoneyGamesEndAndScore) {
  const Rules r = wbf();
  RandomAgent a(1, false, CubeResponse::Take), b(2, false, CubeResponse::Take);
  Agent* agents[2] = {&a, &b};
  const SessionResult s = play_session(r, agents, 42, 0, 300);
  ASSERT_EQ(s.games.size(), 300u);
  int gammons = 0, backgammons = 0;
  for (const GameRecord& g : s.games) {
    ASSERT_GE(g.winner, 0);
    ASSERT_TRUE(g.points >= 1 && g.points <= 3);
    gammons += g.result.outcome == Outcome::Gammon;
    backgammons += g.result.outcome == Outcome::Backgammon;
  }
  EXPECT_GT(gammons, 0);  // random play gammons often
  EXPECT_GT(backgammons, 0);
}

TEST(GameFlow, DoubleDropEndsTheGameAtTheCubeValue) {
  const Rules r = wbf();
  RandomAgent a(3, true, CubeResponse::Drop), b(4, true, CubeResponse::Drop);
  Agent* agents[2] = {&a, &b};
  const SessionResult s = play_session(r, agents, 7, 0, 20);
  for (const GameRecord& g : s.games) {
    EXPECT_TRUE(g.dropped);
    EXPECT_EQ(g.points, 1);
    EXPECT_EQ(g.turns, 1);  // the opening play, then the double at the next turn
  }
}

TEST(GameFlow, MatchWithCrawfordNeverDoublesInTheCrawfordGame) {
  const Rules r = wbf();
  int crawford_games = 0, asked = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    // Agents that never double keep games at 1-3 points, so Crawford games happen; the flow must
    // not even ask them in a Crawford game.
    RandomAgent a(seed, false, CubeResponse::Take), b(seed + 100, false, CubeResponse::Take);
    Agent* agents[2] = {&a, &b};
    const SessionResult s = play_session(r, agents, seed, 5, 0);
    ASSERT_GE(s.match_winner, 0);
    EXPECT_GE(s.points[s.match_winner], 5);
    EXPECT_FALSE(a.doubled_in_crawford);  // never even asked
    EXPECT_FALSE(b.doubled_in_crawford);
    crawford_games += a.saw_crawford_game || b.saw_crawford_game;
    asked += a.asked_to_double + b.asked_to_double;
  }
  EXPECT_GT(crawford_games, 0);
  EXPECT_GT(asked, 0);
}

TEST(GameFlow, JacobyCountsGammonsAsSinglesWithoutACubeTurn) {
  Rules r = wbf();
  r.jacoby = true;
  RandomAgent a(5, false, CubeResponse::Take), b(6, false, CubeResponse::Take);
  Agent* agents[2] = {&a, &b};
  const SessionResult s = play_session(r, agents, 9, 0, 200);
  for (const GameRecord& g : s.games) EXPECT_EQ(g.points, 1);
}

TEST(GameFlow, PreviousWinnerStartsWhereTheRulesSaySo) {
  const Rules r = *rules_preset("plakoto");
  RandomAgent a(7, false, CubeResponse::Take), b(8, false, CubeResponse::Take);
  Agent* agents[2] = {&a, &b};
  const SessionResult s = play_session(r, agents, 11, 0, 60);
  for (size_t i = 1; i < s.games.size(); ++i)
    if (s.games[i - 1].winner >= 0) { EXPECT_EQ(s.games[i].first_player, s.games[i - 1].winner); }
}

// A session over a rotation of games (Tavli): game g is played by entry g mod 3 with its own
// rules and agents, the hooks see each game before and after, and the recorded games carry the
// rules the file names and replay under them.
TEST(GameFlow, TavliRotationPlaysEachGameWithItsRulesAndAgents) {
  std::vector<RandomAgent> agents;
  for (uint64_t k = 0; k < 6; ++k) agents.emplace_back(k + 1, false, CubeResponse::Take);
  std::vector<SessionSlot> rotation;
  for (size_t k = 0; k < kTavliPresets.size(); ++k)
    rotation.push_back({*rules_preset(kTavliPresets[k]),
                        {&agents[2 * k], &agents[2 * k + 1]},
                        k == 0 ? "" : kTavliPresets[k]});
  std::vector<size_t> before, after;
  int last_score[2] = {0, 0};
  SessionHooks hooks;
  hooks.before_game = [&](int g, size_t slot, const GameOptions& o) {
    EXPECT_EQ(slot, size_t(g) % 3);
    EXPECT_EQ(o.scores[0], last_score[0]);
    EXPECT_EQ(o.scores[1], last_score[1]);
    before.push_back(slot);
  };
  hooks.after_game = [&](int, size_t slot, const GameRecord&, const MatchGame* recorded,
                         const MatchScore& score) {
    ASSERT_NE(recorded, nullptr);
    EXPECT_EQ(recorded->rules, rotation[slot].record_rules);
    last_score[0] = score.score(0);
    last_score[1] = score.score(1);
    after.push_back(slot);
  };
  const SessionResult s = play_session(rotation, 7, 9, 0, true, hooks);
  ASSERT_GE(s.games.size(), 4u);  // a 9-point match of games worth 1 to 3 points
  EXPECT_EQ(before, after);
  EXPECT_EQ(before.size(), s.games.size());
  EXPECT_GE(std::max(s.points[0], s.points[1]), 9);
  EXPECT_EQ(s.match_winner, s.points[0] >= 9 ? 0 : 1);
  MatchRecord record;
  record.rules = kTavliPresets[0];
  record.match_length = 9;
  record.crawford = false;
  record.games = s.recorded;
  EXPECT_FALSE(check_record(record).has_value());
  // Every agent of the rotation played: Plakoto's and Fevga's too.
  for (size_t k = 0; k < 3; ++k) EXPECT_NE(std::count(before.begin(), before.end(), k), 0);
}

TEST(Opening, BothDiceConventionNeverOpensWithADouble) {
  const Rules r = wbf();
  Rng rng(1);
  for (int i = 0; i < 1000; ++i) {
    Dice d;
    const int starter = opening(r, rng, -1, &d);
    ASSERT_NE(d.d1, d.d2);
    EXPECT_EQ(starter, d.d1 > d.d2 ? 0 : 1);
  }
}

}  // namespace
}  // namespace nard
