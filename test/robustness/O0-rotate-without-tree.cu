// Robustness: the loops of an -O0 kernel's copy are rotated without
// updating the dominator tree after each loop, which is recomputed once at
// the end (lib/CodegenView/RotateLoops.cpp). The model must be the one
// LLVM's loop-rotate gives with the tree kept up to date
// (-ktime-rotate-with-tree): here 40 outermost loops, with inner loops,
// early exits, loops under a branch and barriers between them, with and
// without a launch.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -emit-llvm -S \
// RUN:   -o %t.ll %s
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   -ktime-launch=many:grid=64,block=128,arg2=1000,arg3=64 > %t.fast
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   -ktime-launch=many:grid=64,block=128,arg2=1000,arg3=64 \
// RUN:   -ktime-rotate-with-tree > %t.tree
// RUN: diff %t.tree %t.fast
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   > %t.fast-nolaunch
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   -ktime-rotate-with-tree > %t.tree-nolaunch
// RUN: diff %t.tree-nolaunch %t.fast-nolaunch
// RUN: FileCheck %s < %t.fast
// CHECK: analysed: canonicalised clone (kernel is optnone)
// CHECK: loops: 60

// Two outermost loops each: a counted loop with an early exit around an
// inner loop, and a loop under a branch.
#define PAIR(K)                                                                \
  for (int i = 0; i < n; ++i) {                                                \
    if (idx[i] == K)                                                           \
      break;                                                                   \
    for (int j = 0; j < m; ++j)                                                \
      a[i * m + j] += s;                                                       \
  }                                                                            \
  if (t < K) {                                                                 \
    for (int i = 0; i < K + 3; ++i)                                            \
      s += a[t + i];                                                           \
  }                                                                            \
  __syncthreads();

#define FOUR(K) PAIR(K) PAIR(K + 1) PAIR(K + 2) PAIR(K + 3)

extern "C" __global__ void many(float *a, const int *idx, int n, int m) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  float s = 0;
  FOUR(0) FOUR(4) FOUR(8) FOUR(12) FOUR(16)
  a[t] = s;
}
