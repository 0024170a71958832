// Robustness: -O0 kernels with __shared__ memory, __syncthreads() and calls
// to libdevice-like functions that are only declared (no libdevice linked:
// -nocudalib) inside their loops. The canonicalised clone must keep the
// counts exact (barriers and calls are not hoisted or dropped), and the
// same counts come out at -O3. Hand derivations beside each CHECK.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o %t.k0.ptx \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o %t.p0.ptx \
// RUN:   -fno-discard-value-names %s
// RUN: diff %t.p0.ptx %t.k0.ptx
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s

extern "C" __device__ float __nv_sqrtf(float);
extern "C" __device__ float __nv_expf(float);

__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float buf[256];
  int t = threadIdx.x;
  buf[t] = t < n ? in[t] : 0.0f;
  __syncthreads();
  // Halving from ntid.x / 2: s = ntid.x / 2, ..., 1, floor(log2(ntid.x / 2))
  // + 1 iterations (none for a block of one thread).
  // CHECK: O0-sync-shared.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = log2(ntid.x / 2) + 1{{(, lat = .*)?}} [
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
    __syncthreads();
  }
  // k = 0 .. 7 around an undeclared-body call: 8.
#pragma unroll 1
  // CHECK: O0-sync-shared.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 8{{(, lat = .*)?}} [
  for (int k = 0; k < 8; ++k)
    buf[k] = __nv_sqrtf(buf[k]);
  if (t == 0)
    out[blockIdx.x] = buf[0];
}

// k = 0 .. n - 1 with two barriers and a call per iteration: max(0, n).
__global__ void staged(float *a, int n) {
  __shared__ float tile[256];
#pragma unroll 1
  // CHECK: O0-sync-shared.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (int k = 0; k < n; ++k) {
    tile[threadIdx.x] = a[k * 256 + threadIdx.x];
    __syncthreads();
    a[k * 256 + threadIdx.x] = __nv_expf(tile[255 - threadIdx.x]);
    __syncthreads();
  }
}
