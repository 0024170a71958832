// The Loop remark gives a count as a number where a launch binds it
// (docs/usage.md, "Remarks"): the kernel's first predicted launch, its
// values and sizes bound; a count that still depends on the thread and block
// ids as its range and mean over the launch's threads.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=upto:grid=4,block=32,arg0=100' \
// RUN:   -mllvm '-ktime-launch=upto:grid=4,block=32,arg0=7' \
// RUN:   -mllvm '-ktime-launch=triangle:grid=2,block=64' \
// RUN:   -mllvm '-ktime-launch=perblock:id=big,grid=1000,block=256' \
// RUN:   -mllvm '-ktime-launch=nest:grid=1,block=32,arg0=10' \
// RUN:   2>&1 | FileCheck %s
// Without a launch the remark has the expression only:
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOLAUNCH
// NOLAUNCH-NOT: (launch

// k < n runs max(0, n) times; the first launch binds n = 100 (the second
// launch, n = 7, is not the one the remark shows).
// CHECK: loop-counts-at-launch.cu:[[@LINE+3]]:3: remark: loop loop1: trip = max(0, arg0) (launch 'upto:grid=4,block=32,arg0=100': 100), lat =
__global__ void upto(int n, float *out) {
#pragma unroll 1
  for (int k = 0; k < n; ++k)
    out[k] += 1.0f;
}

// Thread t runs t + 1 iterations: over the launch's 2 x 64 threads tid.x is
// 0..63 in each block, so 1 to 64, mean (1 + 64) / 2 = 32.5.
// CHECK: loop-counts-at-launch.cu:[[@LINE+3]]:3: remark: loop loop1: trip = tid.x + 1 (launch 'triangle:grid=2,block=64': 1 to 64, mean 32.5 over the threads), lat =
__global__ void triangle(float *out) {
#pragma unroll 1
  for (int k = 0; k <= threadIdx.x; ++k)
    out[k] += 1.0f;
}

// Block b runs b + 1 iterations. 1000 blocks of 256 threads are 256000
// threads, more than the 2048 evaluated: every thread of 2048 / 256 = 8
// whole blocks, blocks floor(K x 999 / 7) for K = 0..7 (0, 142, 285, 428,
// 570, 713, 856, 999): 1 to 1000, mean 1 + 3993 / 8 = 500.125 (4
// significant digits: 500.1). The launch has an id, which the remark uses.
// CHECK: loop-counts-at-launch.cu:[[@LINE+3]]:3: remark: loop loop1: trip = ctaid.x + 1 (launch big: 1 to 1000, mean 500.1 over the threads of 8 of the 1000 blocks), lat =
__global__ void perblock(float *out) {
#pragma unroll 1
  for (int k = 0; k <= blockIdx.x; ++k)
    out[k] += 1.0f;
}

// The inner count depends on the outer loop's iteration, which no launch
// binds: no number. A constant count needs none either.
// CHECK: loop-counts-at-launch.cu:[[@LINE+5]]:3: remark: loop loop1: trip = max(0, arg0) (launch 'nest:grid=1,block=32,arg0=10': 10), lat =
// CHECK: loop-counts-at-launch.cu:[[@LINE+6]]:5: remark: loop loop2: trip = iter.loop1 + 1, lat =
// CHECK: loop-counts-at-launch.cu:[[@LINE+8]]:3: remark: loop loop3: trip = 15, lat =
__global__ void nest(int n, float *out) {
#pragma unroll 1
  for (int i = 0; i < n; ++i)
#pragma unroll 1
    for (int j = 0; j <= i; ++j)
      out[i * n + j] += 1.0f;
#pragma unroll 1
  for (int k = 0; k < 15; ++k)
    out[k] += 2.0f;
}
