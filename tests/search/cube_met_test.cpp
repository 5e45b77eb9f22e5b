// The match equity table (search/match_equity.h): the shipped Kazaross-XG2 data loads, is symmetric
// and monotone, holds the published values, and malformed tables are refused with a reason.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "search/match_equity.h"
#include "tests/support/test_fixtures.h"

namespace nard {
namespace {

std::string shipped_text() {
  std::ifstream in(MatchEquityTable::default_path());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(MatchEquity, ShippedTableLoads) {
  EXPECT_EQ(met().name(), "Kazaross-XG2");
  EXPECT_EQ(met().length(), 25);
  EXPECT_EQ(validate_match_equity_table(met()), "");
}

TEST(MatchEquity, SymmetricAndMonotone) {
  const int n = met().length();
  for (int i = 1; i <= n; ++i) {
    EXPECT_NEAR(met().pre_crawford(i, i), 0.5, 1e-9);
    for (int j = 1; j <= n; ++j) {
      EXPECT_NEAR(met().pre_crawford(i, j) + met().pre_crawford(j, i), 1.0, 1e-5) << i << "," << j;
      if (j > 1) { EXPECT_GT(met().pre_crawford(i, j), met().pre_crawford(i, j - 1)); }
      if (i > 1) { EXPECT_LT(met().pre_crawford(i, j), met().pre_crawford(i - 1, j)); }
    }
    if (i > 1) { EXPECT_LE(met().post_crawford_trailer(i), met().post_crawford_trailer(i - 1)); }
  }
}

TEST(MatchEquity, PublishedValues) {
  // gnubg met/Kazaross-XG2.xml; the 3-point corner is also quoted by L. H. Madsen, "Middle game
  // cube benchmark" (lassehjorthmadsen.github.io/bganalyses): 1-2 .677, 1-3 .751, 2-3 .599.
  EXPECT_DOUBLE_EQ(met().pre_crawford(1, 2), 0.67736);  // the Crawford game, leader's side
  EXPECT_DOUBLE_EQ(met().pre_crawford(1, 3), 0.75076);
  EXPECT_DOUBLE_EQ(met().pre_crawford(2, 3), 0.59947);
  EXPECT_DOUBLE_EQ(met().pre_crawford(3, 2), 0.40053);
  EXPECT_DOUBLE_EQ(met().pre_crawford(25, 1), 0.00095);
  EXPECT_DOUBLE_EQ(met().post_crawford_trailer(2), 0.48803);
  EXPECT_DOUBLE_EQ(met().post_crawford_trailer(3), 0.32264);
  EXPECT_DOUBLE_EQ(met().post_crawford_trailer(25), 0.001230);
}

TEST(MatchEquity, CrawfordAndPostCrawfordLookups) {
  EXPECT_DOUBLE_EQ(met().mwc(0, 5, false), 1.0);
  EXPECT_DOUBLE_EQ(met().mwc(-3, 5, true), 1.0);
  EXPECT_DOUBLE_EQ(met().mwc(5, 0, false), 0.0);
  // Reaching 1-away for the first time: the next game is the Crawford game.
  EXPECT_DOUBLE_EQ(met().mwc(1, 2, false), 0.67736);
  EXPECT_DOUBLE_EQ(met().mwc(2, 1, false), 0.32264);
  // After the Crawford game the trailer may double again: his chances rise.
  EXPECT_DOUBLE_EQ(met().mwc(2, 1, true), 0.48803);
  EXPECT_DOUBLE_EQ(met().mwc(1, 2, true), 1.0 - 0.48803);
  EXPECT_DOUBLE_EQ(met().mwc(1, 1, true), 0.5);
  EXPECT_DOUBLE_EQ(met().mwc(1, 1, false), 0.5);
  // Scores without a 1-away side do not depend on the Crawford flag.
  EXPECT_DOUBLE_EQ(met().mwc(4, 7, true), met().mwc(4, 7, false));
}

TEST(MatchEquity, MalformedTablesAreRefused) {
  const std::string good = shipped_text();
  ASSERT_TRUE(MatchEquityTable::parse(good).ok());
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    const size_t at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    t.replace(at, from.size(), to);
    return MatchEquityTable::parse(t, "edited");
  };
  // Asymmetric: M(1,2) no longer 1 - M(2,1).
  Result<MatchEquityTable> asym = replaced("0.67736", "0.66736");
  ASSERT_FALSE(asym.ok());
  EXPECT_NE(asym.error().message.find("not symmetric"), std::string::npos) << asym.error().message;
  // Non-monotone post-Crawford values.
  Result<MatchEquityTable> post = replaced("0.31002", "0.33002");
  ASSERT_FALSE(post.ok());
  EXPECT_NE(post.error().message.find("post-Crawford"), std::string::npos) << post.error().message;
  EXPECT_FALSE(replaced("format nard-met 1", "format nard-met 9").ok());
  EXPECT_FALSE(replaced("0.99905", "x.99905").ok());
  EXPECT_FALSE(replaced("0.99905\n", "\n").ok());  // a short row
  EXPECT_FALSE(replaced("\nend\n", "\n").ok());
  EXPECT_FALSE(MatchEquityTable::load("/nonexistent/met.txt").ok());
}

}  // namespace
}  // namespace nard
