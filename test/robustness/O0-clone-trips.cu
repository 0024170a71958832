// Robustness: at -O0 the code clang emits runs every iteration of every
// loop (nothing is optimised away), so the trip count of a -O0 kernel is the
// source loop's count even when the body does nothing useful: a loop storing
// to one address, an empty delay loop, a nest whose inner body is loop
// invariant. Hand counts beside each CHECK.
//
// The -O0 copy keeps every access to non-local memory (they are made
// volatile in the copy) and runs neither indvars nor CFG simplification, so
// no loop changes its count.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s

// i = 0 .. 99, storing a[0] each time: 100 iterations.
__global__ void same_store(float *a) {
  // CHECK: O0-clone-trips.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 100{{(, lat = .*)?}} [
  for (int i = 0; i < 100; ++i)
    a[0] = 1.0f;
}

// An empty delay loop: i = 0 .. n - 1, max(0, n) iterations.
__global__ void empty(int n) {
  // CHECK: O0-clone-trips.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (int i = 0; i < n; ++i) {
  }
}

// j = 0 .. 2 per outer iteration (3), i = 0 .. n - 1 (max(0, n)).
__global__ void nest_inv(float *a, int n) {
  // CHECK: O0-clone-trips.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  // CHECK: O0-clone-trips.cu:[[@LINE+2]]:5: remark: loop loop{{[0-9]+}}: trip = 3{{(, lat = .*)?}} [
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 3; ++j)
      a[threadIdx.x] = 0.0f;
}
