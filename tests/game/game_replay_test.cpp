// game/game_replay.h: a replay reuses the move generator and play list of an earlier replay of
// the same rules on its thread; what it reports must not depend on which replays came before.
// GameReplay::apply replays a record's actions as the record states them.
#include "game/game_replay.h"

#include <gtest/gtest.h>

#include <vector>

#include "game/movegen/movegen.h"
#include "game/rules.h"

namespace nard {
namespace {

std::vector<Position> fresh_plays(const Rules& rules, const Position& pos, Dice dice) {
  MoveGenerator gen(rules);
  PlayList list;
  list.size = gen.generate(pos, dice, list.positions.get(), list.moves.get());
  return {list.plays().begin(), list.plays().end()};
}

TEST(GameReplay, ReplaysOfAlternatingRulesListTheSamePlaysAsAFreshGenerator) {
  const char* presets[] = {"wbf", "plakoto", "fevga", "longnardy", "tawla31", "wbf", "plakoto"};
  const Dice rolls[] = {{3, 1}, {6, 6}, {5, 2}, {4, 4}};
  for (int round = 0; round < 3; ++round) {
    for (const char* name : presets) {
      const Rules rules = *rules_preset(name);
      GameReplay replay(rules, 0, {0, 0}, false);
      int player = 0;
      for (const Dice& d : rolls) {
        const Position before = replay.position();
        ASSERT_FALSE(replay.roll(player, d)) << name;
        const std::vector<Position> want = fresh_plays(rules, before, d);
        const std::span<const Position> got = replay.legal_plays();
        ASSERT_EQ(std::vector<Position>(got.begin(), got.end()), want) << name << " " << d.str();
        if (got.empty()) break;  // a forfeited turn: keep the test to plays
        ASSERT_FALSE(replay.play_to(player, got.back())) << name;
        player = replay.on_roll();
        if (replay.over()) break;
      }
    }
  }
}

// A game played through the replay's own calls, then each of its actions applied to a second
// replay: the same actions, the same end; a play whose sub-moves lead elsewhere than its
// recorded position, or a double to another cube value, is refused.
TEST(GameReplay, ApplyReplaysARecordAsItStandsAndRefusesOneThatContradictsItself) {
  const Rules rules = *rules_preset("wbf");
  GameReplay played(rules, 0, {0, 0}, false);
  ASSERT_FALSE(played.roll(0, Dice{3, 1}));
  ASSERT_FALSE(played.play_to(0, played.legal_plays().front()));
  ASSERT_FALSE(played.double_cube(1));
  ASSERT_FALSE(played.take(0));
  ASSERT_FALSE(played.roll(1, Dice{6, 5}));
  ASSERT_FALSE(played.play_to(1, played.legal_plays().back()));
  const std::vector<MatchAction> actions = played.actions();

  GameReplay again(rules, 0, {0, 0}, false);
  for (const MatchAction& a : actions) ASSERT_FALSE(again.apply(a)) << action_name(a.kind);
  EXPECT_EQ(again.actions(), actions);
  EXPECT_EQ(again.position(), played.position());
  EXPECT_EQ(again.cube().value, 2);

  GameReplay wrong_play(rules, 0, {0, 0}, false);
  ASSERT_FALSE(wrong_play.apply(actions[0]));
  MatchAction play = actions[1];
  play.after = wrong_play.legal_plays().back();  // another play's position
  ASSERT_NE(play.after, actions[1].after);
  std::optional<Error> e = wrong_play.apply(play);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("does not lead to the recorded position"), std::string::npos)
      << e->message;

  GameReplay wrong_double(rules, 0, {0, 0}, false);
  ASSERT_FALSE(wrong_double.apply(actions[0]));
  ASSERT_FALSE(wrong_double.apply(actions[1]));
  MatchAction to_four = actions[2];
  ASSERT_EQ(to_four.kind, ActionKind::Double);
  to_four.value = 4;
  e = wrong_double.apply(to_four);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("a double to 4 where the cube goes to 2"), std::string::npos)
      << e->message;
}

}  // namespace
}  // namespace nard
