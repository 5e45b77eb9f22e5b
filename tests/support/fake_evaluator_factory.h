// A factory of FakeEvaluators (nn/fake_evaluator.h) for the rollout tests: one per thread.
#pragma once

#include <memory>

#include "nn/fake_evaluator.h"
#include "play/rollout.h"

namespace nard {

inline EvaluatorFactory fake_factory(const Rules& rules) {
  return [rules] { return std::make_unique<FakeEvaluator>(rules); };
}

}  // namespace nard
