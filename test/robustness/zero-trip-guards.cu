// Robustness: loops that may run zero times. The trip count is what the
// source loop runs each time control reaches it (max(0, n) for
// "for (k = 0; k < n; ++k)", test/clang/trip-counts.cu), so it must be 0 when
// the loop condition fails at once. Hand derivations beside each CHECK;
// where two printed forms are the same value both are accepted.
//
// A guard that is the loop's own entry test (also as "n != 0") turns the
// count into max(0, ceildiv(D, S)); min/max operands the guard makes
// dominated are dropped first (max(0, n + 9) is n + 9 when n + 10 >= 1).
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s

// i = 0, 5, ... < n + 10: ceil((n + 10) / 5) iterations when n + 10 > 0,
// none otherwise (n = -10: 0; n = -9: 1; n = 0: 2).
__global__ void offset(float *a, int n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, {{ceildiv\(n, 5\) \+ 2|ceildiv\(n \+ 10, 5\)}}){{(, lat = .*)?}} [
  for (int i = 0; i < n + 10; i += 5) a[i] = 0;
}

// i = 0 .. n + 9: n + 10 iterations when n > -10, none otherwise.
__global__ void offset1(float *a, int n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n + 10){{(, lat = .*)?}} [
  for (int i = 0; i < n + 10; ++i) a[i] = 0;
}

// c = 0 .. n - 1 for an unsigned char n: n iterations, none for n = 0.
__global__ void uchar(float *a, unsigned char n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{n|max\(0, n\)}}{{(, lat = .*)?}} [
  for (unsigned char c = 0; c < n; ++c) a[c] = 0;
}

// i = 0, 7, ... < n: ceil(n / 7) iterations, none for n = 0.
__global__ void u64s(float *a, unsigned long long n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{ceildiv\(n, 7\)|max\(0, ceildiv\(n, 7\)\)}}{{(, lat = .*)?}} [
  for (unsigned long long i = 0; i < n; i += 7) a[i] = 0;
}

// i = 0, 3, ... < n: ceil(n / 3) iterations, none for n = 0.
__global__ void u32s(float *a, unsigned n) {
#pragma unroll 1
  // CHECK: zero-trip-guards.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{ceildiv\(n, 3\)|max\(0, ceildiv\(n, 3\)\)}}{{(, lat = .*)?}} [
  for (unsigned i = 0; i < n; i += 3) a[i] = 0;
}
