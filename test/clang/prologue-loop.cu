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
  // At the launch (n = 1000, 32 threads): the prologue runs (1000 - t) mod 4
  // = 0 to 3 times, mean 1.5 (t = 0..31 takes each remainder 8 times); the
  // unrolled loop (1000 - t) / 4 = 250 (t = 0) down to 242 (t = 31), mean
  // (250 + 4 x (249 + 248 + 247 + 246 + 245 + 244 + 243) + 3 x 242) / 32
  // = 7864 / 32 = 245.75 (245.8 to 4 digits).
  // CHECK-DAG: prologue-loop.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, arg2 - tid.x - 4 * ((arg2 - tid.x) / 4)) (launch 'strided:grid=1,block=32,arg2=1000': 0 to 3, mean 1.5 over the threads){{(, lat = .*)?}} [
  // CHECK-DAG: prologue-loop.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = (arg2 - tid.x) / 4 (launch 'strided:grid=1,block=32,arg2=1000': 242 to 250, mean 245.8 over the threads){{(, lat = .*)?}} [
  for (int i = threadIdx.x; i < n; ++i)
    acc = acc * in[i] + 1.0f;
  out[threadIdx.x] = acc;
}

// CHECK: remark: kernel strided on {{.*}}, grid 1x1x1, block 32x1x1: predicted
