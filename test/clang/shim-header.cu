// The shim header test/Inputs/cuda.h covers what ordinary kernels use
// without the CUDA SDK: size_t, INFINITY, float and double math (as calls
// of libdevice's names), atomics, warp shuffles and votes, __syncwarp,
// fences, __ldg and __popc. A histogram with a warp-shuffle reduction
// compiles through clang with the plugin (device and host side) and is
// predicted; its atomics and shuffles are priced as such (docs/costs.md).
// (arg3 is n: Debian's clang discards parameter names.)
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -mllvm '-ktime-launch=hist:grid=100,block=256,arg3=25600' %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-host-only -O3 -c -o %t.o %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -emit-llvm -o %t.ll %s
// RUN: %opt_ktime -passes='print<kernel-time-cost>' -ktime-gpu=a100 \
// RUN:   -disable-output %t.ll 2>&1 | FileCheck --check-prefix=COST %s

__global__ void hist(const float *x, unsigned *bins, float *total, size_t n) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? __ldg(x + i) : 0.0f;
  if (v != INFINITY)
    atomicAdd(&bins[min(__popc(__float_as_uint(v)), 31)], 1u);
  float e = __expf(v) + sqrtf(fabsf(v)) + (float)exp((double)v);
  for (int d = 16; d > 0; d /= 2)
    e += __shfl_down_sync(0xffffffffu, e, d);
  __syncwarp();
  if (__any_sync(0xffffffffu, e > 0) && threadIdx.x % 32 == 0)
    atomicAdd(total, e);
  __threadfence();
}

// CHECK: remark: kernel hist on a100-pcie-40gb, grid 100x1x1, block 256x1x1: predicted
// The priced classes (a100-pcie-40gb): an atomic whose result is unused is
// a reduction (red.global), the shuffle and vote their own classes, the
// math calls libdevice's prices.
// COST-DAG: atomicrmw add {{.*}}red.global.add: atomic.global
// COST-DAG: atomicrmw fadd {{.*}}red.global.fadd: atomic.global
// COST-DAG: shfl.sync.down.f32{{.*}}shfl.sync: shfl
// COST-DAG: vote.any.sync{{.*}}vote: vote
// COST-DAG: @__nv_fast_expf{{.*}}__nv_fast_expf: {{.*}}sfu
// COST: total: {{.*}} 2 atomics
