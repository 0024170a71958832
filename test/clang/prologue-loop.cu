// A loop clang -O3 runtime-unrolls by 4 with its remainder in a prologue
// loop in front of it: the prologue runs r = (n - tid.x) mod 4 iterations,
// the unrolled loop starts at tid.x + r, the prologue's counter on exit, and
// runs (n - tid.x - r) / 4 = (n - tid.x) / 4 times. Both counts are in the
// kernel's own symbols (not the prologue's iteration number iter.loop1, which
// a launch cannot bind), so the launch is predicted.
// n = 1000, tid.x = 0 .. 31: r = (1000 - tid.x) mod 4, e.g. tid.x = 3: 1 and
// 249 unrolled iterations, 3 + 1 + 4 * 249 = 1000.
// (arg2 is n: Debian's clang discards parameter names.)
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -mllvm '-ktime-launch=strided:grid=1,block=32,arg2=1000' %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=iter.

__global__ void strided(float *out, const float *in, int n) {
  float acc = 0;
#pragma unroll 4
  // CHECK-DAG: prologue-loop.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, arg2 - tid.x - 4 * ((arg2 - tid.x) / 4)){{(, lat = .*)?}} [
  // CHECK-DAG: prologue-loop.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = (arg2 - tid.x) / 4{{(, lat = .*)?}} [
  for (int i = threadIdx.x; i < n; ++i)
    acc = acc * in[i] + 1.0f;
  out[threadIdx.x] = acc;
}

// CHECK: remark: kernel strided on {{.*}}, grid 1x1x1, block 32x1x1: predicted
