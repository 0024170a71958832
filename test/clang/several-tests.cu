// Loops that several tests end, end to end with clang -O3 (22 and 19) and
// -O0 (the canonicalised copy), and a grid-stride loop whose int counter
// meets a size_t bound (docs/model.md, "Trip counts", rules 1 and 4).
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -mllvm '-ktime-launch=two_bounds:grid=4,block=256,arg1=4096,arg2=2000' \
// RUN:   -mllvm '-ktime-launch=dot:grid=2,block=128,arg3=1000' %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -mllvm '-ktime-launch=two_bounds:grid=4,block=256,arg1=4096,arg2=2000' \
// RUN:   -mllvm '-ktime-launch=dot:grid=2,block=128,arg3=1000' %s 2>&1 \
// RUN:   | FileCheck %s

// i = tid.x + k * 256 goes on while 4i < 4096 and 4i < 2000, i.e. i < 500:
// thread t runs ceildiv(500 - t, 256) iterations (4i < 2000 is i < 500 as
// ceildiv(2000 - 4t, 1024) = ceildiv(500 - t, 256)): 2 for t < 244 (t and
// t + 256 < 500), 1 for t >= 244 (t + 256 >= 500): 244 threads of 256 run
// 2, 12 run 1; mean (244 * 2 + 12 * 1) / 256 = 500 / 256 = 1.953125, which
// the remark prints to three decimals, 1.953. At -O3 instcombine joins
// the two tests into one (a min of the bounds); at -O0 each test is counted
// and the count is the least of the two: the same numbers.
__global__ void two_bounds(float *x, int n, int chunk) {
  // CHECK: several-tests.cu:[[@LINE+1]]:3: remark: loop loop1: trip = {{.*}} (launch 'two_bounds:grid=4,block=256,arg1=4096,arg2=2000': 1 to 2, mean 1.953 over the threads){{(, lat = .*)?}} [
  for (int i = threadIdx.x; i * 4 < n && i * 4 < chunk; i += blockDim.x)
    x[i] += 1.0f;
}

// The grid-stride dot product with an int counter and a size_t bound:
// i = g + k * 256, g = ctaid.x * 128 + tid.x < 256, while i < 1000:
// ceildiv(1000 - g, 256) iterations: 4 for g < 232 (g + 768 < 1000), 3 for
// g >= 232; over the 256 threads of the grid, mean (232 * 4 + 24 * 3) / 256
// = 1000 / 256 = 3.90625, printed 3.906.
__global__ void dot(const float *a, const float *b, float *out, size_t size) {
  const int stride = gridDim.x * blockDim.x;
  float sum = 0.0f;
  // CHECK: several-tests.cu:[[@LINE+1]]:3: remark: loop loop1: trip = max(0, ceildiv(arg3 - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x)) (launch 'dot:grid=2,block=128,arg3=1000': 3 to 4, mean 3.906 over the threads){{(, lat = .*)?}} [
  for (int i = threadIdx.x + blockDim.x * blockIdx.x; i < size; i += stride)
    sum += a[i] * b[i];
  atomicAdd(out, sum);
}
