// Robustness: the same trip counts whatever the -O level, the debug-info
// and math flags, relocatable device code, or the GPU architecture, for
// kernels in templates (two instantiations at one source line), a kernel
// templated on a functor and on a __device__ lambda, __launch_bounds__, a
// call to an undeclared-body libdevice-like function, and a 2D tile loop.
// Architectures with no default target file (sm_53, sm_100) still get their
// loops counted, with one NoTarget warning remark per kernel (6 kernels
// here); sm_70, sm_86, sm_89, sm_90 and sm_120 have one (docs/targets.md) and
// get no such remark. Hand derivations beside each CHECK.
//
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O1 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O2 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -Os -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -Oz -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -gline-tables-only \
// RUN:   -S -o /dev/null -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -ffast-math -fgpu-rdc \
// RUN:   -S -o /dev/null -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_70 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="no GPU target"
// RUN: %clang_ktime --cuda-gpu-arch=sm_86 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="no GPU target"
// RUN: %clang_ktime --cuda-gpu-arch=sm_89 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="no GPU target"
// RUN: %clang_ktime --cuda-gpu-arch=sm_53 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NOTARGET -DARCH=sm_53
// sm_100 needs clang 20 or newer (clang 19 does not know the architecture):
// RUN: %if llvm-22 %{ %clang_ktime --cuda-feature=+ptx87 --cuda-gpu-arch=sm_100 \
// RUN:   --cuda-device-only -O3 -S -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,NOTARGET -DARCH=sm_100 %}
// RUN: %clang_ktime --cuda-gpu-arch=sm_90 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="no GPU target"
// sm_120 needs clang 20 or newer, as sm_100:
// RUN: %if llvm-22 %{ %clang_ktime --cuda-feature=+ptx87 --cuda-gpu-arch=sm_120 \
// RUN:   --cuda-device-only -O3 -S -o /dev/null -Rpass-analysis=kernel-time \
// RUN:   -fno-discard-value-names %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="no GPU target" %}
// RUN: %clang_ktime --cuda-gpu-arch=sm_53 --cuda-device-only -O3 -S -o /dev/null \
// RUN:   -Rpass-analysis=kernel-time %s 2>&1 | grep -c "warning: no GPU target for sm_53" \
// RUN:   | FileCheck %s --check-prefix=SIX
// SIX: {{^}}6{{$}}
// NOTARGET: remark: warning: no GPU target for [[ARCH]]: no target file in {{.*}} is the default for [[ARCH]]; no prediction (name a GPU with -ktime-gpu=NAME)

// Thread tid.x visits tid.x, tid.x + N, ... below n: ceil((n - tid.x) / N)
// when tid.x < n; N = 128 for the float instantiation, 64 for double.
template <typename T, int N>
__global__ void __launch_bounds__(256, 2) tmpl(T *a, int n) {
#pragma unroll 1
  // CHECK: opt-levels-and-targets.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, ceildiv(n - tid.x, 128)){{(, lat = .*)?}} [
  // CHECK: opt-levels-and-targets.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, ceildiv(n - tid.x, 64)){{(, lat = .*)?}} [
  for (int i = threadIdx.x; i < n; i += N)
    a[i] = a[i] * T(2);
}
template __global__ void tmpl<float, 128>(float *, int);
template __global__ void tmpl<double, 64>(double *, int);

// i = 0 .. n - 1, once for the functor and once for the lambda.
template <typename F>
__global__ void apply(float *a, int n, F f) {
#pragma unroll 1
  // CHECK: opt-levels-and-targets.cu:[[@LINE+2]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  // CHECK: opt-levels-and-targets.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, n){{(, lat = .*)?}} [
  for (int i = 0; i < n; ++i)
    a[i] = f(a[i]);
}
struct Scale {
  float s;
  __device__ float operator()(float x) const { return s * x; }
};
template __global__ void apply<Scale>(float *, int, Scale);
inline auto plus1 = [] __device__(float x) { return x + 1.0f; };
template __global__ void apply<decltype(plus1)>(float *, int, decltype(plus1));

extern "C" __device__ float __nv_expf(float);
// i = 0, 2, ... below n: ceil(n / 2) for n > 0.
__global__ void fm(float *a, int n) {
  float s = 0;
#pragma unroll 1
  // CHECK: opt-levels-and-targets.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, ceildiv(n, 2)){{(, lat = .*)?}} [
  for (int i = 0; i < n; i += 2)
    s += __nv_expf(a[i]) / a[i + 1];
  a[0] = s;
}

// Rows tid.y, tid.y + ntid.y, ... below h; columns likewise below w.
__global__ void tile(float *a, int w, int h) {
#pragma unroll 1
  // CHECK: opt-levels-and-targets.cu:[[@LINE+1]]:3: remark: loop loop{{[0-9]+}}: trip = max(0, ceildiv(h - tid.y, ntid.y)){{(, lat = .*)?}} [
  for (int y = threadIdx.y; y < h; y += blockDim.y)
#pragma unroll 1
    // CHECK: opt-levels-and-targets.cu:[[@LINE+1]]:5: remark: loop loop{{[0-9]+}}: trip = max(0, ceildiv(w - tid.x, ntid.x)){{(, lat = .*)?}} [
    for (int x = threadIdx.x; x < w; x += blockDim.x)
      a[y * w + x] = 0;
}
