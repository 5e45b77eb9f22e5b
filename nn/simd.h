// Internal to nn/: hand-written SIMD helpers shared by the inference paths (Mlp, PruneNet).
#pragma once

#include <immintrin.h>

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

typedef float Vec4F __attribute__((vector_size(4 * sizeof(float))));

// Lane i of the result is the sum of v's lanes i, i + 4, i + 8, ...
inline Vec4F fold_to_4(VecF v) {
#if defined(__AVX512F__)
  typedef float Vec8F __attribute__((vector_size(8 * sizeof(float))));
  const Vec8F h = __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7) +
                  __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
  return __builtin_shufflevector(h, h, 0, 1, 2, 3) + __builtin_shufflevector(h, h, 4, 5, 6, 7);
#elif defined(__AVX__)
  return __builtin_shufflevector(v, v, 0, 1, 2, 3) + __builtin_shufflevector(v, v, 4, 5, 6, 7);
#else
  return v;
#endif
}

// {a0 + a1, a2 + a3, b0 + b1, b2 + b3} (SSE3's haddps).
inline Vec4F pairwise_sums(Vec4F a, Vec4F b) {
  return __builtin_shufflevector(a, b, 0, 2, 4, 6) + __builtin_shufflevector(a, b, 1, 3, 5, 7);
}

// The lane sums of a, b, c and d, in that order.
inline Vec4F horizontal_sums(VecF a, VecF b, VecF c, VecF d) {
  return pairwise_sums(pairwise_sums(fold_to_4(a), fold_to_4(b)),
                       pairwise_sums(fold_to_4(c), fold_to_4(d)));
}

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

// 1 / d lane by lane for d >= 1 (finite), within 2 ulp: the hardware's reciprocal estimate (14
// bits with AVX-512, 12 with AVX/SSE) refined by one Newton step r' = r (2 - d r), which squares
// the relative error. Much cheaper than a division (whose throughput bounds small nets).
inline VecF reciprocal(VecF d) {
#if defined(__AVX512F__)
  const VecF r = (VecF)_mm512_maskz_rcp14_ps(__mmask16(0xffff), (__m512)d);
#elif defined(__AVX__)
  const VecF r = (VecF)_mm256_rcp_ps((__m256)d);
#else
  const VecF r = (VecF)_mm_rcp_ps((__m128)d);
#endif
  return r * (2.0f - d * r);
}

// sigmoid() with reciprocal() for the division: within a few ulp of it.
inline VecF sigmoid_fast_reciprocal(VecF v) { return reciprocal(1.0f + fast_exp(-v)); }

// Sigmoid of v[0..n) in place, a register at a time: v must have room for n rounded up to a
// multiple of kLanes (the extra lanes are overwritten with garbage).
inline void sigmoid_in_place(float* __restrict v, int n) {
  for (int j = 0; j < n; j += kLanes) store(v + j, sigmoid(load(v + j)));
}

}  // namespace nard::simd
