// `nard outcomes` (cli/train/outcomes.cpp): self-play positions with their variance-reduced results.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/bot_args.h"
#include "coach/outcome_targets.h"
#include "coach/position_database.h"
#include "nn/bearoff_database.h"
#include "nn/model_path.h"
#include "tests/support/cli_runner.h"
#include "tests/support/temp_files.h"

namespace nard {
namespace {

namespace fs = std::filesystem;
using testing_support::run_nard;
using testing_support::unique_temp_path;

TEST(Outcomes, WritesTheSampleWithItsTargetsAsAOneTrialRolloutDatabase) {
  const fs::path dir = unique_temp_path("nard_outcomes");
  fs::create_directories(dir);
  const std::string out = (dir / "o.npdb").string();
  testing_support::CliRun r =
      run_nard("outcomes --out " + out +
               " --games 3 --first-game 5 --seed 4 --keep 0.4 --threads 2 --quiet");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("from 3 games"), std::string::npos) << r.out;
  Result<PositionDatabase> got = load_position_database(out);
  ASSERT_TRUE(got) << got.error().message;
  EXPECT_EQ(got->target_kind, TargetKind::Rollout);
  EXPECT_EQ(got->target_trials, 1);
  EXPECT_NE(got->description.find("games 5..7 of seed 4"), std::string::npos) << got->description;

  // The same as the library gives with the shipped model and its bear-off databases.
  const Rules rules = *rules_preset("wbf");
  Result<std::string> path = default_model_path(Variant::Backgammon);
  ASSERT_TRUE(path);
  Result<std::shared_ptr<const NeuralModel>> model = NeuralModel::load(rules, *path);
  ASSERT_TRUE(model);
  const std::shared_ptr<const NeuralModel> with_db = with_bearoff(*model, BearoffDatabases::Both);
  SamplingConfig c;
  c.first_game = 5;
  c.games = 3;
  c.seed = 4;
  c.keep = 0.4;
  c.threads = 1;
  const BearoffDatabase* db = with_db->bearoff_database();
  Result<std::vector<PositionRecord>> want =
      sample_outcome_targets(with_db, c, [db](const Position& p) { return db->covers(p); });
  ASSERT_TRUE(want);
  ASSERT_FALSE(want->empty());
  EXPECT_EQ(got->records, *want);

  // The calibration bench reads it back: one line per bin, the positions adding up.
  r = run_nard("bench calibration " + out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(
      r.out.find("calibration: " + std::to_string(want->size()) + " positions of 1 database(s)"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("+- "), std::string::npos) << r.out;
  EXPECT_EQ(run_nard("bench calibration " + (dir / "missing.npdb").string()).exit_code, 2);
  fs::remove_all(dir);
}

TEST(Outcomes, RefusesBadOptionsAndWritesNothing) {
  const fs::path dir = unique_temp_path("nard_outcomes_bad");
  fs::create_directories(dir);
  const std::string out = (dir / "o.npdb").string();
  for (const std::string& bad :
       std::vector<std::string>{"--games 0", "--games 2 --keep 1.5", "--games 2 --exploration -0.1",
                                "--games 2 --threads 0", "--games 2 --model " + dir.string()}) {
    testing_support::CliRun r = run_nard("outcomes --out " + out + " " + bad + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.err;
    EXPECT_FALSE(r.err.empty()) << bad;
    EXPECT_FALSE(fs::exists(out)) << bad;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace nard
