// Robustness: an exit edge to `unreachable` is not an early exit. The loop
// below runs i = 0 .. n - 1, max(0, n) times, exactly: the switch covers
// every value of a[i] & 3, so its default (an `unreachable` block outside
// the loop, as -O3 and the -O0 clone both make it) is never taken.
//
// Exits into blocks that end in `unreachable` are not exits
// (getTakenExitingBlocks), so the count is exact.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s

__global__ void covered(int *a, int n) {
#pragma unroll 1
  // CHECK: unreachable-exit.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  // CHECK-NOT: early exits
  for (int i = 0; i < n; ++i) {
    switch (a[i] & 3) {
    case 0: a[i] = 1; break;
    case 1: a[i] = 7; break;
    case 2: continue;
    case 3: a[i] = -1; break;
    default: __builtin_unreachable();
    }
  }
}
