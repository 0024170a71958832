// The names a launch can bind (docs/usage.md, "Names a launch can bind"):
// loops are loop<N> in each kernel by preorder (outer loops first, siblings
// in order), with the line name L<line> as an alias where the compile keeps
// locations (remarks do); both bind a count, the same time results, and
// the JSON report lists the names.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s \
// RUN:   -mllvm -ktime-gpu=a100 -mllvm -ktime-report=%t/loop.json \
// RUN:   -mllvm '-ktime-launch=walk:id=byloop,grid=1,block=32,arg2=8,trip.loop2=100' \
// RUN:   2>&1 | FileCheck %s --check-prefixes=CHECK,BYLOOP
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s \
// RUN:   -mllvm -ktime-gpu=a100 -mllvm -ktime-report=%t/line.json \
// RUN:   -mllvm '-ktime-launch=walk:id=byline,grid=1,block=32,arg2=8,trip.L51=100' \
// RUN:   2>&1 | FileCheck %s --check-prefixes=CHECK,BYLINE
//
// The same count by both names is one symbol given twice:
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=walk:grid=1,block=32,trip.loop2=1,trip.L51=2' \
// RUN:   2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: 'trip.loop2' and 'trip.L51' both give trip.loop2
//
// Without locations (no remarks, no -g) a loop has no line name, and
// trip.L51 names nothing (the error lists the counts it can bind):
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=walk:grid=1,block=32,trip.L51=2' \
// RUN:   2>&1 | FileCheck %s --check-prefix=NOLINE
// NOLINE: 'trip.L51' is not a parameter of walk(int const*, float*, int) (parameters: arg0, arg1, arg2; argN always works) nor a symbol of its model; its loop counts the code does not give: trip.loop2; a line name (trip.L12) needs source locations (-Rpass-analysis=kernel-time or -g), trip.loopN always works
//
// Both launches predict the same time:
// RUN: %python -c "import json,sys; a,b=(json.load(open(f))['launches'][0] for f in sys.argv[1:]); print(a['predicted_ns']==b['predicted_ns'], a['params'], b['params'])" %t/loop.json %t/line.json \
// RUN:   | FileCheck %s --check-prefix=SAME
// SAME: True {'arg2': 8, 'trip.loop2': 100} {'arg2': 8, 'trip.L51': 100}
//
// The report lists the loops' names and the parameters' (printed as argN:
// this compile discards source names):
// RUN: %python -c "import json; L=json.load(open('%t/loop.json'))['launches'][0]; print([(l['name'], l['line_name'], l['line']) for l in L['loops']]); print(L['parameters'])" \
// RUN:   | FileCheck %s --check-prefix=JSON
// JSON: [('loop1', 'L50', 50), ('loop2', 'L51', 51)]
// JSON: [{'name': 'arg0', 'printed': 'arg0'}, {'name': 'arg1', 'printed': 'arg1'}, {'name': 'arg2', 'printed': 'arg2'}]

// CHECK: symbol-names.cu:[[@LINE+5]]:3: remark: loop loop1: trip = max(0, arg2)
// CHECK: symbol-names.cu:[[@LINE+5]]:5: remark: loop loop2: trip = trip.loop2
// CHECK: symbol-names.cu:[[@LINE+4]]:5: remark: assumption: trip count of the loop unknown because its exit condition depends on a value loaded from memory in the loop; it is the symbol trip.loop2 (or trip.L51)
__global__ void walk(const int *next, float *out, int rows) {
#pragma unroll 1
  for (int r = 0; r < rows; ++r)
    for (int p = r; p >= 0; p = next[p])
      out[p] += 1.0f;
}
// BYLOOP: remark: kernel walk on a100-pcie-40gb, grid 1x1x1, block 32x1x1: predicted [[T:[0-9.]+]] us
// BYLINE: remark: kernel walk on a100-pcie-40gb, grid 1x1x1, block 32x1x1: predicted [[T:[0-9.]+]] us

// Unrolling the outer loop copies the inner one: four loops of one line and
// column, loop1 to loop4, all with the line name L81, which binds the four.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s \
// RUN:   -mllvm -ktime-gpu=a100 -mllvm -ktime-report=%t/copies.json \
// RUN:   -mllvm '-ktime-launch=copies:grid=1,block=32,trip.L81=100' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COPIES
// RUN: %python -c "import json; L=json.load(open('%t/copies.json'))['launches'][0]; print([(l['name'], l['line_name']) for l in L['loops']], L['estimate'])" \
// RUN:   | FileCheck %s --check-prefix=COPIESJSON
// Unbound, the four are estimates; the Kernel remark names the first:
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=copies:grid=1,block=32' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COPIESEST
// COPIESEST: remark: kernel copies on a100-pcie-40gb, grid 1x1x1, block 32x1x1: predicted {{.*}}; estimate: 4 values assumed [
// COPIESEST: remark: assumption (a100-pcie-40gb, launch 'copies:grid=1,block=32'): an estimate: the code does not give the count of trip.loop1, trip.loop2 and 2 more, and the launch does not say it;
// COPIES: symbol-names.cu:81:5: remark: loop loop1: trip = trip.loop1 (launch 'copies:grid=1,block=32,trip.L81=100': 100),
// COPIES: symbol-names.cu:81:5: remark: loop loop2: trip = trip.loop2 (launch 'copies:grid=1,block=32,trip.L81=100': 100),
// COPIES: symbol-names.cu:81:5: remark: loop loop3: trip = trip.loop3 (launch 'copies:grid=1,block=32,trip.L81=100': 100),
// COPIES: symbol-names.cu:81:5: remark: loop loop4: trip = trip.loop4 (launch 'copies:grid=1,block=32,trip.L81=100': 100),
// COPIES: remark: kernel copies on a100-pcie-40gb, grid 1x1x1, block 32x1x1: predicted {{[0-9.]+}} us; bound: latency
// COPIESJSON: [('loop1', 'L81'), ('loop2', 'L81'), ('loop3', 'L81'), ('loop4', 'L81')] False
__global__ void copies(const int *next, const int *start, float *out) {
  for (int r = 0; r < 4; ++r)
    for (int p = start[r]; p >= 0; p = next[p])
      out[p] += 1.0f;
}
