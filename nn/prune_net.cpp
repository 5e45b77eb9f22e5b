#include "nn/prune_net.h"

#include <algorithm>
#include <string>

#include "nn/encoder.h"
#include "nn/encoder_layout.h"
#include "nn/simd.h"

namespace nard {

using namespace simd;
namespace L = layout::bg_prune;

namespace {
constexpr int kMaxVecs = PruneNet::kMaxHidden / kLanes;
constexpr int kFixedVecs = 8;  // widths with their own compiled evaluate_fixed
}  // namespace

Result<PruneNet> PruneNet::create(const MlpWeights& w) {
  if (w.encoder != EncoderId::BackgammonPrune) return make_error("not a bg-prune net");
  if (auto e = w.validate()) return *e;
  if (w.layers.size() != 2 || w.layers[0].outputs > kMaxHidden)
    return make_error("a bg-prune net must have one hidden layer of at most " + std::to_string(kMaxHidden) +
                      " units");
  PruneNet n;
  const DenseLayer& first = w.layers[0];
  const DenseLayer& second = w.layers[1];
  n.hidden_ = first.outputs;
  n.hidden_pad_ = (n.hidden_ + kLanes - 1) / kLanes * kLanes;
  if (n.hidden_pad_ > kFixedVecs * kLanes) n.hidden_pad_ = kMaxHidden;  // evaluate_any's width
  n.rows_.assign(size_t(first.inputs) * n.hidden_pad_, 0.0f);
  for (int o = 0; o < first.outputs; ++o)
    for (int i = 0; i < first.inputs; ++i)
      n.rows_[size_t(i) * n.hidden_pad_ + o] = first.weight[size_t(o) * first.inputs + i];
  // Whole-point sums of the unit rows (see the header).
  const auto add_units = [&](float* dst, int base, int count) {
    const float u[4] = {1.0f, count >= 2 ? 1.0f : 0.0f, count >= 3 ? 1.0f : 0.0f,
                        count > 3 ? float(count - 3) / L::kExcessDivisor : 0.0f};
    for (int k = 0; k < 4; ++k)
      for (int h = 0; h < n.hidden_pad_; ++h) dst[h] += u[k] * n.rows_[size_t(base + k) * n.hidden_pad_ + h];
  };
  n.point_rows_.assign(size_t(24) * 31 * n.hidden_pad_, 0.0f);
  for (int p = 1; p <= 24; ++p)
    for (int v = -15; v <= 15; ++v) {
      float* dst = n.point_rows_.data() + (size_t(p - 1) * 31 + size_t(v + 15)) * n.hidden_pad_;
      if (v > 0) add_units(dst, L::kMover + L::kPoints + 4 * (p - 1), v);
      if (v < 0) add_units(dst, L::kOpponent + L::kPoints + 4 * (24 - p), -v);  // its point 25 - p
    }
  n.bar_rows_.assign(size_t(2) * 16 * n.hidden_pad_, 0.0f);
  for (int side = 0; side < 2; ++side)
    for (int c = 1; c < 16; ++c)
      add_units(n.bar_rows_.data() + size_t(side * 16 + c) * n.hidden_pad_,
                (side ? L::kOpponent : L::kMover) + L::kBar, c);
  n.bias_.assign(n.hidden_pad_, 0.0f);
  std::copy(first.bias.begin(), first.bias.end(), n.bias_.begin());
  n.out_weight_.assign(size_t(kOutputs) * n.hidden_pad_, 0.0f);
  for (int o = 0; o < kOutputs; ++o) {
    for (int i = 0; i < second.inputs; ++i)
      n.out_weight_[size_t(o) * n.hidden_pad_ + i] = second.weight[size_t(o) * second.inputs + i];
    n.out_bias_[o] = second.bias[size_t(o)];
  }
  return n;
}

// NV = hidden_pad_ / kLanes, a compile-time constant so that the accumulators live in registers.
template <int NV>
Probabilities PruneNet::evaluate_fixed(const Position& pos) const {
  VecF acc[NV];
  for (int j = 0; j < NV; ++j) acc[j] = load(bias_.data() + j * kLanes);
  const float* rows = rows_.data();
  const auto add = [&](const float* row) {
    for (int j = 0; j < NV; ++j) acc[j] += load(row + j * kLanes);
  };
  const auto add_scaled = [&](int input, float scale) {
    const float* row = rows + size_t(input) * (NV * kLanes);
    for (int j = 0; j < NV; ++j) acc[j] += scale * load(row + j * kLanes);
  };
  // One precomputed row per point and per bar, no branches on the checker counts.
  const float* points = point_rows_.data();
  int mover_pips = 25 * pos.mover_bar, opp_pips = 25 * pos.opp_bar;
  for (int p = 1; p <= 24; ++p) {
    const int v = pos.at(p);
    add(points + (size_t(p - 1) * 31 + size_t(v + 15)) * (NV * kLanes));
    mover_pips += (v > 0 ? v : 0) * p;
    opp_pips += (v < 0 ? -v : 0) * (25 - p);
  }
  add(bar_rows_.data() + size_t(pos.mover_bar & 15) * (NV * kLanes));
  add(bar_rows_.data() + size_t(16 + (pos.opp_bar & 15)) * (NV * kLanes));
  add_scaled(L::kMover + L::kOff, pos.mover_off / 15.0f);
  add_scaled(L::kOpponent + L::kOff, pos.opp_off / 15.0f);
  add_scaled(L::kMover + L::kPips, mover_pips / 200.0f);
  add_scaled(L::kOpponent + L::kPips, opp_pips / 200.0f);

  for (int j = 0; j < NV; ++j) acc[j] = sigmoid(acc[j]);
  alignas(64) float out[kLanes > kOutputs ? kLanes : 8] = {};
  for (int o = 0; o < kOutputs; ++o) {
    VecF sum = {};
    const float* w = out_weight_.data() + size_t(o) * (NV * kLanes);
    for (int j = 0; j < NV; ++j) sum += load(w + j * kLanes) * acc[j];
    float lanes[kLanes];
    store(lanes, sum);
    float s = out_bias_[o];
    for (int l = 0; l < kLanes; ++l) s += lanes[l];
    out[o] = s;
  }
  sigmoid_in_place(out, kOutputs);
  return Probabilities::from_array(out);
}

Probabilities PruneNet::evaluate(const Position& pos) const {
  switch (hidden_pad_ / kLanes) {
    case 1: return evaluate_fixed<1>(pos);
    case 2: return evaluate_fixed<2>(pos);
    case 3: return evaluate_fixed<3>(pos);
    case 4: return evaluate_fixed<4>(pos);
    case 5: return evaluate_fixed<5>(pos);
    case 6: return evaluate_fixed<6>(pos);
    case 7: return evaluate_fixed<7>(pos);
    case 8: return evaluate_fixed<8>(pos);
    default: return evaluate_any(pos);
  }
}

Probabilities PruneNet::evaluate_any(const Position& pos) const {
  // Wider nets (rare): the same sums through a temporary wide enough for kMaxHidden.
  return evaluate_fixed<kMaxVecs>(pos);
}

}  // namespace nard
