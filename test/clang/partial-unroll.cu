// Loops the optimizer unrolls partly: the unrolled loop and its remainder
// are two loops at the source line, each with its own count.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,CHECK-%llvm_major
//
// With clang 19 ScalarEvolution does not prove a remainder loop's count
// non-negative, so the count stays inside max(0, ...): the same value, as
// n mod 4 and m mod 8 are never negative for n, m > 0.

// #pragma unroll 4 over k < n (n > 0 inside the guard): the remainder loop
// runs n mod 4 = n - 4 * (n / 4) times, the unrolled loop n / 4 times (four
// elements each), n in total.
__global__ void unroll4(int n, const float *x, float *out) {
  float s = 0;
#pragma unroll 4
  // CHECK-22-DAG: partial-unroll.cu:[[@LINE+3]]:3: remark: loop loop{{[0-9]+}}: trip = arg0 - 4 * (arg0 / 4){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  // CHECK-19-DAG: partial-unroll.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, arg0 - 4 * (arg0 / 4)){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  // CHECK-DAG: partial-unroll.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = arg0 / 4{{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  for (int k = 0; k < n; ++k)
    s += x[k] * x[k];
  *out = s;
}

// Nested, the inner loop runtime-unrolled by the optimizer (by 8 on NVPTX):
// the outer loop runs max(0, n) times; per outer iteration the inner
// remainder m mod 8 and the unrolled inner loop m / 8 times.
__global__ void nest(int n, int m, float *out) {
  // CHECK-DAG: partial-unroll.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, arg0){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  for (int i = 0; i < n; ++i)
    // CHECK-22-DAG: partial-unroll.cu:[[@LINE+3]]:5: remark: loop loop{{[0-9]+}}: trip = arg1 - 8 * (arg1 / 8){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
    // CHECK-19-DAG: partial-unroll.cu:[[@LINE+2]]:5: remark: loop loop{{[0-9]+}}: trip = max(0, arg1 - 8 * (arg1 / 8)){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
    // CHECK-DAG: partial-unroll.cu:[[@LINE+1]]:5: remark: loop loop{{[0-9]+}}: trip = arg1 / 8{{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
    for (int j = 0; j < m; ++j)
      out[i * m + j] = i + j;
}
// No assumption was needed for any of these counts.
// CHECK-NOT: remark: assumption
