#include "core/zeroed_array.h"

#include <sys/mman.h>

#include <cstdlib>
#include <new>

// Under ASan from calloc (see zeroed_array.h), but in the lean fuzz build (engine/CMakeLists.txt).
#if defined(NARD_ZEROED_MAP_UNDER_ASAN)
#elif defined(__SANITIZE_ADDRESS__)
#define NARD_ZEROED_USE_CALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NARD_ZEROED_USE_CALLOC 1
#endif
#endif

namespace nard {

void* allocate_zeroed(size_t bytes, size_t* mapped) {
  *mapped = 0;
  if (bytes == 0) bytes = 1;
#ifndef NARD_ZEROED_USE_CALLOC
  if (bytes >= kZeroedMapBytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    *mapped = bytes;
    return p;
  }
#endif
  void* p = std::calloc(bytes, 1);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void release_zeroed(void* p, size_t mapped) noexcept {
  if (p == nullptr) return;
  if (mapped > 0)
    munmap(p, mapped);
  else
    std::free(p);
}

}  // namespace nard
