// Robustness: the loops of an -O0 kernel's copy are rotated a stretch of
// outermost loops at a time, the rest of the function cut off, so that the
// dominator tree updates stay inside the stretch (lib/CodegenView/RotateLoops.cpp).
// The model must be the one rotating the whole function at once gives
// (-ktime-rotate-stretch=0, LLVM's loop-rotate): here 40 outermost loops
// (stretches of 16, 1 and 3: every boundary case of the cuts), with inner
// loops, early exits, loops under a branch and barriers between them.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -emit-llvm -S \
// RUN:   -o %t.ll %s
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   -ktime-launch=many:grid=64,block=128,arg2=1000,arg3=64 > %t.cut
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   -ktime-launch=many:grid=64,block=128,arg2=1000,arg3=64 \
// RUN:   -ktime-rotate-stretch=0 > %t.whole
// RUN: diff %t.whole %t.cut
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   -ktime-rotate-stretch=1 > %t.one
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   -ktime-rotate-stretch=3 > %t.three
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   -ktime-rotate-stretch=0 > %t.all
// RUN: diff %t.all %t.one
// RUN: diff %t.all %t.three
// RUN: FileCheck %s < %t.cut
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
