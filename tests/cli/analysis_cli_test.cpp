// `nard analyze`: the text, JSON and HTML reports of a gnubg match, and a bad file refused with
// its line and nothing written (the analysis itself: tests/play/analysis_test.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/cli_runner.h"

namespace nard {
namespace {

TEST(Analysis, CommandWritesReportsAndRejectsBadFiles) {
  using testing_support::run_nard;
  const std::string file = std::string(NARD_SOURCE_DIR) + "/tests/data/matches/gnubg_3p_seed42.mat";
  const std::string html = testing_support::unique_temp_path("nard_analysis") + ".html";
  const std::string json = testing_support::unique_temp_path("nard_analysis") + ".json";
  testing_support::CliRun r =
      run_nard("analyze " + file + " --ply 0 --quiet --json --out " + json + " --html " + html);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.empty());  // the report went to --out
  const std::string j = testing_support::slurp_file(json);
  EXPECT_EQ(j.find("{"), 0u);
  EXPECT_NE(j.find("\"performance_rating\""), std::string::npos);
  EXPECT_NE(j.find("\"cube_decision\""), std::string::npos);
  const std::string h = testing_support::slurp_file(html);
  EXPECT_EQ(h.find("<!DOCTYPE html>"), 0u);
  EXPECT_NE(h.find("<svg"), std::string::npos);        // boards and charts inline
  EXPECT_EQ(h.find("src=\"http"), std::string::npos);  // nothing fetched
  r = run_nard("analyze " + file + " --ply 0 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Performance rating (PR)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Settings: cubeful 0-ply"), std::string::npos) << r.out;

  // A play that is not legal: the file, the line and what is wrong; no report written.
  std::string text = testing_support::slurp_file(file);
  const size_t at = text.find(" 24/18 18/16 ");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 13, " 24/10 ");
  const std::string bad = testing_support::unique_temp_path("nard_bad") + ".mat";
  { std::ofstream(bad) << text; }
  const std::string out = testing_support::unique_temp_path("nard_never");
  r = run_nard("analyze " + bad + " --quiet --out " + out);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "nard: " + bad + ": line 8: '24/10' is not a legal play of 62\n");
  EXPECT_FALSE(std::ifstream(out).good());
  // A directory is refused by name (core/read_file.h), not read as an empty match file.
  const std::string dir = testing_support::unique_temp_path("nard_dir");
  std::filesystem::create_directories(dir);
  r = run_nard("analyze " + dir + " --quiet");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "nard: " + dir +
                       " is a directory, not a match file; give the path of the file itself\n");
  std::filesystem::remove(dir);
}

}  // namespace
}  // namespace nard
