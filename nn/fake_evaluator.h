// A tiny deterministic Evaluator for tests of search and players (cf. lc0's mock backend): the
// probabilities are a fixed function of the position (pip counts plus a little position-hash
// noise), terminal positions are exact, and every call is counted.
#pragma once

#include <cstdint>
#include <vector>

#include "nn/evaluator.h"

namespace nard {

class FakeEvaluator final : public Evaluator {
 public:
  explicit FakeEvaluator(const Rules& rules) : rules_(rules) {}
  void evaluate(std::span<const Position> positions, std::span<Probabilities> out) override;

  // Calls to evaluate() and the size of each batch, in order.
  const std::vector<int>& batch_sizes() const { return batch_sizes_; }

 private:
  Rules rules_;
  std::vector<int> batch_sizes_;
};

}  // namespace nard
