// `nard bench teachers` (cli/bench/bench_teachers.cpp): one row per teacher over the committed gnubg
// references, and bad options or files refused with exit code 2. The figures themselves are
// checked in tests/bench/teacher_quality_test.cpp.
#include <gtest/gtest.h>

#include "tests/support/cli_runner.h"

namespace nard {
namespace {

using testing_support::CliRun;
using testing_support::run_nard;

TEST(BenchTeachers, PrintsARowPerTeacherAndRefusesBadInput) {
  CliRun r = run_nard(
      "bench teachers --every 500 --max-ply 1 --trials 36 --truncate 2 --threads 2 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("8 pairs (every 500 of 4000)"), std::string::npos) << r.out;
  for (const char* row : {"\n  0-ply ", "\n  1-ply ", "\n  36-trial rollout truncated at 2 plies "})
    EXPECT_NE(r.out.find(row), std::string::npos) << row << "\n" << r.out;
  EXPECT_EQ(r.out.find("2-ply"), std::string::npos)
      << r.out;  // no 2-ply teacher: paired against 1-ply
  EXPECT_NE(r.out.find("loss vs 1-ply"), std::string::npos) << r.out;
  EXPECT_NE(
      r.out.find("36-trial rollout truncated at 2 plies: its values' own mean standard error"),
      std::string::npos)
      << r.out;

  r = run_nard("bench teachers --plays 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--plays"), std::string::npos) << r.err;
  r = run_nard("bench teachers --file /nonexistent/reference.txt");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("/nonexistent/reference.txt"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace nard
