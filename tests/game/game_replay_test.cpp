// game/game_replay.h: a replay reuses the move generator and play list of an earlier replay of
// the same rules on its thread; what it reports must not depend on which replays came before.
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

}  // namespace
}  // namespace nard
