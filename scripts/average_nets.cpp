// Writes the weight average ("model soup") of the nets of one role in several models of the same
// game and architecture: every weight and bias of that role's net becomes the mean over the
// models; the other nets are the first model's. Nets fitted from one common start to similar
// targets (bg-N, bg-O, bg-P from the same shipped net, experiments/history.md) sit in one basin of the
// loss, so their mean is a net of that basin too, and often a better one than each.
//
// Build (from a build directory of nard):
//   c++ -std=c++20 -O2 -I.. ../scripts/average_nets.cpp nn/libnard_nn.a engine/libnard_engine.a -o average_nets
// Use: average_nets OUT.nardnet ROLE[,ROLE...] A.nardnet B.nardnet [C.nardnet ...]
//      (ROLE: bg-contact, bg-race, ...; every model must hold each role's net with one shape)
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "nn/weights_file.h"

namespace {

void fail(const std::string& message) {
  std::fprintf(stderr, "average_nets: %s\n", message.c_str());
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace nard;
  if (argc < 5) {
    std::fprintf(stderr, "usage: average_nets OUT.nardnet ROLE[,ROLE...] A.nardnet B.nardnet [C.nardnet ...]\n");
    return 2;
  }
  std::vector<NetWeights> models;
  for (int i = 3; i < argc; ++i) {
    Result<NetWeights> m = load_weights(argv[i]);
    if (!m) fail(m.error().message);
    if (!models.empty() && m->variant != models.front().variant)
      fail(std::string(argv[i]) + " is a model of another game than " + argv[3]);
    models.push_back(std::move(m.value()));
  }
  NetWeights out = models.front();
  std::stringstream roles(argv[2]);
  for (std::string name; std::getline(roles, name, ',');) {
    const Result<EncoderId> role = encoder_from_name(name);
    if (!role) fail(role.error().message);
    std::vector<const MlpWeights*> nets;
    for (size_t k = 0; k < models.size(); ++k) {
      const MlpWeights* found = nullptr;
      for (const MlpWeights& m : models[k].nets)
        if (encoder_role(m.encoder) == *role) found = &m;
      if (!found) fail(std::string(argv[3 + k]) + " has no " + name + " net");
      if (!nets.empty() && found->arch_hash() != nets.front()->arch_hash())
        fail(std::string(argv[3 + k]) + "'s " + name + " net has another shape than " + argv[3] + "'s");
      nets.push_back(found);
    }
    MlpWeights* to = nullptr;
    for (MlpWeights& m : out.nets)
      if (encoder_role(m.encoder) == *role) to = &m;
    const double share = 1.0 / static_cast<double>(nets.size());
    for (size_t l = 0; l < to->layers.size(); ++l) {
      DenseLayer& layer = to->layers[l];
      for (size_t i = 0; i < layer.weight.size(); ++i) {
        double sum = 0.0;
        for (const MlpWeights* n : nets) sum += n->layers[l].weight[i];
        layer.weight[i] = static_cast<float>(sum * share);
      }
      for (size_t i = 0; i < layer.bias.size(); ++i) {
        double sum = 0.0;
        for (const MlpWeights* n : nets) sum += n->layers[l].bias[i];
        layer.bias[i] = static_cast<float>(sum * share);
      }
    }
  }
  out.description += " (its " + std::string(argv[2]) + " nets the weight mean of " +
                     std::to_string(models.size()) + " models)";
  if (auto e = save_weights(argv[1], out)) fail(e->message);
  return 0;
}
