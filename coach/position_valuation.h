// Targets for supervised training: each position valued by the model's own n-ply search, or by
// rollouts (rollout_positions below).
//
// The search
// (search/search.h, gnubg's ply convention, with the search's default move filters and pruning).
// gnubg's later nets were trained the same way ("to play like the 2-ply evaluation").
//
// Determinism: each position is valued on its own (the search's cache holds only 0-ply values,
// which do not depend on the order), so the values do not depend on the thread count or schedule.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "core/distributed.h"
#include "game/position.h"
#include "nn/evaluator.h"
#include "nn/probabilities.h"
#include "play/rollout.h"
#include "search/search.h"

namespace nard {

struct ValuationConfig {
  int ply = 2;          // 0..3
  SearchConfig search;  // filters and pruning; `ply` above overrides search.ply
  int threads = 2;
};

// out[i]: the ply-deep value of positions[i] (side on roll, before the roll). `progress(done,
// total)` is called from the calling thread now and then. Precondition: out.size() ==
// positions.size().
void value_positions(const std::shared_ptr<const NeuralModel>& model,
                     std::span<const Position> positions, const ValuationConfig& config,
                     std::span<Probabilities> out,
                     const std::function<void(long long, long long)>& progress = {});

// The same with the positions spread over the ranks of `comm` (rank r values positions r,
// r + size, ...; core/work_share.h): every rank passes the same positions, and rank 0's `out` gets
// every value (the other ranks' `out` is left as it was). The values are those of the one-process
// call, whatever the number of ranks. Fails only when a rank fails or stops answering.
std::optional<Error> value_positions(
    Communicator& comm, const std::shared_ptr<const NeuralModel>& model,
    std::span<const Position> positions, const ValuationConfig& config,
    std::span<Probabilities> out, const std::function<void(long long, long long)>& progress = {});

// Targets from rollouts (play/rollout.h): each position rolled out on its own, `trials` trials with
// variance reduction and stratified dice, each trial ending after `truncate_plies` plies with the
// net's value (0: played to the end), the checker play inside the trials at `ply`. The dice of
// position i come from `seed` and the position itself (Position::hash), so a position gets the same
// value wherever it stands in a list and whatever the thread count. The positions are shared among
// the threads, one rollout per thread at a time.
struct RolloutValuationConfig {
  int trials = 72;
  int truncate_plies = 10;
  int ply = 0;
  uint64_t seed = 1;
  int threads = 2;
};

// out[i]: the rollout's mean probabilities of positions[i]. Fails on a bad config (trials < 1).
// `progress(done, total)` as value_positions'. Precondition: out.size() == positions.size().
std::optional<Error> rollout_positions(
    const std::shared_ptr<const NeuralModel>& model, std::span<const Position> positions,
    const RolloutValuationConfig& config, std::span<Probabilities> out,
    const std::function<void(long long, long long)>& progress = {});

}  // namespace nard
