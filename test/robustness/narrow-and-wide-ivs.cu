// Robustness: induction variables of 8, 16, 64 and 128 bits, unsigned
// counters that count down to 0, wrap around 2^8, or start above 2^31. Every
// count below is exact at every -O level (hand derivation beside each CHECK).
// Counts at or above 2^(w-1) in *upward* unsigned loops are wrong today:
// unsigned-bounds.cu holds those (XFAIL).
//
// A count that is not known may only be the trip.<loop> symbol (with its
// Assumption remark), never a wrong number: s16c accepts both.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O1 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -Os -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -Oz -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s

// i = n, n - 1, ..., 1: n iterations, and none for n = 0 (the guard n != 0
// is the loop's entry test, so the count reads max(0, n): n for unsigned n).
__global__ void down(float *a, unsigned n) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{n|max\(0, n\)}}{{(, lat = .*)?}} [
  for (unsigned i = n; i != 0; --i) a[i] = 0;
}

// c = 250 .. 255 (6 values), wraps to 0, then 0 .. 3 (4 values): 10.
__global__ void wrap8(float *a) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 10{{(, lat = .*)?}} [
  for (unsigned char c = 250; c != 4; ++c) a[c] = 0;
}

// Both bounds above 2^31: i = 4e9, 4e9 - 1e6, ..., 3e9 + 1e6;
// (4e9 - 3e9) / 1e6 = 1000 iterations.
__global__ void high(float *a) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 1000{{(, lat = .*)?}} [
  for (unsigned i = 4000000000u; i > 3000000000u; i -= 1000000) a[i / 1000000] = 0;
}

// 64-bit bound above 2^32 (but below 2^63): 5e9 / 1e6 = 5000.
__global__ void u64c(float *a) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 5000{{(, lat = .*)?}} [
  for (unsigned long long i = 0; i < 5000000000ull; i += 1000000) a[i / 1000000] = 0;
}

// Tests i = n, n - 1, ..., 1 succeed (body sees n - 1 .. 0): n iterations;
// n is unsigned, so n and max(0, n) are equal.
__global__ void postdec(float *a, unsigned n) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{n|max\(0, n\)}}{{(, lat = .*)?}} [
  for (unsigned i = n; i-- > 0;) a[i] = 0;
}

// i = 0 .. n - 1: n iterations; n is unsigned, so n and max(0, n) are equal.
__global__ void uparam(float *a, unsigned n) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{n|max\(0, n\)}}{{(, lat = .*)?}} [
  for (unsigned i = 0; i < n; ++i) a[i] = 0;
}

// The same over 16 bits: c = 0 .. n - 1, n <= 65535.
__global__ void ushort(float *a, unsigned short n) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{n|max\(0, n\)}}{{(, lat = .*)?}} [
  for (unsigned short c = 0; c < n; ++c) a[c] = 0;
}

// 128-bit constants beyond 64 bits: i = 0, 2^66, ..., 15 * 2^66 < 2^70:
// 2^70 / 2^66 = 16 iterations.
__global__ void i128c(float *a) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 16{{(, lat = .*)?}} [
  for (__int128 i = 0; i < ((__int128)1 << 70); i += ((__int128)1 << 66)) a[(long)(i >> 66)] = 0;
}

// Signed 8 bits: c = 0 .. n - 1 for n > 0, nothing for n <= 0.
__global__ void s8(float *a, signed char n) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (signed char c = 0; c < n; ++c) a[c] = 0;
}

// Signed 16 bits, promoted to int for the += and truncated back:
// c = -100, -97, ..., 29999 (= -100 + 3 * 10033): ceil(30100 / 3) = 10034.
// ScalarEvolution cannot see through the truncation today, so the unknown
// symbol is accepted too, with its Assumption remark.
__global__ void s16c(float *a) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{10034|trip\.loop[0-9]+}}{{(, lat = .*)?}} [
  for (short c = -100; c < 30000; c += 3) a[c + 100] = 0;
}

// 64-bit signed, counting down by 5 while i > m: ceil((n - m) / 5) when
// n > m, none otherwise.
__global__ void s64down(float *a, long n, long m) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, ceildiv(n - m, 5)){{(, lat = .*)?}} [
  for (long i = n; i > m; i -= 5) a[i] = 0;
}

// 128-bit signed bound: i = 0 .. n - 1.
__global__ void s128(float *a, __int128 n) {
#pragma unroll 1
  // CHECK: narrow-and-wide-ivs.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (__int128 i = 0; i < n; ++i) a[(long)i] = 0;
}
