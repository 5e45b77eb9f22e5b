#include "bot/position_valuation.h"

#include <algorithm>

namespace nard {

namespace {
constexpr size_t kPositionsPerBlock = 256;  // positions between progress reports
}

void value_positions(const std::shared_ptr<const NeuralModel>& model, std::span<const Position> positions,
                     const ValuationConfig& c, std::span<Probabilities> out,
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

}  // namespace nard
