// The multilayer perceptron used for play: float32, every hidden layer sigmoid, kOutputs sigmoid
// outputs (the five probabilities of nn/probabilities.h, in that order).
//
// Layer tensors use LibTorch's nn::Linear layout (weight: outputs x inputs, row-major; bias:
// outputs), so the trainer exports them with a plain copy. Mlp prepares its own layout for speed
// (first layer input-major, so a zero input costs nothing).
//
// Thread-safety: MlpWeights and Mlp are immutable after construction and may be shared by any
// number of threads; each thread owns its MlpScratch.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/result.h"
#include "nn/dense_layer.h"
#include "nn/encoder.h"
#include "nn/probabilities.h"

namespace nard {

class Rng;  // game/dice.h

inline bool operator==(const DenseLayer& a, const DenseLayer& b) {
  return a.inputs == b.inputs && a.outputs == b.outputs && a.weight == b.weight && a.bias == b.bias;
}

// One network: encoder inputs -> hidden sigmoid layers -> kOutputs sigmoid outputs.
struct MlpWeights {
  EncoderId encoder = EncoderId::BackgammonContact;
  std::vector<DenseLayer> layers;  // layers[0].inputs == encoder_inputs(encoder); last has kOutputs
  bool operator==(const MlpWeights&) const = default;

  int inputs() const { return layers.empty() ? 0 : layers.front().inputs; }
  // Hidden layer widths, e.g. {128}.
  std::vector<int> hidden_sizes() const;
  // FNV-1a over (encoder id, input count, every layer's inputs and outputs): the architecture
  // signature stored in weight files. Independent of the weight values.
  uint32_t arch_hash() const;
  // Checks shapes: encoder input count, chained layer sizes, tensor lengths, kOutputs outputs,
  // all values finite. The message names the first problem found.
  std::optional<Error> validate() const;  // nullopt: valid
};

// The default hidden sizes of the nets we train and ship (sized for the play speed goal of
// `nard bench eval`).
std::vector<int> default_hidden_sizes(EncoderId encoder);

// A layer with its weights (row by row), then its biases, drawn uniform in [-bound, bound] from
// `rng`: random_mlp's layers and the trainer's fresh nets.
DenseLayer random_dense_layer(int inputs, int outputs, double bound, Rng& rng);

// A net with uniform random weights in [-scale, scale] (scale 0: 1/sqrt(fan-in)), deterministic
// in seed. For tests, benches and as the trainer's starting point.
MlpWeights random_mlp(EncoderId encoder, std::span<const int> hidden, uint64_t seed,
                      float scale = 0.0f);

// Grows a trained net into a wider one of the same depth without changing the function it
// computes (net2net): `fresh` gives the target shapes (every hidden layer at least as wide as in
// `from`, same inputs and outputs) and the initial weights of the new units; the units of `from`
// keep their weights, and the weights from new units into old units are zero, so only the new
// units' outgoing weights have to learn before they contribute. Fails when the shapes do not fit.
Result<std::vector<DenseLayer>> widen_hidden(const std::vector<DenseLayer>& from,
                                             const std::vector<DenseLayer>& fresh);

// The same net reading the inputs of encoder `to`, whose first inputs are those of from.encoder
// (bg-contact into bg-contact2): the weights of the new inputs are zero, so it computes the same
// function until training gives them weight. `from` itself when to == from.encoder; fails for
// any other pair.
Result<MlpWeights> grow_inputs(const MlpWeights& from, EncoderId to);

// Which code computes the hidden layers after the first in Mlp::forward: Eigen's matrix product
// over a chunk of positions, or hand-written dot products one position at a time. The first,
// sparse layer is always the hand-written SIMD one, and so is the output layer (kOutputs dot
// products per position, where a matrix product measured no faster). Both give a position the
// same result whatever batch it is in; they differ from each other by float rounding only.
enum class DenseKernel : uint8_t { Eigen, HandWritten };
// The faster of the two on `nard bench eval` (README.md, "Inference").
constexpr DenseKernel kDefaultDenseKernel = DenseKernel::Eigen;

// Per-thread working memory of Mlp::forward (sized for the net on first use, then stays).
struct MlpScratch {
  std::vector<float> first;     // first-layer activations of a chunk: one column per position
  std::vector<float> a, b;      // Eigen's hidden-layer activations of a chunk (ping-pong)
  std::vector<float> position;  // one position's activations in the dot-product layers
  std::vector<int> nz_index;    // the inputs non-zero in at least one position of a group
};

class Mlp {
 public:
  explicit Mlp(const MlpWeights& weights);  // precondition: weights.validate() succeeded

  int inputs() const { return inputs_; }
  EncoderId encoder() const { return encoder_; }

  // Evaluates `batch` input rows (inputs: batch x inputs(), row-major) into out (batch x
  // kOutputs). Fast path: zero inputs skipped, vectorised, a fast exp (|error| < 1e-6 against
  // forward_reference on the outputs). The positions go in chunks of up to chunk_positions():
  // the first layer over groups of 4 positions, each of its weight rows read once per group;
  // the later hidden layers as `dense` says; the output layer one position at a time. A
  // position's result does not depend on the batch (nor on its place in it).
  void forward(const float* inputs, int batch, float* out, MlpScratch& scratch,
               DenseKernel dense = kDefaultDenseKernel) const;

  // Naive scalar evaluation with std::exp, straight from the torch-layout weights: the reference
  // the fast path and the LibTorch parity test are checked against.
  void forward_reference(const float* inputs, int batch, float* out) const;

  // Positions per chunk of forward() (a multiple of 4).
  int chunk_positions() const { return chunk_; }

 private:
  // A layer in the fast path's layout. The first layer is input-major (row i = the weights of
  // input i, out_pad floats) so zero inputs are skipped; later layers are output-major with rows
  // of in_pad floats (a dot product per output), and the hidden ones among them also input-major
  // for Eigen (w_cols). Padding holds zeros.
  struct PreparedLayer {
    int in = 0, out = 0, in_pad = 0, out_pad = 0;
    bool input_major = false;
    std::vector<float> w;
    std::vector<float> bias;  // out_pad, zero-padded
    // Hidden layers after the first: the weights as a column-major rows x in matrix (rows: out
    // rounded up to a register, zero rows below), multiplied rows_per_block rows at a time.
    int rows = 0, rows_per_block = 0;
    std::vector<float> w_cols;
  };

  // The first layer for G positions: x holds G input rows; writes G columns (out_pad floats
  // apart) of pre-activation sums to dst.
  template <int G>
  void first_layer_group(const float* x, float* dst, int* __restrict nz_index) const;
  // The hidden layers after the first for the n positions whose first-layer activations are in
  // scratch.first, by Eigen; returns the last hidden layer's activations (one column of its
  // out_pad floats per position, in scratch.a or scratch.b).
  const float* hidden_layers_eigen(int n, MlpScratch& scratch) const;
  // Layers from `from` on for one position, by dot products: act holds the activations of layer
  // from - 1; out gets the kOutputs outputs. buffers: 2 * widest_ floats.
  void layers_by_dot_products(const float* act, size_t from, float* out, float* buffers) const;

  EncoderId encoder_;
  int inputs_ = 0;
  std::vector<DenseLayer> layers_;       // as given (reference path)
  std::vector<PreparedLayer> prepared_;  // fast path
  int widest_ = 0;                       // largest out_pad of any layer
  int chunk_ = 0;                        // positions per chunk of forward()
};

}  // namespace nard
