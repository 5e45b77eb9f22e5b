// The learner's initial weights, drawn with our Rng (game/dice.h, C++20; learner.cpp, which
// includes LibTorch, is C++17).
#include <cmath>

#include "game/dice.h"
#include "nn/mlp.h"
#include "training/learner.h"

namespace nard::training {

std::vector<DenseLayer> initial_layers(const LearnerConfig& config) {
  Rng rng(config.init_seed);
  std::vector<int> sizes = config.hidden;
  sizes.push_back(config.outputs);
  std::vector<DenseLayer> layers;
  int in = config.inputs;
  for (int out : sizes) {
    layers.push_back(random_dense_layer(in, out, 1.0 / std::sqrt(double(in)), rng));
    in = out;
  }
  return layers;
}

}  // namespace nard::training
