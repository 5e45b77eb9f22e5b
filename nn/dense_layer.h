// One dense layer of a net: weights and biases as plain arrays. Kept to C++17 on its own, as the
// trainer's LibTorch unit (training/learner.cpp, compiled as C++17) exchanges layers in it.
#pragma once

#include <vector>

namespace nard {

struct DenseLayer {
  int inputs = 0;
  int outputs = 0;
  std::vector<float> weight;  // outputs x inputs, row-major: weight[o * inputs + i]
  std::vector<float> bias;    // outputs
};

}  // namespace nard
