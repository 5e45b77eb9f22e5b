#include "coach/position_valuation.h"

#include <algorithm>
#include <atomic>

#include "core/work_share.h"

namespace nard {

namespace {
constexpr size_t kPositionsPerBlock = 256;  // positions between progress reports
constexpr size_t kRolloutsPerBlock = 16;    // the same for rollouts (~0.8 s each, truncated)
constexpr uint64_t kRolloutSeedSalt =
    0x726f6c6cULL;  // "roll": keeps these dice apart from a game's
}  // namespace

void value_positions(const std::shared_ptr<const NeuralModel>& model,
                     std::span<const Position> positions, const ValuationConfig& c,
                     std::span<Probabilities> out,
                     const std::function<void(long long, long long)>& progress) {
  SearchConfig sc = c.search;
  sc.ply = c.ply;
  const int threads = std::max(1, c.threads);
  const size_t n = positions.size();
#pragma omp parallel num_threads(threads)
  {
    NeuralEvaluator evaluator(model);
    Search search(model->rules(), evaluator, sc);
    for (size_t block = 0; block < n; block += kPositionsPerBlock) {
      const size_t end = std::min(n, block + kPositionsPerBlock);
#pragma omp for schedule(dynamic, 1)
      for (size_t i = block; i < end; ++i) out[i] = search.evaluate(positions[i], c.ply);
        // the implicit barrier of the for: every thread is here before the report
#pragma omp master
      if (progress) progress((long long)end, (long long)n);
    }
  }
}

std::optional<Error> rollout_positions(const std::shared_ptr<const NeuralModel>& model,
                                       std::span<const Position> positions,
                                       const RolloutValuationConfig& c,
                                       std::span<Probabilities> out,
                                       const std::function<void(long long, long long)>& progress) {
  if (c.trials < 1) return make_error("a rollout needs at least 1 trial");
  if (c.truncate_plies < 0)
    return make_error("a rollout's truncation is 0 (none) or a number of plies");
  RolloutConfig rc;
  rc.trials = c.trials;
  rc.truncate_plies = c.truncate_plies;
  rc.ply = c.ply;
  rc.threads = 1;  // the threads share the positions instead
  const EvaluatorFactory factory = [model] { return std::make_unique<NeuralEvaluator>(model); };
  const Rules& rules = model->rules();
  const size_t n = positions.size();
  std::optional<Error> failed;
  std::atomic<bool> any_failed{false};  // the positions not yet rolled out are skipped
#pragma omp parallel num_threads(std::max(1, c.threads))
  {
    for (size_t block = 0; block < n; block += kRolloutsPerBlock) {
      const size_t end = std::min(n, block + kRolloutsPerBlock);
#pragma omp for schedule(dynamic, 1)
      for (size_t i = block; i < end; ++i) {
        if (any_failed.load(std::memory_order_relaxed)) continue;
        RolloutConfig mine = rc;
        mine.seed = game_seed(c.seed ^ kRolloutSeedSalt, positions[i].hash());
        Result<RolloutResult> r = rollout(rules, positions[i], mine, factory);
        if (r) {
          out[i] = r->mean_probabilities();
        } else {
          any_failed = true;
#pragma omp critical(rollout_positions_error)
          if (!failed) failed = r.error();
        }
      }
#pragma omp master
      if (progress) progress((long long)end, (long long)n);
    }
  }
  return failed;
}

std::optional<Error> value_positions(Communicator& comm,
                                     const std::shared_ptr<const NeuralModel>& model,
                                     std::span<const Position> positions, const ValuationConfig& c,
                                     std::span<Probabilities> out,
                                     const std::function<void(long long, long long)>& progress) {
  if (comm.size() == 1) {
    value_positions(model, positions, c, out, progress);
    return std::nullopt;
  }
  const long long n = (long long)positions.size();
  const std::vector<long long> mine = share_of(comm, n);
  std::vector<Position> my_positions;
  for (long long i : mine) my_positions.push_back(positions[size_t(i)]);
  std::vector<Probabilities> my_values(my_positions.size());
  value_positions(model, my_positions, c, my_values, [&](long long done, long long total) {
    comm.heartbeat();
    if (progress) progress(total ? done * n / total : n, n);
  });
  Result<std::vector<Probabilities>> all = gather_values<Probabilities>(comm, n, my_values);
  if (!all) return all.error();
  if (comm.is_root()) std::copy(all->begin(), all->end(), out.begin());
  return std::nullopt;
}

}  // namespace nard
