#include "bench/bench_signature.h"

#include "bench/movegen_bench.h"
#include "search/pubeval.h"

namespace nard {

namespace {
constexpr uint64_t kFnvOffset = 0xCBF29CE484222325ull;
uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001B3ull; }
}  // namespace

BenchSignature compute_bench_signature(const std::vector<std::string>& models) {
  (void)models;
  BenchSignature b;
  uint64_t sig = kFnvOffset;
  for (const char* preset : {"wbf", "iran", "plakoto", "fevga", "longnardy", "tawla31"}) {
    const Rules r = *rules_preset(preset);
    const MovegenWorkload w = movegen_workload(r, 20, kBenchSeed);
    const MovegenCount c = run_movegen_workload(r, w, 1);
    b.positions_generated += c.plays;
    sig = mix(sig, c.signature);
    b.lines.push_back(std::string("movegen ") + preset + ": " + std::to_string(c.plays) +
                      " plays from " + std::to_string(w.positions.size()) +
                      " positions x 21 rolls");
  }

  // pubeval's choice for each (position, roll) met in 20 random backgammon games.
  const Rules bg = *rules_preset("wbf");
  Result<PubevalWeights> weights = load_pubeval(default_pubeval_path());
  if (weights) {
    PubevalPlayer pubeval(*weights);
    MoveGenerator gen(bg);
    PlayList list;
    uint64_t chosen = 0;
    for (const PositionRoll& pr : sample_positions(bg, 20, kBenchSeed)) {
      list.size = gen.generate(pr.position, pr.dice, list.positions.get());
      if (list.size == 0) continue;
      const int i = pubeval.choose(pr.position, pr.dice, list.plays());
      sig = mix(sig, uint64_t(i));
      ++chosen;
    }
    b.plays_chosen += chosen;
    b.lines.push_back("pubeval: " + std::to_string(chosen) + " plays chosen");
  } else {
    b.lines.push_back("pubeval: not run (" + weights.error().message + ")");
  }
  b.signature = sig;
  return b;
}

}  // namespace nard
