// Large buffers that start as all-zero bytes, taken from calloc. For the sizes here (hundreds of
// kilobytes) calloc maps fresh pages that the kernel zeroes on first touch, so a buffer of which a
// call uses a few entries costs only the pages it touches: `new T[n]()` (or a T with default
// member initialisers) writes every byte up front. This is most of what a short command such as
// `nard moves` or `nard hint --ply 0` would otherwise spend (page faults of buffers it never uses).
//
// T must be an implicit-lifetime type whose all-zero bytes are its value-initialised state
// (Position{}, Move{}, integers, aggregates of these): the objects come into being with calloc's
// storage (C++20 implicit object creation).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace nard {

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};

template <class T>
using ZeroedArray = std::unique_ptr<T[], FreeDeleter>;

template <class T>
ZeroedArray<T> make_zeroed_array(size_t n) {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "make_zeroed_array holds implicit-lifetime types only");
  void* p = std::calloc(n, sizeof(T));
  if (p == nullptr) throw std::bad_alloc();
  return ZeroedArray<T>(static_cast<T*>(p));
}

}  // namespace nard
