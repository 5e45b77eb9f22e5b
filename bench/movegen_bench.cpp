#include "bench/movegen_bench.h"

#include <omp.h>

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
  const int team = threads > 0 ? threads : omp_get_num_procs();
#pragma omp parallel num_threads(team)
  {
    MoveGenerator gen(rules);
    std::unique_ptr<Position[]> buf(new Position[kMaxPlays]);
#pragma omp for schedule(dynamic, 16)
    for (int64_t i = 0; i < n; ++i)
      for (int r = 0; r < 21; ++r)
        counts[size_t(i) * 21 + size_t(r)] =
            uint32_t(gen.generate(w.positions[size_t(i)], all_rolls()[size_t(r)], buf.get()));
  }
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
