// The one driver for independent seeded work in parallel: items (games, duplicate pairs,
// positions) i = first .. first + count - 1 on OpenMP threads, each thread with state of its own
// made once (its evaluator of the model, its game loop, its agents, its move generator), and an
// optional progress callback. Every item must depend only on its index (its dice from
// game_seed(seed, i)) and write only its own result slot, so results never depend on the thread
// count or the schedule.
#pragma once

#include <omp.h>

#include <functional>

namespace nard {

struct SeededItems {
  long long first = 0;  // index of the first item
  long long count = 0;  // items in all
  int threads = 1;      // OpenMP threads; 0: all cores
  int chunk = 1;        // items a thread takes at a time (dynamic schedule)
};

// Runs body(state, i) for every item i, where `state` is what make_state() returned on the thread
// running it (one call per thread). progress(done, count), when given, is called after every
// item by one thread at a time.
template <class MakeState, class Body>
void run_seeded(const SeededItems& items, MakeState&& make_state, Body&& body,
                const std::function<void(long long, long long)>& progress = {}) {
  const int threads = items.threads > 0 ? items.threads : omp_get_num_procs();
  const int chunk = items.chunk > 0 ? items.chunk : 1;
  const long long end = items.first + items.count;
  long long done = 0;
#pragma omp parallel num_threads(threads)
  {
    auto state = make_state();
#pragma omp for schedule(dynamic, chunk)
    for (long long i = items.first; i < end; ++i) {
      body(state, i);
      if (progress) {
#pragma omp critical(run_seeded_progress)
        progress(++done, items.count);
      }
    }
  }
}

}  // namespace nard
