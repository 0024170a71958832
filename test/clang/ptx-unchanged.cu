// The plugin changes no code: the device PTX is the same with and without
// it, at -O3 and -O1.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o %t.plain.ptx %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -o %t.ktime.ptx %s
// RUN: diff %t.plain.ptx %t.ktime.ptx
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -O1 -S -o %t.plain1.ptx %s
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O1 -S -o %t.ktime1.ptx %s
// RUN: diff %t.plain1.ptx %t.ktime1.ptx
// And the plugin did run: the device IR carries the annotation.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -emit-llvm -o - %s | FileCheck %s
// CHECK: !{!"ktime.trip", !"max(0, ceildiv(arg0 - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x))"}

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
