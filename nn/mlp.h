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

#include "engine/result.h"
#include "nn/encoder.h"
#include "nn/probabilities.h"

namespace nard {

struct DenseLayer {
  int inputs = 0;
  int outputs = 0;
  std::vector<float> weight;  // outputs x inputs, row-major: weight[o * inputs + i]
  std::vector<float> bias;    // outputs
  bool operator==(const DenseLayer&) const = default;
};

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

// Per-thread working memory of Mlp::forward (grows to the largest batch seen, then stays).
struct MlpScratch {
  std::vector<float> a, b;    // layer activations (a: one row per position of a group)
  std::vector<int> nz_index;  // the inputs non-zero in at least one position of the group
};

class Mlp {
 public:
  explicit Mlp(const MlpWeights& weights);  // precondition: weights.validate() succeeded

  int inputs() const { return inputs_; }
  EncoderId encoder() const { return encoder_; }

  // Evaluates `batch` input rows (inputs: batch x inputs(), row-major) into out (batch x
  // kOutputs). Fast path: zero inputs skipped, vectorised, a fast exp (|error| < 1e-6 against
  // forward_reference on the outputs). The first layer runs over groups of positions, each of
  // its weight rows read once per group; a position's result does not depend on the batch.
  void forward(const float* inputs, int batch, float* out, MlpScratch& scratch) const;

  // Naive scalar evaluation with std::exp, straight from the torch-layout weights: the reference
  // the fast path and the LibTorch parity test are checked against.
  void forward_reference(const float* inputs, int batch, float* out) const;

 private:
  // A layer in the fast path's layout. The first layer is input-major (row i = the weights of
  // input i, out_pad floats) so zero inputs are skipped; later layers are output-major with rows
  // of in_pad floats (a dot product per output). Padding holds zeros.
  struct PreparedLayer {
    int in = 0, out = 0, in_pad = 0, out_pad = 0;
    bool input_major = false;
    std::vector<float> w;
    std::vector<float> bias;  // out_pad, zero-padded
  };

  // forward() for G positions: x holds G input rows, out G x kOutputs.
  template <int G>
  void forward_group(const float* x, float* out, MlpScratch& scratch) const;

  EncoderId encoder_;
  int inputs_ = 0;
  std::vector<DenseLayer> layers_;       // as given (reference path)
  std::vector<PreparedLayer> prepared_;  // fast path
  int widest_ = 0;                       // largest out_pad of any layer
};

}  // namespace nard
