// Robustness: loops that may run zero times. The trip count is what the
// source loop runs each time control reaches it (max(0, n) for
// "for (k = 0; k < n; ++k)", test/clang/trip-counts.cu), so it must be 0 when
// the loop condition fails at once. Hand derivations beside each CHECK;
// where two printed forms are the same value both are accepted.
//
// XFAIL: *
// BUG: each of these prints a count that is 1, not 0, when the loop does not
// run: max(1, ceildiv(n, 5) + 2), max(0, n + 9) + 1, max(1, n),
// max(1, ceildiv(n, 7)), max(1, ceildiv(n, 3)) (at -O0 the first one only).
// Cause (lib/Thread/LoopTrips.cpp, lib/Thread/TripSimplify.cpp): the rotated
// loop's own count is max(1, ...) and is turned into max(0, ...) only when
// guardAsPositive finds the guard AND isPositiveExactlyWhen proves
// "trip >= 1 iff guard" by syntax: Trip == X or ceildiv(X, D). Two misses:
//  1. guardAsPositive ignores "icmp eq/ne X, 0" guards, which is how
//     instcombine writes "0 <u n" for unsigned n (uchar, u64s, u32s);
//  2. the canonical form pulls whole multiples out of a ceildiv, so
//     ceildiv(n + 10, 5) is ceildiv(n, 5) + 2 and no longer matches the
//     guard n + 10 >= 1 (offset); offset1's count max(0, n + 9) + 1 (from
//     the backedge-taken count) is not matched either.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s

// i = 0, 5, ... < n + 10: ceil((n + 10) / 5) iterations when n + 10 > 0,
// none otherwise (n = -10: 0; n = -9: 1; n = 0: 2).
__global__ void offset(float *a, int n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop: trip = max(0, {{ceildiv\(n, 5\) \+ 2|ceildiv\(n \+ 10, 5\)}}) [
  for (int i = 0; i < n + 10; i += 5) a[i] = 0;
}

// i = 0 .. n + 9: n + 10 iterations when n > -10, none otherwise.
__global__ void offset1(float *a, int n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop: trip = max(0, n + 10) [
  for (int i = 0; i < n + 10; ++i) a[i] = 0;
}

// c = 0 .. n - 1 for an unsigned char n: n iterations, none for n = 0.
__global__ void uchar(float *a, unsigned char n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop: trip = {{n|max\(0, n\)}} [
  for (unsigned char c = 0; c < n; ++c) a[c] = 0;
}

// i = 0, 7, ... < n: ceil(n / 7) iterations, none for n = 0.
__global__ void u64s(float *a, unsigned long long n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop: trip = {{ceildiv\(n, 7\)|max\(0, ceildiv\(n, 7\)\)}} [
  for (unsigned long long i = 0; i < n; i += 7) a[i] = 0;
}

// i = 0, 3, ... < n: ceil(n / 3) iterations, none for n = 0.
__global__ void u32s(float *a, unsigned n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop: trip = {{ceildiv\(n, 3\)|max\(0, ceildiv\(n, 3\)\)}} [
  for (unsigned i = 0; i < n; i += 3) a[i] = 0;
}
