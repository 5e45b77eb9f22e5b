// Position lists (formats/position_list.h): one position a line, a Position ID possibly followed by
// other fields or a whole-line POSITION, comments and blank lines skipped; a bad line or a finished
// game refused naming its line.
#include "formats/position_list.h"

#include <gtest/gtest.h>

#include "formats/position_arg.h"

namespace nard {
namespace {

TEST(PositionList, ReadsIdsWithTheirFieldsNotationAndSkipsComments) {
  const Rules wbf = *rules_preset("wbf");
  const std::string text =
      "# picked by gnubg 0-ply\n"
      "\n"
      "bTNjAkBydwsAAw 0.74903 0.37113 0.00809 0.06550 0.00115\n"
      "  4HPwATDgc/ABMA\r\n"
      "x 24:2 13:5 8:3 6:4 5:1; o 1:2 12:5 17:3 19:5\n"
      "bTNjAkBydwsAAw\tagain";
  Result<std::vector<Position>> got = read_position_list(text, wbf);
  ASSERT_TRUE(got) << got.error().message;
  ASSERT_EQ(got->size(), 4u);  // repeats kept
  EXPECT_EQ((*got)[0], *parse_position_arg("bTNjAkBydwsAAw", wbf));
  EXPECT_EQ((*got)[1], *parse_position_arg("start", wbf));
  EXPECT_EQ((*got)[2], *parse_position_arg("x 24:2 13:5 8:3 6:4 5:1; o 1:2 12:5 17:3 19:5", wbf));
  EXPECT_EQ((*got)[3], (*got)[0]);
  EXPECT_EQ((*got)[2].mover_pips() + 1, (*got)[1].mover_pips());

  // Our notation serves the other games of the family.
  const Rules plakoto = *rules_preset("plakoto");
  got = read_position_list("start\n# the start again\nstart\n", plakoto);
  ASSERT_TRUE(got) << got.error().message;
  ASSERT_EQ(got->size(), 2u);
  EXPECT_EQ((*got)[0], *parse_position_arg("start", plakoto));
  EXPECT_TRUE(read_position_list("# nothing\n\n", wbf)->empty());
}

TEST(PositionList, RefusesABadLineOrAFinishedGameNamingTheLine) {
  const Rules wbf = *rules_preset("wbf");
  const struct {
    std::string text, says;
  } cases[] = {
      {"4HPwATDgc/ABMA\nzzz\n", "line 2: "},
      {"# head\n4HPwATDgc/ABM 0.5\n", "line 2: "},
      {"start\n\nx 6:1 off:14; o off:15\n", "line 3: the game is over"},  // O has borne off all
      {"x 6:15; o\n", "line 1: "},                                        // 0 checkers of O
  };
  for (const auto& c : cases) {
    Result<std::vector<Position>> got = read_position_list(c.text, wbf);
    ASSERT_FALSE(got) << c.text;
    EXPECT_NE(got.error().message.find(c.says), std::string::npos) << got.error().message;
  }
}

TEST(PositionList, ReadsValuedEntriesWithTheirLines) {
  const Rules wbf = *rules_preset("wbf");
  Result<std::vector<ValuedListEntry>> got = read_valued_position_list(
      "# gnubg 2-ply\n\nbTNjAkBydwsAAw 0.74903 0.37113 0.00809 0.06550 0.00115\n"
      "4HPwATDgc/ABMA\t0.5 0 0 1e-1 0\r\n",
      wbf);
  ASSERT_TRUE(got) << got.error().message;
  ASSERT_EQ(got->size(), 2u);
  EXPECT_EQ((*got)[0].position, *parse_position_arg("bTNjAkBydwsAAw", wbf));
  EXPECT_EQ((*got)[0].line, 3);
  EXPECT_EQ((*got)[0].values, (std::array<float, 5>{0.74903f, 0.37113f, 0.00809f, 0.06550f, 0.00115f}));
  EXPECT_EQ((*got)[1].position, *parse_position_arg("start", wbf));
  EXPECT_EQ((*got)[1].line, 4);
  EXPECT_EQ((*got)[1].values, (std::array<float, 5>{0.5f, 0, 0, 0.1f, 0}));
}

TEST(PositionList, RefusesAValuedLineWithoutFiveProbabilitiesNamingIt) {
  const Rules wbf = *rules_preset("wbf");
  const struct {
    std::string text, says;
  } cases[] = {
      {"4HPwATDgc/ABMA 0.5 0.1 0 0.1\n", "line 1: expected a Position ID and five"},
      {"4HPwATDgc/ABMA 0.5 0.1 0 0.1 0 0.3\n", "line 1: expected"},
      {"# x\n4HPwATDgc/ABMA 0.5 0.1 0 0.1 1.5\n", "line 2: probability 5 '1.5'"},
      {"4HPwATDgc/ABMA 0.5 0.1x 0 0.1 0\n", "line 1: probability 2 '0.1x'"},
      {"4HPwATDgc/ABMA -0.0 nan 0 0.1 0\n", "line 1: probability 2 'nan'"},
      {"x 6:1 off:14; o off:15 0.5 0.1 0 0.1 0\n", "line 1: "},  // notation has spaces: one field only
      {"zzz 0.5 0.1 0 0.1 0\n", "line 1: "},
  };
  for (const auto& c : cases) {
    Result<std::vector<ValuedListEntry>> got = read_valued_position_list(c.text, wbf);
    ASSERT_FALSE(got) << c.text;
    EXPECT_NE(got.error().message.find(c.says), std::string::npos) << got.error().message;
  }
}

}  // namespace
}  // namespace nard
