// Plakoto / Tapa / Mahbusa (rules.md §3 and its errata): the numbered positions PL-1..PL-6, the
// mother rule, scoring, the deadlock draw, and the non-default settings.
//
// Positions are in our notation, from the side on roll ("x", White in rules.md); "o" is the
// opponent in the same (mover) coordinates, so Black's own point q is mover point 25 - q.
// "13:1+" = one checker on top of point 13 with a checker of the OTHER side pinned under it.
#include "tests/support/variant_test_util.h"

namespace nard {
namespace {

using namespace variant_test;

const Rules kPlakoto = rules_of("plakoto");

TEST(PlakotoRules, StartingPositionHasOnlyRunningPlays) {
  const Position start = pos_of(kPlakoto, "x 24:15; o 1:15");
  EXPECT_EQ(start, start_position(kPlakoto));
  EXPECT_PLAYS(kPlakoto, start, "65", {"24/18 24/19", "24/13"});
  // 6-6: a checker cannot run 24 pips (no bear-off before all are home); 24/12(2) etc.
  EXPECT_PLAYS(kPlakoto, start, "66", {"24/18(4)", "24/12 24/18(2)", "24/12(2)", "24/6 24/18"});
}

// PL-1 (with errata 4): White 19/13* pins the Black checker on W13 and must play the 5 as well.
TEST(PlakotoRules, PL1_PinThenOpponentBlocked) {
  const Position white = pos_of(kPlakoto, "x 24:14 19:1; o 13:1 1:14");
  EXPECT_PLAYS(kPlakoto, white, "65", {"19/13* 24/19", "24/18 24/19", "24/18 19/14", "19/8"});
  // "19/8" passes W13 (pinning and leaving, or via 14): the Black checker ends free.
  EXPECT_EQ(after_one(kPlakoto, white, "19/8"), "x 24:14 8:1; o 13:1 1:14");
  const Position pinned = apply_move_text(kPlakoto, white, "19/13* 24/19");
  EXPECT_EQ(format_notation(pinned), "x 24:13 19:1 13:1+; o 1:14");
  EXPECT_TRUE(pinned.opp_pinned_at(13));

  // Black on roll (Black's own numbering): his checker on B12 (= W13) is pinned, and White on
  // top of it blocks B12 for his other checkers: 24/18/12 is illegal, so 6-6 plays 24/18(4).
  const Position black = pinned.flipped();
  EXPECT_EQ(format_notation(black), "x 24:14; o 12:1+ 6:1 1:13");
  EXPECT_PLAYS(kPlakoto, black, "66", {"24/18(4)"});
  for (const Move& m : generate(kPlakoto, black, "66").moves)
    for (int i = 0; i < m.count; ++i) EXPECT_NE(m.sub[i].to, 12) << format_move(m);

  // Meanwhile White may add checkers to W13 (stacking on his own pinning point).
  const Position white_again = apply_move_text(kPlakoto, black, "24/18(4)").flipped();
  EXPECT_EQ(format_notation(white_again), "x 24:13 19:1 13:1+; o 7:4 1:10");
  EXPECT_LEGAL(kPlakoto, white_again, "61", "19/13 24/23");
  EXPECT_EQ(after_one(kPlakoto, white_again, "19/13 24/23"), "x 24:12 23:1 13:2+; o 7:4 1:10");
}

// PL-2: an own checker pinned on W10 under a Black checker makes W10 a block for White.
TEST(PlakotoRules, PL2_OwnPinnedCheckerIsABlock) {
  const Position white = pos_of(kPlakoto, "x 24:13 14:1; o 10:1+ 1:14");
  // 14/10 is not among them, nor 14/10/9: 14/9 goes through 13.
  EXPECT_PLAYS(kPlakoto, white, "41", {"24/20 24/23", "24/19", "24/20 14/13", "14/9"});
  // Black may stack more checkers on W10 (= his own 15) on top of the pinned White checker.
  const Position black = white.flipped();
  EXPECT_EQ(format_notation(black), "x 24:14 15:1+; o 11:1 1:13");
  EXPECT_LEGAL(kPlakoto, black, "63", "24/15");
  EXPECT_EQ(after_one(kPlakoto, black, "24/15"), "x 24:13 15:2+; o 11:1 1:13");
}

// PL-3 (with errata 7): pinning the mother ends the game at once; the other die is void, and the
// plays that use both dice without pinning stay legal beside it.
TEST(PlakotoRules, PL3_MotherPinWinsAtOnce) {
  const Position white = pos_of(kPlakoto, "x 6:14 4:1; o 19:14 1:1");
  EXPECT_PLAYS(kPlakoto, white, "32", {"4/1*", "6/1*", "6/3 6/4", "6/3 4/2"});
  const GameResult r = result_after(kPlakoto, white, "4/1*");
  EXPECT_EQ(r.outcome, Outcome::MotherPin);
  EXPECT_TRUE(r.mover_wins);
  EXPECT_EQ(r.points, 2);
  // 6/1* (6/4/1* or 6/3/1*) pins the mother after both dice: the same result.
  EXPECT_EQ(result_after(kPlakoto, white, "6/1*").points, 2);
  EXPECT_FALSE(result_after(kPlakoto, white, "6/3 6/4").over());
  // mother_pin_points=3
  const Rules three = rules_of("plakoto,mother_pin_points=3");
  EXPECT_EQ(result_after(three, white, "4/1*").points, 3);
}

// PL-4: pinning the mother while the pinner still has a checker on his own start continues the
// game; the opponent then pins the pinner's mother: a draw.
TEST(PlakotoRules, PL4_MotherPinContinuesThenDraw) {
  const Position white = pos_of(kPlakoto, "x 24:1 6:13 4:1; o 21:2 20:10 19:2 1:1");
  // White's mother cannot move (24/21 and 24/19 are held); the 3 and the 5 are played at home.
  EXPECT_PLAYS(kPlakoto, white, "53", {"4/1* 6/1", "6/3 6/1*"});
  const Position played = apply_move_text(kPlakoto, white, "4/1* 6/1");
  EXPECT_EQ(format_notation(played), "x 24:1 6:12 1:2+; o 21:2 20:10 19:2");
  EXPECT_FALSE(game_result(kPlakoto, played).over()) << "White still has a checker on W24";

  // Black (own numbering): B4 -> B1 pins White's mother on W24: both mothers pinned, a draw.
  const Position black = played.flipped();
  EXPECT_EQ(format_notation(black), "x 6:2 5:10 4:2; o 24:2+ 19:12 1:1");
  EXPECT_TRUE(black.mover_pinned_at(24));
  EXPECT_LEGAL(kPlakoto, black, "31", "4/1*");
  const GameResult r = result_after(kPlakoto, black, "4/1*");
  EXPECT_EQ(r.outcome, Outcome::Draw);
  EXPECT_EQ(r.points, 0);

  // Variant: with W21 open White can also move his mother off W24 in the same turn: White +2.
  const Position open = pos_of(kPlakoto, "x 24:1 6:13 4:1; o 20:10 19:2 18:2 1:1");
  EXPECT_LEGAL(kPlakoto, open, "53", "24/21 6/1*");
  const GameResult win = result_after(kPlakoto, open, "24/21 6/1*");
  EXPECT_EQ(win.outcome, Outcome::MotherPin);
  EXPECT_TRUE(win.mover_wins);
  EXPECT_EQ(win.points, 2);
}

// PL-4 (a): the pinner clears his start point later: he wins 2 at that moment, with either die;
// playing elsewhere is not compulsory.
TEST(PlakotoRules, MotherPinnerLeavingHisStartWins) {
  const Position white = pos_of(kPlakoto, "x 24:1 6:12 1:2+; o 20:10 19:2 18:2");
  EXPECT_PLAYS(kPlakoto, white, "31",
               {"24/21", "24/23", "6/3 24/23", "6/5 24/21", "6/3 6/5", "6/2"});
  for (const char* m : {"24/21", "24/23"}) {
    const GameResult r = result_after(kPlakoto, white, m);
    EXPECT_EQ(r.outcome, Outcome::MotherPin) << m;
    EXPECT_TRUE(r.mover_wins) << m;
    EXPECT_EQ(r.points, 2) << m;
  }
}

// PL-5: no bear-off while an own checker is pinned, even inside the home.
TEST(PlakotoRules, PL5_NoBearOffWhilePinned) {
  const Position white = pos_of(kPlakoto, "x 6:5 4:4 3:5; o 20:14 5:1+");
  EXPECT_PLAYS(kPlakoto, white, "66", {});
  const Rules lax = rules_of("plakoto,pinned_blocks_bearoff=false");
  EXPECT_PLAYS(lax, white, "66", {"6/off(4)"});
}

// §3.6: a checker that is pinning may be borne off; that frees the checker under it.
TEST(PlakotoRules, BearingOffAPinnerFreesThePinned) {
  const Position white = pos_of(kPlakoto, "x 3:1+ 2:14; o 20:14");
  EXPECT_LEGAL(kPlakoto, white, "31", "3/off 2/1");
  EXPECT_EQ(after_one(kPlakoto, white, "3/off 2/1"), "x 2:13 1:1 off:1; o 20:14 3:1");
}

// PL-6 (errata 3): White (on top) leaves W13; the Black checker under it is free on Black's next
// turn, and W13 (= Black's 12) no longer blocks Black.
TEST(PlakotoRules, PL6_Release) {
  const Position white = pos_of(kPlakoto, "x 24:13 19:1 13:1+; o 7:4 1:10");
  EXPECT_LEGAL(kPlakoto, white, "52", "13/8 24/22");
  const Position played = apply_move_text(kPlakoto, white, "13/8 24/22");
  EXPECT_EQ(format_notation(played), "x 24:12 22:1 19:1 8:1; o 13:1 7:4 1:10");
  const Position black = played.flipped();
  EXPECT_EQ(format_notation(black), "x 24:10 18:4 12:1; o 17:1 6:1 3:1 1:12");
  EXPECT_LEGAL(kPlakoto, black, "66", "24/12(2)");        // lands on B12 again
  EXPECT_LEGAL(kPlakoto, black, "66", "12/6* 24/18(3)");  // the freed checker moves and pins
}

TEST(PlakotoRules, ScoringSingleAndGammon) {
  const Position single = pos_of(kPlakoto, "x 2:1 off:14; o 21:10 20:4 off:1");
  const GameResult r1 = result_after(kPlakoto, single, "2/off");
  EXPECT_EQ(r1.outcome, Outcome::Single);
  EXPECT_EQ(r1.points, 1);
  const Position gammon = pos_of(kPlakoto, "x 2:1 off:14; o 21:10 20:5");
  const GameResult r2 = result_after(kPlakoto, gammon, "2/off");
  EXPECT_EQ(r2.outcome, Outcome::Gammon);
  EXPECT_EQ(r2.points, 2);
  // No backgammon in Plakoto: a loser's checker in the winner's home changes nothing.
  const Position deep = pos_of(kPlakoto, "x 2:1 off:14; o 21:10 20:4 3:1");
  EXPECT_EQ(result_after(kPlakoto, deep, "2/off").points, 2);
}

// Mahbusa with count31 scoring: the winner scores the loser's checkers left on the board.
TEST(PlakotoRules, MahbusaCount31Scoring) {
  const Rules count31 = rules_of("mahbusa,mahbusa_scoring=count31");
  EXPECT_EQ(count31.match_target, 31);
  const Position win = pos_of(count31, "x 2:1 off:14; o 21:8 20:4 off:3");
  EXPECT_EQ(result_after(count31, win, "2/off").points, 12);
  const Position mother = pos_of(count31, "x 6:14 4:1; o 19:14 1:1");
  const GameResult pin = result_after(count31, mother, "4/1*");
  EXPECT_EQ(pin.outcome, Outcome::MotherPin);
  EXPECT_EQ(pin.points, 15);
  // The default mahbusa preset scores as Plakoto.
  EXPECT_EQ(result_after(rules_of("mahbusa"), mother, "4/1*").points, 2);
}

// §3.7: a total deadlock (neither side can ever move) is a draw, as an engine safety net. The
// deadlocked positions we know are already over (both mothers pinned); 100,000 random games in
// variant_property_test.cpp never reached another one.
TEST(PlakotoRules, DeadlockDetection) {
  const Position both_mothers = pos_of(kPlakoto, "x 1:1+ off:13; o 24:1+ off:13");
  EXPECT_TRUE(is_deadlocked(kPlakoto, both_mothers));
  EXPECT_EQ(game_result(kPlakoto, both_mothers).outcome, Outcome::Draw);
  // PL-5: no play for 6-6, but for other rolls: no deadlock.
  const Position pl5 = pos_of(kPlakoto, "x 6:5 4:4 3:5; o 20:14 5:1+");
  EXPECT_FALSE(is_deadlocked(kPlakoto, pl5));
  EXPECT_FALSE(is_deadlocked(kPlakoto, start_position(kPlakoto)));
  // Plakoto only (errata 12).
  EXPECT_FALSE(is_deadlocked(rules_of("fevga"), parallel_start()));
  EXPECT_EQ(deadlock_result().outcome, Outcome::Draw);
  EXPECT_EQ(deadlock_result().points, 0);
}

TEST(PlakotoRules, PresetsShareTheRules) {
  for (const char* name : {"tapa", "mahbusa"}) {
    const Rules r = rules_of(name);
    EXPECT_EQ(r.variant, Variant::Plakoto) << name;
    EXPECT_EQ(r.landing, Landing::Pin) << name;
    EXPECT_FALSE(r.cube) << name;
    EXPECT_EQ(r.opening, Opening::Reroll) << name;
    EXPECT_TRUE(r.previous_winner_starts) << name;
  }
}

}  // namespace
}  // namespace nard
