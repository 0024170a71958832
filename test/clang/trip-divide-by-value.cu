// A count divided by a value the launch fixes: the tiled loop of a matrix
// product, (n + tile - 1) / tile phases with tile = blockDim.x. C's
// division of ints is ScalarEvolution's unknown sdiv; for a non-negative
// dividend and a positive divisor it is floor division, and the model
// counts it so, stating what it assumed (ntid.x is known positive).
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=tiled:grid=2048,block=2,arg0=4096' \
// RUN:   -mllvm '-ktime-launch=chunks:grid=1,block=32,arg0=1000,arg1=7' \
// RUN:   2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=tiled:grid=2048,block=2,arg0=4096' \
// RUN:   -mllvm '-ktime-launch=chunks:grid=1,block=32,arg0=1000,arg1=7' \
// RUN:   2>&1 | FileCheck %s

// n = 4096, tile = ntid.x = 2: (4096 + 2 - 1) / 2 = 2048 phases (floor of
// 2048.5), for every thread. The tile is an int, so the division is an
// sdiv (ntid.x is known positive: no assumption about the divisor).
// CHECK: trip-divide-by-value.cu:[[@LINE+6]]:3: remark: loop loop1: trip = max({{0|1}}, (arg0 + ntid.x - 1) / ntid.x) (launch 'tiled:grid=2048,block=2,arg0=4096': 2048),
// CHECK: trip-divide-by-value.cu:[[@LINE+5]]:3: remark: assumption: sdiv of arg0 + ntid.x - 1 assumed non-negative
// CHECK-NOT: divisor ntid.x
__global__ void tiled(int n, float *out) {
  int tile = blockDim.x;
#pragma unroll 1
  for (int ph = 0; ph < (n + tile - 1) / tile; ++ph)
    out[ph * tile + threadIdx.x] += 1.0f;
}

// A divisor the code computes from a parameter: n / k chunks, k = 7 at the
// launch: 1000 / 7 = 142 (floor of 142.86). Nothing shows k > 0, so the
// model says it assumed so.
// CHECK: trip-divide-by-value.cu:[[@LINE+4]]:3: remark: loop loop1: trip = max(0, arg0 / arg1) (launch 'chunks:grid=1,block=32,arg0=1000,arg1=7': 142),
// CHECK: remark: assumption: the divisor arg1 of an sdiv assumed positive
__global__ void chunks(int n, int k, float *out) {
#pragma unroll 1
  for (int c = 0; c < n / k; ++c)
    out[c * 32 + threadIdx.x] += 1.0f;
}
