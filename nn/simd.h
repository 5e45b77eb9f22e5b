// Internal to nn/: hand-written SIMD helpers shared by the inference paths (Mlp, PruneNet).
#pragma once

#include <cstdint>

namespace nard::simd {

// Hand-written SIMD through GCC/Clang vector extensions: a VecF is one register of the target
// (16 floats with AVX-512, 8 with AVX, 4 otherwise).
#if defined(__AVX512F__)
constexpr int kLanes = 16;
#elif defined(__AVX__)
constexpr int kLanes = 8;
#else
constexpr int kLanes = 4;
#endif
typedef float VecF __attribute__((vector_size(kLanes * sizeof(float))));

inline VecF load(const float* p) {
  VecF v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
inline void store(float* p, VecF v) { __builtin_memcpy(p, &v, sizeof v); }

typedef int32_t VecI __attribute__((vector_size(kLanes * sizeof(int32_t))));

// e^x lane by lane, relative error < 2e-7 over the clamped range: x = n*ln2 + r with |r| <= ln2/2
// (n rounded to nearest by the 1.5*2^23 trick, exact for |n| < 2^22), e^r by its degree-7 Taylor
// polynomial, 2^n by the exponent bits. Written on whole registers because GCC does not vectorise
// the scalar form (the float -> int conversion and bit cast stop it).
inline VecF fast_exp(VecF x) {
  const VecF lo = VecF{} - 87.0f, hi = VecF{} + 88.0f;
  x = x < lo ? lo : (x > hi ? hi : x);
  const VecF n = (x * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
  const VecF r = (x - n * 0.693145751953125f) - n * 1.42860682030941723e-6f;
  VecF p = VecF{} + 1.0f / 5040.0f;
  p = p * r + 1.0f / 720.0f;
  p = p * r + 1.0f / 120.0f;
  p = p * r + 1.0f / 24.0f;
  p = p * r + 1.0f / 6.0f;
  p = p * r + 0.5f;
  p = p * r + 1.0f;
  p = p * r + 1.0f;
  const VecI e = (__builtin_convertvector(n, VecI) + 127) << 23;
  return p * (VecF)e;  // a vector cast reinterprets the bits
}

inline VecF sigmoid(VecF v) { return 1.0f / (1.0f + fast_exp(-v)); }

// Sigmoid of v[0..n) in place, a register at a time: v must have room for n rounded up to a
// multiple of kLanes (the extra lanes are overwritten with garbage).
inline void sigmoid_in_place(float* __restrict v, int n) {
  for (int j = 0; j < n; j += kLanes) store(v + j, sigmoid(load(v + j)));
}

}  // namespace nard::simd
