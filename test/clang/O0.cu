// At -O0 clang marks kernels optnone and keeps variables in allocas: the
// plugin still runs (it is a required pass), analyses a canonicalised clone,
// says so, and leaves the PTX exactly as clang makes it without the plugin.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S \
// RUN:   -o %t.ktime.ptx -Rpass-analysis=kernel-time %s 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S \
// RUN:   -o %t.plain.ptx %s
// RUN: diff %t.plain.ptx %t.ktime.ptx

// With -O0 -g the debug info names the parameters.
// CHECK: O0.cu:[[@LINE+1]]:1: remark: kernel is not optimised (optnone, -O0): KernelTime analyses a canonicalised copy
__global__ void rows(int n, int m, float *out) {
  // CHECK: O0.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
  for (int i = 0; i < n; ++i)
    // CHECK: O0.cu:[[@LINE+1]]:5: remark: loop loop{{[0-9]+}}: trip = max(0, m){{(, lat = .*)?}} [-Rpass-analysis=kernel-time]
    for (int j = 0; j < m; ++j)
      out[i * m + j] = 0;
}
