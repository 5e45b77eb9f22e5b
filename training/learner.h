// The LibTorch side of training behind a torch-free interface (pimpl): the trainable copy of the
// network, its optimizer, one supervised step on a batch, checkpoint files of both, and the
// export of the weights as plain float arrays for the nn/ inference net.
//
// Network: inputs -> hidden layers (sigmoid) -> outputs (sigmoid), the same function as nn/mlp.h.
// The loss is the binary cross-entropy of the outputs against soft targets in [0, 1], computed from
// the pre-sigmoid outputs for numerical stability.
//
// Determinism: initial weights come from our own Rng (not torch's generator); a Learner runs its
// ops on `threads` torch threads; with the same thread count, the same batches give bit-identical
// weights, and save()/load() round-trips the module and the optimizer exactly.
//
// Not thread-safe. It calls torch::set_num_threads, which is process-wide.
//
// C++17 only, here and in learner.cpp: LibTorch 1.13's headers are not valid C++20 (clang refuses
// them; training/CMakeLists.txt compiles learner.cpp as C++17).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "nn/dense_layer.h"

namespace nard::training {

enum class OptimizerKind : uint8_t { Adam, Sgd };

struct LearnerConfig {
  int inputs = 0;
  std::vector<int> hidden;  // sizes of the hidden layers, e.g. {128}
  int outputs = 5;
  OptimizerKind optimizer = OptimizerKind::Adam;
  double learning_rate = 1e-3;
  uint64_t init_seed = 1;  // seeds the initial weights (uniform in +-1/sqrt(fan_in))
  int threads = 1;         // torch intra-op threads while training
};

// The initial weights of a learner of this shape: uniform in +-1/sqrt(fan-in) from
// config.init_seed, layer by layer, weights then biases (training/learner_init.cpp: it draws from
// our Rng, a C++20 header).
std::vector<DenseLayer> initial_layers(const LearnerConfig& config);

// The learning rate at `progress` (0 = the first minibatch, 1 = the last) of a cosine annealing
// from `start` to `end`: start at 0, end at 1, halfway between them at 0.5; progress is clamped
// to [0, 1].
double cosine_learning_rate(double start, double end, double progress);

// A ranking term beside the cross-entropy (training/supervised.h, play groups): the last
// groups * size rows of a batch are play groups, `size` consecutive rows each (the results of
// different plays of one roll). Per group, each row's cubeless equity e = sum_k equity[k] * p_k
// (the outputs' probabilities; the rules' constant term cancels) is taken relative to the
// group's mean, and so is the target's; the term is `weight` times the mean over the grouped rows
// of the squared difference between the two: it fits the differences between a roll's plays,
// which decide a move choice, rather than each value on its own.
struct RankingTerm {
  int groups = 0;
  int size = 0;
  double weight = 0;
  std::vector<float> equity;  // config.outputs coefficients
};

class Learner {
 public:
  explicit Learner(const LearnerConfig& config);
  ~Learner();
  Learner(const Learner&) = delete;
  Learner& operator=(const Learner&) = delete;

  const LearnerConfig& config() const { return config_; }

  // One optimizer step on n examples: inputs n x config.inputs, targets n x config.outputs, both
  // row-major. Returns the mean binary cross-entropy per output before the step.
  double train_batch(const std::vector<float>& inputs, const std::vector<float>& targets, int n);
  // The same with a ranking term (above) added to the loss; returns the loss (cross-entropy plus
  // the weighted term) before the step. Without groups or weight, exactly train_batch. Requires
  // groups * size <= n and config.outputs equity coefficients.
  double train_batch(const std::vector<float>& inputs, const std::vector<float>& targets, int n,
                     const RankingTerm& ranking);

  // Sets the optimizer's learning rate for the following train_batch calls (a schedule); the
  // optimizer's other state (Adam's moments) is kept.
  void set_learning_rate(double learning_rate);

  // Forward pass without gradients (for tests and parity checks): n x outputs probabilities.
  std::vector<float> predict(const std::vector<float>& inputs, int n) const;

  // The current weights, layer by layer (input side first), in nn/mlp.h layout.
  std::vector<DenseLayer> layers() const;
  void set_layers(const std::vector<DenseLayer>& layers);

  // The model and optimizer state as torch::save writes them, serialised in memory: the caller
  // writes the files (torch's file writer throws from a destructor when a write fails, e.g. on a
  // full disk, which ends the process instead of reporting the error).
  struct SavedState {
    std::string model, optimizer;
  };
  Result<SavedState> save() const;
  // Loads the files of save(); fails with a clear message when a file is missing, corrupt, or
  // holds a net of another shape.
  std::optional<Error> load(const std::string& model_path, const std::string& optimizer_path);

 private:
  struct Impl;
  LearnerConfig config_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nard::training
