// What, besides the code, decides a build's floating-point results: the compiler and the
// instruction set it was told to use (-march=native picks it per machine). Two builds that agree
// here compute the same floats from the same inputs; two that differ may round differently (e.g.
// Eigen's AVX-512 and AVX2 kernels sum in different orders, FMA rounds once where mul+add rounds
// twice), so a training run remade on another machine type is equal in distribution, not in bytes.
#pragma once

#include <string>

namespace nard {

// E.g. "gcc 12.2.0; x86-64 avx2 fma": part of the ranks' build fingerprint and of a recipe's record.
inline std::string build_arithmetic() {
  std::string s;
#if defined(__clang__)
  s = "clang " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__);
#elif defined(__GNUC__)
  s = "gcc " + std::to_string(__GNUC__) + "." + std::to_string(__GNUC_MINOR__) + "." +
      std::to_string(__GNUC_PATCHLEVEL__);
#else
  s = "unknown compiler";
#endif
#if defined(__x86_64__)
  s += "; x86-64";
#elif defined(__aarch64__)
  s += "; aarch64";
#else
  s += "; other cpu";
#endif
#if defined(__AVX512F__)
  s += " avx512f";
#endif
#if defined(__AVX2__)
  s += " avx2";
#elif defined(__AVX__)
  s += " avx";
#elif defined(__SSE4_2__)
  s += " sse4.2";
#endif
#if defined(__FMA__)
  s += " fma";
#endif
#if defined(__FAST_MATH__)
  s += " fast-math";
#endif
  return s;
}

}  // namespace nard
