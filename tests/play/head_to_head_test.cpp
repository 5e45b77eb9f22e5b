// Head-to-head play (play/head_to_head.h): the duplicate pair exchanges the seats on the same
// dice, the results do not depend on the thread count, recorded games have A as player 0, and a
// failing thread's message is the run's error.
#include "play/head_to_head.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "play/agents.h"
#include "search/heuristic_player.h"
#include "search/pubeval.h"

namespace nard {
namespace {

// Pubeval (A) against the heuristic player (B), or the heuristic player on both sides.
class TwoPlayers final : public ThreadAgents {
 public:
  TwoPlayers(const Rules& rules, bool same) {
    if (same)
      a_ = std::make_unique<PlayerAgent>(std::make_unique<HeuristicPlayer>(rules));
    else
      a_ = std::make_unique<PlayerAgent>(
          std::make_unique<PubevalPlayer>(*load_pubeval(default_pubeval_path())));
    b_ = std::make_unique<PlayerAgent>(std::make_unique<HeuristicPlayer>(rules));
    slots_.push_back({rules, {a_.get(), b_.get()}, ""});
  }
  const std::vector<SessionSlot>& rotation() const override { return slots_; }

 private:
  std::unique_ptr<Agent> a_, b_;
  std::vector<SessionSlot> slots_;
};

Rules cubeless_backgammon() {
  Rules r = *rules_preset("wbf");
  r.cube = false;
  return r;
}

Result<HeadToHeadResult> run(const HeadToHeadConfig& c, bool same) {
  const Rules rules = cubeless_backgammon();
  return play_head_to_head(
      c,
      [&]() -> Result<std::unique_ptr<ThreadAgents>> {
        return std::unique_ptr<ThreadAgents>(std::make_unique<TwoPlayers>(rules, same));
      },
      {});
}

TEST(HeadToHead, TheSamePlayerOnBothSidesOfADuplicatePairScoresZero) {
  HeadToHeadConfig c;
  c.games = 40;
  c.threads = 2;
  c.seed = 3;
  Result<HeadToHeadResult> r = run(c, true);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->played, 40);
  // Each pair replays its dice with the seats exchanged: the same player wins the same points
  // for the other side.
  EXPECT_EQ(r->mean, 0.0);
  EXPECT_EQ(r->se, 0.0);
  EXPECT_EQ(r->a_wins, 20);
  EXPECT_EQ(r->outcomes[0] + r->outcomes[1] + r->outcomes[2], 20);
  // Without duplicate dice the same players do not score exactly zero.
  c.duplicate = false;
  Result<HeadToHeadResult> independent = run(c, true);
  ASSERT_TRUE(independent);
  EXPECT_EQ(independent->played, 40);
  EXPECT_GT(independent->se, 0.0);
}

TEST(HeadToHead, ResultsDoNotDependOnTheThreadCount) {
  HeadToHeadConfig c;
  c.games = 30;  // 15 pairs
  c.seed = 11;
  c.record = true;
  c.threads = 1;
  Result<HeadToHeadResult> one = run(c, false);
  c.threads = 2;
  Result<HeadToHeadResult> two = run(c, false);
  ASSERT_TRUE(one && two);
  EXPECT_EQ(one->played, 30);
  EXPECT_EQ(one->mean, two->mean);
  EXPECT_EQ(one->se, two->se);
  EXPECT_EQ(one->a_wins, two->a_wins);
  EXPECT_EQ(one->outcomes, two->outcomes);
  EXPECT_GT(one->se, 0.0);
  // Money games: one list per pair, its two games, A as player 0 in both.
  ASSERT_EQ(one->recorded.size(), 15u);
  long long a_points = 0;
  for (const std::vector<MatchGame>& pair : one->recorded) {
    ASSERT_EQ(pair.size(), 2u);
    for (const MatchGame& g : pair) {
      ASSERT_GE(g.end.winner, 0);
      a_points += g.end.winner == 0 ? g.end.points : -g.end.points;
    }
  }
  EXPECT_DOUBLE_EQ(double(a_points) / 30, one->mean);
}

TEST(HeadToHead, AThreadsFailureIsTheRunsError) {
  HeadToHeadConfig c;
  c.games = 4;
  c.threads = 2;
  Result<HeadToHeadResult> r = play_head_to_head(
      c, []() -> Result<std::unique_ptr<ThreadAgents>> { return make_error("no agents today"); },
      {});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "no agents today");
  // An agent throwing (an outside player dying) stops the run with its message.
  class Thrower final : public Agent {
   public:
    int choose_play(const Position&, Dice, std::span<const Position>, const MatchView&) override {
      throw std::runtime_error("gnubg died");
    }
  };
  class Throwing final : public ThreadAgents {
   public:
    explicit Throwing(const Rules& rules) { slots_.push_back({rules, {&a_, &b_}, ""}); }
    const std::vector<SessionSlot>& rotation() const override { return slots_; }

   private:
    Thrower a_, b_;
    std::vector<SessionSlot> slots_;
  };
  const Rules rules = cubeless_backgammon();
  r = play_head_to_head(c,
                        [&]() -> Result<std::unique_ptr<ThreadAgents>> {
                          return std::unique_ptr<ThreadAgents>(std::make_unique<Throwing>(rules));
                        },
                        {});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "gnubg died");
}

}  // namespace
}  // namespace nard
