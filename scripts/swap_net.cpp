// Writes model A with one of its nets replaced by model B's net of the same role (e.g. A's
// contact net with B's race net; a bg-contact2 net fills the bg-contact role), to measure what
// each net of a refit contributes (experiments/history.md, session 23). Both models must be of the same
// game and hold that net.
//
// Build (from a build directory of nard):
//   c++ -std=c++20 -O2 -I.. ../scripts/swap_net.cpp nn/libnard_nn.a engine/libnard_engine.a -o swap_net
// Use: swap_net A.nardnet B.nardnet ENCODER OUT.nardnet     (ENCODER: the role, bg-contact, bg-race, ...)
#include <cstdio>
#include <string>
#include <utility>

#include "nn/weights_file.h"

int main(int argc, char** argv) {
  using namespace nard;
  if (argc != 5) {
    std::fprintf(stderr, "usage: swap_net A.nardnet B.nardnet ENCODER OUT.nardnet\n");
    return 2;
  }
  Result<NetWeights> a = load_weights(argv[1]);
  Result<NetWeights> b = load_weights(argv[2]);
  if (!a || !b) {
    std::fprintf(stderr, "%s\n", (!a ? a.error() : b.error()).message.c_str());
    return 2;
  }
  const std::string encoder = argv[3];
  const Result<EncoderId> role = encoder_from_name(encoder);
  if (!role) {
    std::fprintf(stderr, "%s\n", role.error().message.c_str());
    return 2;
  }
  if (a->variant != b->variant) {
    std::fprintf(stderr, "%s and %s are models of different games\n", argv[1], argv[2]);
    return 2;
  }
  NetWeights out = std::move(a.value());
  MlpWeights* to = nullptr;
  const MlpWeights* from = nullptr;
  for (MlpWeights& m : out.nets)
    if (encoder_role(m.encoder) == *role) to = &m;
  for (const MlpWeights& m : b->nets)
    if (encoder_role(m.encoder) == *role) from = &m;
  if (!to || !from) {
    std::fprintf(stderr, "%s has no %s net\n", !to ? argv[1] : argv[2], encoder.c_str());
    return 2;
  }
  *to = *from;
  out.description += " (its " + encoder + " net from " + std::string(argv[2]) + ")";
  if (auto e = save_weights(argv[4], out)) {
    std::fprintf(stderr, "%s\n", e->message.c_str());
    return 1;
  }
  return 0;
}
