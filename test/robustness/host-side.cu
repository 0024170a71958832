// Robustness: the host side of a CUDA compile never hears from KernelTime,
// even when everything KernelTime would read is broken (a missing
// KTIME_TARGET_DIR, an unknown -ktime-gpu) and at -O0, where an optnone
// device module would be cloned: no remark, no error, no metadata.
// (test/clang/host-silent.cu has the -O3 -ktime-gpu case.)
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env KTIME_TARGET_DIR=%t/missing %clang_ktime --cuda-gpu-arch=sm_80 --cuda-host-only \
// RUN:   -O0 -S -emit-llvm -Rpass-analysis=kernel-time -mllvm -ktime-gpu=no-such-gpu \
// RUN:   %s -o %t/host0.ll 2>&1 | count 0
// RUN: FileCheck %s --input-file=%t/host0.ll --implicit-check-not='{{!"?ktime\.}}'
// RUN: env KTIME_TARGET_DIR=%t/missing %clang_ktime --cuda-gpu-arch=sm_80 --cuda-host-only \
// RUN:   -O2 -S -emit-llvm -Rpass-analysis=kernel-time %s -o %t/host2.ll 2>&1 | count 0
// RUN: FileCheck %s --input-file=%t/host2.ll --implicit-check-not='{{!"?ktime\.}}'
// The checks look for KernelTime's metadata (!ktime.kernel, !"ktime.trip",
// ...), not the word, which the source's path in the IR may contain.
// CHECK: define {{.*}}host_loop

__global__ void kernel(int n, float *out) {
  for (int k = 0; k < n; ++k)
    out[k] = k;
}

float host_loop(int n, const float *x) {
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += x[k];
  return s;
}
