// A pruning net (nn/encoder.h: bg-prune, or plakoto-, tawla31-, fevga-, longnardy-prune) evaluated
// straight from a Position: no dense input vector, the first layer summed over the few inputs a
// position sets (a unit row per occupied point), so an evaluation costs a few dozen vector
// additions. The same function as encode(its encoder) followed by Mlp
// (tests/nn/nn_prune_net_test.cpp checks them against each other).
//
// Thread-safety: immutable after construction; share it between threads.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/result.h"
#include "game/position.h"
#include "nn/mlp.h"
#include "nn/probabilities.h"

namespace nard {

class PruneNet {
 public:
  // Fails unless w is a pruning net with exactly one hidden layer of at most kMaxHidden units.
  // geometry: the rules' (a rule option may change a game's default, e.g. Tawla 31's
  // t31_geometry): the positions evaluated must have it.
  static Result<PruneNet> create(const MlpWeights& w, Geometry geometry);
  static constexpr int kMaxHidden = 256;

  Probabilities evaluate(const Position& pos) const;
  // out[i] = evaluate(plays[i].flipped()) for results plays[i] (mover's view, the turn not yet
  // passed) of plays from `parent`, computed incrementally: the first layer's sums of
  // parent.flipped() once, then per play only the rows of the points (count or pin) and bars
  // that differ from the parent (a play changes 2 to 8). Equal to evaluate() up to float rounding
  // (the sums are added in another order). Preconditions: the positions are of the net's game
  // (its geometry); no play ends the game.
  void evaluate_results(const Position& parent, std::span<const Position> plays,
                        std::span<Probabilities> out) const;
  int hidden() const { return hidden_; }

 private:
  PruneNet() = default;
  template <int NV>
  Probabilities evaluate_fixed(const Position& pos) const;
  template <int NV>
  void evaluate_results_fixed(const Position& parent, std::span<const Position> plays,
                              std::span<Probabilities> out) const;
  // The first-layer row of v checkers (mover > 0) on top of mover point p, with (pin) a checker
  // of the other colour pinned under them, and of n checkers on a bar.
  const float* point_row(int p, int v, bool pin) const {
    return point_rows_.data() + point_row_offset(p, v, pin);
  }
  size_t point_row_offset(int p, int v, bool pin) const {
    return ((size_t(pin) * 24 + size_t(p - 1)) * 31 + size_t(v + 15)) * size_t(hidden_pad_);
  }
  const float* bar_row(int side, int n) const {
    return bar_rows_.data() + size_t(side * 16 + (n & 15)) * hidden_pad_;
  }
  // From the first layer's sums of G positions: the hidden sigmoid and the output layer, out[g]
  // from acc[g]. Vec: nn/simd.h's register type (kept out of this header).
  template <int NV, int G, class Vec>
  void finish_group(Vec (*acc)[NV], Probabilities* out) const;
  int hidden_ = 0, hidden_pad_ = 0;  // hidden_pad_: a multiple of the SIMD width
  std::array<uint8_t, 25> flip_{};   // flip_[p] = flip_point(p, the rules' geometry), p = 1..24
  // The first-layer sums of whole points, so that a position costs one row per point and no
  // branches: point_row(p, v, pin) is the sum of the unit rows that v checkers on mover point p
  // set (v > 0 the mover's, v < 0 the opponent's, 0 nothing), with a checker of the other colour
  // pinned under them when pin (Plakoto), and their share of the pip and borne-off inputs (linear
  // in the checkers: see create());
  // bar_rows_[(side * 16 + n) * hidden_pad_ ...] the same for n checkers on a bar. bias_ holds
  // the first layer's bias and the off inputs' constant part.
  std::vector<float> point_rows_;
  std::vector<float> bar_rows_;
  std::vector<float> bias_;        // hidden_pad_
  std::vector<float> out_weight_;  // kOutputs x hidden_pad_
  float out_bias_[kOutputs] = {};
};

}  // namespace nard
