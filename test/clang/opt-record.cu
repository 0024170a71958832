// -fsave-optimization-record writes the remarks with their arguments (the
// Kernel remark first, then each Loop remark with Trip, Lat and Del), for
// tools and editors.
// RUN: rm -rf %t && mkdir -p %t
// Compiled from its own directory, so the file name in the record is short
// and the YAML keeps DebugLoc on one line.
// RUN: cd %S && %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -fsave-optimization-record -o %t/f.s opt-record.cu
// RUN: FileCheck %s --input-file=%t/f.opt.yaml

// CHECK:      --- !Analysis
// CHECK-NEXT: Pass: kernel-time
// CHECK-NEXT: Name: Kernel
// CHECK:      --- !Analysis
// CHECK-NEXT: Pass: kernel-time
// CHECK-NEXT: Name: Loop
// CHECK-NEXT: DebugLoc: { File: opt-record.cu, Line: [[#@LINE+14]], Column: 3 }
// CHECK-NEXT: Function: _Z4fillPf
// CHECK-NEXT: Args:
// CHECK-NEXT:   - String: 'loop '
// CHECK-NEXT:   - Loop: loop1
// CHECK-NEXT:   - String: ': trip = '
// CHECK-NEXT:   - Trip: '64'
// CHECK-NEXT:   - String: ', lat = '
// CHECK-NEXT:   - Lat: '{{.*}}'
// CHECK-NEXT:   - String: ' cycles, del = '
// CHECK-NEXT:   - Del: '{{.*}}'
// CHECK-NEXT:   - String: ' cycles per iteration'
__global__ void fill(float *out) {
#pragma unroll 1
  for (int k = 0; k < 64; ++k)
    out[k] = k;
}
