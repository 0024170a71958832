// Robustness: the plugin never changes the code. The PTX of a file full of
// awkward loop shapes (goto loops, while(true) with breaks, nested loops
// whose latches are empty blocks, do-while, several `continue`s, a switch in
// the body, __syncthreads and __shared__ in a loop, calls to a __noinline__
// device function with its own loop and to an undeclared-body libdevice-like
// __nv_sqrtf, an irreducible cycle, an 8-bit counter, a pointer loop) is
// byte for byte the same with and without -fpass-plugin, at every -O level,
// with -g, -gline-tables-only, -ffast-math, -fgpu-rdc, and for sm_70, sm_90
// and sm_100 (with clang 20 or newer). Loops without an !llvm.loop of their own (goto, while(true))
// get a new loop ID from KernelTime; codegen must ignore it. Also through
// opt + llc on unoptimised (not optnone) IR, where CodeGenPrepare still
// merges the empty blocks that carry loop IDs.
//
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o %t.p0 %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o %t.k0 %s
// RUN: diff %t.p0 %t.k0
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O1 -S -o %t.p1 %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O1 -S -o %t.k1 %s
// RUN: diff %t.p1 %t.k1
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O2 -S -o %t.p2 %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O2 -S -o %t.k2 %s
// RUN: diff %t.p2 %t.k2
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o %t.p3 %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o %t.k3 %s
// RUN: diff %t.p3 %t.k3
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -Os -S -o %t.ps %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -Os -S -o %t.ks %s
// RUN: diff %t.ps %t.ks
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -Oz -S -o %t.pz %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -Oz -S -o %t.kz %s
// RUN: diff %t.pz %t.kz
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S -o %t.p0g %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S -o %t.k0g %s
// RUN: diff %t.p0g %t.k0g
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -g -S -o %t.p3g %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -g -S -o %t.k3g %s
// RUN: diff %t.p3g %t.k3g
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O2 -gline-tables-only -S -o %t.p2l %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O2 -gline-tables-only -S -o %t.k2l %s
// RUN: diff %t.p2l %t.k2l
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -ffast-math -fgpu-rdc -S -o %t.pf %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -ffast-math -fgpu-rdc -S -o %t.kf %s
// RUN: diff %t.pf %t.kf
// RUN: %clang_cuda --cuda-gpu-arch=sm_70 --cuda-device-only -O3 -S -o %t.p70 %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_70 --cuda-device-only -O3 -S -o %t.k70 %s
// RUN: diff %t.p70 %t.k70
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 --cuda-device-only -O3 -S -o %t.p90 %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_90 --cuda-device-only -O3 -S -o %t.k90 %s
// RUN: diff %t.p90 %t.k90
// sm_100 needs PTX 8.6 or newer (a later --cuda-feature wins) and clang 20
// or newer (clang 19 does not know the architecture):
// RUN: %if llvm-22 %{ %clang_cuda --cuda-feature=+ptx87 --cuda-gpu-arch=sm_100 --cuda-device-only -O3 -S -o %t.p100 %s %}
// RUN: %if llvm-22 %{ %clang_ktime --cuda-feature=+ptx87 --cuda-gpu-arch=sm_100 --cuda-device-only -O3 -S -o %t.k100 %s %}
// RUN: %if llvm-22 %{ diff %t.p100 %t.k100 %}
// opt + llc on unoptimised IR that is not optnone:
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O1 -Xclang -disable-llvm-passes \
// RUN:   -S -emit-llvm -o %t.raw.ll %s
// RUN: %opt_ktime -passes=kernel-time %t.raw.ll -o %t.raw.bc
// RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O3 %t.raw.ll -o %t.raw.plain.ptx
// RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -O3 %t.raw.bc -o %t.raw.ktime.ptx
// RUN: diff %t.raw.plain.ptx %t.raw.ktime.ptx
// And KernelTime did annotate that IR: the goto loop, which had no loop ID,
// has one now. (Its counter lives in an alloca and the function is not
// optnone, so no canonicalised clone is made and the count is the unknown
// trip.loop1; the -O0 clone is for optnone kernels only.)
// RUN: FileCheck %s --check-prefix=RAW < %t.raw.ll
// RUN: llvm-dis %t.raw.bc -o - | FileCheck %s
// RAW-LABEL: define {{.*}} @_Z8gotoloopPii(
// RAW-NOT: !llvm.loop
// RAW: {{^}}}
// CHECK-LABEL: define {{.*}} @_Z8gotoloopPii(
// CHECK: br label %{{[0-9]+}}, !llvm.loop ![[ID:[0-9]+]]
// The trip node is shared with other loops (metadata is uniqued), so it may
// be printed before or after the loop ID.
// CHECK-DAG: ![[ID]] = distinct !{![[ID]], ![[TRIP:[0-9]+]]{{.*}}}
// CHECK-DAG: ![[TRIP]] = !{!"ktime.trip", !"trip.loop1"}

extern "C" __device__ float __nv_sqrtf(float);
__device__ __noinline__ int dev_loop(int *a, int n) { int s = 0; for (int i = 0; i < n; ++i) s += a[i]; return s; }
__global__ void gotoloop(int *a, int n) {
  int i = 0;
again:
  a[i] += 1;
  if (++i < n) goto again;
}
__global__ void whiletrue(int *a, int n) {
  int i = 0;
  while (true) {
    if (a[i] == 0) break;
    a[i] = 0;
    if (++i >= n) break;
  }
}
__global__ void nested_empty_latch(float *a, int n, int m) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j) {
      a[i * m + j] *= 2.0f;
    }
  }
}
__global__ void nested_goto(float *a, int n, int m) {
  int i = 0;
outer:
  { int j = 0;
  inner:
    a[i * m + j] += 1.0f;
    if (++j < m) goto inner; }
  if (++i < n) goto outer;
}
__global__ void dowhile(int *a, int n) {
  int i = 0;
  do { a[i] = i; i += 3; } while (i < n);
}
__global__ void contloop(int *a, int n) {
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0) continue;
    if (a[i] > 100) { a[i] = 100; continue; }
    a[i] += 1;
  }
}
__global__ void sync_loop(float *a, int n) {
  __shared__ float s[256];
  for (int k = 0; k < n; ++k) {
    s[threadIdx.x] = a[k * 256 + threadIdx.x];
    __syncthreads();
    a[k * 256 + threadIdx.x] = __nv_sqrtf(s[255 - threadIdx.x]);
    __syncthreads();
  }
}
__global__ void calls(int *a, int n) {
  for (int k = 0; k < n; ++k) a[k] = dev_loop(a + k, k);
}
__global__ void unrolled(float *a) {
  for (int k = 0; k < 64; ++k) a[k] = k * 0.5f;
}
__global__ void switchy(int *a, int n) {
  for (int i = 0; i < n; ++i) {
    switch (a[i] & 3) { case 0: a[i] = 1; break; case 1: a[i] = 7; break; case 2: continue; default: return; }
  }
}
__global__ void irreducible(float *a, int n, int start) {
  int i = 0;
  if (start) goto inside;
  for (i = 0; i < n; ++i) {
    a[i] += 1.0f;
  inside:
    a[i] *= 2.0f;
  }
}
__global__ void u8(float *a) {
  for (unsigned char c = 0; c < 200; ++c) a[c] = 0;
}
__global__ void ptrs(float *a, float *e) {
  for (float *p = a; p != e; ++p) *p = 1;
}
