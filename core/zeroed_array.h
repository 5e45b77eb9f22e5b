// Large buffers that start as all-zero bytes and cost only the pages a call touches. A buffer of
// at least kZeroedMapBytes is mapped straight from the kernel (anonymous mmap): its pages are
// zeroed by the kernel on first touch, so a buffer of which a call uses a few entries costs a few
// pages. `new T[n]()` would write every byte up front, and so does calloc once glibc has raised
// its dynamic mmap threshold (the first free of a mapped block raises it to that block's size, up
// to 32 MB): from then on calloc takes such buffers from the heap and clears them in full, which
// made every GameReplay (a move generator and a play list, ~2 MB) cost a 2 MB memset. Smaller
// buffers, and every buffer in an AddressSanitizer build (whose allocator must see them to check
// their bounds; it maps large blocks fresh anyway), come from calloc.
//
// T must be an implicit-lifetime type whose all-zero bytes are its value-initialised state
// (Position{}, Move{}, integers, aggregates of these): the objects come into being with the
// storage (C++20 implicit object creation).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>

namespace nard {

inline constexpr size_t kZeroedMapBytes = size_t(64) << 10;

// Raw storage of `bytes` zero bytes (throws std::bad_alloc); `*mapped` receives the length to
// unmap, or 0 when the storage came from calloc.
void* allocate_zeroed(size_t bytes, size_t* mapped);
void release_zeroed(void* p, size_t mapped) noexcept;

struct ZeroedDeleter {
  size_t mapped = 0;  // bytes mapped, 0: calloc'd
  void operator()(void* p) const noexcept { release_zeroed(p, mapped); }
};

template <class T>
using ZeroedArray = std::unique_ptr<T[], ZeroedDeleter>;

template <class T>
ZeroedArray<T> make_zeroed_array(size_t n) {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "make_zeroed_array holds implicit-lifetime types only");
  if (n > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
  size_t mapped = 0;
  void* p = allocate_zeroed(n * sizeof(T), &mapped);
  return ZeroedArray<T>(static_cast<T*>(p), ZeroedDeleter{mapped});
}

}  // namespace nard
