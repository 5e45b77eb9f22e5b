// game/play_check.h: the independent checks of the move generator's output
// pass on real plays of every game and catch plays that were tampered with.
#include "game/play_check.h"

#include <gtest/gtest.h>

#include "formats/notation.h"
#include "game/movegen/movegen.h"

namespace nard {
namespace {

std::optional<Error> check_all(const Rules& rules, const Position& pos, Dice dice, PlayList& list) {
  MoveGenerator gen(rules);
  list.size = gen.generate(pos, dice, list.positions.get(), list.moves.get());
  return check_plays(rules, pos, dice, list.plays(), {list.moves.get(), size_t(list.size)});
}

TEST(PlayCheck, RealPlaysOfEveryGamePass) {
  PlayList list;
  for (const std::string& preset : preset_names()) {
    const Rules rules = *rules_preset(preset);
    Rng rng(5);
    Position pos = start_position(rules);
    MoveGenerator gen(rules);
    for (int turn = 0; turn < 60; ++turn) {
      const Dice dice = rng.roll();
      ASSERT_FALSE(check_all(rules, pos, dice, list))
          << preset << " " << format_notation(pos) << " " << dice.str();
      if (list.size > 0) pos = list.positions[rng.below(uint32_t(list.size))];
      pos = pos.flipped();
      if (pos.opp_off == kCheckers) break;
    }
  }
}

TEST(PlayCheck, AHitOnTheBarAndABearOffPass) {
  PlayList list;
  const Rules rules = *rules_preset("wbf");
  const Position hit =
      *parse_notation("x bar:1 24:1 13:5 8:3 6:5; o 22:1 12:5 17:3 19:5 1:1", Geometry::Contrary);
  EXPECT_FALSE(check_all(rules, hit, Dice{3, 1}, list));
  EXPECT_GT(list.size, 0);
  const Position home = *parse_notation("x 6:2 5:3 off:10; o 19:5 20:10", Geometry::Contrary);
  EXPECT_FALSE(check_all(rules, home, Dice{6, 6}, list));
  EXPECT_EQ(list.size, 1);
}

TEST(PlayCheck, TamperedPlaysAreCaught) {
  PlayList list;
  const Rules rules = *rules_preset("wbf");
  const Position start = start_position(rules);
  ASSERT_FALSE(check_all(rules, start, Dice{3, 1}, list));
  ASSERT_GT(list.size, 2);
  const std::span<const Move> moves(list.moves.get(), size_t(list.size));
  std::vector<Position> plays(list.plays().begin(), list.plays().end());
  std::vector<Move> tampered(moves.begin(), moves.end());

  // Two plays the same.
  std::vector<Position> twice = plays;
  std::vector<Move> twice_moves = tampered;
  twice[1] = twice[0];
  twice_moves[1] = twice_moves[0];
  ASSERT_TRUE(check_plays(rules, start, Dice{3, 1}, twice, twice_moves));

  // A hit mark where nothing is hit.
  std::vector<Move> marked = tampered;
  marked[0].sub[0].hit = true;
  EXPECT_TRUE(check_plays(rules, start, Dice{3, 1}, plays, marked));
  auto e = check_play_moves(rules, start, Dice{3, 1}, marked[0], plays[0]);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("hits nothing"), std::string::npos) << e->message;

  // A sub-move from an empty point, and one the dice do not allow.
  std::vector<Move> empty = tampered;
  empty[0].sub[0].from = 20;
  empty[0].sub[0].to = empty[0].sub[0].from - 3;
  EXPECT_TRUE(check_plays(rules, start, Dice{3, 1}, plays, empty));
  std::vector<Move> far = tampered;
  far[0].sub[0].to = int8_t(far[0].sub[0].from - 5);
  EXPECT_TRUE(check_plays(rules, start, Dice{3, 1}, plays, far));

  // A resulting position with a checker moved one point further than the
  // sub-moves say.
  std::vector<Position> moved = plays;
  for (int p = 1; p <= kPoints; ++p)
    if (moved[0].at(p) > 0 && p > 1 && moved[0].at(p - 1) >= 0) {
      moved[0].set(p, moved[0].at(p) - 1);
      moved[0].set(p - 1, moved[0].at(p - 1) + 1);
      break;
    }
  e = check_plays(rules, start, Dice{3, 1}, moved, tampered);
  ASSERT_TRUE(e);
  // An opponent checker lost.
  std::vector<Position> lost = plays;
  lost[0].set(1, -1);
  EXPECT_TRUE(check_plays(rules, start, Dice{3, 1}, lost, {}));
}

}  // namespace
}  // namespace nard
