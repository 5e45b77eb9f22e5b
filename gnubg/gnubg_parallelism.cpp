#include "gnubg/gnubg_parallelism.h"

#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <iterator>

namespace nard {

namespace {
// Games a core, by gnubg's ply. gnubg's best play for 150 positions of its own self-play
// (tests/data/gnubg_selfplay_checker_2ply.txt), one call each, measured inside gnubg (session 37):
// 0 ply 9.5 ms of wall time for 0.24 ms of CPU, 1 ply 13 ms for 3.4 ms, 2 ply about 56 ms of CPU
// and the same wait. At 0 ply, on this 2-core machine, 1,000 money games against our 0-ply took
// 26.5 s with 8 games at once and 12.3 s with 32, where both cores were busy.
constexpr int kGamesPerCore[] = {16, 4, 2};
}  // namespace

int gnubg_games_at_once(int ply, int cores, long long available_bytes) {
  cores = std::max(cores, 1);
  ply = std::clamp(ply, 0, int(std::size(kGamesPerCore)) - 1);
  const long long by_memory = std::max(available_bytes, 0LL) / kGnubgProcessBytes;
  long long n = std::min<long long>(1LL * kGamesPerCore[ply] * cores, kMaxGnubgProcesses);
  n = std::min(n, by_memory);
  return int(std::max<long long>(n, cores));
}

int gnubg_games_at_once(int ply) {
  const long pages = ::sysconf(_SC_AVPHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  const long long available = pages > 0 && page > 0 ? 1LL * pages * page : 0;
  return gnubg_games_at_once(ply, omp_get_num_procs(), available);
}

}  // namespace nard
