// The learner's initial weights, drawn with our Rng (engine/dice.h, C++20; learner.cpp, which
// includes LibTorch, is C++17).
#include <cmath>

#include "engine/dice.h"
#include "training/learner.h"

namespace nard::training {

std::vector<DenseLayer> initial_layers(const LearnerConfig& config) {
  Rng rng(config.init_seed);
  std::vector<int> sizes = config.hidden;
  sizes.push_back(config.outputs);
  std::vector<DenseLayer> layers;
  int in = config.inputs;
  for (int out : sizes) {
    DenseLayer d;
    d.inputs = in;
    d.outputs = out;
    const double bound = 1.0 / std::sqrt(double(in));
    d.weight.resize(size_t(out) * size_t(in));
    d.bias.resize(size_t(out));
    for (float& w : d.weight) w = float((2.0 * rng.uniform() - 1.0) * bound);
    for (float& b : d.bias) b = float((2.0 * rng.uniform() - 1.0) * bound);
    layers.push_back(std::move(d));
    in = out;
  }
  return layers;
}

}  // namespace nard::training
