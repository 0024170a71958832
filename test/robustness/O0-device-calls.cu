// Robustness: -O0 with __device__ functions. At -O0 nothing is inlined, and
// the canonicalised clone KernelTime analyses does not inline either
// (lib/CodegenView/CanonicalClone.cpp, "without unrolling or inlining"), so the
// loop inside sum() below, which every thread of @reduce runs, is invisible:
// the kernel gets only its own loop's remark, and nothing says that the time
// of a call (here max(0, n) iterations of sum's loop per call, 8 calls per
// thread) was left out. At -O1 and above sum() is inlined and its loop is
// reported (max(0, n)). What is not modelled must become a remark naming
// what was assumed (docs/design.md, Errors); the check below accepts any
// kernel-time remark that names the callee (sum( or _Z3sumPKfi).
//
// Device functions the kernels call are analysed too, with a DeviceFunction
// remark naming the function and its callers, and their loops' remarks.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time %s 2>&1 | FileCheck %s
// CHECK: O0-device-calls.cu:{{[0-9]+}}:{{[0-9]+}}: remark: {{.*(sum\(|_Z3sum)}}

__device__ float sum(const float *x, int n) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float buf[256];
  buf[threadIdx.x] = 0;
  __syncthreads();
  for (int k = 0; k < 8; ++k)
    buf[threadIdx.x] += sum(in + k * n, n);
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
