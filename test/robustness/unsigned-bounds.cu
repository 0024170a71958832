// Robustness: upward unsigned loops whose constant bound is at or above
// 2^(w-1) for the width w the optimiser gives the induction variable
// (unsigned char < 200, unsigned short < 60000, unsigned < 3e9, 64-bit
// bounds above 2^63). The counts are derived by hand beside each CHECK.
//
// Constants of unsigned comparisons and backedge-taken counts are read as
// unsigned numbers, and a != test with constants counts modulo 2^w.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -Oz -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time %s 2>&1 | FileCheck %s

// c = 0 .. 199: 200 iterations. At -O3 the exit test is "icmp ult i8 %c, -57"
// (199 as i8), at -Oz "icmp ult i8 %c, -56" (200).
__global__ void u8(float *a) {
#pragma unroll 1
  // CHECK: unsigned-bounds.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 200{{(, lat = .*)?}} [
  for (unsigned char c = 0; c < 200; ++c) a[c] = 0;
}

// c = 0 .. 59999: 60000 iterations ("icmp eq i16 %c.next, -5536").
__global__ void u16(float *a) {
#pragma unroll 1
  // CHECK: unsigned-bounds.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 60000{{(, lat = .*)?}} [
  for (unsigned short c = 0; c < 60000; ++c) a[c] = 0;
}

// c = 1000, 2000, ..., 64000 (65000 is not < 65000): 64 iterations.
__global__ void u16step(float *a) {
#pragma unroll 1
  // CHECK: unsigned-bounds.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 64{{(, lat = .*)?}} [
  for (unsigned short c = 1000; c < 65000; c += 1000) a[c] = 0;
}

// i = 0, 1e6, ..., 2999e6: 3e9 / 1e6 = 3000 iterations.
__global__ void u32big(float *a) {
#pragma unroll 1
  // CHECK: unsigned-bounds.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 3000{{(, lat = .*)?}} [
  for (unsigned i = 0; i < 3000000000u; i += 1000000) a[i / 1000000] = 0;
}

// i = 0, 2^60, ..., 8 * 2^60 = 2^63 (< 2^63 + 16); 9 * 2^60 is not below
// the bound: 9 iterations.
__global__ void u64big(float *a) {
#pragma unroll 1
  // CHECK: unsigned-bounds.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = 9{{(, lat = .*)?}} [
  for (unsigned long long i = 0; i < 0x8000000000000010ull; i += 0x1000000000000000ull) a[i >> 60] = 0;
}
