// Long Nardy (rules.md §4 and its errata): LN-1..LN-10, the head rule and its first-turn
// exception (narrow, general, none), the 6-block rule in the opponent's coordinates, and scoring.
//
// Parallel geometry: both sides in mover coordinates, the opponent's own point q sits on mover
// point S(q) (q+12 or q-12), so "o 12:15" is his head. "first:x" = the side on roll has not yet
// played his first turn (first:xo: neither side has).
#include "tests/support/variant_test_util.h"

namespace nard {
namespace {

using namespace variant_test;

const Rules kNardy = rules_of("longnardy");
constexpr const char* kStart = "x 24:15; o 12:15; first:xo";

TEST(LongNardyRules, StartingPosition) {
  EXPECT_EQ(pos_of(kNardy, kStart), start_position(kNardy));
  EXPECT_EQ(rules_of("narde").variant, Variant::LongNardy);
  // Non-doubles: one checker leaves the head and plays both dice.
  EXPECT_PLAYS(kNardy, pos_of(kNardy, kStart), "65", {"24/13"});
  EXPECT_PLAYS(kNardy, pos_of(kNardy, kStart), "21", {"24/21"});
}

TEST(LongNardyRules, LN1_FirstTurnSixSix) {
  EXPECT_PLAYS(kNardy, pos_of(kNardy, kStart), "66", {"24/18(2)"});
}

TEST(LongNardyRules, LN2_FirstTurnFourFour) {
  EXPECT_PLAYS(kNardy, pos_of(kNardy, kStart), "44", {"24/16(2)"});
}

TEST(LongNardyRules, LN3_FirstTurnThreeThree) {
  EXPECT_PLAYS(kNardy, pos_of(kNardy, kStart), "33", {"24/18(2)", "24/15 24/21"});
}

TEST(LongNardyRules, LN4_FirstTurnFiveFiveHasNoException) {
  EXPECT_PLAYS(kNardy, pos_of(kNardy, kStart), "55", {"24/4"});
}

// The first-turn flag is cleared by the play: the same roll later takes one from the head.
TEST(LongNardyRules, FirstTurnFlagIsPerPlayer) {
  const Position not_first = pos_of(kNardy, "x 24:15; o 12:15");
  EXPECT_PLAYS(kNardy, not_first, "66", {"24/18"});
  const Position played = apply_move_text(kNardy, pos_of(kNardy, kStart), "24/18(2)");
  EXPECT_FALSE(played.mover_first_turn());
  EXPECT_TRUE(played.flipped().mover_first_turn()) << "the opponent's first turn is still to come";
  // head_exception_rolls=64: 3-3 is not in the exception (Sheyn, Ludii Şeş-Beş).
  const Rules no33 = rules_of("longnardy,head_exception_rolls=64");
  EXPECT_PLAYS(no33, pos_of(no33, kStart), "33", {"24/15"});
  EXPECT_PLAYS(no33, pos_of(no33, kStart), "66", {"24/18(2)"});
  // head_exception=none ("strict"): never two.
  const Rules strict = rules_of("longnardy,head_exception=none");
  EXPECT_PLAYS(strict, pos_of(strict, kStart), "66", {"24/18"});
}

// LN-5: the second player's first turn, after White opened 2-1 with 24/21 (W21 = Black's 9).
// 5-5: B24/19/14 and B9 is blocked. Narrow: one checker; general (errata 11): two.
TEST(LongNardyRules, LN5_SecondPlayerFiveFive_NarrowVersusGeneral) {
  const Position white = pos_of(kNardy, kStart);
  const Position black = apply_move_text(kNardy, white, "24/21").flipped();
  EXPECT_EQ(format_notation(black), "x 24:15; o 12:14 9:1; first:x");
  EXPECT_PLAYS(kNardy, black, "55", {"24/14"});
  const Rules general = rules_of("longnardy,head_exception=general");
  EXPECT_PLAYS(general, black, "55", {"24/14(2)"});
  // General still gives the listed doubles their two checkers, and nothing more to full rolls.
  EXPECT_PLAYS(general, pos_of(general, kStart), "33", {"24/18(2)", "24/15 24/21"});
  EXPECT_PLAYS(general, pos_of(general, kStart), "55", {"24/4"});
  EXPECT_PLAYS(general, black, "65", {"24/13"});
}

// LN-6: after the first turn only one checker leaves the head.
TEST(LongNardyRules, LN6_HeadLimitAfterTheFirstTurn) {
  const Position later = pos_of(kNardy, "x 24:14 18:1; o 12:15");
  EXPECT_PLAYS(kNardy, later, "66", {"24/18"});
  const Position first = pos_of(kNardy, "x 24:14 18:1; o 12:15; first:x");
  EXPECT_PLAYS(kNardy, first, "66", {"24/18(2)"});
}

// LN-7 (with errata 5): a 6-block with every Black checker behind it may not be built.
TEST(LongNardyRules, LN7_SixBlock) {
  const Position white = pos_of(kNardy, "x 24:9 22:1 20:1 19:1 18:1 17:1 16:1; o 12:15");
  for (const Position& p : generate(kNardy, white, "61").finals) {
    bool all = true;
    for (int m = 16; m <= 21; ++m) all &= p.at(m) > 0;
    EXPECT_FALSE(all) << format_notation(p) << " holds 16..21 (Black 4..9) with all Black behind";
    EXPECT_FALSE(has_illegal_six_block(kNardy, p)) << format_notation(p);
  }
  EXPECT_ILLEGAL(kNardy, white, "61", "22/21 24/18");
  EXPECT_LEGAL(kNardy, white, "61", "22/21 16/10");  // 16/10 first, then 22/21
  EXPECT_LEGAL(kNardy, white, "61", "22/16 24/23");
  EXPECT_ILLEGAL(kNardy, white, "61", "22/16 16/15");  // 15..20 = Black 3..8, all behind
  // With one Black checker on mover 13 (his 1-point, ahead of the block) it is legal.
  const Position ahead = pos_of(kNardy, "x 24:9 22:1 20:1 19:1 18:1 17:1 16:1; o 13:1 12:14");
  EXPECT_LEGAL(kNardy, ahead, "61", "22/21 24/18");
}

// LN-8: a block across the mover's 24 -> 1 seam (Black 10..15) counts.
TEST(LongNardyRules, LN8_WrapAroundBlock) {
  const Position white = pos_of(kNardy, "x 24:8 23:1 22:1 10:1 5:1 2:2 1:1; o 12:15");
  EXPECT_ILLEGAL(kNardy, white, "42", "5/3 24/20");
  EXPECT_ILLEGAL(kNardy, white, "42", "5/3 10/6");
  EXPECT_LEGAL(kNardy, white, "42", "22/18 5/3");  // 22/18 first breaks the run
  for (const Position& p : generate(kNardy, white, "42").finals) {
    const bool wrap =
        p.at(22) > 0 && p.at(23) > 0 && p.at(24) > 0 && p.at(1) > 0 && p.at(2) > 0 && p.at(3) > 0;
    EXPECT_FALSE(wrap) << format_notation(p);
  }
}

// LN-9: mover 10..15 is Black {22,23,24} and {1,2,3}: not six in a row for Black.
TEST(LongNardyRules, LN9_RunAcrossTheOpponentsBearOffEdgeIsNoBlock) {
  const Position white = pos_of(kNardy, "x 24:4 21:1 14:2 13:2 12:2 11:2 10:2; o 19:7 18:8");
  EXPECT_LEGAL(kNardy, white, "61", "21/15 24/23");
  EXPECT_FALSE(has_illegal_six_block(kNardy, apply_move_text(kNardy, white, "21/15 24/23")));
}

// Other block settings (rules.md §4.4): allow, forbid, home; and end_of_turn checking.
TEST(LongNardyRules, SixBlockSettings) {
  const Position white = pos_of(kNardy, "x 24:9 22:1 20:1 19:1 18:1 17:1 16:1; o 13:1 12:14");
  // forbid: never a 6-block, even with a Black checker ahead.
  EXPECT_ILLEGAL(rules_of("longnardy,six_block=forbid"), white, "61", "22/21 24/18");
  // allow: the block of LN-7 is legal.
  const Position behind = pos_of(kNardy, "x 24:9 22:1 20:1 19:1 18:1 17:1 16:1; o 12:15");
  EXPECT_LEGAL(rules_of("longnardy,six_block=allow"), behind, "61", "22/21 24/18");
  // home: legal only while Black has a checker in his home (mover 13..18).
  EXPECT_ILLEGAL(rules_of("longnardy,six_block=home"), behind, "61", "22/21 24/18");
  const Position home = pos_of(kNardy, "x 24:9 22:1 20:1 19:1 18:1 17:1 16:1; o 14:1 12:14");
  EXPECT_LEGAL(rules_of("longnardy,six_block=home"), home, "61", "22/21 24/18");
  // end_of_turn: only the final position counts. LN-7's plays are the same here: the per
  // sub-move orders that avoid the block exist whenever the final has none.
  const Rules eot = rules_of("longnardy,block_check=end_of_turn");
  EXPECT_EQ(plays(eot, behind, "61"), plays(kNardy, behind, "61"));
}

// end_of_turn differs from per_submove only when one checker passes through the hole.
TEST(LongNardyRules, EndOfTurnLetsACheckerPassThroughTheHole) {
  // White holds 16..20 (Black 4..8) and 22; 21 is the hole, all Black behind on his head.
  const Position white = pos_of(kNardy, "x 24:9 23:1 20:1 19:1 18:1 17:1 16:1; o 12:15");
  // 2-1: 23/21 (completing 16..21) then 21/20 (opening it again) ends without a block.
  const Rules eot = rules_of("longnardy,block_check=end_of_turn");
  EXPECT_LEGAL(eot, white, "21", "23/20");     // through 21 or through 22
  EXPECT_LEGAL(kNardy, white, "21", "23/20");  // per sub-move: through 22 only
  // 1-1 in a position where 22 is held by Black: only the way through 21 is possible.
  const Position narrow = pos_of(kNardy, "x 24:8 23:1 20:1 19:1 18:1 17:1 16:1 1:1; o 22:1 12:14");
  EXPECT_ILLEGAL(kNardy, narrow, "21",
                 "23/20");  // would pass through a block (Black 10 is not ahead)
  EXPECT_LEGAL(eot, narrow, "21", "23/20");
}

// LN-10 and the optional third level (ln_triple).
TEST(LongNardyRules, LN10_Scoring) {
  const Position oin = pos_of(kNardy, "x 1:1 off:14; o 14:10 15:4 off:1");
  EXPECT_EQ(result_after(kNardy, oin, "1/off").outcome, Outcome::Single);
  EXPECT_EQ(result_after(kNardy, oin, "1/off").points, 1);
  const Position mars = pos_of(kNardy, "x 1:1 off:14; o 14:10 15:5");
  EXPECT_EQ(result_after(kNardy, mars, "1/off").outcome, Outcome::Gammon);
  EXPECT_EQ(result_after(kNardy, mars, "1/off").points, 2);
  EXPECT_EQ(outcome_name(Outcome::Gammon, kNardy), "mars");

  // Black's home is mover 13..18, his first quarter (19..24) is mover 7..12.
  const Position all_home = pos_of(kNardy, "x 1:1 off:14; o 18:5 14:10");
  const Position first_quarter = pos_of(kNardy, "x 1:1 off:14; o 14:14 12:1");
  const Position none_home = pos_of(kNardy, "x 1:1 off:14; o 24:5 20:10");
  const Rules home_mars = rules_of("longnardy,ln_triple=home_mars");
  const Rules koks_fq = rules_of("longnardy,ln_triple=koks_first_quarter");
  const Rules koks_nh = rules_of("longnardy,ln_triple=koks_none_home");
  EXPECT_EQ(result_after(kNardy, all_home, "1/off").points, 2);  // no third level by default
  EXPECT_EQ(result_after(home_mars, all_home, "1/off").points, 3);
  EXPECT_EQ(result_after(home_mars, first_quarter, "1/off").points, 2);
  EXPECT_EQ(result_after(koks_fq, first_quarter, "1/off").points, 3);
  EXPECT_EQ(result_after(koks_fq, all_home, "1/off").points, 2);
  EXPECT_EQ(result_after(koks_nh, none_home, "1/off").points, 3);
  EXPECT_EQ(result_after(koks_nh, first_quarter, "1/off").points, 2);
  EXPECT_EQ(result_after(koks_nh, none_home, "1/off").outcome, Outcome::Backgammon);
  // A loser who has borne off one checker loses 1 (oin), whatever the setting.
  EXPECT_EQ(result_after(home_mars, oin, "1/off").points, 1);
}

TEST(LongNardyRules, RuSportPreset) {
  const Rules sport = rules_of("ru_sport");
  EXPECT_EQ(sport.variant, Variant::LongNardy);
  EXPECT_TRUE(sport.cube);
  EXPECT_EQ(sport.opening, Opening::Both);
  EXPECT_FALSE(rules_of("longnardy").cube);
  EXPECT_EQ(rules_of("longnardy").opening, Opening::Reroll);
  EXPECT_TRUE(rules_of("longnardy").previous_winner_starts);
}

}  // namespace
}  // namespace nard
