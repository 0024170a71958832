// Robustness: control flow a hostile user writes. Nothing crashes, the PTX
// is the same with and without the plugin (at -O0 and -O3), every loop
// LoopInfo finds gets a Loop remark, and a count that cannot be known is the
// trip.<loop> symbol with an Assumption remark saying why, never a number.
// Shapes: kernels without loops, recursion, indirect calls, an irreducible
// cycle around a natural loop (the cycle itself: irreducible-cycles.cu), a
// switch-driven state machine, a switch in a loop body, several `continue`s
// (several latches before loop-simplify), loops whose exit compares
// pointers, a spin loop on a volatile flag and a loop without an exit.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o %t.k3.ptx \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o %t.p3.ptx \
// RUN:   -fno-discard-value-names %s
// RUN: diff %t.p3.ptx %t.k3.ptx
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o %t.k0.ptx \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o %t.p0.ptx \
// RUN:   -fno-discard-value-names %s
// RUN: diff %t.p0.ptx %t.k0.ptx
// Kernels without loops are analysed and have none:
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -emit-llvm \
// RUN:   -o %t.ll %s
// RUN: %opt_ktime -passes='print<kernel-time>' -disable-output %t.ll \
// RUN:   | FileCheck %s --check-prefix=PRINT
// PRINT-LABEL: kernel _Z6noloopPf
// PRINT-NEXT:    gpu: a100-pcie-40gb
// PRINT:    loops: 0
// PRINT-LABEL: kernel _Z14recursive_callPi
// PRINT-NEXT:    gpu: a100-pcie-40gb
// PRINT:    loops: 0

__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// No loop: no Loop remark, "loops: 0".
__global__ void noloop(float *a) { a[threadIdx.x] = 1.0f; }
// A truly recursive callee (not a loop after optimisation either).
__global__ void recursive_call(int *a) { a[threadIdx.x] = fib(a[threadIdx.x]); }

// i = 0 .. n - 1 around a recursive call: max(0, n). (At -O3 fact becomes
// a loop, inlined: its loops report at fact's line, after this one.)
__global__ void recur(int *a, int n) {
#pragma unroll 1
  // CHECK: control-flow-shapes.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (int i = 0; i < n; ++i) a[i] = fact(a[i]);
}

// An indirect call in the body does not change the count: max(0, n).
__global__ void indirect(int *a, int n, int (*f)(int)) {
#pragma unroll 1
  // CHECK: control-flow-shapes.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (int i = 0; i < n; ++i) a[i] = f(a[i]);
}

// The inner loop of an irreducible cycle: j = 0 .. m - 1 per entry.
__global__ void irr_with_inner(float *a, int n, int m, int start) {
  int i = 0;
  if (start) goto inside;
  for (i = 0; i < n; ++i) {
    a[i] += 1.0f;
  inside:
#pragma unroll 1
    // CHECK: control-flow-shapes.cu:[[@LINE+1]]:5: remark: loop loop{{[0-9]+}}: trip = max(0, m){{(, lat = .*)?}} [
    for (int j = 0; j < m; ++j)
      a[i * m + j] *= 2.0f;
  }
}

// A state machine: the count (3 * max(1, n) + 1 trips round the switch) is
// not an affine exit test, so it is a symbol with a reason.
__global__ void statemachine(int *a, int n) {
  int state = 0, i = 0;
  // CHECK: control-flow-shapes.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = trip.loop{{[0-9]+}}{{(, lat = .*)?}} [
  // CHECK: control-flow-shapes.cu:[[@LINE+1]]:3: remark: assumption: trip count of the loop unknown because
  while (1) {
    switch (state) {
    case 0: a[i] = 0; state = 1; break;
    case 1: a[i] += 1; state = 2; break;
    case 2: ++i; state = i < n ? 0 : 3; break;
    default: return;
    }
  }
}

// A switch in the body, one case a `continue`: still i = 0 .. n - 1. (The
// "early exits" Assumption that comes with it is unreachable-exit.cu.)
__global__ void switchbody(int *a, int n) {
#pragma unroll 1
  // CHECK: control-flow-shapes.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (int i = 0; i < n; ++i) {
    switch (a[i] & 3) { case 0: a[i] = 1; break; case 1: a[i] = 7; break; case 2: continue; default: a[i] = -1; }
  }
}

// Three paths back to the header (two `continue`s): i = 0 .. n - 1.
__global__ void latches(int *a, int n) {
#pragma unroll 1
  // CHECK: control-flow-shapes.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0) continue;
    if (a[i] > 100) { a[i] = 100; continue; }
    a[i] += 1;
  }
}

// Pointer exit tests: (end - a) / 4 iterations, which today is the unknown
// symbol ("a pointer converted to an integer"); either is accepted.
__global__ void ptrne(float *a, float *end) {
#pragma unroll 1
  // CHECK: control-flow-shapes.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{trip\.loop[0-9]+|\(end - a\) / 4}}{{(, lat = .*)?}} [
  for (float *p = a; p != end; ++p) *p = 0;
}
// p = a, a + 4, ... < a + n: ceil(n / 4) for n > 0.
__global__ void ptrlt(float *a, int n) {
  float *end = a + n;
#pragma unroll 1
  // CHECK: control-flow-shapes.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = {{trip\.loop[0-9]+|max\(0, ceildiv\(n, 4\)\)}}{{(, lat = .*)?}} [
  for (float *p = a; p < end; p += 4) *p = 0;
}

// Waits for memory: unknown, and the reason says so.
__global__ void spin(volatile int *flag) {
  // CHECK: control-flow-shapes.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = trip.loop{{[0-9]+}}{{(, lat = .*)?}} [
  // CHECK: control-flow-shapes.cu:[[@LINE+1]]:3: remark: assumption: trip count of the loop unknown because its exit condition depends on a value loaded from memory in the loop
  while (*flag == 0) {}
}

// Never exits (volatile, so it is not undefined): unknown, "no exit".
__global__ void forever(volatile int *x) {
  // CHECK: control-flow-shapes.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = trip.loop{{[0-9]+}}{{(, lat = .*)?}} [
  // CHECK: control-flow-shapes.cu:[[@LINE+1]]:3: remark: assumption: trip count of the loop unknown because the loop has no exit
  for (;;) *x += 1;
}
