// The fixed move-generation workload of `nard bench` and `nard bench movegen`:
// kBenchGames random games (seed kBenchSeed) per game family, every position met before a roll,
// each with all 21 rolls. The signature hashes integer counts only (style P1).
#pragma once

#include <cstdint>
#include <vector>

#include "game/playout.h"

namespace nard {

inline constexpr int kBenchGames = 100;
inline constexpr uint64_t kBenchSeed = 20261122;

struct MovegenWorkload {
  std::vector<Position> positions;  // each generated with all 21 rolls
};
MovegenWorkload movegen_workload(const Rules& rules, int games = kBenchGames,
                                 uint64_t seed = kBenchSeed);

struct MovegenCount {
  uint64_t plays = 0;      // distinct resulting positions generated
  uint64_t signature = 0;  // order-dependent hash of every per-(position, roll) count
};
// Runs the workload on `threads` OpenMP threads (0 = all cores); the result does not depend on it.
MovegenCount run_movegen_workload(const Rules& rules, const MovegenWorkload& w, int threads);

}  // namespace nard
