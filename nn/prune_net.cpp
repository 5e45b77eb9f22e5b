#include "nn/prune_net.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

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
    return make_error("a bg-prune net must have one hidden layer of at most " +
                      std::to_string(kMaxHidden) + " units");
  PruneNet n;
  const DenseLayer& first = w.layers[0];
  const DenseLayer& second = w.layers[1];
  n.hidden_ = first.outputs;
  n.hidden_pad_ = (n.hidden_ + kLanes - 1) / kLanes * kLanes;
  if (n.hidden_pad_ > kFixedVecs * kLanes) n.hidden_pad_ = kMaxHidden;  // with_width's widest case
  // The first layer input-major: rows[input * hidden_pad_ + unit].
  std::vector<float> rows(size_t(first.inputs) * n.hidden_pad_, 0.0f);
  for (int o = 0; o < first.outputs; ++o)
    for (int i = 0; i < first.inputs; ++i)
      rows[size_t(i) * n.hidden_pad_ + o] = first.weight[size_t(o) * first.inputs + i];
  // Whole-point sums of the unit rows (see the header).
  const auto add_units = [&](float* dst, int base, int count) {
    const float u[4] = {1.0f, count >= 2 ? 1.0f : 0.0f, count >= 3 ? 1.0f : 0.0f,
                        count > 3 ? float(count - 3) / L::kExcessDivisor : 0.0f};
    for (int k = 0; k < 4; ++k)
      for (int h = 0; h < n.hidden_pad_; ++h)
        dst[h] += u[k] * rows[size_t(base + k) * n.hidden_pad_ + h];
  };
  // The pip and borne-off inputs are linear in the checkers: a checker on mover point p adds p
  // pips to the mover's count (an opponent checker there 25 - p to his), one on a bar 25, and
  // every checker on the board or a bar is one fewer off (off = 15 - board - bar). So they fold
  // into the same rows, 15/15 of each off row going to the bias.
  const auto add_scaled = [&](float* dst, int input, float scale) {
    for (int h = 0; h < n.hidden_pad_; ++h)
      dst[h] += scale * rows[size_t(input) * n.hidden_pad_ + h];
  };
  const auto add_checkers = [&](float* dst, bool mover, int count, int pips_each) {
    const int side = mover ? L::kMover : L::kOpponent;
    add_scaled(dst, side + L::kPips, float(count * pips_each) / 200.0f);
    add_scaled(dst, side + L::kOff, -float(count) / 15.0f);
  };
  n.point_rows_.assign(size_t(24) * 31 * n.hidden_pad_, 0.0f);
  for (int p = 1; p <= 24; ++p)
    for (int v = -15; v <= 15; ++v) {
      float* dst = n.point_rows_.data() + (size_t(p - 1) * 31 + size_t(v + 15)) * n.hidden_pad_;
      if (v > 0) {
        add_units(dst, L::kMover + L::kPoints + 4 * (p - 1), v);
        add_checkers(dst, true, v, p);
      }
      if (v < 0) {
        add_units(dst, L::kOpponent + L::kPoints + 4 * (24 - p), -v);  // its point 25 - p
        add_checkers(dst, false, -v, 25 - p);
      }
    }
  n.bar_rows_.assign(size_t(2) * 16 * n.hidden_pad_, 0.0f);
  for (int side = 0; side < 2; ++side)
    for (int c = 1; c < 16; ++c) {
      float* dst = n.bar_rows_.data() + size_t(side * 16 + c) * n.hidden_pad_;
      add_units(dst, (side ? L::kOpponent : L::kMover) + L::kBar, c);
      add_checkers(dst, side == 0, c, 25);
    }
  n.bias_.assign(n.hidden_pad_, 0.0f);
  std::copy(first.bias.begin(), first.bias.end(), n.bias_.begin());
  add_scaled(n.bias_.data(), L::kMover + L::kOff, 1.0f);
  add_scaled(n.bias_.data(), L::kOpponent + L::kOff, 1.0f);
  n.out_weight_.assign(size_t(kOutputs) * n.hidden_pad_, 0.0f);
  for (int o = 0; o < kOutputs; ++o) {
    for (int i = 0; i < second.inputs; ++i)
      n.out_weight_[size_t(o) * n.hidden_pad_ + i] = second.weight[size_t(o) * second.inputs + i];
    n.out_bias_[o] = second.bias[size_t(o)];
  }
  return n;
}

// From the first layer's sums acc[g] of G positions: the hidden sigmoid and the output layer,
// into out[g]. The G evaluations are independent chains (sigmoid, dot products, sums, sigmoid),
// interleaved stage by stage so that their latencies overlap; each lane's arithmetic is the same
// for any G.
template <int NV, int G, class Vec>
[[gnu::always_inline]] inline void PruneNet::finish_group(Vec (*acc)[NV],
                                                          Probabilities* out) const {
  for (int g = 0; g < G; ++g)
    for (int j = 0; j < NV; ++j) acc[g][j] = sigmoid_fast_reciprocal(acc[g][j]);
  static_assert(kOutputs == 5);
  // The G plays' outputs side by side, padded to whole registers for the last sigmoid.
  constexpr int kValues = (G * kOutputs + kLanes - 1) / kLanes * kLanes;
  alignas(64) float values[kValues > 8 ? kValues : 8] = {};
  for (int g = 0; g < G; ++g) {
    VecF sum[kOutputs] = {};
    for (int o = 0; o < kOutputs; ++o) {
      const float* w = out_weight_.data() + size_t(o) * (NV * kLanes);
      for (int j = 0; j < NV; ++j) sum[o] += load(w + j * kLanes) * acc[g][j];
    }
    float* v = values + g * kOutputs;
    const Vec4F first4 = horizontal_sums(sum[0], sum[1], sum[2], sum[3]);
    for (int o = 0; o < 4; ++o) v[o] = first4[o];
    const Vec4F last = fold_to_4(sum[4]);
    v[4] = (last[0] + last[1]) + (last[2] + last[3]);
    for (int o = 0; o < kOutputs; ++o) v[o] += out_bias_[o];
  }
  sigmoid_in_place(values, G * kOutputs);
  for (int g = 0; g < G; ++g) out[g] = Probabilities::from_array(values + g * kOutputs);
}

// NV = hidden_pad_ / kLanes, a compile-time constant so that the accumulators live in registers.
template <int NV>
Probabilities PruneNet::evaluate_fixed(const Position& pos) const {
  VecF acc[NV];
  for (int j = 0; j < NV; ++j) acc[j] = load(bias_.data() + j * kLanes);
  const auto add = [&](const float* row) {
    for (int j = 0; j < NV; ++j) acc[j] += load(row + j * kLanes);
  };
  // One precomputed row per point and per bar, no branches on the checker counts.
  for (int p = 1; p <= 24; ++p) add(point_row(p, pos.at(p)));
  add(bar_row(0, pos.mover_bar));
  add(bar_row(1, pos.opp_bar));
  Probabilities out;
  finish_group<NV, 1>(&acc, &out);
  return out;
}

namespace {
// Bit k-1 set for each point k (1..24) whose count differs between a and b.
inline uint32_t changed_points(const Position& a, const Position& b) {
  uint32_t mask = 0;
  for (int w = 0; w < 3; ++w) {
    uint64_t x, y;
    std::memcpy(&x, a.board.data() + 8 * w, 8);
    std::memcpy(&y, b.board.data() + 8 * w, 8);
    uint64_t d = x ^ y;
    // High bit of each byte that is non-zero.
    constexpr uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL, kHigh = 0x8080808080808080ULL;
    d = (((d & kLow7) + kLow7) | d) & kHigh;
    // Gather the 8 high bits into 8 consecutive bits.
    mask |= uint32_t((d >> 7) * 0x0102040810204080ULL >> 56) << (8 * w);
  }
  return mask;
}
}  // namespace

template <int NV>
void PruneNet::evaluate_results_fixed(const Position& parent, std::span<const Position> plays,
                                      std::span<Probabilities> out) const {
  // The parent seen by the opponent (what each play's result is, flipped, before the play):
  // mover point p of the parent is point 25 - p there, with the colours swapped.
  VecF base[NV];
  for (int j = 0; j < NV; ++j) base[j] = load(bias_.data() + j * kLanes);
  for (int p = 1; p <= 24; ++p) {
    const float* row = point_row(25 - p, -parent.at(p));  // -v on point 25 - p of the flipped board
    for (int j = 0; j < NV; ++j) base[j] += load(row + j * kLanes);
  }
  const float* parent_bar0 = bar_row(0, parent.opp_bar);
  const float* parent_bar1 = bar_row(1, parent.mover_bar);
  for (int j = 0; j < NV; ++j)
    base[j] += load(parent_bar0 + j * kLanes) + load(parent_bar1 + j * kLanes);

  // The first-layer sums of play c's result, flipped, into acc.
  const auto first_layer = [&](const Position& c, VecF* acc) {
    for (int j = 0; j < NV; ++j) acc[j] = base[j];
    const auto replace = [&](const float* add, const float* sub) {
      for (int j = 0; j < NV; ++j) acc[j] += load(add + j * kLanes) - load(sub + j * kLanes);
    };
    for (uint32_t m = changed_points(c, parent); m; m &= m - 1) {
      const int p = __builtin_ctz(m) + 1;
      replace(point_row(25 - p, -c.at(p)), point_row(25 - p, -parent.at(p)));
    }
    if (c.opp_bar != parent.opp_bar) replace(bar_row(0, c.opp_bar), parent_bar0);        // hits
    if (c.mover_bar != parent.mover_bar) replace(bar_row(1, c.mover_bar), parent_bar1);  // entering
  };
  const size_t n = std::min(plays.size(), out.size());
  constexpr int kGroup = 4;
  size_t i = 0;
  for (; i + kGroup <= n; i += kGroup) {
    VecF acc[kGroup][NV];
    for (int g = 0; g < kGroup; ++g) first_layer(plays[i + size_t(g)], acc[g]);
    finish_group<NV, kGroup>(acc, out.data() + i);
  }
  for (; i < n; ++i) {
    VecF acc[1][NV];
    first_layer(plays[i], acc[0]);
    finish_group<NV, 1>(acc, out.data() + i);
  }
}

namespace {
// Calls f(std::integral_constant<int, NV>{}) for NV = nvecs, a width with its own compiled code
// (1..kFixedVecs), or kMaxVecs for the wider nets create() pads to kMaxHidden.
template <class F>
decltype(auto) with_width(int nvecs, F&& f) {
  switch (nvecs) {
    case 1:
      return f(std::integral_constant<int, 1>{});
    case 2:
      return f(std::integral_constant<int, 2>{});
    case 3:
      return f(std::integral_constant<int, 3>{});
    case 4:
      return f(std::integral_constant<int, 4>{});
    case 5:
      return f(std::integral_constant<int, 5>{});
    case 6:
      return f(std::integral_constant<int, 6>{});
    case 7:
      return f(std::integral_constant<int, 7>{});
    case 8:
      return f(std::integral_constant<int, 8>{});
    default:
      return f(std::integral_constant<int, kMaxVecs>{});
  }
}
static_assert(kFixedVecs == 8, "with_width lists the fixed widths");
}  // namespace

Probabilities PruneNet::evaluate(const Position& pos) const {
  return with_width(hidden_pad_ / kLanes, [&](auto nv) { return evaluate_fixed<nv()>(pos); });
}

void PruneNet::evaluate_results(const Position& parent, std::span<const Position> plays,
                                std::span<Probabilities> out) const {
  with_width(hidden_pad_ / kLanes,
             [&](auto nv) { evaluate_results_fixed<nv()>(parent, plays, out); });
}

}  // namespace nard
