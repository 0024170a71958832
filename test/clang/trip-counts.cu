// Trip counts end to end: clang compiles CUDA device code with the plugin at
// -O3 and the Loop remarks appear at each loop's line.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NONAMES
// With value names kept the parameters print by their source names (at -O3
// clang's device-side -g keeps line directives only, no variables):
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 \
// RUN:   -fno-discard-value-names -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NAMES

// 15 iterations of a constant-bound loop (kept a loop by #pragma unroll 1).
__global__ void fifteen(float *out) {
#pragma unroll 1
  // CHECK: trip-counts.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 15{{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  for (int k = 0; k < 15; ++k)
    out[k] = k;
}

// k = 3, 7, ..., 399: (399 - 3) / 4 + 1 = 100 iterations.
__global__ void step4(float *out) {
#pragma unroll 1
  // CHECK: trip-counts.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 100{{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  for (int k = 3; k < 400; k += 4)
    out[k] = k;
}

// k < n runs n times when n > 0 and not at all otherwise: max(0, n).
__global__ void upto(int n, float *out) {
#pragma unroll 1
  // NONAMES: trip-counts.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, arg0){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  // NAMES: trip-counts.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  for (int k = 0; k < n; ++k)
    out[k] = k;
}

// Triangular: row i has i + 1 terms; i is outer iteration iter.loop1 (loops are numbered
// in each kernel; the line name iter.L<line> binds too).
__global__ void triangle(int n, float *out) {
  float s = 0;
#pragma unroll 1
  // NAMES: trip-counts.cu:[[#OUTER:@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  for (int i = 0; i < n; ++i)
#pragma unroll 1
    // NAMES: trip-counts.cu:[[@LINE+1]]:5: remark: loop loop2: trip = iter.loop1 + 1{{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
    for (int j = 0; j <= i; ++j)
      s += out[j];
  out[0] = s;
}

// A data-dependent while loop: a named symbol and an Assumption remark.
__global__ void chase(const int *next, int start, int *length) {
  int len = 0;
  // CHECK: trip-counts.cu:[[@LINE+2]]:3: remark: loop loop1: trip = trip.loop1{{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  // CHECK: trip-counts.cu:[[@LINE+1]]:3: remark: assumption: trip count of the loop unknown because its exit condition depends on a value loaded from memory in the loop; it is the symbol trip.loop1 (or trip.L[[@LINE+1]])
  while (start >= 0) {
    start = next[start];
    ++len;
  }
  *length = len;
}
