#include "nn/mlp.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

#include <Eigen/Core>

#include "game/dice.h"
#include "nn/simd.h"

namespace nard {

namespace {

using namespace simd;
constexpr int kBlock = 64;                   // first-layer units accumulated in registers at a time
constexpr int kBlockVecs = kBlock / kLanes;  // accumulators
constexpr int kPad = kBlock;                 // layer widths are padded to this many floats (zeros)
int padded(int n) { return (n + kPad - 1) / kPad * kPad; }
int round_up(int n, int m) { return (n + m - 1) / m * m; }
// The largest operand block (floats) Eigen packs in hidden_layers_eigen: weight rows per product
// and positions per chunk are chosen to stay within it (64 KiB, half of Eigen's stack allocation
// limit) for hidden layers of up to 2048 inputs.
constexpr int kPackedFloats = 16384;
constexpr int kMaxChunk = 64;  // positions per chunk of forward()

// Writes to `index` (which holds n) the indices i in increasing order where x_g[i] != 0 for at
// least one of the G rows x_g = x + g * n; returns how many. Branch-free: which inputs are zero
// is unpredictable. With AVX-512, 16 inputs per step through the compress instruction (each step
// stores 16 slots from `count`, and count <= i keeps that inside [0, n)).
template <int G>
inline int union_of_non_zeros(const float* x, int n, int* __restrict index) {
  int count = 0;
  int i = 0;
#if defined(__AVX512F__)
  const __m512 zero = _mm512_setzero_ps();
  __m512i ids = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i step = _mm512_set1_epi32(16);
  for (; i + 16 <= n; i += 16) {
    __mmask16 m = 0;
    for (int g = 0; g < G; ++g)
      m |= _mm512_cmp_ps_mask(_mm512_loadu_ps(x + size_t(g) * n + i), zero, _CMP_NEQ_UQ);
    _mm512_storeu_si512(index + count, _mm512_maskz_compress_epi32(m, ids));
    count += std::popcount(unsigned(m));
    ids = _mm512_add_epi32(ids, step);
  }
#endif
  for (; i < n; ++i) {
    index[count] = i;
    bool any = false;
    for (int g = 0; g < G; ++g) any |= x[size_t(g) * n + i] != 0.0f;
    count += any;
  }
  return count;
}

// sum_i a[i]*b[i] over n (a multiple of kLanes): kLanes partial sums, added in a fixed order.
inline float dot(const float* __restrict a, const float* __restrict b, int n) {
  VecF acc = {};
  for (int i = 0; i < n; i += kLanes) acc += load(a + i) * load(b + i);
  float sum[kLanes];
  store(sum, acc);
  for (int w = kLanes / 2; w >= 1; w /= 2)
    for (int j = 0; j < w; ++j) sum[j] += sum[j + w];
  return sum[0];
}

uint32_t fnv1a(uint32_t h, uint32_t value) {
  for (int k = 0; k < 4; ++k) {
    h ^= (value >> (8 * k)) & 0xFFu;
    h *= 16777619u;
  }
  return h;
}

}  // namespace

std::vector<int> MlpWeights::hidden_sizes() const {
  std::vector<int> h;
  for (size_t k = 0; k + 1 < layers.size(); ++k) h.push_back(layers[k].outputs);
  return h;
}

uint32_t MlpWeights::arch_hash() const {
  uint32_t h = 2166136261u;
  h = fnv1a(h, uint32_t(encoder));
  h = fnv1a(h, uint32_t(inputs()));
  h = fnv1a(h, uint32_t(layers.size()));
  for (const DenseLayer& l : layers) {
    h = fnv1a(h, uint32_t(l.inputs));
    h = fnv1a(h, uint32_t(l.outputs));
  }
  return h;
}

std::optional<Error> MlpWeights::validate() const {
  const std::string net = std::string(encoder_name(encoder)) + " net: ";
  if (layers.empty()) return make_error(net + "has no layers");
  if (layers.front().inputs != encoder_inputs(encoder))
    return make_error(
        net + "takes " + std::to_string(layers.front().inputs) + " inputs but the " +
        std::string(encoder_name(encoder)) + " encoder of this nard writes " +
        std::to_string(encoder_inputs(encoder)) +
        "; the model was made for a different encoder version: retrain or export it again");
  if (layers.back().outputs != kOutputs)
    return make_error(net + "has " + std::to_string(layers.back().outputs) + " outputs, not " +
                      std::to_string(kOutputs));
  for (size_t k = 0; k < layers.size(); ++k) {
    const DenseLayer& l = layers[k];
    const std::string where = net + "layer " + std::to_string(k) + " ";
    if (l.inputs <= 0 || l.outputs <= 0 || l.inputs > 65536 || l.outputs > 65536)
      return make_error(where + "has impossible sizes " + std::to_string(l.outputs) + "x" +
                        std::to_string(l.inputs));
    if (k > 0 && l.inputs != layers[k - 1].outputs)
      return make_error(where + "takes " + std::to_string(l.inputs) +
                        " inputs but the layer before has " +
                        std::to_string(layers[k - 1].outputs) + " outputs");
    if (l.weight.size() != size_t(l.inputs) * size_t(l.outputs) ||
        l.bias.size() != size_t(l.outputs))
      return make_error(where + "tensor sizes do not match its shape");
    for (float v : l.weight)
      if (!std::isfinite(v))
        return make_error(where +
                          "holds a non-finite weight (NaN or infinity): the training diverged");
    for (float v : l.bias)
      if (!std::isfinite(v))
        return make_error(where +
                          "holds a non-finite bias (NaN or infinity): the training diverged");
  }
  return std::nullopt;
}

std::vector<int> default_hidden_sizes(EncoderId encoder) {
  switch (encoder) {
    case EncoderId::BackgammonRace:
      return {64};
    case EncoderId::BackgammonPrune:
    case EncoderId::PlakotoPrune:
    case EncoderId::Tawla31Prune:
    case EncoderId::FevgaPrune:
    case EncoderId::LongNardyPrune:
      return {32};
    default:
      return {128};
  }
}

DenseLayer random_dense_layer(int inputs, int outputs, double bound, Rng& rng) {
  DenseLayer l;
  l.inputs = inputs;
  l.outputs = outputs;
  l.weight.resize(size_t(inputs) * size_t(outputs));
  for (float& v : l.weight) v = float((rng.uniform() * 2.0 - 1.0) * bound);
  l.bias.resize(size_t(outputs));
  for (float& v : l.bias) v = float((rng.uniform() * 2.0 - 1.0) * bound);
  return l;
}

MlpWeights random_mlp(EncoderId encoder, std::span<const int> hidden, uint64_t seed, float scale) {
  Rng rng(seed);
  MlpWeights w;
  w.encoder = encoder;
  int in = encoder_inputs(encoder);
  std::vector<int> outs(hidden.begin(), hidden.end());
  outs.push_back(kOutputs);
  for (int out : outs) {
    const float s = scale > 0.0f ? scale : 1.0f / std::sqrt(float(in));
    w.layers.push_back(random_dense_layer(in, out, double(s), rng));
    in = out;
  }
  return w;
}

Result<std::vector<DenseLayer>> widen_hidden(const std::vector<DenseLayer>& from,
                                             const std::vector<DenseLayer>& fresh) {
  if (from.size() != fresh.size())
    return make_error("it has " + std::to_string(from.size()) + " layers, the new net " +
                      std::to_string(fresh.size()));
  std::vector<DenseLayer> out = fresh;
  for (size_t k = 0; k < from.size(); ++k) {
    const DenseLayer& a = from[k];
    DenseLayer& b = out[k];
    const bool last = k + 1 == from.size();
    if (a.inputs > b.inputs || a.outputs > b.outputs || (k == 0 && a.inputs != b.inputs) ||
        (last && a.outputs != b.outputs))
      return make_error("layer " + std::to_string(k) + " is " + std::to_string(a.outputs) + "x" +
                        std::to_string(a.inputs) + ", which does not fit in " +
                        std::to_string(b.outputs) + "x" + std::to_string(b.inputs));
    for (int o = 0; o < a.outputs; ++o) {
      for (int i = 0; i < b.inputs; ++i)
        b.weight[size_t(o) * b.inputs + i] =
            i < a.inputs ? a.weight[size_t(o) * a.inputs + i] : 0.0f;
      b.bias[size_t(o)] = a.bias[size_t(o)];
    }
  }
  return out;
}

Result<MlpWeights> grow_inputs(const MlpWeights& from, EncoderId to) {
  if (from.encoder == to) return from;
  // The only pair whose inputs extend the other's: bg-contact2 starts with bg-contact's inputs.
  if (from.encoder != EncoderId::BackgammonContact || to != EncoderId::BackgammonContact2)
    return make_error("a " + std::string(encoder_name(from.encoder)) + " net cannot grow into a " +
                      std::string(encoder_name(to)) + " net (only bg-contact into bg-contact2)");
  if (from.layers.empty() || from.inputs() != encoder_inputs(from.encoder))
    return make_error("the " + std::string(encoder_name(from.encoder)) + " net is malformed");
  MlpWeights out = from;
  out.encoder = to;
  const DenseLayer& a = from.layers.front();
  DenseLayer& b = out.layers.front();
  b.inputs = encoder_inputs(to);
  b.weight.assign(size_t(b.outputs) * size_t(b.inputs), 0.0f);
  for (int o = 0; o < a.outputs; ++o)
    std::copy_n(a.weight.begin() + size_t(o) * a.inputs, a.inputs,
                b.weight.begin() + size_t(o) * b.inputs);
  return out;
}

Mlp::Mlp(const MlpWeights& weights)
    : encoder_(weights.encoder), inputs_(weights.inputs()), layers_(weights.layers) {
  int widest_product_input = 1;
  for (size_t k = 0; k < layers_.size(); ++k) {
    const DenseLayer& l = layers_[k];
    PreparedLayer p;
    p.in = l.inputs;
    p.out = l.outputs;
    p.in_pad = padded(l.inputs);
    p.out_pad = padded(l.outputs);
    p.input_major = k == 0;
    p.bias.assign(p.out_pad, 0.0f);
    std::copy(l.bias.begin(), l.bias.end(), p.bias.begin());
    if (p.input_major) {
      p.w.assign(size_t(p.in) * p.out_pad, 0.0f);
      for (int o = 0; o < p.out; ++o)
        for (int i = 0; i < p.in; ++i)
          p.w[size_t(i) * p.out_pad + o] = l.weight[size_t(o) * p.in + i];
    } else {
      p.w.assign(size_t(p.out) * p.in_pad, 0.0f);
      for (int o = 0; o < p.out; ++o)
        for (int i = 0; i < p.in; ++i)
          p.w[size_t(o) * p.in_pad + i] = l.weight[size_t(o) * p.in + i];
    }
    if (k > 0 && k + 1 < layers_.size()) {  // a hidden layer after the first: Eigen's
      p.rows = round_up(p.out, kLanes);
      p.rows_per_block = std::min(p.rows, std::max(kLanes, kPackedFloats / p.in / kLanes * kLanes));
      p.w_cols.assign(size_t(p.rows) * p.in, 0.0f);
      for (int o = 0; o < p.out; ++o)
        for (int i = 0; i < p.in; ++i)
          p.w_cols[size_t(i) * p.rows + o] = l.weight[size_t(o) * p.in + i];
      widest_product_input = std::max(widest_product_input, p.in);
    }
    widest_ = std::max(widest_, p.out_pad);
    prepared_.push_back(std::move(p));
  }
  chunk_ = std::clamp(kPackedFloats / widest_product_input / 4 * 4, 4, kMaxChunk);
}

void Mlp::forward(const float* inputs, int batch, float* out, MlpScratch& scratch,
                  DenseKernel dense) const {
  constexpr int kGroup = 4;
  static_assert(kMaxChunk % kGroup == 0);
  const size_t w0 = size_t(prepared_[0].out_pad);
  const size_t chunk_floats = size_t(chunk_) * widest_;
  if (scratch.first.size() < size_t(chunk_) * w0) scratch.first.assign(size_t(chunk_) * w0, 0.0f);
  if (scratch.a.size() < chunk_floats) scratch.a.assign(chunk_floats, 0.0f);
  if (scratch.b.size() < chunk_floats) scratch.b.assign(chunk_floats, 0.0f);
  if (scratch.position.size() < 2 * size_t(widest_))
    scratch.position.assign(2 * size_t(widest_), 0.0f);
  if (scratch.nz_index.size() < size_t(inputs_)) scratch.nz_index.resize(inputs_);
  // The chunks are multiples of kGroup positions, so the groups are those of the whole batch.
  for (int c = 0; c < batch; c += chunk_) {
    const int n = std::min(chunk_, batch - c);
    const float* x = inputs + size_t(c) * inputs_;
    float* first = scratch.first.data();
    int s = 0;
    for (; s + kGroup <= n; s += kGroup)
      first_layer_group<kGroup>(x + size_t(s) * inputs_, first + s * w0, scratch.nz_index.data());
    for (; s < n; ++s)
      first_layer_group<1>(x + size_t(s) * inputs_, first + s * w0, scratch.nz_index.data());
    sigmoid_in_place(first, int(n * w0));
    // The hidden layers after the first: over the chunk with Eigen, or one position at a time.
    const float* act = first;
    size_t stride = w0;
    size_t next_layer = 1;
    if (dense == DenseKernel::Eigen && prepared_.size() > 2) {
      act = hidden_layers_eigen(n, scratch);
      stride = size_t(prepared_[prepared_.size() - 2].out_pad);
      next_layer = prepared_.size() - 1;
    }
    for (int g = 0; g < n; ++g)
      layers_by_dot_products(act + g * stride, next_layer, out + size_t(c + g) * kOutputs,
                             scratch.position.data());
  }
}

template <int G>
void Mlp::first_layer_group(const float* x, float* dst, int* __restrict nz_index) const {
  const PreparedLayer& first = prepared_[0];
  const int w0 = first.out_pad;
  // Bias + sum over the inputs of input * row, kBlock units at a time so the accumulators stay
  // in registers. Each row is loaded once for the G positions; the inputs that are zero in some
  // of them add exact zeros there, so every position gets the same sums, in the same order, as
  // alone.
  const int nnz = union_of_non_zeros<G>(x, inputs_, nz_index);
  for (int b = 0; b < w0; b += kBlock) {
    VecF acc[G][kBlockVecs];
    for (int g = 0; g < G; ++g)
      for (int j = 0; j < kBlockVecs; ++j) acc[g][j] = load(first.bias.data() + b + j * kLanes);
    for (int k = 0; k < nnz; ++k) {
      const int i = nz_index[k];
      const float* row = first.w.data() + size_t(i) * w0 + b;
      VecF w[kBlockVecs];
      for (int j = 0; j < kBlockVecs; ++j) w[j] = load(row + j * kLanes);
      for (int g = 0; g < G; ++g) {
        const float v = x[size_t(g) * inputs_ + i];
        for (int j = 0; j < kBlockVecs; ++j) acc[g][j] += v * w[j];
      }
    }
    for (int g = 0; g < G; ++g)
      for (int j = 0; j < kBlockVecs; ++j) store(dst + size_t(g) * w0 + b + j * kLanes, acc[g][j]);
  }
}

const float* Mlp::hidden_layers_eigen(int n, MlpScratch& scratch) const {
  using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;
  using Vector = Eigen::Matrix<float, Eigen::Dynamic, 1>;
  using Stride = Eigen::OuterStride<>;
  // Activations are column-major matrices over the existing buffers, one column of out_pad
  // floats per position. The chunk is padded to a multiple of 4 columns (zeros): Eigen's kernel
  // then takes every column in a panel of 4 columns (its nr), where a column's sums do not
  // depend on the other columns, so a position's result does not depend on the batch. Eigen
  // never switches to another product here: EIGEN_GEMM_TO_COEFFBASED_THRESHOLD=0
  // (nn/CMakeLists.txt) rules out its coefficient-based one for small sizes, and with at least 4
  // columns and kLanes rows, its matrix-vector one. The copies Eigen packs of the operands are at
  // most kPackedFloats each, under EIGEN_STACK_ALLOCATION_LIMIT: on the stack, no heap
  // (tests/alloc).
  const int n4 = round_up(n, 4);
  int stride = prepared_[0].out_pad;
  float* cur = scratch.first.data();
  std::fill(cur + size_t(n) * stride, cur + size_t(n4) * stride, 0.0f);
  float* next = scratch.a.data();
  for (size_t k = 1; k + 1 < prepared_.size(); ++k) {
    const PreparedLayer& l = prepared_[k];
    const Eigen::Map<const Matrix, 0, Stride> x(cur, l.in, n4, Stride(stride));
    Eigen::Map<Matrix, 0, Stride> y(next, l.out_pad, n4, Stride(l.out_pad));
    y.colwise() = Eigen::Map<const Vector>(l.bias.data(), l.out_pad);
    for (int r = 0; r < l.rows; r += l.rows_per_block) {
      const int rows = std::min(l.rows_per_block, l.rows - r);
      const Eigen::Map<const Matrix, 0, Stride> w(l.w_cols.data() + r, rows, l.in, Stride(l.rows));
      y.middleRows(r, rows).noalias() += w * x;
    }
    sigmoid_in_place(next, n4 * l.out_pad);
    stride = l.out_pad;
    cur = next;
    next = next == scratch.a.data() ? scratch.b.data() : scratch.a.data();
  }
  return cur;
}

void Mlp::layers_by_dot_products(const float* act, size_t from, float* out, float* buffers) const {
  // One dot product per output. act: the activations of layer from - 1 (out_pad floats).
  const float* cur = act;
  for (size_t k = from; k < prepared_.size(); ++k) {
    const PreparedLayer& l = prepared_[k];
    float* next = buffers + (k - from) % 2 * size_t(widest_);
    for (int o = 0; o < l.out; ++o)
      next[o] = dot(l.w.data() + size_t(o) * l.in_pad, cur, l.in_pad) + l.bias[o];
    for (int o = l.out; o < l.out_pad; ++o) next[o] = 0.0f;
    sigmoid_in_place(next, k + 1 < prepared_.size() ? l.out_pad : kOutputs);
    cur = next;
  }
  for (int o = 0; o < kOutputs; ++o) out[o] = cur[o];
}

void Mlp::forward_reference(const float* inputs, int batch, float* out) const {
  // Products of two floats are exact in double, so the sums below do not depend on whether the
  // compiler fuses multiply and add: the result is the same on every build.
  std::vector<float> cur, next;
  for (int s = 0; s < batch; ++s) {
    cur.assign(inputs + size_t(s) * inputs_, inputs + size_t(s + 1) * inputs_);
    for (const DenseLayer& l : layers_) {
      next.assign(l.outputs, 0.0f);
      for (int o = 0; o < l.outputs; ++o) {
        double acc = l.bias[o];
        for (int i = 0; i < l.inputs; ++i)
          acc += double(l.weight[size_t(o) * l.inputs + i]) * double(cur[i]);
        next[o] = float(1.0 / (1.0 + std::exp(-acc)));
      }
      std::swap(cur, next);
    }
    for (int o = 0; o < kOutputs; ++o) out[size_t(s) * kOutputs + o] = cur[o];
  }
}

}  // namespace nard
