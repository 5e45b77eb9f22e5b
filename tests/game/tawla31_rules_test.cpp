// Tawla 31 (rules.md §6 and errata 7, 9, 10): T31-1..T31-6, the lead-checker rule, the closure
// settings (win, illegal, ignore), the parallel geometry option, and scoring.
//
// Contrary geometry (default): "o 1:15" is Black's stack (his 24 = mover 1), as in Plakoto.
#include "tests/support/variant_test_util.h"

namespace nard {
namespace {

using namespace variant_test;

const Rules kTawla = rules_of("tawla31");

bool closes(const Position& p) {
  for (int m = 19; m <= 24; ++m)
    if (p.at(m) <= 0) return false;
  return true;
}

// T31-1: opening doubles. The lead checker must reach the home (mover 1..6) before any other
// checker may leave the stack.
TEST(Tawla31Rules, T31_1_OpeningDoubles) {
  const Position start = pos_of(kTawla, "x 24:15; o 1:15");
  EXPECT_EQ(start, start_position(kTawla));
  EXPECT_PLAYS(kTawla, start, "66", {"24/6 24/18"});  // released after the third six
  EXPECT_PLAYS(kTawla, start, "55", {"24/4"});        // released on the last die
  EXPECT_PLAYS(kTawla, start, "44", {"24/8"});
  EXPECT_PLAYS(kTawla, start, "65", {"24/13"});
}

// T31-2: release mid-turn; 24/18 as the first sub-move is illegal.
TEST(Tawla31Rules, T31_2_ReleaseMidTurn) {
  const Position white = pos_of(kTawla, "x 24:14 8:1; o 1:15");
  EXPECT_PLAYS(kTawla, white, "64", {"8/2 24/20", "8/4 24/18"});
}

// T31-3: a single opposing checker blocks; the lead checker plays both dice.
TEST(Tawla31Rules, T31_3_SingleCheckerBlocks) {
  const Position white = pos_of(kTawla, "x 24:14 14:1; o 8:1 1:14");
  EXPECT_PLAYS(kTawla, white, "62", {"14/6"});
}

// T31-4 (errata 10: Black's position cannot arise, White's play stands): only one die can be
// played, so the larger.
TEST(Tawla31Rules, T31_4_LargerDie) {
  const Position white = pos_of(kTawla, "x 24:14 14:1; o 10:1 6:1 1:13");
  EXPECT_PLAYS(kTawla, white, "62", {"14/8"});
}

// T31-5: closing 19..24 while Black's runner has not reached his home.
TEST(Tawla31Rules, T31_5_Closure) {
  const Position white = pos_of(kTawla, "x 24:5 23:2 22:2 21:2 20:3 3:1; o 15:1 1:14");
  // win (default): 20/19 alone ends the game (errata 7) and White scores 15; the plays that use
  // both dice without closing stay legal.
  EXPECT_LEGAL(kTawla, white, "21", "20/19");
  EXPECT_LEGAL(kTawla, white, "21", "21/19");
  EXPECT_LEGAL(kTawla, white, "21", "24/21");
  const GameResult r = result_after(kTawla, white, "20/19");
  EXPECT_EQ(r.outcome, Outcome::Closure);
  EXPECT_TRUE(r.mover_wins);
  EXPECT_EQ(r.points, 15);

  // illegal: no play closes (per sub-move, no sub-move may complete 19..24); the legal plays
  // are those of `ignore` that do not end closed.
  const Rules illegal = rules_of("tawla31,t31_closure=illegal");
  const Rules ignore = rules_of("tawla31,t31_closure=ignore");
  EXPECT_ILLEGAL(illegal, white, "21", "20/19");
  std::set<std::string> open;
  for (const Position& p : generate(ignore, white, "21").finals)
    if (!closes(p)) open.insert(format_notation(p));
  EXPECT_EQ(plays(illegal, white, "21"), open);
  EXPECT_LEGAL(illegal, white, "21", "24/21");

  // ignore: closing is an ordinary play; the game goes on.
  EXPECT_LEGAL(ignore, white, "21", "20/19 24/22");
  EXPECT_FALSE(result_after(ignore, white, "20/19 24/22").over());
  EXPECT_ILLEGAL(ignore, white, "21", "20/19") << "under ignore both dice must be played";

  // In this geometry holding 19..24 (Black's home) implies Black has not entered his home, so
  // every such play is a closure; the parallel option below shows the "released" half.
}

// T31-6: the winner scores the loser's checkers still on the board.
TEST(Tawla31Rules, T31_6_Scoring) {
  const Position white = pos_of(kTawla, "x 1:1 off:14; o 24:5 20:4 off:6");
  const GameResult r = result_after(kTawla, white, "1/off");
  EXPECT_EQ(r.outcome, Outcome::Single);
  EXPECT_TRUE(r.mover_wins);
  EXPECT_EQ(r.points, 9);
  EXPECT_EQ(kTawla.match_target, 31);
  EXPECT_FALSE(kTawla.cube);
  EXPECT_EQ(kTawla.opening, Opening::Reroll);
  EXPECT_TRUE(kTawla.previous_winner_starts);
  // A loser with nothing borne off gives 15; there is no separate gammon.
  EXPECT_EQ(result_after(kTawla, pos_of(kTawla, "x 1:1 off:14; o 24:15"), "1/off").points, 15);
}

// The lead checker blocked: the whole turn is forfeited (the head may not move instead).
TEST(Tawla31Rules, BlockedLeadCheckerForfeitsTheTurn) {
  const Position white = pos_of(kTawla, "x 24:14 10:1; o 9:1 8:1 1:13");
  EXPECT_PLAYS(kTawla, white, "21", {});
}

// t31_geometry=parallel: Fevga geometry; the lead checker must enter mover 1..12.
TEST(Tawla31Rules, ParallelGeometryOption) {
  const Rules parallel = rules_of("tawla31,t31_geometry=parallel");
  EXPECT_EQ(parallel.geometry, Geometry::Parallel);
  EXPECT_EQ(parallel.lead_threshold, 12);
  EXPECT_EQ(start_position(parallel), parallel_start());
  const Position start = start_position(parallel);
  // 6-6: 24/18, and 18/12 is Black's stack: one six only (as Fevga's FV-1).
  EXPECT_PLAYS(parallel, start, "66", {"24/18"});
  // 5-5: the lead checker is released on 9 after three fives (14 is not yet 1..12).
  EXPECT_PLAYS(parallel, start, "55", {"24/4", "24/9 24/19"});
  // Closure in parallel geometry: White holds 19..24 (Black's 7..12) while Black has no
  // checker on his 1..12 (mover 13..24) and none off.
  const Position white = pos_of(parallel, "x 24:5 23:2 22:2 21:2 20:3 3:1; o 12:14 11:1");
  EXPECT_EQ(result_after(parallel, white, "20/19").outcome, Outcome::Closure);
  EXPECT_LEGAL(parallel, white, "21", "20/19");
  // Black's runner already on his 12 (mover 24 is his 12: here mover 13, his 1): released, so
  // holding 19..24 ends nothing.
  const Position released = pos_of(parallel, "x 24:5 23:2 22:2 21:2 20:3 3:1; o 13:1 12:14");
  EXPECT_FALSE(result_after(parallel, released, "20/19 24/22").over());
  EXPECT_ILLEGAL(parallel, released, "21", "20/19");
}

}  // namespace
}  // namespace nard
