// One trainer per run directory, and the leftovers of killed runs removed on the next start
// (training/run_directory.h).
#include "training/run_directory.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace nard::training {
namespace {

namespace fs = std::filesystem;

TEST(RunDirectory, ASecondClaimIsRefusedUntilTheFirstEnds) {
  const fs::path d = fs::path(::testing::TempDir()) / ("run_lock_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  {
    Result<ClaimedRunDirectory> first = claim_run_directory(d.string());
    ASSERT_TRUE(first) << first.error().message;
    Result<ClaimedRunDirectory> second = claim_run_directory(d.string());
    ASSERT_FALSE(second);
    EXPECT_NE(second.error().message.find("in use by another nard train"), std::string::npos)
        << second.error().message;
  }
  EXPECT_TRUE(claim_run_directory(d.string()));
}

TEST(RunDirectory, TheClaimRemovesWhatKilledRunsLeft) {
  const fs::path d =
      fs::path(::testing::TempDir()) / ("run_leftovers_" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d / "ckpt-tmp-4242");
  fs::create_directories(d / "ckpt-000000000032");
  fs::create_directories(d / "step-0001");
  std::ofstream(d / "ckpt-tmp-4242" / "bg-contact.model.pt") << "partial";
  std::ofstream(d / "metrics.csv.tmp.4243") << "partial";
  std::ofstream(d / "step-0001" / "model.nardnet.tmp.4244") << "partial";
  std::ofstream(d / "ckpt-000000000032" / "state.txt") << "kept";
  std::ofstream(d / "metrics.csv") << "kept";
  Result<ClaimedRunDirectory> claimed = claim_run_directory(d.string());
  ASSERT_TRUE(claimed) << claimed.error().message;
  EXPECT_EQ(claimed->removed_temporaries, 3);
  EXPECT_FALSE(fs::exists(d / "ckpt-tmp-4242"));
  EXPECT_FALSE(fs::exists(d / "metrics.csv.tmp.4243"));
  EXPECT_FALSE(fs::exists(d / "step-0001" / "model.nardnet.tmp.4244"));
  EXPECT_TRUE(fs::exists(d / "ckpt-000000000032" / "state.txt"));
  EXPECT_TRUE(fs::exists(d / "metrics.csv"));
}

}  // namespace
}  // namespace nard::training
