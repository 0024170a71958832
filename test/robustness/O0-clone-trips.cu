// Robustness: at -O0 the code clang emits runs every iteration of every
// loop (nothing is optimised away), so the trip count of a -O0 kernel is the
// source loop's count even when the body does nothing useful: a loop storing
// to one address, an empty delay loop, a nest whose inner body is loop
// invariant. Hand counts beside each CHECK.
//
// XFAIL: *
// BUG (wrong trip counts): KernelTime reports trip = 1 for all three
// loops below (same_store, empty, and the inner loop of nest_inv).
// Cause: lib/Plugin/CanonicalClone.cpp canonicalises the copy with
// "loop-mssa(licm)" and "loop(loop-rotate,indvars)": LICM hoists or sinks the
// invariant store, the loop is left without side effects, and IndVarSimplify
// then rewrites its exit to be taken on the first iteration (the remaining
// iterations are unobservable), so ScalarEvolution on the copy sees a loop
// that runs once. The clone must not run transformations that change trip
// counts. Tried on a private build: without indvars the three loops read
// 101, max(1, n + 1) and 4 (the emptied body merges into the header, so
// the header's n + 1 runs are counted); without LICM and indvars 100,
// max(1, n + 1) and 3, but test/clang/grid-stride.cu then fails at -O0
// (the ntid.x * nctaid.x step is no longer hoisted out of the loop).
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s

// i = 0 .. 99, storing a[0] each time: 100 iterations.
__global__ void same_store(float *a) {
  // CHECK: O0-clone-trips.cu:[[@LINE+1]]:3: remark: loop: trip = 100 [
  for (int i = 0; i < 100; ++i)
    a[0] = 1.0f;
}

// An empty delay loop: i = 0 .. n - 1, max(0, n) iterations.
__global__ void empty(int n) {
  // CHECK: O0-clone-trips.cu:[[@LINE+1]]:3: remark: loop: trip = max(0, n) [
  for (int i = 0; i < n; ++i) {
  }
}

// j = 0 .. 2 per outer iteration (3), i = 0 .. n - 1 (max(0, n)).
__global__ void nest_inv(float *a, int n) {
  // CHECK: O0-clone-trips.cu:[[@LINE+2]]:3: remark: loop: trip = max(0, n) [
  // CHECK: O0-clone-trips.cu:[[@LINE+2]]:5: remark: loop: trip = 3 [
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 3; ++j)
      a[threadIdx.x] = 0.0f;
}
