#include "training/td_targets.h"

namespace nard::training {

namespace {
Probabilities mix(const Probabilities& a, const Probabilities& b, double wa) {
  const auto x = a.as_array(), y = b.as_array();
  float out[kOutputs];
  for (int k = 0; k < kOutputs; ++k) out[k] = float(wa * x[k] + (1.0 - wa) * y[k]);
  return Probabilities::from_array(out);
}
}  // namespace

std::vector<Probabilities> lambda_returns(std::span<const Probabilities> values,
                                          const Probabilities& final_result, double lambda) {
  const size_t n = values.size();
  std::vector<Probabilities> g(n);
  if (n == 0) return g;
  g[n - 1] = final_result;
  for (size_t t = n - 1; t-- > 0;)
    g[t] = mix(invert(values[t + 1]), invert(g[t + 1]), 1.0 - lambda);
  return g;
}

}  // namespace nard::training
