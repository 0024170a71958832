// Robustness: -O0 loops that run exactly once. Plain clang compiles these;
// with the plugin clang must too, and report trip = 1 for each.
//
// The -O0 copy is canonicalised with instcombine<no-verify-fixpoint>, so a
// missed fix point is no fatal error.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -fno-crash-diagnostics -S -o %t.ktime.ptx \
// RUN:   -Rpass-analysis=kernel-time %s 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o %t.plain.ptx %s
// RUN: diff %t.plain.ptx %t.ktime.ptx

// i = 0 only: 1 iteration.
__global__ void one(float *a) {
  // CHECK: O0-single-iteration.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 1{{(, lat = .*)?}} [
  for (int i = 0; i < 1; ++i) a[i] = 0;
}

// i = 0 only (0 <= 0, then 1 <= 0 fails): 1 iteration.
__global__ void le(float *a) {
  // CHECK: O0-single-iteration.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 1{{(, lat = .*)?}} [
  for (int i = 0; i <= 0; ++i) a[i] = 0;
}

// 64-bit and unsigned counters, i = 0 only: 1 iteration each.
__global__ void wide(float *a) {
  // CHECK: O0-single-iteration.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 1{{(, lat = .*)?}} [
  for (long i = 0; i < 1; ++i) a[i] = 0;
}
__global__ void uns(float *a) {
  // CHECK: O0-single-iteration.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 1{{(, lat = .*)?}} [
  for (unsigned i = 0; i < 1; ++i) a[i] = 0;
}

// i = 0, then 4 < 4 fails: 1 iteration.
__global__ void step4(float *a) {
  // CHECK: O0-single-iteration.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 1{{(, lat = .*)?}} [
  for (int i = 0; i < 4; i += 4) a[i] = 0;
}
