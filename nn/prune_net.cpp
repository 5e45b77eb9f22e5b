#include "nn/prune_net.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>

#include "nn/encoder.h"
#include "nn/encoder_layout.h"
#include "nn/simd.h"

namespace nard {

using namespace simd;

namespace {
constexpr int kMaxVecs = PruneNet::kMaxHidden / kLanes;
constexpr int kFixedVecs = 8;  // widths with their own compiled evaluate_fixed

// Where a pruning encoder puts each input (nn/encoder_layout.h: bg_prune, board_prune).
struct PruneLayout {
  int side[2];  // the mover's block, the opponent's
  int points;   // 24 x 4 point units
  int pinned;   // 24 pinned checkers, or -1 when the encoder has none (backgammon)
  int bar, off, pips;
  float excess_divisor, pip_divisor;
};

std::optional<PruneLayout> prune_layout(EncoderId id) {
  namespace B = layout::bg_prune;
  namespace G = layout::board_prune;
  switch (id) {
    case EncoderId::BackgammonPrune:
      return PruneLayout{{B::kMover, B::kOpponent}, B::kPoints,    -1, B::kBar, B::kOff, B::kPips,
                         B::kExcessDivisor,         B::kPipDivisor};
    case EncoderId::PlakotoPrune:
    case EncoderId::Tawla31Prune:
    case EncoderId::FevgaPrune:
    case EncoderId::LongNardyPrune:
      return PruneLayout{
          {G::kMover, G::kOpponent}, G::kPoints,    G::kPinned, G::kBar, G::kOff, G::kPips,
          G::kExcessDivisor,         G::kPipDivisor};
    default:
      return std::nullopt;
  }
}
}  // namespace

Result<PruneNet> PruneNet::create(const MlpWeights& w, Geometry geometry) {
  const std::optional<PruneLayout> lay = prune_layout(w.encoder);
  if (!lay)
    return make_error("'" + std::string(encoder_name(w.encoder)) + "' is not a pruning net");
  if (auto e = w.validate()) return *e;
  if (w.layers.size() != 2 || w.layers[0].outputs > kMaxHidden)
    return make_error("a pruning net must have one hidden layer of at most " +
                      std::to_string(kMaxHidden) + " units");
  PruneNet n;
  for (int p = 1; p <= 24; ++p) n.flip_[size_t(p)] = uint8_t(flip_point(p, geometry));
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
                        count > 3 ? float(count - 3) / lay->excess_divisor : 0.0f};
    for (int k = 0; k < 4; ++k)
      for (int h = 0; h < n.hidden_pad_; ++h)
        dst[h] += u[k] * rows[size_t(base + k) * n.hidden_pad_ + h];
  };
  // The pip and borne-off inputs are linear in the checkers: a checker on its side's point q adds
  // q pips to that side's count, one on a bar 25, and every checker on the board (pinned or not)
  // or a bar is one fewer off (off = 15 - board - bar). So they fold into the same rows, 15/15
  // of each off row going to the bias.
  const auto add_scaled = [&](float* dst, int input, float scale) {
    for (int h = 0; h < n.hidden_pad_; ++h)
      dst[h] += scale * rows[size_t(input) * n.hidden_pad_ + h];
  };
  const auto add_checkers = [&](float* dst, int side, int count, int pips_each) {
    add_scaled(dst, lay->side[side] + lay->pips, float(count * pips_each) / lay->pip_divisor);
    add_scaled(dst, lay->side[side] + lay->off, -float(count) / 15.0f);
  };
  // A checker of `side` pinned on its own point q: its pinned input, and it is on the board.
  const auto add_pinned = [&](float* dst, int side, int q) {
    if (lay->pinned < 0) return;  // no pins in this game
    add_scaled(dst, lay->side[side] + lay->pinned + q - 1, 1.0f);
    add_checkers(dst, side, 1, q);
  };
  n.point_rows_.assign(size_t(2) * 24 * 31 * n.hidden_pad_, 0.0f);
  for (int pin = 0; pin < 2; ++pin)
    for (int p = 1; p <= 24; ++p)
      for (int v = -15; v <= 15; ++v) {
        float* dst = n.point_rows_.data() + n.point_row_offset(p, v, pin != 0);
        const int q = n.flip_[size_t(p)];  // the opponent's number of mover point p
        if (v > 0) {
          add_units(dst, lay->side[0] + lay->points + 4 * (p - 1), v);
          add_checkers(dst, 0, v, p);
          if (pin) add_pinned(dst, 1, q);  // an opponent's checker under ours
        }
        if (v < 0) {
          add_units(dst, lay->side[1] + lay->points + 4 * (q - 1), -v);
          add_checkers(dst, 1, -v, q);
          if (pin) add_pinned(dst, 0, p);  // one of ours under the opponent's
        }
      }
  n.bar_rows_.assign(size_t(2) * 16 * n.hidden_pad_, 0.0f);
  for (int side = 0; side < 2; ++side)
    for (int c = 1; c < 16; ++c) {
      float* dst = n.bar_rows_.data() + size_t(side * 16 + c) * n.hidden_pad_;
      add_units(dst, lay->side[side] + lay->bar, c);
      add_checkers(dst, side, c, 25);
    }
  n.bias_.assign(n.hidden_pad_, 0.0f);
  std::copy(first.bias.begin(), first.bias.end(), n.bias_.begin());
  add_scaled(n.bias_.data(), lay->side[0] + lay->off, 1.0f);
  add_scaled(n.bias_.data(), lay->side[1] + lay->off, 1.0f);
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
  for (int p = 1; p <= 24; ++p) add(point_row(p, pos.at(p), pos.pinned_under(p)));
  add(bar_row(0, pos.mover_bar));
  add(bar_row(1, pos.opp_bar));
  Probabilities out;
  finish_group<NV, 1>(&acc, &out);
  return out;
}

namespace {
// Bit k-1 set for each point k (1..24) whose count or pin differs between a and b.
inline uint32_t changed_points(const Position& a, const Position& b) {
  uint32_t mask = (a.flags ^ b.flags) & Position::kPinMask;
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
  // mover point p of the parent is point flip_[p] there, with the colours swapped.
  VecF base[NV];
  for (int j = 0; j < NV; ++j) base[j] = load(bias_.data() + j * kLanes);
  for (int p = 1; p <= 24; ++p) {
    const float* row = point_row(flip_[size_t(p)], -parent.at(p), parent.pinned_under(p));
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
      const int q = flip_[size_t(p)];
      replace(point_row(q, -c.at(p), c.pinned_under(p)),
              point_row(q, -parent.at(p), parent.pinned_under(p)));
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
