// A branch on data in CUDA source, at -O3 and -O0 (docs/usage.md,
// "Estimates"): `if (v > 0.0f)` compares a value each thread loads, so the
// lanes that take its side are not known from the launch. The side is
// taken.side2 (side 1 is the bounds guard's, whose lanes the launch gives)
// and, with source locations, taken.L<line> of its first line; unbound,
// every lane takes it and the prediction is an estimate, which is exactly
// the prediction with taken.L43=1 bound (the same nanoseconds); bound to 0,
// the store below it moves no bytes: a thread in bounds moves the load's
// 4 B alone (mem = min(4, ...) against min(8, ...), the bounds guard's
// lanes the rest of the expression).
// RUN: rm -f %t.json
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -g -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm -ktime-remarks=verbose -mllvm -ktime-report=%t.json \
// RUN:   -mllvm '-ktime-launch=relu:grid=4096,block=256,arg2=1048576' \
// RUN:   -mllvm '-ktime-launch=relu:grid=4096,block=256,arg2=1048576,taken.L43=1' \
// RUN:   -mllvm '-ktime-launch=relu:grid=4096,block=256,arg2=1048576,taken.side2=0' \
// RUN:   2>&1 | FileCheck %s
//
// The JSON report lists both sides with their lines: the bounds guard's
// (line 41) counted from the launch's lanes, the data branch's (line 43)
// assumed (share 1), then bound by its line name and by its symbol.
// RUN: %python -c "import json, sys; \
// RUN:   [print([(b['name'], b['line_name'], b['line'], b['source'], b['share']) for b in l['branches']]) \
// RUN:    for l in json.load(open(sys.argv[1]))['launches']]" %t.json \
// RUN:   | FileCheck --check-prefix=JSON %s
// JSON: [('taken.side1', 'taken.L41', 41, 'lanes', None), ('taken.side2', 'taken.L43', 43, 'assumed', 1)]
// JSON-NEXT: [('taken.side1', 'taken.L41', 41, 'lanes', None), ('taken.side2', 'taken.L43', 43, 'bound', 1)]
// JSON-NEXT: [('taken.side1', 'taken.L41', 41, 'lanes', None), ('taken.side2', 'taken.L43', 43, 'bound', 0)]
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm -ktime-remarks=verbose \
// RUN:   -mllvm '-ktime-launch=relu:grid=4096,block=256,n=1048576' \
// RUN:   -mllvm '-ktime-launch=relu:grid=4096,block=256,n=1048576,taken.L43=1' \
// RUN:   -mllvm '-ktime-launch=relu:grid=4096,block=256,n=1048576,taken.side2=0' \
// RUN:   2>&1 | FileCheck %s

__global__ void relu(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    if (v > 0.0f)
      y[i] = v * 2.0f;
  }
}

// CHECK: remark: kernel relu(float const*, float*, int) on a100-pcie-40gb, grid 4096x1x1, block 256x1x1: predicted {{[0-9.]+}} us ([[NS:[0-9]+]] ns) = {{.*}}; estimate, assumed: taken.side2 = 1; per thread mem = max(0, min(8, {{.*}})) B,
// CHECK: an estimate: taken.side2 (taken.L43), a side of a branch on data, is assumed taken by every lane, an upper bound; give the share of threads that take it: taken.side2=P
// CHECK: remark: kernel relu(float const*, float*, int) on a100-pcie-40gb, grid 4096x1x1, block 256x1x1: predicted {{[0-9.]+}} us ([[NS]] ns) = {{.*}}; bound: {{[a-z]+}}; per thread mem = max(0, min(8, {{.*}})) B,
// CHECK: remark: kernel relu(float const*, float*, int) on a100-pcie-40gb, grid 4096x1x1, block 256x1x1: predicted {{[0-9.]+}} us ({{[0-9]+}} ns) = {{.*}}; bound: {{[a-z]+}}; per thread mem = max(0, min(4, {{.*}})) B,
// CHECK-NOT: an estimate
