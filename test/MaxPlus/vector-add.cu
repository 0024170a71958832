// The paper's Listing 1 through clang (sm_80, default target a100): the
// graph KernelTime builds from clang's IR is the paper's Fig. 1, at -O3 and
// at -O0 (through the canonicalised clone). Numbers as in vector-add.ll:
// naive T + t = 19 + 572.2 = 591.2 with height 2; with the operation
// T + tau + t = 595.2 with height 3.
// REQUIRES: clang
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -emit-llvm \
// RUN:   -o %t.O3.ll %s
// RUN: %opt_ktime -disable-output -passes='print<kernel-time-maxplus>' %t.O3.ll \
// RUN:   | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -emit-llvm \
// RUN:   -o %t.O0.ll %s
// RUN: %opt_ktime -disable-output -passes='print<kernel-time-maxplus>' %t.O0.ll \
// RUN:   | FileCheck %s

// CHECK-LABEL: kernel _Z4vaddPfS_S_i (vadd(float*, float*, float*, int)) on a100-pcie-40gb
// CHECK:       variant naive: instance = lat.global + 19 = 591.2 cycles, height 2, 1 fragment
// CHECK:         fragment 1: 4 nodes, 3 arcs, height 2,
// CHECK:       variant ops: instance = lat.global + 23 = 595.2 cycles, height 3, 1 fragment
// CHECK:         fragment 1: 4 nodes, 4 arcs, height 3,
__global__ void vadd(float *a, float *b, float *c, int N) {
  int i = threadIdx.x;
  if (i < N)
    c[i] = a[i] + b[i];
}
