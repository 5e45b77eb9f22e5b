// The `nard bench` workload (style P1): a fixed, deterministic run whose signature is made of
// integer counts only — plays generated for every game family, and the plays chosen by the
// baseline players (and the shipped nets, when present) on a fixed position mix — so any change of
// behaviour moves it. Commits that change it carry "Bench: <positions generated>".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace nard {

struct BenchSignature {
  uint64_t positions_generated = 0;  // distinct resulting positions over all families
  uint64_t plays_chosen = 0;         // choices made by the players
  uint64_t signature = 0;            // hash of every count and chosen index, in order
  std::vector<std::string> lines;    // per-part report ("movegen wbf: ...", "pubeval: ...")
};

// `models` lists weight files to include (0-ply choices on the backgammon mix, scalar reference
// path so SIMD width cannot flip near-ties); pass none for the engine-and-baselines part only.
BenchSignature compute_bench_signature(const std::vector<std::string>& models = {});

}  // namespace nard
