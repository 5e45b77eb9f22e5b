#include "gnubg/gnubg_parallelism.h"

#include <gtest/gtest.h>

namespace nard {
namespace {

constexpr long long kGiB = 1LL << 30;

TEST(GnubgGamesAtOnce, ManyAtZeroPlyFewAtTwo) {
  EXPECT_EQ(gnubg_games_at_once(0, 2, 24 * kGiB), 32);
  EXPECT_EQ(gnubg_games_at_once(1, 2, 24 * kGiB), 8);
  EXPECT_EQ(gnubg_games_at_once(2, 2, 24 * kGiB), 4);
}

TEST(GnubgGamesAtOnce, CappedByProcessesAndMemory) {
  EXPECT_EQ(gnubg_games_at_once(0, 16, 128 * kGiB), kMaxGnubgProcesses);
  // 2 GiB hold 10 gnubg processes of 192 MiB.
  EXPECT_EQ(gnubg_games_at_once(0, 2, 2 * kGiB), 10);
  // Never fewer than the cores, nor than one.
  EXPECT_EQ(gnubg_games_at_once(0, 4, 0), 4);
  EXPECT_EQ(gnubg_games_at_once(0, 0, 0), 1);
  EXPECT_EQ(gnubg_games_at_once(5, 2, 24 * kGiB), 4);  // beyond 2-ply: as 2-ply
}

TEST(GnubgGamesAtOnce, ThisMachine) {
  const int n = gnubg_games_at_once(0);
  EXPECT_GE(n, 1);
  EXPECT_LE(n, kMaxGnubgProcesses);
}

}  // namespace
}  // namespace nard
