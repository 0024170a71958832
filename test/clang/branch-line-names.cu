// Branch sides that start on one line (docs/usage.md, "Names a launch can
// bind"): as for loops, the line alias takes the column too,
// taken.L<line>_<col>, where sides at several columns share a line. The
// kernel's line 28 holds three sides: the bounds guard's (its first
// instruction, `x[i]`, at column 26), the data branch's true side (`y[i] =
// v` at 43) and its else side (`y[i] = -v` at 65). taken.L28 alone names
// none of them, and the error lists the names there are; binding
// taken.L28_43 binds side 2 (and side 3, the other side of its branch,
// takes the rest: 1 - 0.3 = 0.7).
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S \
// RUN:   -o /dev/null %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=one:grid=4096,block=256,n=1048576,taken.L28=0.3' \
// RUN:   2>&1 | FileCheck %s --check-prefix=LINE
// LINE: 'taken.L28' is not a parameter of one(float const*, float*, int) (parameters: x, y, n; argN always works) nor a symbol of its model; its branch sides: taken.side1 (taken.L28_26), taken.side2 (taken.L28_43), taken.side3 (taken.L28_65)
//
// RUN: rm -f %t.json
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S \
// RUN:   -o /dev/null %s -mllvm -ktime-gpu=a100 -mllvm -ktime-report=%t.json \
// RUN:   -mllvm '-ktime-launch=one:grid=4096,block=256,n=1048576,taken.L28_43=0.3'
// RUN: %python -c "import json, sys; \
// RUN:   [print([(b['name'], b['line_name'], b['source'], b['share']) for b in l['branches']], l['estimate']) \
// RUN:    for l in json.load(open(sys.argv[1]))['launches']]" %t.json \
// RUN:   | FileCheck %s --check-prefix=JSON
// JSON: [('taken.side1', 'taken.L28_26', 'lanes', None), ('taken.side2', 'taken.L28_43', 'bound', 0.3), ('taken.side3', 'taken.L28_65', 'bound', 0.7)] False

__global__ void one(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float v = x[i]; if (v > 0) y[i] = v; else y[i] = -v; }
}
