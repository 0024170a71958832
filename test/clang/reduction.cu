// The tree reduction's halving loop end to end: clang -O3 (22 and 19, whose
// loops differ: test/Thread/trip-halving.ll) and -O0 (the canonicalised
// copy) give the count log2(ntid.x / 2) + 1 and a launch is predicted. The
// kernel passes one barrier before the loop and one per iteration:
//   block 256:  s = 128, 64, ..., 1: 8 iterations = floor(log2(128)) + 1,
//               9 barriers;
//   block 1000: s = 500, 250, 125, 62, 31, 15, 7, 3, 1: 9 iterations =
//               floor(log2(500)) + 1, 10 barriers.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -mllvm '-ktime-launch=reduce:grid=8,block=256' \
// RUN:   -mllvm '-ktime-launch=reduce:grid=8,block=1000' %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -mllvm '-ktime-launch=reduce:grid=8,block=256' \
// RUN:   -mllvm '-ktime-launch=reduce:grid=8,block=1000' %s 2>&1 \
// RUN:   | FileCheck %s

__global__ void reduce(const float *in, float *out) {
  __shared__ float buf[1024];
  unsigned t = threadIdx.x;
  buf[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  // CHECK: reduction.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = log2(ntid.x / 2) + 1 (launch 'reduce:grid=8,block=256': 8){{(, lat = .*)?}} [
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = buf[0];
}

// CHECK: remark: kernel reduce on {{.*}}, grid 8x1x1, block 256x1x1: predicted
// CHECK: remark: kernel reduce on {{.*}}, grid 8x1x1, block 1000x1x1: predicted
