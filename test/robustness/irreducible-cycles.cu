// Robustness: irreducible control flow (a goto into a loop body). LoopInfo
// ignores irreducible cycles, so KernelTime sees no loop there at all: it
// prints "loops: 0" for @irreducible and only the inner loop of
// @irr_with_inner, and says nothing. The cycle does repeat (n or n + 1
// times), so a per-thread time built from these loops would count its body
// once. What is not modelled must become a remark (docs/design.md, Errors): an
// Assumption remark naming the irreducible cycle is expected for each kernel.
// (No crash and unchanged PTX for these kernels: control-flow-shapes.cu.)
//
// CycleInfo finds the irreducible cycles; each gets an Assumption remark
// where it starts.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time %s 2>&1 | FileCheck %s
// CHECK-COUNT-2: irreducible-cycles.cu:{{[0-9]+}}:{{[0-9]+}}: remark: assumption: irreducible control flow (a cycle entered at 2 blocks, such as a goto into a loop body) is no loop to KernelTime: how often it repeats is not counted

// Entered at the top (start == 0) the body runs n times; entered at
// "inside" it runs the second half once more (n + 1 times for i = 0 .. n).
__global__ void irreducible(float *a, int n, int start) {
  int i = 0;
  if (start) goto inside;
  for (i = 0; i < n; ++i) {
    a[i] += 1.0f;
  inside:
    a[i] *= 2.0f;
  }
}

// The same cycle around a natural inner loop: the inner loop is found
// (max(0, m) per entry) but how often it is entered is not.
__global__ void irr_with_inner(float *a, int n, int m, int start) {
  int i = 0;
  if (start) goto inside;
  for (i = 0; i < n; ++i) {
    a[i] += 1.0f;
  inside:
#pragma unroll 1
    for (int j = 0; j < m; ++j)
      a[i * m + j] *= 2.0f;
  }
}
