// The plugin is loaded into both sides of a CUDA compile; the host side is
// not NVPTX and gets nothing: no remark, no metadata, no error even for a
// GPU name that does not exist.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-host-only -O3 -S -emit-llvm \
// RUN:   -Rpass-analysis=kernel-time -mllvm -ktime-gpu=no-such-gpu %s -o %t.ll 2>&1 \
// RUN:   | count 0
// RUN: FileCheck %s --input-file=%t.ll --implicit-check-not='{{!"?ktime\.}}'
// (KernelTime's metadata, !ktime.kernel and !"ktime.trip" and the rest, not
// the word, which the source's path in the IR may contain.)
// CHECK: define {{.*}}host_sum

__global__ void kernel(int n, float *out) {
  for (int k = 0; k < n; ++k)
    out[k] = k;
}

float host_sum(int n, const float *x) {
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += x[k];
  return s;
}
