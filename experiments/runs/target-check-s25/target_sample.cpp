// Session 25's check of the refreshed targets (README.md here). Usage:
//   target_sample MODEL EVERY OLD.npdb NEW.npdb [OLD NEW ...]
// prints every EVERY-th contact position of the database pairs (the same positions, old and new
// targets) as: gnubg Position ID, old target's cubeless equity, new target's, MODEL's 0-ply.
// Built against the project's libraries (build/ of a Release build):
//   g++ -std=c++20 -O2 -march=native -I. -isystem /usr/include/eigen3 target_sample.cpp \
//       build/nn/libnard_nn.a build/engine/libnard_engine.a -fopenmp -o target_sample
#include <cmath>
#include <cstdio>
#include <string>
#include "engine/gnubg_id.h"
#include "engine/rules.h"
#include "nn/evaluator.h"
#include "nn/position_database.h"
using namespace nard;
static double eq(const Probabilities& p) { return cubeless_equity(p, 2, 3); }
int main(int argc, char** argv) {
  Result<Rules> rules = rules_preset("wbf");
  auto model = NeuralModel::load(*rules, argv[1]);
  if (!model) { std::fprintf(stderr, "%s\n", model.error().message.c_str()); return 1; }
  NeuralEvaluator ev(*model);
  const int every = std::atoi(argv[2]);
  long k = 0;
  for (int i = 3; i + 1 < argc; i += 2) {
    auto a = load_position_database(argv[i]);
    auto b = load_position_database(argv[i + 1]);
    if (!a || !b) continue;
    for (size_t j = 0; j < a->records.size() && j < b->records.size(); ++j) {
      const Position& p = a->records[j].position;
      if (p.is_race()) continue;
      if (k++ % every) continue;
      Probabilities z;
      ev.evaluate(std::span<const Position>(&p, 1), std::span<Probabilities>(&z, 1));
      std::printf("%s %.5f %.5f %.5f\n", encode_position_id(p).c_str(), eq(a->records[j].target), eq(b->records[j].target), eq(z));
    }
  }
}
