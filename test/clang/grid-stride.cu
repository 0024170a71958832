// A grid-stride loop through clang: its count in n, tid.x, ctaid.x, ntid.x
// and nctaid.x. Thread i0 = ctaid.x * ntid.x + tid.x visits i0, i0 + s, ...
// below n with s = ntid.x * nctaid.x: ceildiv(n - i0, s) elements when
// n > i0, none otherwise.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s
// The same at -O0, through the canonicalised clone, and on sm_90:
// RUN: %clang_ktime --cuda-gpu-arch=sm_90 --cuda-device-only -O0 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s

__global__ void saxpy(int n, float a, const float *x, float *y) {
  // CHECK: grid-stride.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, ceildiv(n - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x)){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
