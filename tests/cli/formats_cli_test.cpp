// The command line reads every position format and prints Position IDs; a bad ID is one line
// and exit code 2 (the parsers themselves: tests/formats/formats_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/support/cli_runner.h"

namespace nard {
namespace {

using testing_support::CliRun;
using testing_support::run_nard;

TEST(FormatsCli, MovesPrintsPositionIdsOfTheResults) {
  const CliRun r = run_nard("moves 4HPwATDgc/ABMA 31");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Checked against gnubg: `move 8 5 6 5` from the opening leaves sGfwATDgc/ABMA.
  EXPECT_NE(r.out.find("8/5 6/5\tsGfwATDgc/ABMA\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("24/23 24/21\t4HPwARLgc/ABMA\n"), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 16);
}

TEST(FormatsCli, AcceptsEveryPositionFormat) {
  const CliRun by_id = run_nard("moves 4HPwATDgc/ABMA 31");
  for (const std::string arg :
       {"4HPwATDgc/ABMA:cAkAAAAAAAAE", "'XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10'",
        "'x 24:2 13:5 8:3 6:5; o 19:5 17:3 12:5 1:2'"}) {
    const CliRun r = run_nard("moves " + arg + " 31");
    EXPECT_EQ(r.exit_code, 0) << arg << ": " << r.err;
    EXPECT_EQ(r.out, by_id.out) << arg;
  }
  // Other games keep our notation on output.
  const CliRun plakoto = run_nard("moves 'x 24:15; o 1:15' 31 --variant plakoto");
  EXPECT_EQ(plakoto.exit_code, 0) << plakoto.err;
  EXPECT_NE(plakoto.out.find("\tx "), std::string::npos) << plakoto.out;
}

TEST(FormatsCli, BadIdExitsWithCodeTwoAndOneLine) {
  const CliRun r = run_nard("moves BADID 31");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("BADID"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not 14"), std::string::npos) << r.err;
}

TEST(FormatsCli, GnubgIdsNeedAContraryMovementGame) {
  const CliRun r = run_nard("moves 4HPwATDgc/ABMA 31 --variant longnardy");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("our notation"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace nard
