// The backgammon unit tests BG-1..BG-6 of rules.md §2.7, as written there (mover coordinates;
// "x" is the side on roll, "o" the opponent, both in the mover's numbering).
// BG-7 (Crawford) is a match-flow test and lives with the match module (tests/game/match_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "formats/gnubg_id.h"
#include "formats/notation.h"
#include "game/game.h"
#include "game/movegen/movegen.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

const char* const kBackgammonPresets[] = {"wbf",        "iran",      "ru_short",
                                          "arab_tawla", "gr_portes", "tr_tavla"};

struct Play {
  std::string text;  // format_move of one sub-move sequence leading to `after`
  Position after;    // seen from the mover, before the turn passes
};

std::vector<Play> legal_plays(const char* preset, const Position& pos, Dice dice) {
  MoveGenerator gen(*rules_preset(preset));
  PlayList list;
  list.size = gen.generate(pos, dice, list.positions.get(), list.moves.get());
  std::vector<Play> plays;
  for (int i = 0; i < list.size; ++i)
    plays.push_back({format_move(list.moves[i]), list.positions[i]});
  return plays;
}

std::vector<std::string> texts(const std::vector<Play>& plays) {
  std::vector<std::string> t;
  for (const Play& p : plays) t.push_back(p.text);
  std::sort(t.begin(), t.end());
  return t;
}

// The play leading to `after`, or nullptr when no legal play does.
const Play* find_play(const std::vector<Play>& plays, const Position& after) {
  for (const Play& p : plays)
    if (p.after == after) return &p;
  return nullptr;
}

TEST(BackgammonRules, BG1_WhenOnlyOneDieCanBePlayedItMustBeTheLarger) {
  // 13/7 then 7/6 is blocked; 13/12 then 12/6 is blocked; the 1-point checkers may not bear
  // off while a checker is outside the home board. So one die only, and it must be the 6.
  const Position pos = P("x 13:1 1:14; o 20:13 6:2");
  for (const char* preset : kBackgammonPresets) {
    const auto plays = legal_plays(preset, pos, Dice{6, 1});
    EXPECT_EQ(texts(plays), std::vector<std::string>{"13/7"}) << preset;
  }
}

TEST(BackgammonRules, BG2_BothOrdersOfTheDiceAreTried) {
  // 13/8 is blocked, but 13/7/2 plays both dice: a generator trying only "5 first" would
  // find a one-die play. (Written "13/2" as gnubg does: no hit on the way.)
  const Position pos = P("x 13:1 1:14; o 20:13 8:2");
  for (const char* preset : kBackgammonPresets) {
    const auto plays = legal_plays(preset, pos, Dice{6, 5});
    ASSERT_EQ(plays.size(), 1u) << preset;
    EXPECT_EQ(plays[0].text, "13/2") << preset;
    EXPECT_EQ(plays[0].after, P("x 2:1 1:14; o 20:13 8:2")) << preset;
  }
}

// Errata 7: in backgammon the 15th checker off ends the game but does not void the other die:
// where a play uses both dice, it is required, as GNU Backgammon and eXtreme Gammon rule. With
// 4-1, the last checker on the 2-point and an opposing blot on the 1-point, only 2/1*/off is legal
// (the series of matches against gnubg stopped on nard's 2/off). Where a hitter in the
// home board may not move on (no_run: gr_portes, tr_tavla), 2/1* is one die and 2/off the larger.
TEST(BackgammonRules, TheFifteenthCheckerOffDoesNotVoidTheOtherDie) {
  const Position gnubgs = *decode_position_id("rA2gqyACAAAAAA");
  EXPECT_EQ(gnubgs.mover_off, 14);
  for (const char* preset : kBackgammonPresets) {
    const bool no_run = std::string(preset) == "gr_portes" || std::string(preset) == "tr_tavla";
    const std::vector<std::string> expected = {no_run ? "2/off" : "2/1*/off"};
    EXPECT_EQ(texts(legal_plays(preset, gnubgs, Dice{4, 1})), expected) << preset;
    // The counterpart on the 4-point with 4-2 and a blot on the 2-point (issue 34: iran, 2-4).
    const Position four = P("x 4:1 off:14; o 2:1 20:14");
    const std::vector<std::string> expected_four = {no_run ? "4/off" : "4/2*/off"};
    EXPECT_EQ(texts(legal_plays(preset, four, Dice{2, 4})), expected_four) << preset;
    // Without the blot the two dice reach the same end: one play, the game won.
    const Position bare = P("x 4:1 off:14; o 20:15");
    const auto plays = legal_plays(preset, bare, Dice{4, 2});
    ASSERT_EQ(plays.size(), 1u) << preset;
    EXPECT_EQ(plays[0].after.mover_off, kCheckers) << preset;
  }
}

TEST(BackgammonRules, BG3_WhatCannotEnterIsForfeited) {
  // Two on the bar; 19 is closed, 21 is open: one checker enters with the 4, the 6 is lost and
  // no other checker may move while one is still on the bar.
  const Position pos = P("x bar:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:3 20:2");
  for (const char* preset : kBackgammonPresets) {
    const auto plays = legal_plays(preset, pos, Dice{6, 4});
    EXPECT_EQ(texts(plays), std::vector<std::string>{"bar/21"}) << preset;
  }
}

TEST(BackgammonRules, BG4_BearingOffChoices) {
  // 6 off from 5 and 3/2 (either order) leave a checker on 2; 5/4 then 6 off from 4 leaves
  // the checker on 3. The 6 may not bear off the 3-checker while 5 is occupied.
  const Position pos = P("x 5:1 3:1 off:13; o 20:15");
  const Position on_two = P("x 2:1 off:14; o 20:15");
  const Position on_three = P("x 3:1 off:14; o 20:15");
  for (const char* preset : kBackgammonPresets) {
    const auto plays = legal_plays(preset, pos, Dice{6, 1});
    ASSERT_EQ(plays.size(), 2u) << preset;
    ASSERT_NE(find_play(plays, on_two), nullptr) << preset;
    ASSERT_NE(find_play(plays, on_three), nullptr) << preset;
    EXPECT_EQ(find_play(plays, on_two)->text, "5/off 3/2") << preset;
    EXPECT_EQ(find_play(plays, on_three)->text, "5/off") << preset;  // 5/4/off
  }
}

// BG-5: the house rules on what the hitting checker may do afterwards (rules.md §2.5).
// The opponent's blot on 5 can be hit by 8/5*.
constexpr const char* kBg5 = "x 24:2 13:5 8:1 6:4 3:2 2:1; o 5:1 12:5 17:3 19:4 20:2";

TEST(BackgammonRules, BG5_HitAndRunIsFreeUnderWbf) {
  const auto plays = legal_plays("wbf", P(kBg5), Dice{3, 2});
  const Play* run = find_play(plays, P("x 24:2 13:5 6:4 3:3 2:1; o bar:1 12:5 17:3 19:4 20:2"));
  ASSERT_NE(run, nullptr);
  EXPECT_EQ(run->text, "8/5*/3");
}

TEST(BackgammonRules, BG5_NoHideForbidsTheHitterToJoinItsOwnCheckers) {
  for (const char* preset : {"iran", "ru_short"}) {
    // 3-2: 8/5*/3 would hide the hitter on 3, where own checkers stand.
    const auto plays = legal_plays(preset, P(kBg5), Dice{3, 2});
    EXPECT_EQ(find_play(plays, P("x 24:2 13:5 6:4 3:3 2:1; o bar:1 12:5 17:3 19:4 20:2")), nullptr)
        << preset << ": 8/5*/3 is illegal";
    // 8/5* with any other 2 stays legal, and so does 8/6/3, which hits nothing.
    const Play* other_two =
        find_play(plays, P("x 24:2 13:5 6:3 5:1 4:1 3:2 2:1; o bar:1 12:5 17:3 19:4 20:2"));
    ASSERT_NE(other_two, nullptr) << preset;
    EXPECT_EQ(other_two->text, "8/5* 6/4") << preset;
    EXPECT_NE(find_play(plays, P("x 24:2 13:5 6:4 3:3 2:1; o 5:1 12:5 17:3 19:4 20:2")), nullptr)
        << preset << ": 8/6/3 is legal";
    // 3-1: 8/5*/4 continues onto an empty point, which no_hide allows.
    const auto plays31 = legal_plays(preset, P(kBg5), Dice{3, 1});
    const Play* to_four =
        find_play(plays31, P("x 24:2 13:5 6:4 4:1 3:2 2:1; o bar:1 12:5 17:3 19:4 20:2"));
    ASSERT_NE(to_four, nullptr) << preset;
    EXPECT_EQ(to_four->text, "8/5*/4") << preset;
  }
}

TEST(BackgammonRules, BG5_NoRunStopsTheHitterInTheHomeBoard) {
  for (const char* preset : {"gr_portes", "tr_tavla"}) {
    const auto plays = legal_plays(preset, P(kBg5), Dice{3, 1});
    const Position hit_and_run = P("x 24:2 13:5 6:4 4:1 3:2 2:1; o bar:1 12:5 17:3 19:4 20:2");
    EXPECT_EQ(find_play(plays, hit_and_run), nullptr) << preset << ": 8/5*/4 is illegal";
    // After 8/5* the 1 is played by another checker, e.g. 6/5 or 24/23.
    const Play* cover =
        find_play(plays, P("x 24:2 13:5 6:3 5:2 3:2 2:1; o bar:1 12:5 17:3 19:4 20:2"));
    ASSERT_NE(cover, nullptr) << preset;
    EXPECT_EQ(cover->text, "8/5* 6/5") << preset;
    EXPECT_NE(find_play(plays, P("x 24:1 23:1 13:5 6:4 5:1 3:2 2:1; o bar:1 12:5 17:3 19:4 20:2")),
              nullptr)
        << preset << ": 24/23 8/5* is legal";
  }
}

// BG-6: W has just borne off his 15th checker; game_result sees the board from W (the mover)
// and gives points before the cube. (The Jacoby clause of BG-6 is scored by the game flow:
// tests/game/match_test.cpp, GameFlow.JacobyCountsGammonsAsSinglesWithoutACubeTurn.)
TEST(BackgammonRules, BG6_BackgammonWithACheckerOnTheBar) {
  const Rules wbf = *rules_preset("wbf");
  const GameResult r = game_result(wbf, P("x off:15; o bar:1 18:14"));
  EXPECT_TRUE(r.mover_wins);
  EXPECT_EQ(r.outcome, Outcome::Backgammon);
  EXPECT_EQ(r.points, 3);
  const int cube = 2;
  EXPECT_EQ(r.points * cube, 6);
}

TEST(BackgammonRules, BG6_GammonWhenNothingIsOffAndNothingIsTrapped) {
  const Rules wbf = *rules_preset("wbf");
  // All the loser's checkers on his points 7..18 (mover points 18..7).
  const GameResult r = game_result(wbf, P("x off:15; o 18:5 12:5 7:5"));
  EXPECT_EQ(r.outcome, Outcome::Gammon);
  EXPECT_EQ(r.points, 2);
  // One checker off: a single game.
  const GameResult single = game_result(wbf, P("x off:15; o 18:5 12:5 7:4 off:1"));
  EXPECT_EQ(single.outcome, Outcome::Single);
  EXPECT_EQ(single.points, 1);
}

TEST(BackgammonRules, BG6_IranSagMarsWithACheckerInTheWinnersHome) {
  const Rules iran = *rules_preset("iran");
  // One loser checker on his 20-point = the winner's (mover's) 5-point.
  const GameResult r = game_result(iran, P("x off:15; o 18:14 5:1"));
  EXPECT_EQ(r.outcome, Outcome::Backgammon);
  EXPECT_EQ(r.points, 3);
  EXPECT_EQ(outcome_name(r.outcome, iran), "black mars");
}

TEST(BackgammonRules, BG6_PortesAndTavlaHaveNoBackgammon) {
  for (const char* preset : {"gr_portes", "tr_tavla"}) {
    const GameResult r = game_result(*rules_preset(preset), P("x off:15; o bar:1 18:14"));
    EXPECT_EQ(r.outcome, Outcome::Gammon) << preset;
    EXPECT_EQ(r.points, 2) << preset;
  }
}

}  // namespace
}  // namespace nard
