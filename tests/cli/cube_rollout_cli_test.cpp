// `nard rollout --cube-decision` on the Russian dave's adding ladder: the JSON and text results
// on a sure mars, and bad cube settings refused (the rollouts themselves:
// tests/play/cube_rollout_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/support/cli_runner.h"

namespace nard {
namespace {

TEST(CubeRollout, CommandRollsOutTheDecisionOnTheRulesLadder) {
  const std::string sure = "\"x 2:1 off:14; o 7:15\" --threads 1 --trials 4 --quiet ";
  const std::string add = "--rules ru_short,cube_progression=arithmetic ";
  testing_support::CliRun r = testing_support::run_nard(
      "rollout " + sure + add + "--cube 2 --cube-owner me --cube-decision --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["ladder"], "arithmetic") << r.out;
  EXPECT_EQ(doc["cube_owner"], "me") << r.out;
  EXPECT_EQ(doc["double_take"]["mean"], 3.0) << r.out;
  EXPECT_EQ(doc["no_double"]["mean"], 2.0) << r.out;
  r = testing_support::run_nard("rollout " + sure + add +
                                "--cube 3 --cube-owner me --cube-decision");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Redouble, take     +2.6667"), std::string::npos) << r.out;  // 2 * 4/3
  const std::vector<std::string> bad = {
      "rollout " + sure + add + "--cube 2 --cube-owner nobody --cube-decision",
      "rollout " + sure + add + "--cube 2 --cube-owner opponent --cube-decision",       // his cube
      "rollout " + sure + "--rules ru_short --cube 3 --cube-owner me --cube-decision",  // 1,2,4
      "rollout " + sure + add + "--cube-decision 31",  // a cube decision comes before the roll
  };
  for (const std::string& args : bad) {
    r = testing_support::run_nard(args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
  }
}

}  // namespace
}  // namespace nard
