// The mean of a sample and the standard error of that mean (sample standard deviation / sqrt(n)),
// from running sums: what the benches report as "mean ± standard error".
#pragma once

#include <algorithm>
#include <cmath>

namespace nard {

// Standard error of the mean of n samples from their sum and sum of squares; 0 below 2 samples.
inline double standard_error_of_mean(int n, double sum, double sum_sq) {
  if (n < 2) return 0.0;
  const double mean = sum / n;
  const double variance = std::max(0.0, (sum_sq - n * mean * mean) / (n - 1));
  return std::sqrt(variance / n);
}

struct SampleMean {
  int n = 0;
  double sum = 0.0, sum_sq = 0.0;

  void add(double x) {
    ++n;
    sum += x;
    sum_sq += x * x;
  }
  double mean() const { return n ? sum / n : 0.0; }
  double standard_error() const { return standard_error_of_mean(n, sum, sum_sq); }
};

}  // namespace nard
