#include "bench/movegen_bench.h"

#include <omp.h>

#include "core/parallel_items.h"

namespace nard {

MovegenWorkload movegen_workload(const Rules& rules, int games, uint64_t seed) {
  MovegenWorkload w;
  for (const PositionRoll& pr : sample_positions(rules, games, seed))
    w.positions.push_back(pr.position);
  return w;
}

MovegenCount run_movegen_workload(const Rules& rules, const MovegenWorkload& w, int threads) {
  const int64_t n = int64_t(w.positions.size());
  std::vector<uint32_t> counts(size_t(n) * 21);
  run_seeded(
      {0, n, threads, 16}, [&] { return MovegenThread(rules); },
      [&](MovegenThread& t, long long i) {
        for (int r = 0; r < 21; ++r)
          counts[size_t(i) * 21 + size_t(r)] = uint32_t(
              t.gen.generate(w.positions[size_t(i)], all_rolls()[size_t(r)], t.buffer.get()));
      });
  MovegenCount c;
  uint64_t h = 0xCBF29CE484222325ull;
  for (uint32_t v : counts) {
    c.plays += v;
    h = (h ^ v) * 0x100000001B3ull;
  }
  c.signature = h;
  return c;
}

}  // namespace nard
