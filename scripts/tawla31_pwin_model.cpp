// Rewrites a Tawla 31 model from before count-aware nets (which learned only P(win)) as a
// "tawla31-count" model that plays exactly as the old one did: its count outputs become copies of
// its P(win) output (win_gammon = P(win), lose_gammon = 1 - P(win)), so the equity the search ranks
// plays by, 15 * (win_gammon - lose_gammon) = 15 * (2 P(win) - 1), orders plays as 2 P(win) - 1 did.
// Used to measure a count-aware net against the model it replaces (experiments/history.md), never shipped.
//
// Build (from a build directory of nard):
//   c++ -std=c++20 -O2 -I.. ../scripts/tawla31_pwin_model.cpp nn/libnard_nn.a engine/libnard_engine.a \
//       -o tawla31_pwin_model
// Use: tawla31_pwin_model OLD.nardnet OUT.nardnet
#include <cstdio>
#include <utility>

#include "nn/weights_file.h"

int main(int argc, char** argv) {
  using namespace nard;
  if (argc != 3) {
    std::fprintf(stderr, "usage: tawla31_pwin_model OLD.nardnet OUT.nardnet\n");
    return 2;
  }
  Result<NetWeights> w = load_weights(argv[1], LegacyNets{.tawla31_as_count = true});
  if (!w) {
    std::fprintf(stderr, "%s\n", w.error().message.c_str());
    return 2;
  }
  NetWeights weights = std::move(w.value());
  if (weights.variant != Variant::Tawla31 || weights.nets.size() != 1) {
    std::fprintf(stderr, "%s: not a Tawla 31 model\n", argv[1]);
    return 2;
  }
  DenseLayer& out = weights.nets[0].layers.back();
  const int n = out.inputs;
  for (int i = 0; i < n; ++i) {
    out.weight[1 * n + i] = out.weight[0 * n + i];   // win_gammon = P(win)
    out.weight[3 * n + i] = -out.weight[0 * n + i];  // lose_gammon = 1 - P(win)
  }
  out.bias[1] = out.bias[0];
  out.bias[3] = -out.bias[0];
  weights.description += " (count outputs = its P(win): plays as before count-aware nets)";
  if (auto e = save_weights(argv[2], weights)) {
    std::fprintf(stderr, "%s\n", e->message.c_str());
    return 1;
  }
  return 0;
}
