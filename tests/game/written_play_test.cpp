// Plays as people write them (game/written_play.h): hit marks optional, steps in any order,
// bar and off, and a play entered in parts (what `nard play` accepts).
#include "game/written_play.h"

#include <gtest/gtest.h>

#include <string>

#include "formats/notation.h"
#include "game/movegen/movegen.h"

namespace nard {
namespace {

struct Roll {
  Rules rules;
  Position pos;
  Dice dice;
  PlayList list;
};

Roll roll(const std::string& notation, const std::string& dice, const std::string& preset = "wbf") {
  Roll r;
  r.rules = *rules_preset(preset);
  r.pos = *parse_notation(notation, r.rules);
  r.dice = *parse_dice(dice);
  MoveGenerator gen(r.rules);
  r.list.size = gen.generate(r.pos, r.dice, r.list.positions.get(), r.list.moves.get());
  return r;
}

PlayMatch match(const Roll& r, const std::string& text) {
  Result<WrittenPlay> w = parse_written_play(text);
  EXPECT_TRUE(w.ok()) << text;
  return match_written_play(r.pos, r.dice, r.list.plays(),
                            {r.list.moves.get(), size_t(r.list.size)}, *w, r.rules.landing);
}

std::string play_text(const Roll& r, int i) { return format_move(r.list.moves[size_t(i)]); }

// The backgammon opening position with an opposing blot on x's 5-point.
const char* const kBlotOn5 = "x 24:2 13:5 8:3 6:5; o 5:1 12:5 17:3 19:5 1:1";

TEST(WrittenPlay, HitMarksAreOptionalAndOrderIsFree) {
  const Roll r = roll(kBlotOn5, "41");
  const PlayMatch listed = match(r, "24/20 6/5*");
  ASSERT_GE(listed.complete, 0);
  EXPECT_EQ(play_text(r, listed.complete), "24/20 6/5*");
  for (const char* text : {"24/20 6/5", "6/5 24/20", "6/5* 24/20", "6/5,24/20"})
    EXPECT_EQ(match(r, text).complete, listed.complete) << text;
}

TEST(WrittenPlay, APlayInParts) {
  const Roll r = roll(kBlotOn5, "41");
  const PlayMatch first = match(r, "24/20");
  EXPECT_EQ(first.complete, -1);
  EXPECT_TRUE(first.partial);
  EXPECT_GE(match(r, "24/20 6/5").complete, 0);
  EXPECT_FALSE(match(r, "24/19").partial);        // no die of 5
  EXPECT_FALSE(match(r, "24/20 24/20").partial);  // both dice are a 4 only in doubles
  const PlayMatch chained = match(r, "13/9/8");   // one checker, both dice
  ASSERT_GE(chained.complete, 0);
  EXPECT_EQ(match(r, "13/8").complete, chained.complete);
  EXPECT_TRUE(match(r, "13/9").partial);
}

TEST(WrittenPlay, BarAndOff) {
  const Roll enter = roll("x bar:1 24:1 13:5 8:3 6:5; o 12:5 17:3 19:5 20:2", "31");
  EXPECT_TRUE(match(enter, "bar/22").partial);
  EXPECT_GE(match(enter, "bar/22 24/23").complete, 0);
  EXPECT_GE(match(enter, "25/22 24/23").complete, 0);
  const Roll bear = roll("x 5:1 3:1 off:13; o 20:15", "64");
  EXPECT_GE(match(bear, "5/off 3/off").complete, 0);
  EXPECT_GE(match(bear, "3/off 5/off").complete, 0);
  EXPECT_TRUE(match(bear, "5/off").partial);
}

TEST(WrittenPlay, DoublesInPartsAndRepeats) {
  const Roll r = roll("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5", "66");
  EXPECT_GE(match(r, "24/18(2) 13/7(2)").complete, 0);
  EXPECT_TRUE(match(r, "24/18").partial);
  EXPECT_TRUE(match(r, "24/18 24/18 13/7").partial);
  EXPECT_GE(match(r, "24/18 24/18 13/7 13/7").complete, 0);
}

TEST(WrittenPlay, NotAPlay) {
  EXPECT_FALSE(parse_written_play("24-20").ok());
  EXPECT_FALSE(parse_written_play("r").ok());
  EXPECT_TRUE(parse_written_play("").ok());
  const Roll r = roll(kBlotOn5, "41");
  EXPECT_FALSE(match(r, "20/24").partial);  // backwards
  Result<int> found =
      find_written_play(r.pos, r.list.plays(), *parse_written_play("24/21"), r.rules.landing);
  ASSERT_FALSE(found.ok());
  EXPECT_EQ(found.error().message, "'24/21' is not a legal play");
}

}  // namespace
}  // namespace nard
