// The bg-prune net (nn/encoder.h) evaluated straight from a Position: no dense input vector, the
// first layer summed over the few inputs a position sets (a unit row per occupied point), so an
// evaluation costs a few dozen vector additions. The same function as encode(bg-prune) followed
// by Mlp (tests/nn_prune_net_test.cpp checks them against each other).
//
// Thread-safety: immutable after construction; share it between threads.
#pragma once

#include <vector>

#include "engine/position.h"
#include "engine/result.h"
#include "nn/mlp.h"
#include "nn/probabilities.h"

namespace nard {

class PruneNet {
 public:
  // Fails unless w is a bg-prune net with exactly one hidden layer of at most kMaxHidden units.
  static Result<PruneNet> create(const MlpWeights& w);
  static constexpr int kMaxHidden = 256;

  Probabilities evaluate(const Position& pos) const;
  int hidden() const { return hidden_; }

 private:
  PruneNet() = default;
  template <int NV>
  Probabilities evaluate_fixed(const Position& pos) const;
  Probabilities evaluate_any(const Position& pos) const;
  int hidden_ = 0, hidden_pad_ = 0;  // hidden_pad_: a multiple of the SIMD width
  std::vector<float> rows_;          // input-major first layer: rows_[input * hidden_pad_ + unit]
  // The first-layer sums of whole points, so that a position costs one row per point and no
  // branches: point_rows_[((p - 1) * 31 + v + 15) * hidden_pad_ ...] is the sum of the unit rows
  // that v checkers on mover point p set (v > 0 the mover's, v < 0 the opponent's, 0 nothing);
  // bar_rows_[(side * 16 + n) * hidden_pad_ ...] the same for n checkers on a bar.
  std::vector<float> point_rows_;
  std::vector<float> bar_rows_;
  std::vector<float> bias_;          // hidden_pad_
  std::vector<float> out_weight_;    // kOutputs x hidden_pad_
  float out_bias_[kOutputs] = {};
};

}  // namespace nard
