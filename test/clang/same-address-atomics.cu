// Atomics on one global address run one after another (docs/kernel-time.md,
// "Atomics on one address"), as CUDA code writes them: atomicAdd inlined
// from the headers, a loaded bin named by the kernel's line.
// RUN: %clang_ktime --cuda-gpu-arch=sm_86 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=rtx-3080 \
// RUN:   -mllvm '-ktime-launch=counter:grid=1024,block=256' \
// RUN:   -mllvm '-ktime-launch=histogram:grid=1024,block=256,arg2=262144' \
// RUN:   -mllvm '-ktime-launch=histogram:grid=1024,block=256,arg2=262144,addresses.L45=1' \
// RUN:   -mllvm '-ktime-launch=noinl:grid=1024,block=256' \
// RUN:   2>&1 | FileCheck %s
// The verbose remark says what the atomics raised the waves' time to:
// 262144 cycles at 1710 MHz = 153.30 us.
// RUN: %clang_ktime --cuda-gpu-arch=sm_86 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=rtx-3080 \
// RUN:   -mllvm -ktime-remarks=verbose \
// RUN:   -mllvm '-ktime-launch=counter:grid=1024,block=256' \
// RUN:   2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: raised to 153.3 us by 262144 atomics in sequence; {{.*}}; bound: atomic
// A line name binds the launched kernel's atomic only: line 45 is the
// histogram's, not the counter's.
// RUN: not %clang_ktime --cuda-gpu-arch=sm_86 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=rtx-3080 \
// RUN:   -mllvm '-ktime-launch=counter:grid=1,block=32,addresses.L45=5' \
// RUN:   2>&1 | FileCheck %s --check-prefix=OTHER
// OTHER: 'addresses.L45' is not a parameter of counter(unsigned int*)
//
// gpu-targets/rtx-3080-10gb.yaml (sm_86: same_address_atomic_cycles 1, SM
// clock 1710 MHz). A counter every thread increments: 1024 x 256 = 262144
// atomics on one address, 262144 cycles = 153.30 us. Launch: b = 8 warps,
// slope = 1.3287e-3 x 64 - 1.8663e-2 x 8 + 1.13423 = 1.0699628 cycles per
// block; 2569.9 + 1.0699628 x 1024 = 3665.54 cycles = 2.14 us.
// 153.30 + 2.14 = 155.44 us.
// CHECK: remark: kernel counter on rtx-3080-10gb, grid 1024x1x1, block 256x1x1: predicted 155.4 us; bound: atomic (262144 atomics in sequence on one address: 262144 cycles)
__global__ void counter(unsigned *count) { atomicAdd(count, 1u); }

// A histogram: the bin is loaded data. Unbound, its updates are assumed to
// fall on different addresses, and the remark says how to bind them; bound
// to one address by its line (every input in one bin), the same 262144
// atomics in sequence as the counter's.
// CHECK: assumption (rtx-3080-10gb, launch 'histogram:grid=1024,block=256,arg2=262144'): global atomic addresses.atomic1 (addresses.L45): its addresses are not counted (data-dependent, or ids not followed); taken as all different, none serialised (bind addresses.atomic1=N for N addresses)
// CHECK: remark: kernel histogram on rtx-3080-10gb, grid 1024x1x1, block 256x1x1: predicted 155.4 us; bound: atomic (262144 atomics in sequence on one address: 262144 cycles)
__global__ void histogram(const unsigned *in, unsigned *bins, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&bins[in[i]], 1u);
}

// An atomic in a device function the kernel calls without inlining it is
// not the kernel's: not counted, and said.
// CHECK: assumption (rtx-3080-10gb, launch 'noinl:grid=1024,block=256'): global atomics in bump(unsigned int*), called without being inlined, are not serialised on their addresses
__device__ __noinline__ void bump(unsigned *c) { atomicAdd(c, 1u); }
__global__ void noinl(unsigned *c) { bump(c); }
