#include "bench/eval_bench.h"

#include <algorithm>
#include <ctime>

#include "game/playout.h"

namespace nard {

namespace {
// CPU time of the calling thread: the bench measures work per core, and this stays meaningful
// when other processes share the machine (wall time would count their time slices too).
double now_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}
}  // namespace

EvalBenchMix eval_bench_mix(const Rules& rules, int games, uint64_t seed) {
  EvalBenchMix mix;
  for (const PositionRoll& pr : sample_positions(rules, games, seed)) {
    mix.positions.push_back(pr.position);
    mix.races += encoder_for(rules, pr.position) == EncoderId::BackgammonRace;
  }
  return mix;
}

EvalBenchResult run_eval_bench(const std::shared_ptr<const NeuralModel>& model,
                               const EvalBenchMix& mix, int batch, bool reference, int repeat,
                               double min_seconds, DenseKernel dense) {
  NeuralEvaluator eval(model, reference, dense);
  const size_t n = mix.positions.size();
  std::vector<Probabilities> out(n);
  EvalBenchResult best;
  for (int r = 0; r < std::max(repeat, 1); ++r) {
    uint64_t done = 0;
    const double t0 = now_seconds();
    double t = t0;
    do {
      for (size_t base = 0; base < n; base += size_t(batch)) {
        const size_t len = std::min(n - base, size_t(batch));
        eval.evaluate(std::span(mix.positions).subspan(base, len),
                      std::span(out).subspan(base, len));
      }
      done += n;
      t = now_seconds();
    } while (t - t0 < min_seconds);
    if (best.seconds == 0.0 || done / (t - t0) > best.per_second()) {
      best.positions = done;
      best.seconds = t - t0;
    }
  }
  best.checksum = 0.0;
  for (const Probabilities& p : out) best.checksum += p.win;
  return best;
}

EvalBenchResult run_encode_bench(const NeuralModel& model, const EvalBenchMix& mix, int repeat,
                                 double min_seconds) {
  std::vector<float> buf(512);
  // Each position with the encoder of the model's net for it (encoder_role).
  std::vector<EncoderId> encoders;
  encoders.reserve(mix.positions.size());
  for (const Position& p : mix.positions)
    encoders.push_back(model.net(encoder_for(model.rules(), p)).encoder());
  EvalBenchResult best;
  for (int r = 0; r < std::max(repeat, 1); ++r) {
    uint64_t done = 0;
    double sink = 0.0;
    const double t0 = now_seconds();
    double t = t0;
    do {
      for (size_t i = 0; i < mix.positions.size(); ++i) {
        encode(encoders[i], mix.positions[i], buf.data());
        sink += buf[100];
      }
      done += mix.positions.size();
      t = now_seconds();
    } while (t - t0 < min_seconds);
    if (best.seconds == 0.0 || done / (t - t0) > best.per_second()) {
      best.positions = done;
      best.seconds = t - t0;
      best.checksum = sink;
    }
  }
  return best;
}

}  // namespace nard
