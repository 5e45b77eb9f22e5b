// Fevga and Moultezim (rules.md §5 and its errata): FV-1..FV-8, the runner rule and its
// threshold, the start-quarter rule (a), the unblocking obligation (b), the Moultezim limit (c).
//
// Parallel geometry: "o 12:15" is the opponent's stack (his 24 = mover 12). Unless stated, Black
// has all 15 there.
#include "tests/support/variant_test_util.h"

namespace nard {
namespace {

using namespace variant_test;

const Rules kFevga = rules_of("fevga");

bool holds_all(const Position& p, int lo, int hi) {
  for (int m = lo; m <= hi; ++m)
    if (p.at(m) <= 0) return false;
  return true;
}

TEST(FevgaRules, StartingPosition) {
  EXPECT_EQ(pos_of(kFevga, "x 24:15; o 12:15"), start_position(kFevga));
  EXPECT_PLAYS(kFevga, start_position(kFevga), "65", {"24/13"});
}

// FV-1: an opening 6-6 plays a single six: 18/12 is blocked and no other checker may move.
TEST(FevgaRules, FV1_OpeningSixSix) {
  EXPECT_PLAYS(kFevga, start_position(kFevga), "66", {"24/18"});
}

// FV-2 (with errata 1): the other opening doubles.
TEST(FevgaRules, FV2_OtherOpeningDoubles) {
  const Position start = start_position(kFevga);
  EXPECT_PLAYS(kFevga, start, "44", {"24/16"});
  EXPECT_PLAYS(kFevga, start, "33", {"24/15"});
  EXPECT_PLAYS(kFevga, start, "22", {"24/16"});
  EXPECT_PLAYS(kFevga, start, "11", {"24/20"});
  // 5-5: the runner passes on 9 after three fives, so the fourth is 9/4 or 24/19.
  EXPECT_PLAYS(kFevga, start, "55", {"24/4", "24/9 24/19"});
}

// FV-3: the runner passes mid-turn; then any number of checkers may leave the head.
TEST(FevgaRules, FV3_RunnerPassesMidTurn) {
  const Position white = pos_of(kFevga, "x 24:14 13:1; o 12:15");
  EXPECT_PLAYS(kFevga, white, "66", {"13/7 24/18(3)", "13/1 24/18(2)"});
}

// FV-4: only one die can be played: it must be the larger.
TEST(FevgaRules, FV4_LargerDie) {
  const Position white = pos_of(kFevga, "x 24:14 13:1; o 22:1 19:1 12:12 6:1");
  EXPECT_PLAYS(kFevga, white, "52", {"13/8"});
}

// FV-5 (with errata 6): never all six of 19..24.
TEST(FevgaRules, FV5_StartQuarter) {
  const Position white = pos_of(kFevga, "x 24:9 23:1 22:1 21:1 20:1 5:2; o 15:5 14:10");
  const Generated g = generate(kFevga, white, "51");
  ASSERT_FALSE(g.finals.empty());
  for (const Position& p : g.finals) EXPECT_FALSE(holds_all(p, 19, 24)) << format_notation(p);
  EXPECT_ILLEGAL(kFevga, white, "51", "24/19 5/4");
  EXPECT_LEGAL(kFevga, white, "51", "20/19 24/19");  // the gap moves to 20
  EXPECT_LEGAL(kFevga, white, "51", "24/18");        // via 23 (24/19 first would close 19..24)
  // end_of_turn gives the same set here (errata 6).
  EXPECT_EQ(plays(rules_of("fevga,block_check=end_of_turn"), white, "51"),
            plays(kFevga, white, "51"));
  // Without rule (a) White may close his start quarter.
  EXPECT_LEGAL(rules_of("fevga,fevga_start_quarter=false"), white, "51", "24/19 5/4");
}

// end_of_turn (errata 8): every prefix is a candidate. Here the only two-dice play (24/19 10/4)
// ends holding 19..24, so the legal play is the 6 alone; a violating play must not raise the
// maximal-dice bar and hide it (the turn is not forfeited).
TEST(FevgaRules, EndOfTurnViolatingFullPlayDoesNotHideShorterPlays) {
  const Position white =
      pos_of(kFevga, "x 24:10 23:1 22:1 21:1 20:1 10:1; o 18:1 17:1 16:1 15:1 14:1 13:1 12:8 5:1");
  EXPECT_PLAYS(rules_of("fevga,block_check=end_of_turn"), white, "65", {"10/4"});
  EXPECT_PLAYS(kFevga, white, "65", {"10/4"});  // per sub-move 24/19 is illegal at once
  EXPECT_PLAYS(rules_of("fevga,fevga_start_quarter=false"), white, "65", {"24/19 10/4"});
}

// FV-6: every Black checker on Black's 10 (mover 22) right behind White's prime 16..21 (Black
// 4..9): every legal play must open the prime. The obligation filters the plays after §1.3.
TEST(FevgaRules, FV6_Unblocking) {
  const Position white = pos_of(kFevga, "x 24:8 21:1 20:1 19:1 18:1 17:1 16:1 5:1; o 22:15");
  const Rules free = rules_of("fevga,fevga_unblock=false");
  for (const char* roll : {"31", "65", "22", "66"}) {
    std::set<std::string> opening;
    for (const Position& p : generate(free, white, roll).finals)
      if (!holds_all(p, 16, 21)) opening.insert(format_notation(p));
    ASSERT_FALSE(opening.empty()) << roll;
    EXPECT_EQ(plays(kFevga, white, roll), opening) << roll;
    // With 2-2 no play could keep the prime anyway (24/22 is blocked, 5/3/1 uses two twos).
    if (std::string_view(roll) != "22") {
      EXPECT_LT(opening.size(), plays(free, white, roll).size())
          << roll << ": some play keeps the prime";
    }
  }
  // With one Black checker elsewhere (his 2 = mover 14) there is no obligation.
  const Position spread = pos_of(kFevga, "x 24:8 21:1 20:1 19:1 18:1 17:1 16:1 5:1; o 22:14 14:1");
  for (const char* roll : {"31", "65", "22", "66"})
    EXPECT_EQ(plays(kFevga, spread, roll), plays(free, spread, roll)) << roll;
  EXPECT_LEGAL(kFevga, spread, "31", "24/21 24/23");
}

// FV-7: the runner is blocked and the head is frozen: the roll cannot be played.
TEST(FevgaRules, FV7_NoLegalMove) {
  const Position white = pos_of(kFevga, "x 24:14 13:1; o 12:14 11:1");
  EXPECT_PLAYS(kFevga, white, "21", {});
}

// runner_threshold: 11 ("pass the opponent's start", default) or 12 (reach his side).
TEST(FevgaRules, RunnerThreshold) {
  const Position white = pos_of(kFevga, "x 24:14 16:1; o 9:15");
  EXPECT_PLAYS(kFevga, white, "41", {"16/11"});
  const Rules twelve = rules_of("fevga,runner_threshold=12");
  EXPECT_PLAYS(twelve, white, "41", {"16/11", "16/12 24/23"});
}

// FV-8: win 1, mars 2; no third level.
TEST(FevgaRules, FV8_Scoring) {
  const Position single = pos_of(kFevga, "x 1:1 off:14; o 14:10 15:4 off:1");
  EXPECT_EQ(result_after(kFevga, single, "1/off").outcome, Outcome::Single);
  EXPECT_EQ(result_after(kFevga, single, "1/off").points, 1);
  const Position mars = pos_of(kFevga, "x 1:1 off:14; o 12:5 14:10");
  EXPECT_EQ(result_after(kFevga, mars, "1/off").outcome, Outcome::Gammon);
  EXPECT_EQ(result_after(kFevga, mars, "1/off").points, 2);
}

// Moultezim (c): at most four points of mover 7..12 (the opponent's starting table).
TEST(FevgaRules, MoultezimOpponentQuarterLimit) {
  const Rules moultezim = rules_of("moultezim");
  EXPECT_EQ(moultezim.variant, Variant::Fevga);
  const Position white = pos_of(moultezim, "x 24:9 14:1 10:1 9:1 8:1 7:1 3:1; o 12:15");
  EXPECT_LEGAL(kFevga, white, "31", "14/11 3/2");
  EXPECT_ILLEGAL(moultezim, white, "31", "14/11 3/2");
  EXPECT_LEGAL(moultezim, white, "31", "14/10");  // 14/13/10: never five points
  for (const Position& p : generate(moultezim, white, "31").finals) {
    int held = 0;
    for (int m = 7; m <= 12; ++m) held += p.at(m) > 0;
    EXPECT_LE(held, 4) << format_notation(p);
  }
  // Moultezim keeps rule (a) and has no unblocking obligation.
  EXPECT_TRUE(moultezim.fevga_start_quarter);
  EXPECT_FALSE(moultezim.fevga_unblock);
}

}  // namespace
}  // namespace nard
