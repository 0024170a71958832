// Fields of a struct passed by value are symbols a launch binds
// (docs/usage.md, "Names a launch can bind"): argI.fieldJ always (J the
// field's index in the IR struct type, .fieldK per nested struct, [K] per
// array element), printed with the members' source names where debug info
// has them (-O0 -g: p.n, p.r.hi, p.d[2]), with the parameter's name before
// the IR path where only that is known (-fno-discard-value-names:
// p.field1).
// RUN: rm -rf %t && mkdir -p %t
//
// -O3, no source names: the counts in argI.fieldJ, bound by those names.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm -ktime-report=%t/o3.json \
// RUN:   -mllvm '-ktime-launch=scale:grid=1,block=256,arg1.field1=1000,arg1.field0=0.1' \
// RUN:   -mllvm '-ktime-launch=gridsum:grid=4,block=256,arg1.field1=1000' \
// RUN:   -mllvm '-ktime-launch=window:grid=1,block=32,arg1.field1.field0=10,arg1.field1.field1=50' \
// RUN:   -mllvm '-ktime-launch=dims:grid=1,block=32,arg1.field0[2]=7' \
// RUN:   2>&1 | FileCheck %s --check-prefixes=O3
//
// The same at -O0 (the canonicalised copy: the field's load, pinned
// nowhere, is hoisted out of the loop and counts):
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=scale:grid=1,block=256,arg1.field1=1000' \
// RUN:   -mllvm '-ktime-launch=window:grid=1,block=32,arg1.field1.field0=10,arg1.field1.field1=50' \
// RUN:   -mllvm '-ktime-launch=dims:grid=1,block=32,arg1.field0[2]=7' \
// RUN:   2>&1 | FileCheck %s --check-prefixes=O0
//
// -O0 -g: the source names print and bind; argI.fieldJ still binds.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm -ktime-report=%t/g.json \
// RUN:   -mllvm '-ktime-launch=scale:grid=1,block=256,p.n=1000' \
// RUN:   -mllvm '-ktime-launch=window:grid=1,block=32,p.r.lo=10,arg1.field1.field1=50' \
// RUN:   -mllvm '-ktime-launch=dims:grid=1,block=32,p.d[2]=7' \
// RUN:   2>&1 | FileCheck %s --check-prefixes=G
//
// -O3 -fno-discard-value-names: the parameter's name, the IR path.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -fno-discard-value-names \
// RUN:   -mllvm '-ktime-launch=scale:grid=1,block=256,p.field1=1000' \
// RUN:   2>&1 | FileCheck %s --check-prefixes=NAMED
//
// A launch that does not bind the field: the loop is estimated, as before
// fields had names, and an Assumption names the field to bind.
// RUN: %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null -Rpass-analysis=kernel-time %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm -ktime-report=%t/unbound.json \
// RUN:   -mllvm '-ktime-launch=scale:grid=1,block=256' 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=UNBOUND
//
// Errors: one field by two names; a field the struct does not have (a
// misspelt member, an index past the array, a nested struct, which is no
// integer or floating-point field); a value the field's type cannot hold.
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O0 -g -S \
// RUN:   -o /dev/null %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=scale:grid=1,block=256,p.n=1000,arg1.field1=5' \
// RUN:   -mllvm '-ktime-launch=scale:grid=1,block=256,p.m=1000' \
// RUN:   -mllvm '-ktime-launch=dims:grid=1,block=32,p.d[3]=7' \
// RUN:   -mllvm '-ktime-launch=window:grid=1,block=32,arg1.field1=7' \
// RUN:   -mllvm '-ktime-launch=scale:grid=1,block=256,p.n=0.5' \
// RUN:   2>&1 | FileCheck %s --check-prefixes=ERR
// ERR: launch spec 'scale:grid=1,block=256,p.n=1000,arg1.field1=5': 'p.n' and 'arg1.field1' both give field p.n
// ERR: launch spec 'scale:grid=1,block=256,p.m=1000': 'p.m' is not a field of parameter p of scale(float*, Scale) (its integer and floating-point fields: p.factor, p.n; arg1.fieldJ always works)
// ERR: launch spec 'dims:grid=1,block=32,p.d[3]=7': 'p.d[3]' is not a field of parameter p of dims(float*, Dims) (its integer and floating-point fields: p.d[0], p.d[1], p.d[2]; arg1.fieldJ always works)
// ERR: launch spec 'window:grid=1,block=32,arg1.field1=7': 'arg1.field1' is not a field of parameter p of window(float*, Window) (its integer and floating-point fields: p.w, p.r.lo, p.r.hi; arg1.fieldJ always works)
// ERR: launch spec 'scale:grid=1,block=256,p.n=0.5': 'p.n=0.5': an integer parameter takes an integer
// Without debug info the fields are listed by their IR names:
// RUN: not %clang_ktime --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S \
// RUN:   -o /dev/null %s -mllvm -ktime-gpu=a100 \
// RUN:   -mllvm '-ktime-launch=scale:grid=1,block=256,arg1.field2=1' \
// RUN:   2>&1 | FileCheck %s --check-prefixes=ERRIR
// ERRIR: 'arg1.field2' is not a field of parameter arg1 of scale(float*, Scale) (its integer and floating-point fields: arg1.field0, arg1.field1; arg1.fieldJ always works)
//
// The report: each launch's params as bound (a float field rounded to
// float, as a float parameter), and the fields the kernel's counts use
// among its parameters' names.
// RUN: %python -c "import json; \
// RUN:   [print(L['kernel'], L['params'], L['parameters'][2:], L['estimate']) \
// RUN:    for L in json.load(open('%t/o3.json'))['launches']]" \
// RUN:   | FileCheck %s --check-prefix=JSON
// JSON: _Z5scalePf5Scale {'arg1.field0': 0.10000000149011612, 'arg1.field1': 1000} [{'name': 'arg1.field1', 'printed': 'arg1.field1', 'type': 'i32'}] False
// JSON: _Z7gridsumPf5Scale {'arg1.field1': 1000} [{'name': 'arg1.field1', 'printed': 'arg1.field1', 'type': 'i32'}] False
// JSON: _Z6windowPf6Window {'arg1.field1.field0': 10, 'arg1.field1.field1': 50} [{'name': 'arg1.field1.field0', 'printed': 'arg1.field1.field0', 'type': 'i32'}, {'name': 'arg1.field1.field1', 'printed': 'arg1.field1.field1', 'type': 'i32'}] False
// JSON: _Z4dimsPf4Dims {'arg1.field0[2]': 7} [{'name': 'arg1.field0[2]', 'printed': 'arg1.field0[2]', 'type': 'i32'}] False
// RUN: %python -c "import json; \
// RUN:   [print(L['kernel'], L['params'], L['parameters'][2:]) \
// RUN:    for L in json.load(open('%t/g.json'))['launches']]" \
// RUN:   | FileCheck %s --check-prefix=GJSON
// GJSON: _Z5scalePf5Scale {'p.n': 1000} [{'name': 'arg1.field1', 'printed': 'p.n', 'type': 'i32'}]
// GJSON: _Z6windowPf6Window {'arg1.field1.field1': 50, 'p.r.lo': 10} [{'name': 'arg1.field1.field0', 'printed': 'p.r.lo', 'type': 'i32'}, {'name': 'arg1.field1.field1', 'printed': 'p.r.hi', 'type': 'i32'}]
// GJSON: _Z4dimsPf4Dims {'p.d[2]': 7} [{'name': 'arg1.field0[2]', 'printed': 'p.d[2]', 'type': 'i32'}]
// RUN: %python -c "import json; L=json.load(open('%t/unbound.json'))['launches'][0]; \
// RUN:   print(L['estimate'], L['estimated'])" | FileCheck %s --check-prefix=UNBOUNDJSON
// UNBOUNDJSON: True {'trip.loop1': 16}

struct Scale {
  float factor;
  int n;
};

// A block-stride loop bounded by field 1 (n): thread t of a block of 256
// visits t, t + 256, ... below n = 1000, ceildiv(1000 - t, 256) times:
// threads 0 to 231 four times (1000 - 231 = 769 > 3 x 256), 232 to 255
// three (1000 - 232 = 768 = 3 x 256): 3 to 4, mean (232 x 4 + 24 x 3) / 256
// = 1000 / 256 = 3.906. factor (field 0, a float) scales the elements: no
// count, bound as a float (0.1 rounds to 0.100000001490116...).
// O3: struct-fields.cu:[[@LINE+5]]:3: remark: loop loop1: trip = max(0, ceildiv(arg1.field1 - tid.x, ntid.x)) (launch 'scale:grid=1,block=256,arg1.field1=1000,arg1.field0=0.1': 3 to 4, mean 3.906 over the threads)
// O0: struct-fields.cu:[[@LINE+4]]:3: remark: loop loop1: trip = max(0, ceildiv(arg1.field1 - tid.x, ntid.x)) (launch 'scale:grid=1,block=256,arg1.field1=1000': 3 to 4, mean 3.906 over the threads)
// G: struct-fields.cu:[[@LINE+3]]:3: remark: loop loop1: trip = max(0, ceildiv(p.n - tid.x, ntid.x)) (launch 'scale:grid=1,block=256,p.n=1000': 3 to 4, mean 3.906 over the threads)
// NAMED: struct-fields.cu:[[@LINE+2]]:3: remark: loop loop1: trip = max(0, ceildiv(p.field1 - tid.x, ntid.x)) (launch 'scale:grid=1,block=256,p.field1=1000': 3 to 4, mean 3.906 over the threads)
__global__ void scale(float *a, Scale p) {
  for (int i = threadIdx.x; i < p.n; i += blockDim.x)
    a[i] *= p.factor;
}
// O3: remark: kernel scale on a100-pcie-40gb, grid 1x1x1, block 256x1x1: predicted {{[0-9.]+}} us; bound: {{[a-zA-Z0-9]+}} {{.*}}; occupancy {{[0-9]+}}%; the grid fills {{[0-9.]+}}% of a wave [
// G: remark: kernel scale on a100-pcie-40gb, grid 1x1x1, block 256x1x1: predicted {{[0-9.]+}} us; bound: {{[a-zA-Z0-9]+}} {{.*}}; occupancy {{[0-9]+}}%; the grid fills {{[0-9.]+}}% of a wave [
//
// Unbound, the count is estimated at 16, as a loop the code gives no
// count for; trip.loop1 exists only in the model without the field's name,
// so the estimate says to bind the field (a launch refuses trip.loop1 here)
// and the Kernel remark names it:
// UNBOUND: remark: kernel scale on a100-pcie-40gb, grid 1x1x1, block 256x1x1: predicted {{[0-9.]+}} us; {{.*}}; estimate: trip.loop1 = 16 (arg1.field1 not bound) [
// UNBOUND: remark: assumption (a100-pcie-40gb, launch 'scale:grid=1,block=256'): the launch binds no value for the struct field arg1.field1 that the counts or the time use: its loads are taken as unknown values loaded from memory, and a loop it bounds is estimated; bind arg1.field1=N for the real count
// UNBOUND: remark: assumption (a100-pcie-40gb, launch 'scale:grid=1,block=256'): an estimate: the code does not give the count of trip.loop1, and the launch does not say it; assumed 16 iterations per entry (-ktime-unknown-trip); give the real count in the launch (arg1.field1=N) [

// The grid-stride form: thread i0 = ctaid.x x 256 + tid.x of a grid of 4
// blocks visits i0, i0 + 1024, ... below 1000: once for i0 < 1000 (1000 of
// the 1024 threads), never for the last 24: 0 to 1, mean 1000 / 1024 =
// 0.9766.
// O3: struct-fields.cu:[[@LINE+2]]:3: remark: loop loop1: trip = max(0, ceildiv(arg1.field1 - ctaid.x * ntid.x - tid.x, nctaid.x * ntid.x)) (launch 'gridsum:grid=4,block=256,arg1.field1=1000': 0 to 1, mean 0.9766 over the threads)
__global__ void gridsum(float *a, Scale p) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < p.n;
       i += blockDim.x * gridDim.x)
    a[i] += p.factor;
}

// A nested struct: r is field 1 of Window, lo and hi fields 0 and 1 of
// Range. i runs from lo = 10 up to hi = 50: 50 - 10 = 40 times.
struct Range {
  int lo, hi;
};
struct Window {
  float w;
  Range r;
};
// O3: struct-fields.cu:[[@LINE+5]]:3: remark: loop loop1: trip = max(0, arg1.field1.field1 - arg1.field1.field0) (launch 'window:grid=1,block=32,arg1.field1.field0=10,arg1.field1.field1=50': 40)
// O0: struct-fields.cu:[[@LINE+4]]:3: remark: loop loop1: trip = max(0, arg1.field1.field1 - arg1.field1.field0) (launch 'window:grid=1,block=32,arg1.field1.field0=10,arg1.field1.field1=50': 40)
// G: struct-fields.cu:[[@LINE+3]]:3: remark: loop loop1: trip = max(0, p.r.hi - p.r.lo) (launch 'window:grid=1,block=32,p.r.lo=10,arg1.field1.field1=50': 40)
__global__ void window(float *a, Window p) {
#pragma unroll 1
  for (int i = p.r.lo; i < p.r.hi; ++i)
    a[i] += p.w;
}

// An array in a struct: d[2] is element 2 of field 0; i runs 0 .. 6, 7
// times.
struct Dims {
  int d[3];
};
// O3: struct-fields.cu:[[@LINE+5]]:3: remark: loop loop1: trip = max(0, arg1.field0[2]) (launch 'dims:grid=1,block=32,arg1.field0[2]=7': 7)
// O0: struct-fields.cu:[[@LINE+4]]:3: remark: loop loop1: trip = max(0, arg1.field0[2]) (launch 'dims:grid=1,block=32,arg1.field0[2]=7': 7)
// G: struct-fields.cu:[[@LINE+3]]:3: remark: loop loop1: trip = max(0, p.d[2]) (launch 'dims:grid=1,block=32,p.d[2]=7': 7)
__global__ void dims(float *a, Dims p) {
#pragma unroll 1
  for (int i = 0; i < p.d[2]; ++i)
    a[i] = 0.0f;
}

// A kernel that writes into its copy of the struct has no field names: at
// -O0 the store stays, and the count is unknown as before. (At -O3 the
// store is forwarded to the load and removed: p.n + 1 is a field plus 1.)
// O0: struct-fields.cu:[[@LINE+4]]:3: remark: loop loop1: trip = trip.loop1
// O3: struct-fields.cu:[[@LINE+3]]:3: remark: loop loop1: trip = max(0, ceildiv(arg1.field1 - tid.x + 1, ntid.x))
__global__ void bump(float *a, Scale p) {
  p.n += 1;
  for (int i = threadIdx.x; i < p.n; i += blockDim.x)
    a[i] = p.factor;
}
