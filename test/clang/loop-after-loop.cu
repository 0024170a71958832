// A remainder loop that starts where an earlier loop stopped: the first
// loop takes four elements at a time, the second the rest. The second
// loop's first value is either tid.x (the first loop did not run) or the
// first loop's counter after its last iteration, tid.x + 4 * ntid.x * T1
// with T1 the first loop's count, max(0, ceildiv(n - 3 * ntid.x - tid.x,
// 4 * ntid.x)): its iteration number iter.loop1 is settled to its last,
// T1 - 1, in the kernel's own symbols, so that a launch can be predicted.
// The first loop is skipped only where it would run no iteration, T1 = 0,
// and there its last counter is tid.x too: the second loop starts at
// tid.x + 4 * ntid.x * T1 on both paths (docs/model.md, "Loops the
// optimizer changed").
// (arg2 is n: Debian's clang discards parameter names.)
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -mllvm '-ktime-launch=rest:grid=64,block=256,arg2=100000' %s 2>&1 \
// RUN:   | FileCheck %s

__global__ void rest(const float *x, float *out, int n) {
  float s = 0;
  int i = threadIdx.x;
  // At the launch (n = 100000, 256 threads a block) the four-at-a-time loop
  // runs ceildiv(100000 - 768 - t, 1024) = 97 times for every t in 0..255
  // (99232 / 1024 = 96.9, 98977 / 1024 = 96.7); the remainder loop
  // max(1, ceildiv(100000 - 99328 - t, 256)) from t + 4 x 256 x 97 =
  // t + 99328: 3 for t <= 159, 2 above, mean (160 x 3 + 96 x 2) / 256 =
  // 2.625 in every block: the 64 x 256 threads are more than the 2048
  // evaluated, so the remark says it took every thread of 8 of the 64
  // blocks.
  // CHECK: loop-after-loop.cu:[[@LINE+1]]:3: remark: loop loop1: trip = max(0, ceildiv(arg2 - 3 * ntid.x - tid.x, 4 * ntid.x)) (launch 'rest:grid=64,block=256,arg2=100000': 97),
  for (; i + 3 * blockDim.x < n; i += 4 * blockDim.x)
    s += x[i] + x[i + blockDim.x] + x[i + 2 * blockDim.x] + x[i + 3 * blockDim.x];
  // CHECK: loop-after-loop.cu:[[@LINE+2]]:3: remark: loop loop2: trip = max(1, ceildiv(arg2 - 4 * ntid.x * max(0, ceildiv(arg2 - 3 * ntid.x - tid.x, 4 * ntid.x)) - tid.x, ntid.x)) (launch 'rest:grid=64,block=256,arg2=100000': 2 to 3, mean 2.625 over the threads of 8 of the 64 blocks),
  // CHECK: loop-after-loop.cu:[[@LINE+1]]:3: remark: assumption: the loop starts where an earlier loop stopped: iter.loop1 is that loop's last iteration
  for (; i < n; i += blockDim.x)
    s += x[i];
  out[threadIdx.x] = s;
}

// CHECK-NOT: no prediction
// CHECK: remark: kernel rest on {{.*}}, grid 64x1x1, block 256x1x1: predicted
