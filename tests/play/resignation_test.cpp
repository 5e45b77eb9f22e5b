// Resignations in the game flow (game/match.h): an accepted offer ends the game at its points
// times the cube (the Jacoby rule counts gammons single while the cube is unturned), a refused
// one lets the game go on; and the bot (play/agents.h) accepts exactly when the points conceded
// beat its value of playing on.
#include <gtest/gtest.h>

#include "formats/notation.h"
#include "game/match.h"
#include "nn/evaluator.h"
#include "nn/model_path.h"
#include "play/agents.h"

namespace nard {
namespace {

// Plays the first legal play; offers `offer` points at its turn number `at` (0 = never).
class Resigner : public Agent {
 public:
  Resigner(int offer, int at, bool doubles = false) : offer_(offer), at_(at), doubles_(doubles) {}
  int choose_play(const Position&, Dice, std::span<const Position>, const MatchView&) override {
    return 0;
  }
  bool wants_to_double(const Position&, const MatchView&) override { return doubles_; }
  int offer_resignation(const Position&, Dice, const MatchView&) override {
    return ++turns_ == at_ ? offer_ : 0;
  }
  int turns_ = 0;

 private:
  int offer_, at_;
  bool doubles_;
};

class Answerer : public Agent {
 public:
  explicit Answerer(bool accept) : accept_(accept) {}
  int choose_play(const Position&, Dice, std::span<const Position>, const MatchView&) override {
    return 0;
  }
  bool accept_resignation(const Position&, Dice, int points, const MatchView&) override {
    offered = points;
    return accept_;
  }
  int offered = 0;

 private:
  bool accept_;
};

GameRecord play(const Rules& rules, Agent& a, Agent& b, uint64_t seed) {
  Agent* const agents[2] = {&a, &b};
  MoveGenerator gen(rules);
  std::unique_ptr<Position[]> buffer(new Position[kMaxPlays]);
  Rng rng(seed);
  GameOptions o;
  o.first_player = 0;
  return play_game(rules, agents, rng, o, gen, buffer.get());
}

TEST(Resignation, AcceptedOfferEndsTheGameAtItsPoints) {
  const Rules rules = *rules_preset("wbf");
  Resigner r(2, 3);
  Answerer a(true);
  const GameRecord rec = play(rules, r, a, 9);
  EXPECT_EQ(a.offered, 2);
  EXPECT_EQ(rec.winner, 1);
  EXPECT_EQ(rec.resigned, 2);
  EXPECT_EQ(rec.points, 2);
  EXPECT_FALSE(rec.dropped);
}

TEST(Resignation, RefusedOfferLetsTheGameGoOn) {
  const Rules rules = *rules_preset("wbf");
  Resigner r(1, 2);
  Answerer a(false);
  const GameRecord rec = play(rules, r, a, 9);
  EXPECT_EQ(a.offered, 1);
  EXPECT_EQ(rec.resigned, 0);
  EXPECT_GT(r.turns_, 2);  // it went on playing
  EXPECT_TRUE(rec.result.over());
}

TEST(Resignation, CubeAndJacobyScaleThePoints) {
  Rules rules = *rules_preset("wbf");
  {
    Resigner r(2, 2,
               /*doubles=*/true);  // doubles at its second turn (the Answerer takes), then resigns
    Answerer a(true);
    const GameRecord rec = play(rules, r, a, 9);
    EXPECT_EQ(rec.cube_value, 2);
    EXPECT_EQ(rec.points, 4);
  }
  rules.jacoby = true;
  Resigner r(2, 2);
  Answerer a(true);
  EXPECT_EQ(play(rules, r, a, 9).points, 1);  // money, cube never turned: a gammon counts single
}

// The shipped backgammon net.
struct ShippedBot {
  Rules rules = *rules_preset("wbf");
  std::shared_ptr<const NeuralModel> model;
  ShippedBot() {
    Result<std::string> path = default_model_path(Variant::Backgammon);
    EXPECT_TRUE(path.ok());
    if (!path) return;
    Result<std::shared_ptr<const NeuralModel>> m = NeuralModel::load(rules, *path);
    EXPECT_TRUE(m.ok());
    if (m) model = *m;
  }
};

TEST(Resignation, BotAcceptsOnlyWhatBeatsPlayingOn) {
  ShippedBot shipped;
  ASSERT_TRUE(shipped.model);
  NeuralEvaluator evaluator(shipped.model);
  SearchConfig one_ply;  // the bot's every reply bears off: exact results
  one_ply.ply = 1;
  BotAgent bot(shipped.rules, evaluator, one_ply);
  // Seen from the bot (not on roll): its last checker on its 1-point; the resigner has all 15
  // on the bot's 2-point, in the bot's home: the bot bears off next and wins a backgammon.
  const Position pos = *parse_notation("x 1:1 off:14; o 2:15", shipped.rules);
  const MatchView money;
  EXPECT_FALSE(bot.accept_resignation(pos, Dice{2, 1}, 1, money));
  EXPECT_FALSE(bot.accept_resignation(pos, Dice{2, 1}, 2, money));
  EXPECT_TRUE(bot.accept_resignation(pos, Dice{2, 1}, 3, money));
  // At the start of a game, even a single game is worth more than playing on.
  const Position start = backgammon_start().flipped();
  EXPECT_TRUE(bot.accept_resignation(start, Dice{3, 1}, 1, money));
}

}  // namespace
}  // namespace nard
