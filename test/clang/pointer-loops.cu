// Loops that compare pointers, at clang -O3 (22 and 19) and -O0 (the
// canonicalised copy): a pointer in a count stands for its address, so
// p = a + tid.x while p < a + n, stepping ntid.x elements, counts as
// i = tid.x while i < n (the address of a cancels), and a walk from one
// pointer parameter to another is unknown (a launch gives no addresses),
// with its count in the reason and the symbol to bind.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -mllvm '-ktime-launch=up_to_end:grid=1,block=256,arg1=1000' %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -mllvm '-ktime-launch=up_to_end:grid=1,block=256,arg1=1000' %s 2>&1 \
// RUN:   | FileCheck %s

// p = a + t + 256k < a + 1000 for k < ceildiv(1000 - t, 256): 4 for
// t < 232 (t + 768 < 1000), 3 for t >= 232; mean over the 256 threads
// (232 * 4 + 24 * 3) / 256 = 1000 / 256 = 3.90625, printed 3.906.
__global__ void up_to_end(float *a, int n) {
  float *end = a + n;
  // CHECK: pointer-loops.cu:[[@LINE+1]]:3: remark: loop loop1: trip = max(0, ceildiv(arg1 - tid.x, ntid.x)) (launch 'up_to_end:grid=1,block=256,arg1=1000': 3 to 4, mean 3.906 over the threads){{(, lat = .*)?}} [
  for (float *p = a + threadIdx.x; p < end; p += blockDim.x)
    *p += 1.0f;
}

// From a to end, 4 bytes at a time: (end - a) / 4 iterations in terms of
// the two addresses, which no launch binds: the loop's count is the symbol.
__global__ void walk(float *a, float *end) {
  // CHECK: pointer-loops.cu:[[@LINE+2]]:3: remark: loop loop1: trip = trip.loop1{{(, lat = .*)?}} [
  // CHECK: pointer-loops.cu:[[@LINE+1]]:3: remark: assumption: trip count of the loop unknown because it runs between the addresses the pointer parameters arg0 and arg1 hold (trip = (arg1 - arg0) / 4); it is the symbol trip.loop1 (or trip.L[[@LINE+1]]) [
  for (float *p = a; p != end; ++p)
    *p += 1.0f;
}
