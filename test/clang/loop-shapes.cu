// More loop shapes, each count derived by hand in the comment beside it.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s

// Strict upper triangle: row i has j = i + 1 .. n - 1, n - i - 1 entries;
// i is the outer loop's iteration number iter.loop1.
__global__ void upper(int n, float *a) {
#pragma unroll 1
  // CHECK: loop-shapes.cu:[[#OUTER:@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (int i = 0; i < n; ++i)
#pragma unroll 1
    // CHECK: loop-shapes.cu:[[@LINE+1]]:5: remark: loop loop2: trip = max(0, n - iter.loop1 - 1){{(, lat = .*)?}} [
    for (int j = i + 1; j < n; ++j)
      a[i * n + j] = a[j * n + i];
}

// Counting down by 2 from n - 1 while i >= 0: i = n - 1, n - 3, ...,
// ceildiv(n, 2) values for n >= 1, none otherwise.
__global__ void down(int n, float *a) {
#pragma unroll 1
  // CHECK: loop-shapes.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, ceildiv(n, 2)){{(, lat = .*)?}} [
  for (int i = n - 1; i >= 0; i -= 2)
    a[i] = 0;
}

// Block rows: thread row tid.y visits tid.y, tid.y + ntid.y, ... below width.
__global__ void rows(int width, float *a) {
#pragma unroll 1
  // CHECK: loop-shapes.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, ceildiv(width - tid.y, ntid.y)){{(, lat = .*)?}} [
  for (int k = threadIdx.y; k < width; k += blockDim.y)
    a[k * 32 + threadIdx.x] = 0;
}

// A search that may break early: two tests end the loop, i < n (counted:
// max(0, n) top-tested) and a[i] == key (data loaded in the loop, not
// counted), so the count is the counted test's, an upper bound said so in an
// Assumption remark.
__global__ void search(int n, const int *a, int key, int *pos) {
  int i = 0;
#pragma unroll 1
  // CHECK: loop-shapes.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  // CHECK: loop-shapes.cu:[[@LINE+1]]:3: remark: assumption: the loop ends at the first of 2 tests to fail and 1 cannot be counted (its exit condition depends on a value loaded from memory in the loop); trip = max(0, n) counts the others, as if those never ended it: an upper bound [
  for (; i < n; ++i)
    if (a[i] == key)
      break;
  *pos = i;
}

// Halving: s = n, n / 2, ..., 1: floor(log2(n)) + 1 iterations for n >= 1,
// none for n = 0 (log2 is -1 below 1), which no affine count expresses
// (ScalarEvolution only bounds it by the width of the integer).
__global__ void halve(unsigned n, float *a) {
#pragma unroll 1
  // CHECK: loop-shapes.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = log2(n) + 1{{(, lat = .*)?}} [
  // CHECK-NOT: remark: assumption
  for (unsigned s = n; s > 0; s >>= 1)
    a[s] = 0;
}

// Signed "s /= 2" (sdiv, or shifts where s > 0 is known) while s > 3:
// floor(s / 2^k) > 3 exactly when 2^k <= floor(s / 4): floor(log2(floor((n
// - m) / 4))) + 1 iterations, none for n - m <= 3 (log2 is -1 below 1).
// n - m = 20: s = 20, 10, 5: 3 = log2(5) + 1.
__global__ void halve_signed(int n, int m, float *a) {
#pragma unroll 1
  // CHECK: loop-shapes.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = log2((n - m) / 4) + 1{{(, lat = .*)?}} [
  // CHECK-NOT: remark: assumption
  for (int s = n - m; s > 3; s /= 2)
    a[s] = 0;
}

// Doubling from 1 while d < n (a scan): d = 1, 2, 4, ...:
// floor(log2(n - 1)) + 1 = ceil(log2(n)) iterations, none for n <= 1.
// n = 8: d = 1, 2, 4: 3; n = 9: 4.
__global__ void doubling(int n, float *a) {
#pragma unroll 1
  // CHECK: loop-shapes.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = log2(n - 1) + 1{{(, lat = .*)?}} [
  // CHECK-NOT: remark: assumption
  for (int d = 1; d < n; d *= 2)
    a[d] = 0;
}
