// CPU time of this process (all its threads), in seconds from an arbitrary origin: the cost of a
// piece of work measured as CPU time, which other processes sharing the machine do not inflate.
#pragma once

#include <ctime>

namespace nard {

inline double process_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

}  // namespace nard
