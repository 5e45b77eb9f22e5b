// play/stepped_game.h: a game played one outside decision at a time is the one game loop's game:
// the same decisions, in the same order, and the same record as play_game with agents that make
// the same choices; a game abandoned by reset() or the destructor ends cleanly.
#include "play/stepped_game.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/zeroed_array.h"
#include "play/agents.h"
#include "search/heuristic_player.h"

namespace nard {
namespace {

// Chooses by a fixed rule from what it is shown, and records what it saw.
class RuleAgent final : public Agent {
 public:
  explicit RuleAgent(std::vector<Position>* seen) : seen_(seen) {}
  int choose_play(const Position& pos, Dice dice, std::span<const Position> plays,
                  const MatchView&) override {
    seen_->push_back(pos);
    return int((pos.hash() + dice.d1 * 7 + dice.d2) % plays.size());
  }

 private:
  std::vector<Position>* seen_;
};

int rule_choice(const SteppedDecision& d) {
  return int((d.position.hash() + d.dice.d1 * 7 + d.dice.d2) % d.plays.size());
}

TEST(SteppedGame, PlaysTheGamesOfTheOneGameLoop) {
  for (const char* preset : {"wbf", "plakoto", "tawla31", "fevga", "longnardy", "ru_short"}) {
    const Rules rules = *rules_preset(preset);
    SteppedGame stepped(rules, 42);
    for (int game = 0; game < 20; ++game) {
      std::vector<Position> stepped_seen;
      const SteppedDecision* d = &stepped.reset();
      while (!d->over) {
        ASSERT_FALSE(d->plays.empty());
        stepped_seen.push_back(d->position);
        d = &stepped.step(rule_choice(*d));
      }
      std::vector<Position> loop_seen;
      RuleAgent a(&loop_seen), b(&loop_seen);
      Agent* const agents[2] = {&a, &b};
      Rng rng(game_seed(42, uint64_t(game)));
      MoveGenerator gen(rules);
      ZeroedArray<Position> buffer = make_zeroed_array<Position>(kMaxPlays);
      GameOptions o;
      o.cubeless = true;
      const GameRecord expected = play_game(rules, agents, rng, o, gen, buffer.get());
      EXPECT_EQ(stepped_seen, loop_seen) << preset << " game " << game;
      EXPECT_EQ(d->record.winner, expected.winner) << preset << " game " << game;
      EXPECT_EQ(d->record.points, expected.points) << preset << " game " << game;
      EXPECT_EQ(d->record.turns, expected.turns) << preset << " game " << game;
    }
  }
}

TEST(SteppedGame, AnOpponentPlaysItsTurnsInsideStep) {
  const Rules rules = *rules_preset("wbf");
  SteppedGame game(rules, 7,
                   std::make_unique<PlayerAgent>(std::make_unique<HeuristicPlayer>(rules)));
  const SteppedDecision* d = &game.reset();
  int decisions = 0;
  while (!d->over) {
    EXPECT_EQ(d->player, 0);
    d = &game.step(0);
    ++decisions;
  }
  EXPECT_GT(decisions, 5);
  EXPECT_NE(d->record.winner, -1);
}

TEST(SteppedGame, AbandonedGamesEndCleanly) {
  const Rules rules = *rules_preset("plakoto");
  for (int i = 0; i < 20; ++i) {
    SteppedGame game(rules, uint64_t(i));
    game.reset();
    game.step(0);
    game.reset();  // abandons the first game in the middle
    EXPECT_FALSE(game.current().over);
    EXPECT_EQ(game.games_started(), 2);
  }  // the destructor abandons the second
}

}  // namespace
}  // namespace nard
