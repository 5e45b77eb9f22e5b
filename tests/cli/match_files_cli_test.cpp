// `nard matfile`: converts a match file and checks it; a bad file names its line (the readers
// and writers themselves: tests/formats/match_files_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "tests/support/cli_runner.h"

namespace nard {
namespace {

using testing_support::run_nard;
using testing_support::unique_temp_path;

TEST(MatfileCommand, ConvertsAndChecks) {
  const std::string path = std::string(NARD_SOURCE_DIR) + "/tests/data/matches/gnubg_7p_seed7.mat";
  auto r = run_nard("matfile " + path + " --to sgf");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("(;FF[4]GM[6]", 0), 0u);
  r = run_nard("matfile " + path + " --check");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Game 5 (5-1): "), std::string::npos) << r.out;
  const std::string bad = unique_temp_path("bad") + ".mat";
  std::ofstream(bad) << " 3 point match\n\n Game 1\n a : 0        b : 0\n  1) 31: 8/4 6/5\n";
  r = run_nard("matfile " + bad);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("line 5: '8/4 6/5' is not a legal play of 31"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
}

}  // namespace
}  // namespace nard
