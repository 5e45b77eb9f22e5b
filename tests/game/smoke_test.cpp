#include <gtest/gtest.h>

#include "formats/notation.h"
#include "game/movegen/movegen.h"

namespace nard {
TEST(Smoke, OpeningRollHasPlays) {
  MoveGenerator gen(*rules_preset("wbf"));
  PlayList list;
  list.size = gen.generate(backgammon_start(), Dice{3, 1}, list.positions.get(), list.moves.get());
  EXPECT_EQ(list.size, 16);
}
}  // namespace nard
