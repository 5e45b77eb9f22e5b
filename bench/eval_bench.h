// The workload of `nard bench eval`: positions evaluated per second of the thread's CPU time,
// including input encoding, on a fixed mix of positions (random games, fixed seed), at a given
// batch size.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "game/position.h"
#include "game/rules.h"
#include "nn/evaluator.h"

namespace nard {

struct EvalBenchMix {
  std::vector<Position> positions;  // the side on roll before each roll of `games` random games
  int races = 0;                    // how many of them the race net evaluates
};
EvalBenchMix eval_bench_mix(const Rules& rules, int games, uint64_t seed);

struct EvalBenchResult {
  uint64_t positions = 0;  // evaluated in the best timed run
  double seconds = 0.0;    // CPU seconds of the best run (CLOCK_THREAD_CPUTIME_ID)
  double checksum = 0.0;   // sum of all win probabilities of one pass (same for every batch size)
  double per_second() const { return seconds > 0 ? positions / seconds : 0.0; }
};

// Evaluates the mix in consecutive batches of `batch`, passes repeated until at least
// min_seconds have passed; the best of `repeat` such runs. reference: the scalar path; dense:
// the fast path's kernel for the hidden layers after the first.
EvalBenchResult run_eval_bench(const std::shared_ptr<const NeuralModel>& model,
                               const EvalBenchMix& mix, int batch, bool reference, int repeat,
                               double min_seconds, DenseKernel dense = kDefaultDenseKernel);

// Encoding alone (no network) with the encoders of the model's nets, positions per second, for
// the split.
EvalBenchResult run_encode_bench(const NeuralModel& model, const EvalBenchMix& mix, int repeat,
                                 double min_seconds);

}  // namespace nard
