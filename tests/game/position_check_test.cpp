// Every impossible position is refused, with a message naming what is impossible: the checks of
// game/position_check.h, and the parsers that apply them (our notation with its game's rules,
// gnubg Position IDs, XGIDs and FIBS boards, which describe backgammon).
#include "game/position_check.h"

#include <gtest/gtest.h>

#include <string>

#include "formats/fibs_board.h"
#include "formats/gnubg_id.h"
#include "formats/notation.h"
#include "formats/xgid.h"
#include "game/movegen/movegen.h"
#include "game/playout.h"
#include "game/rules.h"

namespace nard {
namespace {

Rules rules_of(const std::string& preset) { return *rules_preset(preset); }

// The error for a notation text read in `preset` (partial parse, so that the check sees it).
std::string problem(const std::string& text, const std::string& preset) {
  const Rules r = rules_of(preset);
  Result<Position> p = parse_notation_partial(text, r.geometry);
  EXPECT_TRUE(p.ok()) << text << ": " << (p ? "" : p.error().message);
  if (!p) return "";
  std::optional<Error> e = check_position(*p, r);
  return e ? e->message : "";
}

TEST(PositionCheck, StartPositionsOfEveryPresetPass) {
  for (const std::string& preset : preset_names()) {
    const Rules r = rules_of(preset);
    EXPECT_EQ(check_position(start_position(r), r), std::nullopt) << preset;
    EXPECT_EQ(check_position(start_position(r).flipped(), r), std::nullopt) << preset;
  }
}

// Nothing a game reaches is refused: random games of every preset, every position met on roll and
// every play's result turned round (the opponent on roll; a finished game included).
TEST(PositionCheck, EveryReachedPositionPasses) {
  for (const std::string& preset : preset_names()) {
    const Rules r = rules_of(preset);
    MoveGenerator gen(r);
    std::unique_ptr<Position[]> buffer(new Position[kMaxPlays]);
    Rng rng(17);
    int failures = 0;
    for (int game = 0; game < 60 && failures == 0; ++game) {
      random_playout(gen, buffer.get(), start_position(r), rng, 2000,
                     [&](const Position& pos, Dice, const Position* plays, int n) {
                       auto check = [&](const Position& p) {
                         if (auto e = check_position(p, r); e && failures++ < 3)
                           ADD_FAILURE()
                               << preset << ": " << format_notation(p) << ": " << e->message;
                       };
                       check(pos);
                       for (int i = 0; i < n; ++i) check(plays[i].flipped());
                     });
    }
  }
}

TEST(PositionCheck, CheckerTotals) {
  EXPECT_EQ(problem("x 24:2 13:5 8:3 6:6; o 1:2 12:5 17:3 19:5", "wbf"),
            "x has 16 checkers, not 15");
  EXPECT_EQ(problem("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:4", "wbf"),
            "o has 14 checkers, not 15");
  // A pinned checker counts with its own side: 14 on top plus one pinned makes 15 for o.
  EXPECT_EQ(problem("x 24:13 19:1 13:1+; o 1:14", "plakoto"), "");
  EXPECT_EQ(problem("x 24:13 19:1 13:1+; o 1:15", "plakoto"), "o has 16 checkers, not 15");
}

TEST(PositionCheck, PinsOnlyWhereTheGamePins) {
  EXPECT_EQ(problem("x 24:14 13:1+; o 1:14", "wbf"),
            "a pin on point 13, but backgammon has no pins (only plakoto, tapa and mahbusa pin)");
  EXPECT_NE(problem("x 24:14 13:1+; o 1:14", "tawla31").find("tawla31 has no pins"),
            std::string::npos);
  EXPECT_EQ(problem("x 24:14 13:1+; o 1:14", "plakoto"), "");
  EXPECT_EQ(problem("x 24:14 13:1+; o 1:14", "tapa"), "");
  // A side never lands on its own 24-point, so nothing is pinned under it there.
  EXPECT_NE(problem("x 24:14+ 13:1; o 1:14", "plakoto").find("starting point"), std::string::npos);
  EXPECT_NE(problem("x 24:14; o 5:1 1:14+", "plakoto").find("starting point"), std::string::npos);
  // The mother pin (o lands on his 1-point = x's 24 on x's last checker there) is reachable.
  EXPECT_EQ(problem("x 6:14; o 24:1+ 19:14", "plakoto"), "");
}

TEST(PositionCheck, BarOnlyWhereTheGameHits) {
  for (const char* preset : {"plakoto", "tawla31", "fevga", "longnardy"})
    EXPECT_NE(problem(std::string(preset) == "fevga" || std::string(preset) == "longnardy"
                          ? "x bar:1 24:14; o 12:15"
                          : "x bar:1 24:14; o 1:15",
                      preset)
                  .find("x has 1 checker on the bar, but "),
              std::string::npos)
        << preset;
  EXPECT_EQ(problem("x bar:1 24:14; o 1:15", "wbf"), "");
  EXPECT_NE(problem("x 24:15; o bar:2 1:13", "plakoto").find("o has 2 checkers on the bar"),
            std::string::npos);
}

TEST(PositionCheck, NotBothFinished) {
  EXPECT_EQ(
      problem("x off:15; o off:15", "wbf"),
      "both sides have borne off all 15 checkers, but the game ends when the first side does");
  EXPECT_EQ(problem("x 19:15; o off:15", "wbf"), "");  // o has just won: a finished game
}

TEST(PositionCheck, NoCheckerLeavesHomeWithoutHitting) {
  EXPECT_EQ(
      problem("x 13:1 5:13 off:1; o 1:15", "plakoto"),
      "x has borne off 1 checker but has a checker on point 13, outside his home; plakoto has "
      "no hitting, so no checker ever leaves home");
  // o's home in parallel movement is x's 13..18.
  EXPECT_NE(problem("x 24:15; o 12:1 15:13 off:1", "longnardy").find("o has borne off 1 checker"),
            std::string::npos);
  EXPECT_EQ(problem("x 24:15; o 15:14 off:1", "longnardy"), "");
  EXPECT_EQ(problem("x 13:1 5:13 off:1; o 1:15", "wbf"), "");  // hit after bearing off
}

TEST(PositionCheck, FirstTurnFlagsOnlyInLongNardy) {
  EXPECT_EQ(problem("x 24:15; o 12:15; first:xo", "longnardy"), "");
  EXPECT_EQ(problem("x 24:15; o 12:14 9:1; first:x", "longnardy"), "");
  EXPECT_EQ(problem("x 24:15; o 12:15; first:xo", "fevga"),
            "first-turn flags (first:xo), but fevga has no first-turn rule (only longnardy)");
  EXPECT_NE(problem("x 24:2 13:5 8:3 6:5; o 1:2 12:5 17:3 19:5; first:x", "wbf")
                .find("backgammon has no first-turn rule"),
            std::string::npos);
  EXPECT_NE(problem("x 24:14 20:1; o 12:15; first:x", "longnardy").find("not all on his head"),
            std::string::npos);
  EXPECT_NE(problem("x 24:14 20:1; o 12:15; first:o", "longnardy").find("first:o without first:x"),
            std::string::npos);
}

TEST(PositionCheck, GeometryIsTheGames) {
  const Rules bg = rules_of("wbf");
  Position p = start_position(rules_of("longnardy"));
  p.set_mover_first_turn(false);
  p.set_opp_first_turn(false);
  EXPECT_NE(check_position(p, bg)->message.find("parallel movement, but backgammon"),
            std::string::npos);
  Position q = backgammon_start();
  q.flags |= 1u << 30;
  EXPECT_NE(check_position(q, bg)->message.find("unknown flag bits"), std::string::npos);
}

TEST(PositionCheck, NotationWithRulesRefusesImpossiblePositions) {
  Result<Position> r = parse_notation("x 24:14 13:1+; o 1:14", rules_of("wbf"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message,
            "position 'x 24:14 13:1+; o 1:14': a pin on point 13, but backgammon has no pins (only "
            "plakoto, tapa and mahbusa pin)");
  EXPECT_TRUE(parse_notation("x 24:14 13:1+; o 1:14", rules_of("plakoto")).ok());
  EXPECT_FALSE(parse_notation("x 24:14 bar:1; o 1:15", rules_of("plakoto")).ok());
  EXPECT_FALSE(parse_notation("x off:15; o off:15", rules_of("wbf")).ok());
}

TEST(PositionCheck, BackgammonFormatsRefuseBothSidesFinished) {
  Result<Position> id = decode_position_id("AAAAAAAAAAAAAA");
  ASSERT_FALSE(id.ok());
  EXPECT_NE(id.error().message.find("both sides have borne off all 15"), std::string::npos)
      << id.error().message;
  EXPECT_FALSE(parse_gnubg_id("AAAAAAAAAAAAAA:cAkAAAAAAAAA").ok());
  EXPECT_TRUE(decode_position_id("4HPwATDgc/ABMA").ok());
  // XGID: an empty board (both sides off).
  Result<XgidPosition> x = decode_xgid("XGID=--------------------------:0:0:1:00:0:0:0:0:10");
  ASSERT_FALSE(x.ok());
  EXPECT_NE(x.error().message.find("both sides have borne off all 15"), std::string::npos)
      << x.error().message;
  // FIBS: the same.
  std::string line = "board:You:Opp:1:0:0";
  for (int i = 0; i < 26; ++i) line += ":0";
  line += ":1:3:1:0:0:1:1:1:0:1:-1:0:25:15:15:0:0:1:0:0:0";
  Result<FibsBoard> b = parse_fibs_board(line);
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.error().message.find("both sides have borne off all 15"), std::string::npos)
      << b.error().message;
}

}  // namespace
}  // namespace nard
